import { useSetAtom, useStore } from '@client/lib/store';
import { useCallback, useEffect, useRef } from 'react';
import type { LeagueKey } from '@shared/data/teams';
import type { GameChange } from '@shared/schemas/sports';
import { gameDaySettingsAtom } from '@client/lib/game-day-settings';
import { alertFor } from './alerts';
import type { DesktopAlerter } from './desktop-notifications';
import { showAlertToastAtom } from './toasts';

/** Whether the browser lets the app notify now (as desktop-notifications.ts's notificationState). */
function notificationsAllowed(): boolean {
  return typeof Notification !== 'undefined' && Notification.permission === 'granted';
}

/** Calls `onChange` when the notification permission changes, where the browser says so. */
function onNotificationPermissionChange(onChange: () => void): () => void {
  let status: PermissionStatus | null = null;
  let stopped = false;
  navigator.permissions
    ?.query({ name: 'notifications' })
    .then((permission) => {
      if (stopped) return;
      status = permission;
      status.addEventListener('change', onChange);
    })
    .catch(() => {});
  return () => {
    stopped = true;
    status?.removeEventListener('change', onChange);
  };
}

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
    let desktop: DesktopAlerter | null = null;
    let loading = false;
    let ended = false;
    // The notifier's code loads only once the browser lets the app notify: most fans never allow
    // it, and until then no tab could notify, so none needs to know which tabs are on screen.
    const start = () => {
      if (loading || ended || !notificationsAllowed()) return;
      loading = true;
      import('./desktop-notifications')
        .then(({ browserDesktopAlerter }) => {
          if (ended) return;
          desktop = browserDesktopAlerter((gameId) => latest.current.onOpenGame(gameId));
          alerter.current = desktop;
        })
        .catch((error: unknown) => {
          loading = false;
          console.warn('game-day: desktop notifications could not load', error);
        });
    };
    const onVisibilityChange = () => {
      start();
      desktop?.announce();
    };
    // Leaving the page (or coming back to it from the back-forward cache) changes what is on screen.
    const onPageHide = () => desktop?.announce(false);
    document.addEventListener('visibilitychange', onVisibilityChange);
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onVisibilityChange);
    // The fan may allow notifications later (the settings dialog, the browser's own settings): every
    // open tab starts its part then. Where the browser cannot tell, the next visibility change does.
    const stopWatching = onNotificationPermissionChange(start);
    start();
    return () => {
      ended = true;
      stopWatching();
      document.removeEventListener('visibilitychange', onVisibilityChange);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onVisibilityChange);
      desktop?.dispose();
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
