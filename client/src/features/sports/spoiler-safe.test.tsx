import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from '@client/lib/store';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  buildSportsDataset,
  type Game,
  type SportsDataset,
  type SportsGamesChangedPayload,
} from '@shared/schemas/sports';
import {
  DEFAULT_GAME_DAY_SETTINGS,
  delayLabel,
  gameDaySettingsAtom,
  type GameDaySettings,
} from '@client/lib/game-day-settings';
import { useGameChangeStream } from './score-feed';
import { SPORTS_CACHE_KEY } from './sports-cache';
import { SportsPage } from './sports-page';
import { game } from './test-data';
import { clearSocketHandlers, pushSocketEvent } from './test-socket';

vi.mock('@client/lib/socket', () => import('./test-socket'));

function push(event: 'sports:games-changed', payload: SportsGamesChangedPayload) {
  pushSocketEvent(event, payload);
}

const LIVE = game({ id: '1' });
const OTHER: Game = {
  ...LIVE,
  id: '2',
  url: null,
  awayTeam: 'Detroit Lions',
  homeTeam: 'Kansas City Chiefs',
  awayScore: 3,
  homeScore: 7,
};
const SCOREBOARD = buildSportsDataset([LIVE, OTHER], '2026-10-11T18:00:00.000Z');

/** Bills score a touchdown: 24–10. */
const touchdown = (at = '2026-10-11T18:01:00.000Z'): SportsGamesChangedPayload => ({
  lastUpdated: at,
  changes: [
    {
      game: { ...LIVE, awayScore: 24 },
      previous: { awayScore: 17, homeScore: 10, gameStatus: 'live', period: LIVE.period },
      kinds: ['scored'],
    },
  ],
});

let scoreboardReads = 0;
let scoreboard: SportsDataset = SCOREBOARD;

beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

beforeEach(() => {
  clearSocketHandlers();
  localStorage.clear();
  scoreboardReads = 0;
  scoreboard = SCOREBOARD;
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      if (path === '/api/sports/scoreboard') {
        scoreboardReads++;
        return json({ sportsData: scoreboard });
      }
      if (path === '/api/game/process')
        return json({ success: true, gameData: LIVE, sportsData: scoreboard });
      return new Response(JSON.stringify({ error: { code: 'not_found', message: 'Not found.' } }), {
        status: 404,
      });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** What the app's alerts would hear, and when, beside the page. */
function AlertsProbe({ heard }: { heard: SportsGamesChangedPayload[] }) {
  useGameChangeStream((payload) => heard.push(payload));
  return null;
}

/** The page (and an alerts listener) on a fresh store with these game-day settings. */
async function openPage(settings: Partial<GameDaySettings> = {}, extra: ReactNode = null) {
  const store = createStore();
  store.set(gameDaySettingsAtom, { ...DEFAULT_GAME_DAY_SETTINGS, ...settings });
  render(
    <Provider store={store}>
      <SportsPage />
      {extra}
    </Provider>,
  );
  await screen.findByRole('region', { name: /^NFL/ });
  return store;
}

const billsCard = () => screen.getByRole('button', { name: /Buffalo Bills/ });
/** Time passes; only the timers the page set run (the server is a stub that answers at once). */
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('pushed game changes', () => {
  it('are applied to the scoreboard shown and cached, and a change for a game this copy lacks reads it again', async () => {
    const heard: SportsGamesChangedPayload[] = [];
    await openPage({}, <AlertsProbe heard={heard} />);
    expect(billsCard()).toHaveTextContent('17');
    push('sports:games-changed', touchdown());
    expect(billsCard()).toHaveTextContent('24');
    expect(screen.getByRole('button', { name: /Detroit Lions/ })).toHaveTextContent('3');
    const cached = JSON.parse(localStorage.getItem(SPORTS_CACHE_KEY)!) as SportsDataset;
    expect(cached.lastUpdated).toBe('2026-10-11T18:01:00.000Z');
    expect(cached.leagues[0]!.games[0]!.awayScore).toBe(24);
    expect(heard).toEqual([touchdown()]);

    // An older change than the scoreboard shown changes nothing.
    push('sports:games-changed', {
      ...touchdown('2026-10-11T17:00:00.000Z'),
      changes: [{ ...touchdown().changes[0]!, game: { ...LIVE, awayScore: 3 } }],
    });
    expect(billsCard()).toHaveTextContent('24');

    const reads = scoreboardReads;
    const stranger = { ...LIVE, id: '99', awayTeam: 'New York Jets', homeTeam: 'New England Patriots' };
    scoreboard = buildSportsDataset([LIVE, OTHER, stranger], '2026-10-11T18:05:00.000Z');
    push('sports:games-changed', {
      lastUpdated: '2026-10-11T18:05:00.000Z',
      changes: [{ ...touchdown().changes[0]!, game: stranger }],
    });
    expect(await screen.findByRole('button', { name: /New York Jets/ })).toBeInTheDocument();
    expect(scoreboardReads).toBe(reads + 1);
  });
});

describe('with a delay', () => {
  it('shows a pushed score, and tells the alerts, only that many seconds after it arrived', async () => {
    const heard: SportsGamesChangedPayload[] = [];
    const store = await openPage({}, <AlertsProbe heard={heard} />);
    expect(screen.queryByText(/behind live/)).not.toBeInTheDocument();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    act(() => store.set(gameDaySettingsAtom, { ...DEFAULT_GAME_DAY_SETTINGS, delaySeconds: 10 }));
    expect(screen.getByText('Scores are 10 s behind live')).toBeInTheDocument();

    push('sports:games-changed', touchdown());
    await wait(9_999);
    expect(billsCard()).toHaveTextContent('17');
    expect(billsCard()).not.toHaveTextContent('24');
    expect(heard).toEqual([]);
    await wait(1);
    expect(billsCard()).toHaveTextContent('24');
    expect(heard).toEqual([touchdown()]);
  });

  it('keeps the order, and a shorter delay releases at once what is now due; a longer one holds the rest', async () => {
    const store = await openPage();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const settings = (delaySeconds: GameDaySettings['delaySeconds']) =>
      act(() => store.set(gameDaySettingsAtom, { ...DEFAULT_GAME_DAY_SETTINGS, delaySeconds }));
    settings(30);

    push('sports:games-changed', touchdown());
    await wait(15_000);
    const fieldGoal = touchdown('2026-10-11T18:02:00.000Z');
    fieldGoal.changes[0]!.game = { ...LIVE, awayScore: 27 };
    push('sports:games-changed', fieldGoal);
    expect(billsCard()).toHaveTextContent('17');

    // 15 s after the first and 0 s after the second: a 10 s delay lets the first out only.
    settings(10);
    expect(billsCard()).toHaveTextContent('24');
    // Lengthened again: the second waits its full minute.
    settings(60);
    await wait(59_000);
    expect(billsCard()).toHaveTextContent('24');
    await wait(1_000);
    expect(billsCard()).toHaveTextContent('27');
    expect(screen.getByText(`Scores are ${delayLabel(60)} behind live`)).toBeInTheDocument();
    settings(0);
    expect(screen.queryByText(/behind live/)).not.toBeInTheDocument();
  });

  it('holds the game dialog’s own refresh answer like any push', async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    const store = await openPage();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true });
    act(() => store.set(gameDaySettingsAtom, { ...DEFAULT_GAME_DAY_SETTINGS, delaySeconds: 10 }));
    scoreboard = buildSportsDataset([{ ...LIVE, homeScore: 13 }, OTHER], '2026-10-11T18:03:00.000Z');
    await user.click(billsCard());
    const dialog = screen.getByRole('dialog', { name: 'Buffalo Bills vs Miami Dolphins' });
    await within(dialog).findByRole('button', { name: 'Refresh game data' });
    expect(within(dialog).getByTestId('home-score')).toHaveTextContent('10');
    await wait(10_000);
    expect(within(dialog).getByTestId('home-score')).toHaveTextContent('13');
  });
});

