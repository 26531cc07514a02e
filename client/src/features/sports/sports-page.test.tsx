import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  buildSportsDataset,
  type Game,
  type SportsDataset,
  type SportsDataUpdatedPayload,
  type SportsRefreshProgress,
} from '@shared/schemas/sports';
import { SPORTS_CACHE_KEY } from './sports-cache';
import { SportsPage } from './sports-page';
import { game } from './test-data';
import { clearSocketHandlers, pushSocketEvent } from './test-socket';

vi.mock('@client/lib/socket', () => import('./test-socket'));

function push(event: 'sportsDataUpdated', payload: SportsDataUpdatedPayload): void;
function push(event: 'sports:refresh-progressed', payload: SportsRefreshProgress): void;
function push(event: string, payload: unknown) {
  pushSocketEvent(event, payload);
}

const LIVE = game({ id: '1' });
const FINAL = game({
  id: '2',
  awayTeam: 'Detroit Lions',
  homeTeam: 'Kansas City Chiefs',
  gameStatus: 'completed',
  isLive: false,
  isCompleted: true,
  awayScore: 21,
  homeScore: 20,
  period: 'Final',
});
const LATER = game({
  id: '3',
  league: 'NBA',
  awayTeam: 'Denver Nuggets',
  homeTeam: 'Los Angeles Lakers',
  gameStatus: 'scheduled',
  isLive: false,
  awayScore: null,
  homeScore: null,
  period: null,
  startTime: '7:30 PM ET',
  broadcast: null,
  url: null,
});
const dataset = (games: Game[], lastUpdated = '2026-10-11T18:00:00.000Z') =>
  buildSportsDataset(games, lastUpdated);

interface Call {
  method: string;
  path: string;
  body: unknown;
}
let calls: Call[] = [];
let respond: (call: Call) => Promise<Response>;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function serve(scoreboard: SportsDataset) {
  respond = async (call) => {
    if (call.path === '/api/sports/scoreboard') return json(200, { sportsData: scoreboard });
    if (call.path === '/api/sports/generate') {
      return json(200, { success: true, data: JSON.stringify(scoreboard.leagues), sportsData: scoreboard });
    }
    if (call.path === '/api/game/process') {
      return json(200, { success: true, gameData: scoreboard.leagues[0]!.games[0], sportsData: scoreboard });
    }
    if (call.path === '/api/jina') {
      return json(200, {
        success: true,
        data: '## Box Score\n\nBills 17, Dolphins 10',
        url: 'https://www.espn.com/nfl/game/_/gameId/1',
        title: 'Bills vs. Dolphins - Game Stats',
        timestamp: '2026-10-11T18:00:00.000Z',
      });
    }
    return json(404, { error: { code: 'not_found', message: 'Not found.' } });
  };
}

