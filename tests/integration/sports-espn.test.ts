import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type {
  Game,
  GameProcessResponse,
  LeagueGroup,
  ScoreboardResponse,
  SportsGenerateResponse,
} from '@shared/schemas/sports';
import { keys } from '@server/storage/keys';
import { startFakeEspn, type FakeEspn } from '../fakes/espn';
import { cookieClient, startTestApp, type TestApp } from '../helpers/test-app';
import type { TestSocket } from '../helpers/sign-in';
import { collectProgress, gameIn, nextUpdate, sportsFan } from './sports-helpers';

let espn: FakeEspn;
let apps: TestApp[] = [];
let sockets: TestSocket[] = [];

beforeAll(async () => {
  espn = await startFakeEspn();
});
afterAll(async () => {
  await espn.close();
});
afterEach(async () => {
  for (const socket of sockets) socket.close();
  await Promise.all(apps.map((app) => app.close()));
  apps = [];
  sockets = [];
  espn.reset();
});

// The in-memory store keeps each app's scoreboard to itself, so files running in parallel never meet.
async function start(env: Record<string, string> = {}, deps: { sportsPolling?: boolean } = {}) {
  const app = await startTestApp({ storeKind: 'memory', env: { ESPN_BASE_URL: espn.url, ...env }, deps });
  apps.push(app);
  return app;
}

const byId = (games: Game[], id: string) => games.find((game) => game.id === id)!;
const host = () => new URL(espn.url).host;

describe('ESPN scoreboard source', () => {
  it('maps the fake day faithfully: statuses, null scores, periods, broadcasts, game pages, catalogue names', async () => {
    const app = await start();
    const fan = await sportsFan(app, 'mapper', sockets);
    const answer = await fan.client.request('/api/sports/scoreboard');
    expect(answer.status).toBe(200);
    const { sportsData } = (await answer.json()) as ScoreboardResponse;
    expect(sportsData.leagues.map((league) => league.name)).toEqual(['NFL', 'NBA', 'MLB', 'NHL']);
    expect(sportsData.totalGames).toBe(13);
    expect(sportsData.totalLeagues).toBe(4);
    expect(Number.isNaN(Date.parse(sportsData.lastUpdated))).toBe(false);
    const games = sportsData.leagues.flatMap((league) => league.games);

    expect(byId(games, '401671001')).toEqual({
      id: '401671001',
      url: espn.gameUrl({ id: '401671001', league: 'nfl' }),
      league: 'NFL',
      gameStatus: 'completed',
      isLive: false,
      isCompleted: true,
      awayTeam: 'Detroit Lions',
      homeTeam: 'Kansas City Chiefs',
      awayScore: 21,
      homeScore: 20,
      period: 'Final',
      startTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00\.000Z$/),
      broadcast: 'NBC',
    });
    expect(byId(games, '401671002')).toMatchObject({
      gameStatus: 'live',
      isLive: true,
      isCompleted: false,
      awayTeam: 'Buffalo Bills',
      homeTeam: 'Miami Dolphins',
      awayScore: 17,
      homeScore: 10,
      period: '10:17 - 3rd Quarter',
      broadcast: 'CBS, Paramount+',
    });
    // Pregame ESPN sends "0": no score yet.
    expect(byId(games, '401671003')).toMatchObject({
      gameStatus: 'scheduled',
      isLive: false,
      isCompleted: false,
      awayTeam: 'San Francisco 49ers',
      awayScore: null,
      homeScore: null,
      period: null,
      broadcast: 'ESPN, ABC',
    });
    // Postponed, in both states the fixtures disagree on.
    expect(byId(games, '401671004')).toMatchObject({
      gameStatus: 'postponed',
      isLive: false,
      isCompleted: false,
      awayTeam: 'Washington Commanders',
      awayScore: null,
    });
    expect(byId(games, '401695002')).toMatchObject({
      gameStatus: 'postponed',
      isCompleted: false,
      awayScore: null,
      homeScore: null,
    });
    expect(byId(games, '401687003')).toMatchObject({
      gameStatus: 'cancelled',
      isLive: false,
      isCompleted: false,
      awayTeam: 'New Jersey Devils',
      homeTeam: 'Tampa Bay Lightning',
      awayScore: null,
      broadcast: null,
    });
    // ESPN spellings that differ from the catalogue's full names.
    expect(byId(games, '401705001')).toMatchObject({
      awayTeam: 'Los Angeles Clippers',
      homeTeam: 'Golden State Warriors',
      period: 'Halftime',
      isLive: true,
      awayScore: 58,
      homeScore: 61,
    });
    expect(byId(games, '401687001')).toMatchObject({
      awayTeam: 'Montreal Canadiens',
      period: '12:34 - 2nd Period',
      broadcast: 'SN, TVAS',
    });
    expect(byId(games, '401695003').awayTeam).toBe('Athletics');
    expect(byId(games, '401705002')).toMatchObject({ homeTeam: 'New York Knicks', period: 'Final/OT' });
    // Scores absent altogether, no broadcasts at all.
    expect(byId(games, '401705003')).toMatchObject({ awayScore: null, homeScore: null, broadcast: null });
    // MLB: the inning is the period; a network only in geoBroadcasts still shows.
    expect(byId(games, '401695001')).toMatchObject({ period: 'Top 8th', broadcast: 'MLB.TV', awayScore: 4 });
  });

  it('needs a signed-in user', async () => {
    const app = await start();
    const anonymous = cookieClient(app.baseUrl);
    const answer = await anonymous.request('/api/sports/scoreboard');
    expect(answer.status).toBe(401);
    expect((await anonymous.json('/api/sports/generate', {})).status).toBe(401);
    expect((await anonymous.json('/api/game/process', { gameId: '1', url: 'https://x.test/' })).status).toBe(
      401,
    );
  });
});