describe('Hide scores', () => {
  it('shows every score as –, and Reveal score shows that game only, on its card and in its dialog', async () => {
    const user = userEvent.setup();
    await openPage({ hideScores: true });
    const bills = billsCard();
    const lions = screen.getByRole('button', { name: /Detroit Lions/ });
    for (const card of [bills, lions]) {
      expect(card).toHaveTextContent('–');
      expect(card).toHaveTextContent('score hidden');
    }
    expect(bills).not.toHaveTextContent(/Buffalo Bills\d|Miami Dolphins\d/);
    expect(lions).not.toHaveTextContent(/Detroit Lions\d|Kansas City Chiefs\d/);
    // A new score stays hidden too.
    push('sports:games-changed', touchdown());
    expect(billsCard()).not.toHaveTextContent(/Buffalo Bills\d/);

    const reveals = screen.getAllByRole('button', { name: 'Reveal score' });
    expect(reveals).toHaveLength(2);
    expect(reveals[0]).toHaveAccessibleDescription('Buffalo Bills at Miami Dolphins');
    await user.click(reveals[0]!);
    expect(billsCard()).toHaveTextContent('24');
    expect(screen.getByRole('button', { name: /Detroit Lions/ })).toHaveTextContent('score hidden');
    expect(screen.getAllByRole('button', { name: 'Reveal score' })).toHaveLength(1);

    // The dialog of a hidden game hides it too, and revealing there reveals the card.
    await user.click(screen.getByRole('button', { name: /Detroit Lions/ }));
    const dialog = screen.getByRole('dialog', { name: 'Detroit Lions vs Kansas City Chiefs' });
    expect(within(dialog).getByTestId('away-score')).toHaveTextContent('–');
    expect(within(dialog).getByTestId('home-score')).not.toHaveTextContent('7');
    await user.click(within(dialog).getByRole('button', { name: 'Reveal score' }));
    expect(within(dialog).getByTestId('home-score')).toHaveTextContent('7');
    expect(within(dialog).queryByRole('button', { name: 'Reveal score' })).not.toBeInTheDocument();
  });
});
