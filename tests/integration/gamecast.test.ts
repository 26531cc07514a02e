/**
 * The live Gamecast across instances: two app instances on one Redis (a Redis of this file's own, so
 * the scoreboard and the reader's lock are its alone), real socket.io-client fans, and the fake ESPN's
 * summaries built from real captured ones. The reader's rounds are stepped by hand
 * (GAMECAST_POLL_SECONDS is an hour), so every count below is per round, with no waiting on a clock.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Ack } from '@shared/events';
import {
  applyGamecastChange,
  type Gamecast,
  type GamecastChange,
  type GamecastWatchAnswer,
} from '@shared/schemas/gamecast';
import type { SportsGamesChangedPayload } from '@shared/schemas/sports';
import { keys } from '@server/storage/keys';
import type { App } from '@server/app';
import { startFaultApp, type FaultApp } from '../faults/app';
import { emit, emitUntyped, signInAt, socketAt } from '../faults/chat';
import { startFakeEspn, type FakeEspn } from '../fakes/espn';
import { startFakeOpenAI, type FakeOpenAI } from '../fakes/openai';
import { startRedisServer, type RedisServer } from '../helpers/redis-server';
import type { TestSocket } from '../helpers/sign-in';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { gameIn } from './sports-helpers';

/** BUF at MIA, live in the 3rd quarter; LAC at GS, at halftime. */
const LIVE_NFL = '401671002';
const LIVE_NBA = '401705001';
/** DET at KC, final. */
const FINAL_NFL = '401671001';

let redis: RedisServer;
let inspect: Redis;
let espn: FakeEspn;
let apps: Array<FaultApp | TestApp> = [];
let sockets: TestSocket[] = [];

beforeAll(async () => {
  [redis, espn] = await Promise.all([startRedisServer(), startFakeEspn()]);
  inspect = new Redis(redis.url);
}, 30_000);
afterAll(async () => {
  inspect?.disconnect();
  await Promise.all([espn?.close(), redis?.stop()]);
});
afterEach(async () => {
  for (const socket of sockets) socket.close();
  await Promise.all(apps.map((app) => app.close()));
  apps = [];
  sockets = [];
  espn.reset();
  await inspect.flushall();
});

/** An instance on this file's Redis whose Gamecast rounds the test steps by hand. */
async function instance(): Promise<FaultApp> {
  const app = await startFaultApp({
    redisUrl: redis.url,
    env: { ESPN_BASE_URL: espn.url, GAMECAST_POLL_SECONDS: '3600', SPORTS_POLL_SECONDS: '3600' },
    deps: { sportsPolling: false },
  });
  apps.push(app);
  return app;
}

async function fan(app: { baseUrl: string }, name: string): Promise<TestSocket> {
  const client = await signInAt(app.baseUrl, `${name}-${randomUUID().slice(0, 6)}`);
  const socket = await socketAt(app.baseUrl, client.cookieHeader());
  sockets.push(socket);
  return socket;
}

const watch = (socket: TestSocket, gameId: string) => emit(socket, 'gamecast:watch', { gameId });

async function watched(socket: TestSocket, gameId: string): Promise<Gamecast | null> {
  const answer = await watch(socket, gameId);
  if (!answer.ok) throw new Error(`watch refused: ${answer.error.code}`);
  return answer.data.gamecast;
}

/** Every gamecast:changed a socket receives from now on. */
function changesOf(socket: TestSocket): GamecastChange[] {
  const seen: GamecastChange[] = [];
  socket.on('gamecast:changed', (change) => seen.push(change));
  return seen;
}

/** One round on every instance at once, as their schedules would run it: what each one read. */
const roundOn = (...instances: Array<{ app: App }>) =>
  Promise.all(instances.map(({ app }) => app.sports.gamecast.poller!.round()));

const summaries = (gameId: string) => espn.summaryRequests(gameId);
const totalSummaries = () => Object.values(espn.stats().summaryRequests).reduce((sum, n) => sum + n, 0);
const watcherFields = () => inspect.hkeys(keys.gamecastWatchers());