describe('Refresh All (POST /api/sports/generate)', () => {
  it('pushes a score changed at the source to every connected tab, with progress to the one who asked', async () => {
    const app = await start();
    const alice = await sportsFan(app, 'alice', sockets);
    const bob = await sportsFan(app, 'bob', sockets);
    await alice.client.request('/api/sports/scoreboard');
    const progress = collectProgress(alice.socket);

    espn.setScore('401671002', 24, 10);
    const aliceSees = nextUpdate(alice.socket);
    const bobSees = nextUpdate(bob.socket);
    const answer = await alice.client.json('/api/sports/generate', {
      prompt: 'Extract and structure game information from the fetched text',
      maxGames: 50,
      includeCompleted: true,
      includeScheduled: true,
      includeLive: true,
    });
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as SportsGenerateResponse;
    expect(body.success).toBe(true);
    const grouped = JSON.parse(body.data) as LeagueGroup[];
    expect(grouped.map((league) => league.name)).toEqual(['NFL', 'NBA', 'MLB', 'NHL']);
    expect(byId(grouped[0]!.games, '401671002').awayScore).toBe(24);

    for (const seen of [await aliceSees, await bobSees]) {
      expect(gameIn(seen, '401671002')).toMatchObject({ awayScore: 24, homeScore: 10 });
    }
    await vi.waitFor(() => expect(progress.map((p) => p.stage)).toEqual(['fetching', 'saved']));
    expect(progress[0]!.message).toBe(`Fetching sports data from ${host()}...`);
  });

  it('answers only the games asked for, at most maxGames, and never trims the stored scoreboard', async () => {
    const app = await start();
    const fan = await sportsFan(app, 'picky', sockets);
    const answer = await fan.client.json('/api/sports/generate', {
      maxGames: 3,
      includeCompleted: false,
      includeScheduled: true,
      includeLive: true,
    });
    const body = (await answer.json()) as SportsGenerateResponse;
    const games = (JSON.parse(body.data) as LeagueGroup[]).flatMap((league) => league.games);
    expect(games).toHaveLength(3);
    expect(games.every((game) => !game.isCompleted)).toBe(true);
    expect(body.sportsData.totalGames).toBe(13);
  });

  it('refuses a malformed body with 400', async () => {
    const app = await start();
    const fan = await sportsFan(app, 'sloppy', sockets);
    const answer = await fan.client.json('/api/sports/generate', { maxGames: 'lots', includeLive: 'yes' });
    expect(answer.status).toBe(400);
    const body = (await answer.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('bad_request');
    expect(body.error.message).toMatch(/maxGames/);
  });

  it('shares one refresh between concurrent clicks', async () => {
    const app = await start();
    const fan = await sportsFan(app, 'clicker', sockets);
    await fan.client.request('/api/sports/scoreboard');
    const before = espn.stats().scoreboardRequests;

    espn.hold();
    const clicks = Array.from({ length: 5 }, () => fan.client.json('/api/sports/generate', {}));
    // Every click has passed the rate limiter (and so joined the refresh) before ESPN answers.
    const counter = keys.rateLimit('sports', fan.user.login);
    await vi.waitFor(async () => expect(Number(await app.store.get(counter))).toBe(5));
    espn.release();
    const answers = await Promise.all(clicks);
    const bodies = (await Promise.all(answers.map((answer) => answer.json()))) as SportsGenerateResponse[];
    expect(new Set(bodies.map((body) => body.sportsData.lastUpdated)).size).toBe(1);

    const after = espn.stats().scoreboardRequests;
    for (const league of ['nfl', 'nba', 'mlb', 'nhl'] as const)
      expect(after[league] - before[league]).toBe(1);
  });

  it('answers catalogue errors when the source fails, keeps the last scoreboard, and recovers', async () => {
    const app = await start();
    const fan = await sportsFan(app, 'unlucky', sockets);
    const first = (await (await fan.client.request('/api/sports/scoreboard')).json()) as ScoreboardResponse;
    const progress = collectProgress(fan.socket);

    espn.fail({ status: 503 });
    const failed = await fan.client.json('/api/sports/generate', {});
    expect(failed.status).toBe(502);
    expect(await failed.json()).toEqual({
      error: { code: 'sports_fetch_failed', message: `Failed to fetch sports data from ${host()}` },
    });
    await vi.waitFor(() =>
      expect(progress.at(-1)).toEqual({
        stage: 'failed',
        message: `Failed to fetch sports data from ${host()}`,
      }),
    );
    const kept = (await (await fan.client.request('/api/sports/scoreboard')).json()) as ScoreboardResponse;
    expect(kept.sportsData).toEqual(first.sportsData);

    espn.fail({ mode: 'garbage' });
    expect((await fan.client.json('/api/sports/generate', {})).status).toBe(502);
    espn.fail({ mode: 'html' });
    expect((await fan.client.json('/api/sports/generate', {})).status).toBe(502);

    espn.fail(null);
    espn.setScore('401687001', 2, 2);
    const recovered = await fan.client.json('/api/sports/generate', {});
    expect(recovered.status).toBe(200);
    const body = (await recovered.json()) as SportsGenerateResponse;
    expect(gameIn(body, '401687001')).toMatchObject({ awayScore: 2, homeScore: 2 });
  });

  it('keeps a failing league’s last games while the others update', async () => {
    const app = await start();
    const fan = await sportsFan(app, 'partial', sockets);
    await fan.client.request('/api/sports/scoreboard');
    espn.fail({ league: 'nba' });
    espn.setScore('401671002', 31, 10);
    const body = (await (await fan.client.json('/api/sports/generate', {})).json()) as SportsGenerateResponse;
    expect(gameIn(body, '401671002')?.awayScore).toBe(31);
    expect(body.sportsData.leagues.find((league) => league.name === 'NBA')?.games).toHaveLength(3);
  });

  it('fails with a clear error when nothing is stored and the source is down', async () => {
    const app = await start();
    const fan = await sportsFan(app, 'early', sockets);
    espn.fail({});
    const answer = await fan.client.request('/api/sports/scoreboard');
    expect(answer.status).toBe(502);
    expect(((await answer.json()) as { error: { message: string } }).error.message).toBe(
      `Failed to fetch sports data from ${host()}`,
    );
  });

  it('limits refreshes per user', async () => {
    const app = await start({ API_RATE_LIMIT: '2', API_RATE_WINDOW_SECONDS: '60' });
    const fan = await sportsFan(app, 'eager', sockets);
    expect((await fan.client.json('/api/sports/generate', {})).status).toBe(200);
    expect((await fan.client.json('/api/sports/refresh', {})).status).toBe(200);
    const limited = await fan.client.json('/api/sports/generate', {});
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { error: { code: string } }).error.code).toBe('rate_limited');
    // Reading the scoreboard costs nothing and stays open.
    expect((await fan.client.request('/api/sports/scoreboard')).status).toBe(200);
  });
});

