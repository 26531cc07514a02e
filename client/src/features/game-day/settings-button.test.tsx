import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from '@client/lib/store';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadSettingsDialog } from './load-settings-dialog';
import { GameDaySettingsButton } from './settings-button';

// Fetching the dialog's code fails while a test says so, as it does offline before it was ever loaded.
vi.mock('./load-settings-dialog', async (importActual) => {
  const actual = await importActual<{ loadSettingsDialog: typeof loadSettingsDialog }>();
  return { loadSettingsDialog: vi.fn(actual.loadSettingsDialog) };
});
const goOffline = () =>
  vi
    .mocked(loadSettingsDialog)
    .mockRejectedValue(new TypeError('Failed to fetch dynamically imported module'));
const goOnline = () => vi.mocked(loadSettingsDialog).mockRestore();

const NOTICE = 'Game-day settings could not load. Check your connection and try again.';
const settingsButton = () => screen.getByRole('button', { name: 'Game-day settings' });
const notice = () => screen.queryByRole('alert');

/** Renders the button offline and presses it: the notice shows. */
async function failToOpen() {
  goOffline();
  render(
    <Provider store={createStore()}>
      <GameDaySettingsButton favourites={{ nfl: ['KC'], nba: [], mlb: [], nhl: [] }} />
    </Provider>,
  );
  await userEvent.click(settingsButton());
  return screen.findByRole('alert');
}

beforeEach(() => {
  // jsdom has no modal dialogs.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});
afterEach(() => {
  goOnline();
  localStorage.clear();
});

describe('the notice when the settings cannot load', () => {
  it('is announced, is the next stop after the button, and Dismiss closes it and hands focus back', async () => {
    const alert = await failToOpen();
    expect(alert).toHaveTextContent(NOTICE);

    expect(settingsButton()).toHaveFocus();
    await userEvent.tab();
    expect(within(alert).getByRole('button', { name: 'Dismiss' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(notice()).not.toBeInTheDocument();
    expect(settingsButton()).toHaveFocus();
  });

  it('closes with Escape while focus is in it', async () => {
    const alert = await failToOpen();
    within(alert).getByRole('button', { name: 'Dismiss' }).focus();
    await userEvent.keyboard('{Escape}');
    expect(notice()).not.toBeInTheDocument();
    expect(settingsButton()).toHaveFocus();
  });

  it('goes when the button is pressed again and the settings load', async () => {
    await failToOpen();
    goOnline();
    await userEvent.click(settingsButton());
    expect(await screen.findByRole('dialog', { name: 'Game-day settings' })).toBeInTheDocument();
    expect(notice()).not.toBeInTheDocument();
  });

  it('is announced afresh when the button is pressed again and the settings still cannot load', async () => {
    const first = await failToOpen();
    await userEvent.click(settingsButton());
    const second = await screen.findByRole('alert');
    expect(second).toHaveTextContent(NOTICE);
    expect(second).not.toBe(first);
  });
});