describe('the live Gamecast across instances', () => {
  it(
    'reads a watched game once per round whatever the watchers and instances, and a scoring play reaches fans on both',
    { timeout: 30_000 },
    async () => {
      const first = await instance();
      const second = await instance();
      await first.app.sports.service.refresh();
      const alice = await fan(first, 'alice');
      const bob = await fan(second, 'bob');
      const carol = await fan(second, 'carol');
      const seen = [alice, bob, carol].map(changesOf);

      // Nothing read yet: the watch answers null.
      for (const socket of [alice, bob, carol]) expect(await watched(socket, LIVE_NFL)).toBeNull();

      const rounds = await roundOn(first, second);
      expect(rounds.filter((round) => round !== null)).toHaveLength(1);
      expect(rounds.find((round) => round !== null)?.watched).toEqual([LIVE_NFL]);
      expect(summaries(LIVE_NFL)).toBe(1);
      // The first change carries everything, from version 0, to every watcher on both instances.
      await vi.waitFor(() => expect(seen.map((list) => list.length)).toEqual([1, 1, 1]));
      expect(seen[0]![0]).toMatchObject({ gameId: LIVE_NFL, previousVersion: 0, version: 1 });
      expect(seen[1]![0]).toEqual(seen[0]![0]);

      await roundOn(first, second);
      await roundOn(first, second);
      expect(summaries(LIVE_NFL)).toBe(3);
      // The same summary: nothing pushed.
      expect(seen.map((list) => list.length)).toEqual([1, 1, 1]);

      // Each fan holds the whole Gamecast (watching again answers it), then a touchdown at the source.
      const held = await Promise.all([alice, bob].map((socket) => watched(socket, LIVE_NFL)));
      expect(held[0]).toMatchObject({ version: 1, gameId: LIVE_NFL, league: 'NFL' });
      expect(held[0]!.scoringPlays.length).toBeGreaterThan(0);
      expect(held[0]!.teamStats.length).toBeGreaterThan(0);
      expect(held[0]!.winProbability!.length).toBeGreaterThan(0);
      espn.addScoringPlay(LIVE_NFL, {
        team: 'home',
        points: 7,
        text: 'Tua Tagovailoa 12 Yd pass to Tyreek Hill',
      });
      await roundOn(first, second);
      expect(summaries(LIVE_NFL)).toBe(4);

      await vi.waitFor(() => expect(seen.map((list) => list.length)).toEqual([2, 2, 2]));
      const change = seen[0]![1]!;
      expect(change).toMatchObject({
        previousVersion: 1,
        version: 2,
        scoringPlaysAdded: [
          { text: 'Tua Tagovailoa 12 Yd pass to Tyreek Hill', team: 'home', homeScore: 17, awayScore: 17 },
        ],
      });
      expect(change.winProbabilityAdded).toHaveLength(1);
      expect(change).not.toHaveProperty('plays');
      expect(seen[1]![1]).toEqual(change);
      const stored = await first.app.sports.gamecast.service!.current(LIVE_NFL);
      for (const gamecast of held) expect(applyGamecastChange(gamecast!, change)).toEqual(stored);
      // The scoreboard moved with it.
      const board = await first.app.sports.service.refresh();
      expect(gameIn({ sportsData: board }, LIVE_NFL)).toMatchObject({ awayScore: 17, homeScore: 17 });
    },
  );

  it(
    'reads no summary of a game nobody watches, and stops after the last unwatch or disconnect',
    { timeout: 30_000 },
    async () => {
      const first = await instance();
      const second = await instance();
      await first.app.sports.service.refresh();
      // The first round reads each live and final game once, for its label; after that, nothing.
      await roundOn(first, second);
      const afterLabels = totalSummaries();
      expect(summaries(LIVE_NFL)).toBe(1);
      await roundOn(first, second);
      await roundOn(first, second);
      expect(totalSummaries()).toBe(afterLabels);

      const alice = await fan(first, 'alice');
      const bob = await fan(second, 'bob');
      await watched(alice, LIVE_NFL);
      await watched(bob, LIVE_NFL);
      await roundOn(first, second);
      expect(summaries(LIVE_NFL)).toBe(2);

      // Alice closes the dialog; Bob still has it open on the other instance.
      expect(await emit(alice, 'gamecast:unwatch', { gameId: LIVE_NFL })).toEqual({ ok: true, data: null });
      await roundOn(first, second);
      expect(summaries(LIVE_NFL)).toBe(3);

      // Bob's tab goes: nobody watches, nothing is read.
      bob.close();
      await vi.waitFor(async () => expect(await watcherFields()).toEqual([]));
      await roundOn(first, second);
      await roundOn(first, second);
      expect(summaries(LIVE_NFL)).toBe(3);
      expect(totalSummaries()).toBe(afterLabels + 2);

      // An unwatched socket gets no change.
      const quiet = changesOf(alice);
      await watched(alice, LIVE_NBA);
      espn.addScoringPlay(LIVE_NFL, { team: 'away', points: 3, text: 'Tyler Bass 41 Yd Field Goal' });
      await roundOn(first, second);
      await vi.waitFor(() => expect(quiet.map((change) => change.gameId)).toEqual([LIVE_NBA]));
      expect(summaries(LIVE_NFL)).toBe(3);
    },
  );

  it('gives empty sections for a summary that lacks them', async () => {
    const first = await instance();
    await first.app.sports.service.refresh();
    espn.omitSummarySections(LIVE_NBA, ['plays', 'boxscore', 'leaders', 'winprobability']);
    const alice = await fan(first, 'alice');
    await watched(alice, LIVE_NBA);
    await roundOn(first);
    // The label can still be told from the score alone; everything read from the missing sections is empty.
    const { watch: _label, ...gamecast } = (await watched(alice, LIVE_NBA))!;
    expect(gamecast).toEqual({
      gameId: LIVE_NBA,
      league: 'NBA',
      updatedAt: expect.any(String),
      version: 1,
      scoringPlays: [],
      plays: [],
      teamStats: [],
      playerTables: [],
      leaders: [],
      winProbability: null,
    });

    // The sections come back: the next change carries them.
    const seen = changesOf(alice);
    espn.omitSummarySections(LIVE_NBA, []);
    await roundOn(first);
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]!.playsAdded!.length).toBeGreaterThan(0);
    expect(seen[0]!.teamStats!.length).toBeGreaterThan(0);
    expect(seen[0]!.winProbability!.length).toBeGreaterThan(0);
  });

  it('refuses an unknown game, a bad payload and a watch over the limit, changing nothing', async () => {
    const first = await instance();
    await first.app.sports.service.refresh();
    const alice = await fan(first, 'alice');

    expect(await watch(alice, 'no-such-game')).toMatchObject({ ok: false, error: { code: 'not_found' } });
    for (const payload of [{}, { gameId: '' }, { gameId: 'a b' }, { gameId: 'x'.repeat(65) }, 'game', null]) {
      expect(await emitUntyped(alice, 'gamecast:watch', payload)).toMatchObject({
        ok: false,
        error: { code: 'bad_request' },
      });
    }
    expect(await watcherFields()).toEqual([]);

    for (const gameId of [LIVE_NFL, LIVE_NBA, FINAL_NFL]) await watched(alice, gameId);
    const refused = (await watch(alice, '401695001')) as Ack<GamecastWatchAnswer>;
    expect(refused).toMatchObject({ ok: false, error: { code: 'limit_reached' } });
    expect(refused.ok || refused.error.message).toMatch(/3 games open already/);
    const games = (await watcherFields()).map((field) => field.split(' ')[0]).sort();
    expect(games).toEqual([FINAL_NFL, LIVE_NBA, LIVE_NFL].sort());

    // Watching one already open again is no new watch; closing one makes room.
    expect((await watch(alice, LIVE_NFL)).ok).toBe(true);
    await emit(alice, 'gamecast:unwatch', { gameId: FINAL_NFL });
    expect((await watch(alice, '401695001')).ok).toBe(true);
  });

  it('puts the stored worth-watching label on the game in the scoreboard, pushed as a change', async () => {
    const first = await instance();
    await first.app.sports.service.refresh();
    const alice = await fan(first, 'alice');
    const pushes: SportsGamesChangedPayload[] = [];
    alice.on('sports:games-changed', (payload) => pushes.push(payload));

    await roundOn(first);
    const board = await first.app.sports.service.refresh();
    const label = gameIn({ sportsData: board }, LIVE_NFL)?.watch;
    expect(label).toMatchObject({
      kind: expect.stringMatching(/^(?:close|comeback|blowout)$/),
      label: expect.any(String),
    });
    expect(gameIn({ sportsData: board }, FINAL_NFL)?.watch).toMatchObject({ label: expect.any(String) });
    // A scheduled game has no summary read, so no label.
    expect(gameIn({ sportsData: board }, '401671003')?.watch).toBeUndefined();

    await vi.waitFor(() => expect(pushes).toHaveLength(1));
    const change = pushes[0]!.changes.find((entry) => entry.game.id === LIVE_NFL);
    expect(change).toMatchObject({ game: { watch: label }, kinds: [] });
  });
});