describe('game refresh (POST /api/game/process)', () => {
  it('merges the refreshed game into the stored scoreboard and pushes that game alone', async () => {
    const app = await start();
    const alice = await sportsFan(app, 'watcher', sockets);
    const bob = await sportsFan(app, 'viewer', sockets);
    const before = (await (
      await alice.client.request('/api/sports/scoreboard')
    ).json()) as ScoreboardResponse;

    espn.setScore('401695001', 4, 5);
    espn.updateGame('401695001', { detail: 'Bot 8th', shortDetail: 'Bot 8th' });
    espn.setScore('401671002', 99, 99); // another game: must not change with a single-game refresh
    const bobSees = nextUpdate(bob.socket, (payload) => gameIn(payload, '401695001')?.homeScore === 5);
    const answer = await alice.client.json('/api/game/process', {
      gameId: '401695001',
      url: espn.gameUrl({ id: '401695001', league: 'mlb' }),
    });
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as GameProcessResponse;
    expect(body.success).toBe(true);
    expect(body.gameData).toMatchObject({ id: '401695001', league: 'MLB', homeScore: 5, period: 'Bot 8th' });
    // ESPN was asked for the game's own day (US Eastern).
    expect(espn.stats().lastQuery?.dates).toMatch(/^\d{8}$/);

    const seen = await bobSees;
    expect(gameIn(seen, '401695001')).toEqual(body.gameData);
    expect(gameIn(seen, '401695001')?.homeScore).toBe(5);
    // Only the refreshed game travels; the other game's new score waits for the next full refresh.
    expect('changes' in seen && seen.changes.map((change) => change.game.id)).toEqual(['401695001']);
    expect(gameIn(seen, '401671002')).toBeUndefined();
    expect(Date.parse('lastUpdated' in seen ? seen.lastUpdated : '')).toBeGreaterThanOrEqual(
      Date.parse(before.sportsData.lastUpdated),
    );

    const stored = (await (await bob.client.request('/api/sports/scoreboard')).json()) as ScoreboardResponse;
    expect(gameIn(stored, '401695001')?.homeScore).toBe(5);
  });

  it('answers clear errors for unknown games and malformed bodies', async () => {
    const app = await start();
    const fan = await sportsFan(app, 'curious', sockets);
    const unknown = await fan.client.json('/api/game/process', {
      gameId: '999',
      url: 'https://www.espn.com/x',
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      error: { code: 'game_process_failed', message: 'Failed to process game data' },
    });
    const noUrl = await fan.client.json('/api/game/process', { gameId: '401671001' });
    expect(noUrl.status).toBe(400);
    const badId = await fan.client.json('/api/game/process', { gameId: '../etc', url: 'https://x.test/' });
    expect(badId.status).toBe(400);

    espn.fail({});
    const down = await fan.client.json('/api/game/process', {
      gameId: '401671001',
      url: espn.gameUrl({ id: '401671001', league: 'nfl' }),
    });
    expect(down.status).toBe(502);
    expect(((await down.json()) as { error: { message: string } }).error.message).toBe(
      'Failed to process game data',
    );
  });
});

describe('the poller', () => {
  it('pushes source changes to connected clients without anyone asking', async () => {
    const app = await start({ SPORTS_POLL_SECONDS: '1' }, { sportsPolling: true });
    const fan = await sportsFan(app, 'couch', sockets);
    await vi.waitFor(() => expect(app.app.sports.poller.polls()).toBeGreaterThan(0));
    const seen = nextUpdate(fan.socket, (payload) => gameIn(payload, '401687001')?.homeScore === 3);
    espn.setScore('401687001', 1, 3);
    const payload = await seen;
    expect(gameIn(payload, '401687001')).toMatchObject({ awayScore: 1, homeScore: 3, isLive: true });
    expect(app.app.sports.poller.isLeader()).toBe(true);
  });
});