beforeAll(() => {
  // jsdom has no modal dialogs; the app's Dialog opens a native one.
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

beforeEach(() => {
  calls = [];
  clearSocketHandlers();
  localStorage.clear();
  serve(dataset([LIVE, FINAL, LATER]));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit) => {
      const call = {
        method: init.method ?? 'GET',
        path: input,
        body: init.body ? JSON.parse(String(init.body)) : null,
      };
      calls.push(call);
      return respond(call);
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const cardOf = (team: string) => screen.getByRole('button', { name: new RegExp(team) });

describe('Sports page', () => {
  it('shows the games grouped by league with the page’s texts, and caches the dataset', async () => {
    render(<SportsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Sports' })).toBeInTheDocument();
    expect(screen.getByText(/Today's games and scores/)).toBeInTheDocument();
    // No cache: the first read shows the progress panel.
    expect(screen.getByText('Refreshing sports data...')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '60');

    const nfl = await screen.findByRole('region', { name: /^NFL/ });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'NFL2 games',
      'NBA1 game',
    ]);
    expect(screen.getByText(/Last updated/)).toBeInTheDocument();
    const live = within(nfl).getByRole('button', { name: /Buffalo Bills/ });
    expect(live).toHaveTextContent('LIVE');
    expect(live).toHaveTextContent('10:17 - 3rd Quarter');
    expect(live).toHaveTextContent('17');
    expect(within(nfl).getByRole('button', { name: /Detroit Lions/ })).toHaveTextContent('FINAL');
    // Scheduled: no scores, its start time and no broadcast line.
    const later = cardOf('Denver Nuggets');
    expect(later).toHaveTextContent('UPCOMING');
    expect(later).toHaveTextContent('7:30 PM ET');
    expect(later).not.toHaveTextContent('Broadcast');
    // Live and finished games show no start time.
    expect(live).not.toHaveTextContent('7:30');
    expect(screen.queryByText('Refreshing sports data...')).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(SPORTS_CACHE_KEY)!).totalGames).toBe(3);
  });

  it('paints the cached dataset at once, and removes a corrupt one', async () => {
    localStorage.setItem(SPORTS_CACHE_KEY, JSON.stringify(dataset([FINAL])));
    respond = () => new Promise(() => {}); // the server never answers
    const { unmount } = render(<SportsPage />);
    expect(cardOf('Detroit Lions')).toBeInTheDocument();
    expect(screen.queryByText('Refreshing sports data...')).not.toBeInTheDocument();
    unmount();

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    localStorage.setItem(SPORTS_CACHE_KEY, '{"leagues": nope');
    render(<SportsPage />);
    expect(localStorage.getItem(SPORTS_CACHE_KEY)).toBeNull();
    expect(screen.getByText('Refreshing sports data...')).toBeInTheDocument();
    warn.mockRestore();
  });

  it('applies every push, and ignores one older than what it shows', async () => {
    render(<SportsPage />);
    await screen.findByRole('region', { name: /^NFL/ });
    push('sportsDataUpdated', {
      sportsData: dataset([{ ...LIVE, awayScore: 24 }, FINAL, LATER], '2026-10-11T18:01:00.000Z'),
    });
    expect(cardOf('Buffalo Bills')).toHaveTextContent('24');
    push('sportsDataUpdated', {
      sportsData: dataset([{ ...LIVE, awayScore: 3 }], '2026-10-11T17:00:00.000Z'),
    });
    expect(cardOf('Buffalo Bills')).toHaveTextContent('24');
    expect(JSON.parse(localStorage.getItem(SPORTS_CACHE_KEY)!).leagues[0].games[0].awayScore).toBe(24);
  });

  it('shows the pushed refresh progress, and hides it when saved', async () => {
    render(<SportsPage />);
    await screen.findByRole('region', { name: /^NFL/ });
    push('sports:refresh-progressed', {
      stage: 'fetching',
      message: 'Fetching sports data from example.com...',
    });
    expect(screen.getByText('Refreshing sports data...')).toBeInTheDocument();
    expect(screen.getByText('Fetching sports data from example.com...')).toBeInTheDocument();
    push('sports:refresh-progressed', {
      stage: 'processing',
      message: 'Processing with AI to extract game information...',
    });
    expect(screen.getByText('Processing with AI...')).toBeInTheDocument();
    expect(screen.getByText('Processing with AI to extract game information...')).toBeInTheDocument();
    push('sports:refresh-progressed', { stage: 'saved', message: 'Sports data updated' });
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('shows both error panels, and Try again reruns what failed', async () => {
    const user = userEvent.setup();
    respond = async () => json(503, { error: { code: 'store_unavailable', message: 'Store down' } });
    render(<SportsPage />);
    const loadPanel = (await screen.findByText('Error loading sports data')).closest(
      '[role="alert"]',
    ) as HTMLElement;
    expect(loadPanel).toHaveTextContent('Store down');
    serve(dataset([LIVE]));
    await user.click(within(loadPanel).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('region', { name: /^NFL/ });
    expect(screen.queryByText('Error loading sports data')).not.toBeInTheDocument();

    respond = async () =>
      json(502, {
        error: { code: 'sports_fetch_failed', message: 'Failed to fetch sports data from x.test' },
      });
    await user.click(screen.getByRole('button', { name: 'Refresh All' }));
    const refreshPanel = (await screen.findByText('Error processing sports data')).closest(
      '[role="alert"]',
    ) as HTMLElement;
    expect(refreshPanel).toHaveTextContent('Failed to fetch sports data from x.test');
    expect(calls.at(-1)).toMatchObject({
      method: 'POST',
      path: '/api/sports/generate',
      body: { maxGames: 50, includeCompleted: true, includeScheduled: true, includeLive: true },
    });
    serve(dataset([LIVE]));
    await user.click(within(refreshPanel).getByRole('button', { name: 'Try again' }));
    await vi.waitFor(() =>
      expect(screen.queryByText('Error processing sports data')).not.toBeInTheDocument(),
    );
  });

  it('shows the empty state when no league has games', async () => {
    serve(dataset([]));
    render(<SportsPage />);
    expect(await screen.findByText('No games today')).toBeInTheDocument();
    expect(
      screen.getByText('Check back later for upcoming games or use the AI analysis above'),
    ).toBeInTheDocument();
  });

  it('puts games of favourite teams first in their league', async () => {
    serve(dataset([LIVE, FINAL]));
    render(
      <SportsPage isFavouriteTeam={(league, team) => league === 'nfl' && team === 'Kansas City Chiefs'} />,
    );
    const nfl = await screen.findByRole('region', { name: /^NFL/ });
    const cards = within(nfl).getAllByRole('button');
    expect(cards[0]).toHaveTextContent('Detroit Lions');
    expect(cards[0]).toHaveTextContent('Favourite team');
  });
});

describe('Game details dialog', () => {
  it('opens for a linked game once the scoreboard shows it, and closing it drops the link', async () => {
    const user = userEvent.setup();
    const closed = vi.fn();
    const { rerender } = render(<SportsPage openGameId="2" onOpenGameClosed={closed} />);
    const dialog = await screen.findByRole('dialog', { name: 'Detroit Lions vs Kansas City Chiefs' });
    await user.click(within(dialog).getByRole('button', { name: 'Close dialog' }));
    expect(closed).toHaveBeenCalledTimes(1);
    rerender(<SportsPage openGameId={null} onOpenGameClosed={closed} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The same link again (another alert for that game) opens it again.
    rerender(<SportsPage openGameId="2" onOpenGameClosed={closed} />);
    expect(
      await screen.findByRole('dialog', { name: 'Detroit Lions vs Kansas City Chiefs' }),
    ).toBeInTheDocument();
  });

  it('opens titled away vs home, refreshes the game, updates in place and shows advanced stats', async () => {
    const user = userEvent.setup();
    // The game refresh and the page content wait until the test lets them through.
    let letThrough!: () => void;
    const gate = new Promise<void>((resolve) => (letThrough = resolve));
    const base = respond;
    respond = async (call) => {
      if (call.path === '/api/game/process' || call.path === '/api/jina') await gate;
      return base(call);
    };
    render(<SportsPage renderGameChat={(g) => <p>Chat for {g.id}</p>} />);
    await user.click(await screen.findByRole('button', { name: /Buffalo Bills/ }));
    const dialog = screen.getByRole('dialog', { name: 'Buffalo Bills vs Miami Dolphins' });
    expect(within(dialog).getByText('LIVE')).toBeInTheDocument();
    expect(within(dialog).getByText('Live Game')).toBeInTheDocument();
    expect(within(dialog).getByText('Currently in: 10:17 - 3rd Quarter')).toBeInTheDocument();
    expect(within(dialog).getByText('Chat for 1')).toBeInTheDocument();
    // Opening refreshes the game and fetches its page content.
    expect(within(dialog).getByRole('button', { name: 'Refreshing game data...' })).toHaveTextContent(
      'Updating...',
    );
    expect(within(dialog).getByText('Loading game details...')).toBeInTheDocument();
    letThrough();
    await within(dialog).findByRole('button', { name: 'Refresh game data' });
    expect(calls).toContainEqual(
      expect.objectContaining({ path: '/api/game/process', body: { gameId: '1', url: LIVE.url } }),
    );
    expect(calls).toContainEqual(expect.objectContaining({ path: '/api/jina', body: { url: LIVE.url } }));
    await within(dialog).findByText('Bills vs. Dolphins - Game Stats');

    push('sportsDataUpdated', {
      sportsData: dataset([{ ...LIVE, homeScore: 14 }, FINAL, LATER], '2026-10-11T19:00:00.000Z'),
    });
    expect(within(dialog).getByTestId('home-score')).toHaveTextContent('14');

    await user.click(within(dialog).getByRole('button', { name: 'View Advanced Stats' }));
    const stats = screen.getByRole('dialog', { name: 'Advanced Stats' });
    expect(within(stats).getByRole('heading', { name: 'Box Score' })).toBeInTheDocument();
  });

  it('shows the empty content state, dashes and UPCOMING for a game without a page', async () => {
    const user = userEvent.setup();
    render(<SportsPage />);
    await user.click(await screen.findByRole('button', { name: /Denver Nuggets/ }));
    const dialog = screen.getByRole('dialog', { name: 'Denver Nuggets vs Los Angeles Lakers' });
    expect(within(dialog).getByText('UPCOMING')).toBeInTheDocument();
    expect(within(dialog).getByText('Scheduled')).toBeInTheDocument();
    expect(within(dialog).getByTestId('away-score')).toHaveTextContent('–');
    expect(within(dialog).getByText('No content available')).toBeInTheDocument();
    expect(within(dialog).getByText('Unable to load content for this game')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Refresh game data' })).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'View Advanced Stats' })).not.toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/game/process')).toBe(false);
  });

  it('says when the content fails, and the stats dialog has nothing to show', async () => {
    const user = userEvent.setup();
    const base = respond;
    respond = async (call) =>
      call.path === '/api/jina'
        ? json(502, { error: { code: 'content_failed', message: 'Failed to load content' } })
        : base(call);
    render(<SportsPage />);
    await user.click(await screen.findByRole('button', { name: /Detroit Lions/ }));
    const dialog = screen.getByRole('dialog', { name: 'Detroit Lions vs Kansas City Chiefs' });
    expect(within(dialog).getByText('FINAL')).toBeInTheDocument();
    expect(within(dialog).getByText('Game Complete')).toBeInTheDocument();
    expect(await within(dialog).findByText('Error loading content')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'View Advanced Stats' }));
    const stats = screen.getByRole('dialog', { name: 'Advanced Stats' });
    expect(within(stats).getByText('No stats available')).toBeInTheDocument();
    expect(
      within(stats).getByText('Advanced statistics are not available for this game'),
    ).toBeInTheDocument();
  });

  it('switches to Standings and back: the title and buttons stay, the games give way to the tables', async () => {
    const served = respond;
    respond = async (call) =>
      call.path === '/api/sports/standings/NFL'
        ? json(200, {
            league: 'NFL',
            season: '2024',
            columns: ['W', 'L'],
            groups: [
              {
                name: 'AFC East',
                teams: [{ name: 'Buffalo Bills', abbreviation: 'BUF', values: ['13', '4'] }],
              },
            ],
            updatedAt: '2026-10-11T18:00:00.000Z',
          })
        : served(call);
    render(<SportsPage isFavouriteTeam={(league, team) => league === 'nfl' && team === 'Buffalo Bills'} />);
    await screen.findByRole('heading', { level: 2, name: /NFL/ });
    const views = screen.getByRole('group', { name: 'View' });
    expect(within(views).getByRole('button', { name: 'Scores' })).toHaveAttribute('aria-pressed', 'true');
    // The standings are not asked for until their view opens.
    expect(calls.some((call) => call.path.startsWith('/api/sports/standings'))).toBe(false);

    await userEvent.click(within(views).getByRole('button', { name: 'Standings' }));
    const table = await screen.findByRole('table', { name: 'AFC East' });
    expect(within(table).getByRole('rowheader')).toHaveAccessibleName(/^Buffalo Bills\s*★\s*Favourite team$/);
    expect(screen.queryByRole('button', { name: /Buffalo Bills/ })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Sports' })).toBeInTheDocument();
    expect(screen.getByText(/Today's games and scores/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh All' })).toBeInTheDocument();

    await userEvent.click(within(views).getByRole('button', { name: 'Scores' }));
    expect(cardOf('Buffalo Bills')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
