import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createStore, Provider } from '@client/lib/store';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Game, GameChange } from '@shared/schemas/sports';
import { DEFAULT_GAME_DAY_SETTINGS, gameDaySettingsAtom } from '@client/lib/game-day-settings';
import { change } from './test-data';
import { AlertToasts, TOAST_LIFETIME_MS } from './toasts';
import { useGameAlerts } from './use-game-alerts';

const scored = (patch: Partial<Game> = {}): GameChange => change(['scored', 'lead-changed'], patch);
const chiefsFan = { nfl: ['KC'], nba: [], mlb: [], nhl: [] };

/** The toasts as the app mounts them, and a way to feed released changes to the alerts. */
function renderAlerts() {
  const store = createStore();
  const onOpenGame = vi.fn();
  let announce: (changes: readonly GameChange[]) => void = () => {};
  function Alerts() {
    const handle = useGameAlerts({ favourites: chiefsFan, onOpenGame });
    useEffect(() => {
      announce = handle;
    }, [handle]);
    return <AlertToasts onOpenGame={onOpenGame} />;
  }
  render(
    <Provider store={store}>
      <Alerts />
    </Provider>,
  );
  return {
    store,
    onOpenGame,
    release: (...changes: GameChange[]) => act(() => announce(changes)),
  };
}

const region = () => screen.getByRole('status', { name: 'Game alerts' });
const toast = (text: RegExp | string) => within(region()).queryByRole('button', { name: text });

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('game alert toasts', () => {
  it('a change of a favourite team toasts in a polite live region, naming teams, score and period', () => {
    const alerts = renderAlerts();
    expect(region()).toHaveAttribute('aria-live', 'polite');
    alerts.release(scored());
    expect(toast('Lead change KC 21 – 17 BUF · 3rd Quarter')).toBeInTheDocument();
  });

  it('a change of a game without a favourite team never toasts', () => {
    const alerts = renderAlerts();
    alerts.release(scored({ awayTeam: 'Dallas Cowboys', homeTeam: 'New York Giants' }));
    expect(within(region()).queryAllByRole('button')).toEqual([]);
  });

  it('with scores hidden the toast says what happened, never the score', () => {
    const alerts = renderAlerts();
    act(() => alerts.store.set(gameDaySettingsAtom, { ...DEFAULT_GAME_DAY_SETTINGS, hideScores: true }));
    alerts.release(scored());
    expect(region()).toHaveTextContent('Score change: KC vs BUF');
    expect(region()).not.toHaveTextContent('21');
  });

  it('goes 6 s after it appeared', () => {
    const alerts = renderAlerts();
    alerts.release(scored());
    act(() => vi.advanceTimersByTime(TOAST_LIFETIME_MS - 1));
    expect(toast(/KC 21 – 17 BUF/)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(toast(/KC 21 – 17 BUF/)).not.toBeInTheDocument();
  });

  it('stays while the pointer rests on it, and goes after the rest of its time', () => {
    const alerts = renderAlerts();
    alerts.release(scored());
    act(() => vi.advanceTimersByTime(4_000));
    fireEvent.mouseEnter(toast(/KC 21 – 17 BUF/)!.parentElement!);
    act(() => vi.advanceTimersByTime(30_000));
    expect(toast(/KC 21 – 17 BUF/)).toBeInTheDocument();
    fireEvent.mouseLeave(toast(/KC 21 – 17 BUF/)!.parentElement!);
    act(() => vi.advanceTimersByTime(1_999));
    expect(toast(/KC 21 – 17 BUF/)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(toast(/KC 21 – 17 BUF/)).not.toBeInTheDocument();
  });

  it('goes at once with Escape', () => {
    const alerts = renderAlerts();
    alerts.release(scored());
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(toast(/KC 21 – 17 BUF/)).not.toBeInTheDocument();
  });

  it('leaves Escape to an open dialog', () => {
    const alerts = renderAlerts();
    alerts.release(scored());
    const dialog = document.body.appendChild(document.createElement('dialog'));
    dialog.setAttribute('open', '');
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(toast(/KC 21 – 17 BUF/)).toBeInTheDocument();
    dialog.remove();
  });

  it('goes with its close button', () => {
    const alerts = renderAlerts();
    alerts.release(scored());
    fireEvent.click(within(region()).getByRole('button', { name: 'Dismiss alert' }));
    expect(toast(/KC 21 – 17 BUF/)).not.toBeInTheDocument();
    expect(alerts.onOpenGame).not.toHaveBeenCalled();
  });

  it('opens its game when pressed', () => {
    const alerts = renderAlerts();
    alerts.release(scored());
    fireEvent.click(toast(/KC 21 – 17 BUF/)!);
    expect(alerts.onOpenGame).toHaveBeenCalledWith('401');
    expect(toast(/KC 21 – 17 BUF/)).not.toBeInTheDocument();
  });

  it('shows each alert once, and at most three at a time', () => {
    const alerts = renderAlerts();
    alerts.release(scored(), scored());
    expect(within(region()).getAllByRole('button', { name: /KC/ })).toHaveLength(1);
    alerts.release(scored({ awayScore: 24 }), scored({ awayScore: 27 }), scored({ awayScore: 30 }));
    const shown = within(region()).getAllByRole('button', { name: /KC/ });
    expect(shown.map((button) => button.textContent)).toEqual([
      expect.stringContaining('KC 24'),
      expect.stringContaining('KC 27'),
      expect.stringContaining('KC 30'),
    ]);
  });
});
