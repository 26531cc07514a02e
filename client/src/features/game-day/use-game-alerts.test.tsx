import { act, render, waitFor } from '@testing-library/react';
import { createStore, Provider } from '@client/lib/store';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GameChange } from '@shared/schemas/sports';
import { change } from './test-data';
import { useGameAlerts } from './use-game-alerts';

const chiefsFan = { nfl: ['KC'], nba: [], mlb: [], nhl: [] };

/** The browser's notifications and its permission, as the test sets them; what was shown. */
function stubBrowser(permission: NotificationPermission) {
  const shown: string[] = [];
  class StubNotification {
    static permission = permission;
    onclick: (() => void) | null = null;
    constructor(title: string, options: NotificationOptions = {}) {
      shown.push(`${title}: ${options.body}`);
    }
    close() {}
  }
  const status = new EventTarget();
  vi.stubGlobal('Notification', StubNotification);
  vi.stubGlobal('navigator', {
    ...navigator,
    permissions: { query: async () => status },
  });
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
  return {
    shown,
    grant() {
      StubNotification.permission = 'granted';
      status.dispatchEvent(new Event('change'));
    },
  };
}

/** The alerts of one hidden tab, and a way to feed released changes to them. */
function renderAlerts() {
  let announce: (changes: readonly GameChange[]) => void = () => {};
  function Alerts() {
    const handle = useGameAlerts({ favourites: chiefsFan, onOpenGame: () => {} });
    useEffect(() => {
      announce = handle;
    }, [handle]);
    return null;
  }
  const view = render(
    <Provider store={createStore()}>
      <Alerts />
    </Provider>,
  );
  return { view, release: (...changes: GameChange[]) => act(() => announce(changes)) };
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('desktop notifications of the game alerts', () => {
  it('with the permission granted, a hidden tab notifies a favourite team’s score', async () => {
    const browser = stubBrowser('granted');
    const alerts = renderAlerts();
    await waitFor(() => {
      alerts.release(change(['scored']));
      expect(browser.shown).toEqual(['Score: KC 21 – 17 BUF · 3rd Quarter']);
    });
    alerts.view.unmount();
  });

  it('an open tab notifies once the fan allows it, without a reload', async () => {
    const browser = stubBrowser('default');
    const alerts = renderAlerts();
    alerts.release(change(['scored']));
    expect(browser.shown).toEqual([]);

    // The tab has asked the browser to tell it of permission changes (a fan takes longer to answer).
    await act(async () => {});
    browser.grant();
    await waitFor(() => {
      alerts.release(change(['final'], { isCompleted: true, gameStatus: 'final', period: 'Final' }));
      expect(browser.shown).toEqual(['Final: KC 21 – 17 BUF · Final']);
    });
    alerts.view.unmount();
  });
});