describe('the Gamecast on one instance', () => {
  it('works the same on the in-memory store', async () => {
    const app = await startTestApp({
      storeKind: 'memory',
      env: { ESPN_BASE_URL: espn.url, GAMECAST_POLL_SECONDS: '3600' },
    });
    apps.push(app);
    await app.app.sports.service.refresh();
    const alice = await fan(app, 'alice');
    const seen = changesOf(alice);
    await watched(alice, LIVE_NBA);
    await roundOn(app);
    const held = await watched(alice, LIVE_NBA);
    espn.addScoringPlay(LIVE_NBA, {
      team: 'away',
      points: 3,
      text: 'James Harden makes 26-foot three point jumper',
    });
    await roundOn(app);
    await vi.waitFor(() => expect(seen).toHaveLength(2));
    expect(seen[1]!.playsAdded).toMatchObject([
      { text: 'James Harden makes 26-foot three point jumper', team: 'away' },
    ]);
    expect(applyGamecastChange(held!, seen[1]!)).toEqual(await watched(alice, LIVE_NBA));
    expect(summaries(LIVE_NBA)).toBe(2);
  });

  it('has no Gamecast with the text-LLM source: a watch answers null and nothing is read', async () => {
    const openai: FakeOpenAI = await startFakeOpenAI();
    try {
      const app = await startTestApp({
        storeKind: 'memory',
        env: {
          SPORTS_SOURCE: 'text-llm',
          SPORTS_TEXT_URL: `${espn.url}/text/scores`,
          OPENAI_API_KEY: openai.apiKey,
          OPENAI_BASE_URL: openai.url,
          OPENAI_MODEL: 'fake-model-1',
          ESPN_BASE_URL: espn.url,
        },
        deps: {
          readPage: async (url) => ({ title: null, url, text: await (await fetch(url)).text() }),
        },
      });
      apps.push(app);
      const { sportsData } = { sportsData: await app.app.sports.service.refresh() };
      const gameId = gameIn({ sportsData }, 'nfl-buffalo-bills-at-miami-dolphins')!.id;
      const alice = await fan(app, 'alice');
      expect(await watch(alice, gameId)).toEqual({ ok: true, data: { gamecast: null } });
      expect(await watch(alice, 'no-such-game')).toMatchObject({ ok: false, error: { code: 'not_found' } });
      expect(app.app.sports.gamecast.poller).toBeNull();
      expect(totalSummaries()).toBe(0);
    } finally {
      await openai.close();
    }
  });
});
