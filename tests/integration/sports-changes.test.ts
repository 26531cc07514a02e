/**
 * What a refresh pushes: a change within the same games goes out as `sports:games-changed` with only
 * the games that changed (how each stood before, and what kind of change it was), the whole dataset
 * only when the game list itself changed, and nothing at all when nothing changed.
 *
 * "Received nothing" is checked behind a barrier: a later change pushed to the same socket.
 * Socket.IO delivers a socket's events in the order the server sent them, so once the socket has
 * that push it has everything sent to it before.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { gameSchema, type ScoreboardResponse, type SportsGamesChangedPayload } from '@shared/schemas/sports';
import { defaultFakeGames, startFakeEspn, type FakeEspn } from '../fakes/espn';
import type { TestSocket } from '../helpers/sign-in';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { collectPushes, gameIn, nextUpdate, sportsFan } from './sports-helpers';

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

const LIVE_GAME = '401671002'; // Bills at Dolphins, 17–10 in the 3rd quarter in the fake's day
const FINAL_GAME = '401671001'; // already final: it never changes here

/** An app on its own memory store (files running in parallel never meet) and two fans on it. */
async function fans() {
  const app = await startTestApp({
    storeKind: 'memory',
    env: { ESPN_BASE_URL: espn.url, SPORTS_REFRESH_MIN_SECONDS: '0' },
  });
  apps.push(app);
  const asker = await sportsFan(app, 'asker', sockets);
  const watcher = await sportsFan(app, 'watcher', sockets);
  const first = nextUpdate(watcher.socket);
  await asker.client.request('/api/sports/scoreboard');
  await first; // the first scoreboard is news to everyone
  const refresh = async () => {
    const answer = await asker.client.json('/api/sports/refresh', {});
    expect(answer.status).toBe(200);
    return (await answer.json()) as ScoreboardResponse;
  };
  return { asker, watcher, refresh };
}

/** A score change the watcher must see: everything pushed before it has arrived by then. */
async function barrier(watcher: TestSocket, refresh: () => Promise<unknown>, homeScore: number) {
  const seen = nextUpdate(watcher, (payload) => gameIn(payload, LIVE_GAME)?.homeScore === homeScore);
  espn.setScore(LIVE_GAME, 17, homeScore);
  await refresh();
  await seen;
}

describe('scoreboard pushes after a refresh', () => {
  it('a score change: one games-changed event with that game alone, its previous and new score, kind scored', async () => {
    const { watcher, refresh } = await fans();
    const pushes = collectPushes(watcher.socket);
    espn.setScore(LIVE_GAME, 24, 10);
    const seen = nextUpdate(watcher.socket);
    const answer = await refresh();
    const payload = (await seen) as SportsGamesChangedPayload;

    expect(payload.changes).toHaveLength(1);
    const [change] = payload.changes;
    expect(change!.game).toEqual(gameIn(answer, LIVE_GAME));
    expect(change!.game).toMatchObject({ awayScore: 24, homeScore: 10 });
    expect(change!.previous).toEqual({
      awayScore: 17,
      homeScore: 10,
      gameStatus: 'live',
      period: '10:17 - 3rd Quarter',
    });
    expect(change!.kinds).toEqual(['scored']);
    expect(payload.lastUpdated).toBe(answer.sportsData.lastUpdated);
    // Only the published fields of a game travel (a live one also has its situation).
    expect(Object.keys(change!.game).filter((key) => !(key in gameSchema.shape))).toEqual([]);

    await barrier(watcher.socket, refresh, 11);
    expect(pushes.map((push) => ('changes' in push ? 'games-changed' : 'dataset'))).toEqual([
      'games-changed',
      'games-changed',
    ]);
  });

  it('a lead changing hands says so beside the score', async () => {
    const { watcher, refresh } = await fans();
    espn.setScore(LIVE_GAME, 17, 20);
    const seen = nextUpdate(watcher.socket);
    await refresh();
    const payload = (await seen) as SportsGamesChangedPayload;
    expect(payload.changes.map((change) => change.kinds)).toEqual([['scored', 'lead-changed']]);
  });

  it('only the clock moved: the game goes out with no kind, so clients update and nobody is alerted', async () => {
    const { watcher, refresh } = await fans();
    espn.updateGame(LIVE_GAME, {
      displayClock: '9:02',
      detail: '9:02 - 3rd Quarter',
      shortDetail: '9:02 - 3rd',
    });
    const seen = nextUpdate(watcher.socket);
    await refresh();
    const payload = (await seen) as SportsGamesChangedPayload;
    expect(payload.changes).toHaveLength(1);
    expect(payload.changes[0]).toMatchObject({
      game: { id: LIVE_GAME, period: '9:02 - 3rd Quarter', awayScore: 17, homeScore: 10 },
      previous: { period: '10:17 - 3rd Quarter' },
      kinds: [],
    });
  });

  it('nothing changed: nothing is pushed', async () => {
    const { watcher, refresh } = await fans();
    const pushes = collectPushes(watcher.socket);
    await refresh();
    await refresh();
    await barrier(watcher.socket, refresh, 13);
    expect(pushes).toHaveLength(1);
    expect(gameIn(pushes[0]!, LIVE_GAME)?.homeScore).toBe(13);
  });

  it('a new game list: the whole dataset goes out', async () => {
    const { watcher, refresh } = await fans();
    const pushes = collectPushes(watcher.socket);
    espn.setGames(defaultFakeGames().filter((game) => game.id !== FINAL_GAME));
    const seen = nextUpdate(watcher.socket);
    const answer = await refresh();
    const payload = await seen;
    expect(payload).toEqual({ sportsData: answer.sportsData });
    expect(gameIn(payload, FINAL_GAME)).toBeUndefined();
    expect(answer.sportsData.totalGames).toBe(defaultFakeGames().length - 1);

    // Back to the same games: a change goes out as the changed game again.
    await barrier(watcher.socket, refresh, 14);
    expect(pushes.map((push) => ('changes' in push ? 'games-changed' : 'dataset'))).toEqual([
      'dataset',
      'games-changed',
    ]);
  });
});
