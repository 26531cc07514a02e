import { useSetAtom, useStore } from '@client/lib/store';
import { useCallback, useEffect, useRef } from 'react';
import type { LeagueKey } from '@shared/data/teams';
import type { GameChange } from '@shared/schemas/sports';
import { gameDaySettingsAtom } from '@client/lib/game-day-settings';
import { alertFor } from './alerts';
import { DesktopAlerter, notificationState } from './desktop-notifications';
import { showAlertToastAtom } from './toasts';

export interface GameAlertsOptions {
  /** The fan's favourite teams: short names per league. */
  favourites: Record<LeagueKey, string[]>;
  /** Opens a game's dialog (a toast or a notification was pressed). */
  onOpenGame(gameId: string): void;
}

/**
 * Turns each batch of game changes, as the scoreboard releases them (after the fan's delay), into
 * the alerts this fan asked for: a toast in this tab and, when no tab of the app is on screen and
 * the browser allows it, one desktop notification across all tabs. Returns the function to call
 * with each batch.
 */
export function useGameAlerts({ favourites, onOpenGame }: GameAlertsOptions) {
  const store = useStore();
  const showToast = useSetAtom(showAlertToastAtom);
  const latest = useRef({ favourites, onOpenGame });
  useEffect(() => {
    latest.current = { favourites, onOpenGame };
  }, [favourites, onOpenGame]);

  const alerter = useRef<DesktopAlerter | null>(null);
  useEffect(() => {
    const desktop = new DesktopAlerter({
      isVisible: () => document.visibilityState === 'visible',
      permission: notificationState,
      show: (alert) => {
        // The tag makes a repeat of the same alert replace the first, never stack beside it.
        const notification = new Notification(alert.title, { body: alert.body, tag: alert.id });
        notification.onclick = () => {
          window.focus();
          latest.current.onOpenGame(alert.gameId);
          notification.close();
        };
      },
    });
    alerter.current = desktop;
    const onVisibilityChange = () => desktop.announce();
    // Leaving the page (or coming back to it from the back-forward cache) changes what is on screen.
    const onPageHide = () => desktop.announce(false);
    document.addEventListener('visibilitychange', onVisibilityChange);
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onVisibilityChange);
    return () => {
      document.removeEventListener('visibilitychange', onVisibilityChange);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onVisibilityChange);
      desktop.dispose();
      alerter.current = null;
    };
  }, []);

  return useCallback(
    (changes: readonly GameChange[]) => {
      const settings = store.get(gameDaySettingsAtom);
      for (const change of changes) {
        const alert = alertFor(change, latest.current.favourites, settings);
        if (!alert) continue;
        showToast(alert);
        void alerter.current?.alert(alert);
      }
    },
    [store, showToast],
  );
}
