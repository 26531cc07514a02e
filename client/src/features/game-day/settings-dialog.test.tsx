import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from '@client/lib/store';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GAME_DAY_STORAGE_KEY } from '@client/lib/game-day-settings';
import { DelayMarker } from './delay-marker';
import { GameDaySettingsButton } from './settings-button';

/** A stand-in for the browser's Notification, whose permission the test decides. */
function installNotification(permission: NotificationPermission, answer: NotificationPermission) {
  const requestPermission = vi.fn(async () => {
    Stub.permission = answer;
    return answer;
  });
  class Stub {
    static permission = permission;
    static requestPermission = requestPermission;
  }
  vi.stubGlobal('Notification', Stub);
  return requestPermission;
}

function renderSettings(favourites = { nfl: ['KC', 'BUF'], nba: [], mlb: [], nhl: [] }) {
  const store = createStore();
  render(
    <Provider store={store}>
      <DelayMarker />
      <GameDaySettingsButton favourites={favourites} />
    </Provider>,
  );
  return store;
}

/** The top bar's marker, whose words are split across elements (the word "Delayed" is hidden on phones). */
const marker = (text: string) =>
  screen.queryByText((_, element) => element?.tagName === 'SPAN' && element.textContent === text);
const anyMarker = () =>
  screen.queryByText(
    (_, element) => element?.tagName === 'SPAN' && /^Delayed /.test(element.textContent ?? ''),
  );
const stored = () => JSON.parse(localStorage.getItem(GAME_DAY_STORAGE_KEY) ?? 'null');
const openSettings = async () => {
  await userEvent.click(screen.getByRole('button', { name: 'Game-day settings' }));
  // The dialog's code loads on the first opening.
  return screen.findByRole('dialog', { name: 'Game-day settings' });
};

beforeEach(() => {
  localStorage.clear();
  // jsdom has no modal dialogs.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the game-day settings', () => {
  it('names every control, and saves each change at once', async () => {
    installNotification('default', 'granted');
    renderSettings();
    const dialog = await openSettings();

    const everyScore = within(dialog).getByRole('switch', { name: 'Every score' });
    for (const name of ['Game starts', 'Every score', 'Lead changes', 'Finals']) {
      expect(within(dialog).getByRole('switch', { name })).toBeChecked();
    }
    await userEvent.click(everyScore);
    expect(stored().alerts).toEqual({ started: true, scored: false, leadChanged: true, final: true });

    const muted = within(dialog).getByRole('group', { name: 'Mute a team' });
    await userEvent.click(within(muted).getByRole('switch', { name: 'Buffalo Bills' }));
    expect(stored().mutedTeams).toEqual(['nfl:BUF']);
    expect(within(muted).getByRole('switch', { name: 'Kansas City Chiefs' })).not.toBeChecked();

    const delay = within(dialog).getByRole('group', { name: 'Delay' });
    expect(
      within(delay)
        .getAllByRole('radio')
        .map((radio) => radio.parentElement!.textContent),
    ).toEqual(['Off', '10 s', '30 s', '60 s', '2 min']);
    expect(within(delay).getByRole('radio', { name: 'Off' })).toBeChecked();
    await userEvent.click(within(delay).getByRole('radio', { name: '30 s' }));
    expect(stored().delaySeconds).toBe(30);

    await userEvent.click(within(dialog).getByRole('switch', { name: 'Hide scores' }));
    expect(stored().hideScores).toBe(true);
  });

  it('shows "Delayed 30 s" while a delay is on', async () => {
    installNotification('default', 'granted');
    renderSettings();
    expect(anyMarker()).not.toBeInTheDocument();
    const dialog = await openSettings();
    await userEvent.click(within(dialog).getByRole('radio', { name: '30 s' }));
    expect(marker('Delayed 30 s')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('radio', { name: '2 min' }));
    expect(marker('Delayed 2 min')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Off' }));
    expect(anyMarker()).not.toBeInTheDocument();
  });

  it('follows a change made in another tab', async () => {
    installNotification('default', 'granted');
    renderSettings();
    const dialog = await openSettings();
    const value = JSON.stringify({
      alerts: { started: true, scored: true, leadChanged: true, final: false },
      mutedTeams: [],
      delaySeconds: 60,
      hideScores: false,
    });
    localStorage.setItem(GAME_DAY_STORAGE_KEY, value);
    act(() => {
      window.dispatchEvent(
        new StorageEvent('storage', {
          key: GAME_DAY_STORAGE_KEY,
          newValue: value,
          storageArea: localStorage,
        }),
      );
    });
    expect(within(dialog).getByRole('radio', { name: '60 s' })).toBeChecked();
    expect(within(dialog).getByRole('switch', { name: 'Finals' })).not.toBeChecked();
    expect(marker('Delayed 60 s')).toBeInTheDocument();
  });

  it('asks for the notification permission only when its button is pressed', async () => {
    const requestPermission = installNotification('default', 'granted');
    renderSettings();
    const dialog = await openSettings();
    expect(requestPermission).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enable desktop notifications' }));
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(await within(dialog).findByText('Desktop notifications are on.')).toBeInTheDocument();
  });

  it('says when notifications are blocked', async () => {
    installNotification('default', 'denied');
    renderSettings();
    const dialog = await openSettings();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enable desktop notifications' }));
    expect(await within(dialog).findByText(/Desktop notifications are blocked/)).toBeInTheDocument();
  });

  it('without favourite teams, says how to get alerts', async () => {
    installNotification('default', 'granted');
    renderSettings({ nfl: [], nba: [], mlb: [], nhl: [] });
    const dialog = await openSettings();
    expect(
      within(dialog).getByText('Pick favourite teams on the home page to get alerts for their games.'),
    ).toBeInTheDocument();
  });
});
