/**
 * Refreshes users ask for (Refresh All, POST /api/sports/refresh): however many ask, the source is
 * fetched at most once per SPORTS_REFRESH_MIN_SECONDS (and once while one runs, on any instance),
 * the refresh's progress reaches only the tabs of whoever asked, and everyone else is pushed the
 * scoreboard only when it changed.
 *
 * "X received nothing" is checked behind a barrier: a later change pushed to X. Socket.IO delivers a
 * socket's events in the order the server sent them, so once X has that push it has everything sent
 * to it before.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ScoreboardResponse } from '@shared/schemas/sports';
import { keys } from '@server/storage/keys';
import { startFakeEspn, type FakeEspn } from '../fakes/espn';
import { startFaultApp, type FaultApp } from '../faults/app';
import { startRedisServer, type RedisServer } from '../helpers/redis-server';
import { connectSocket, type TestSocket } from '../helpers/sign-in';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { collectProgress, collectPushes, gameIn, nextUpdate, sportsFan } from './sports-helpers';

let espn: FakeEspn;
let apps: Array<TestApp | FaultApp> = [];
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
async function start(env: Record<string, string>) {
  const app = await startTestApp({ storeKind: 'memory', env: { ESPN_BASE_URL: espn.url, ...env } });
  apps.push(app);
  return app;
}

const LIVE_GAME = '401671002'; // Bills at Dolphins, live in the fake's day
const fetches = () => Object.values(espn.stats().scoreboardRequests).reduce((a, b) => a + b, 0);

type Fan = Awaited<ReturnType<typeof sportsFan>>;

/** A score changes at the source and `asker` refreshes: resolves once `observer` has the change. */
async function barrier(asker: Fan, observer: TestSocket, awayScore: number) {
  const seen = nextUpdate(observer, (payload) => gameIn(payload, LIVE_GAME)?.awayScore === awayScore);
  espn.setScore(LIVE_GAME, awayScore, 10);
  expect((await asker.client.json('/api/sports/refresh', {})).status).toBe(200);
  await seen;
}

const refresh = async (fan: Fan) => {
  const answer = await fan.client.json('/api/sports/refresh', {});
  expect(answer.status).toBe(200);
  return (await answer.json()) as ScoreboardResponse;
};

describe('asked-for refreshes', () => {
  it('show their progress in every tab of the one who asked and nowhere else; an unchanged one pushes nothing', async () => {
    const app = await start({ SPORTS_REFRESH_MIN_SECONDS: '0' });
    const alice = await sportsFan(app, 'alice', sockets);
    const aliceOtherTab = await connectSocket(app.baseUrl, { cookie: alice.client.cookieHeader() });
    sockets.push(aliceOtherTab);
    const bob = await sportsFan(app, 'bob', sockets);
    const aliceProgress = [collectProgress(alice.socket), collectProgress(aliceOtherTab)];
    const bobProgress = collectProgress(bob.socket);
    const bobUpdates = collectPushes(bob.socket);

    // The first scoreboard is news to everyone.
    const filled = nextUpdate(bob.socket);
    await alice.client.request('/api/sports/scoreboard');
    await filled;

    const unchanged = await refresh(alice);
    expect(gameIn(unchanged, LIVE_GAME)?.awayScore).toBe(17);
    for (const seen of aliceProgress)
      await vi.waitFor(() => expect(seen.map((p) => p.stage)).toEqual(['fetching', 'saved']));

    await barrier(alice, bob.socket, 24);
    expect(bobProgress).toEqual([]);
    // The first scoreboard and the change: nothing for the refresh that changed nothing.
    expect(bobUpdates.map((payload) => gameIn(payload, LIVE_GAME)?.awayScore)).toEqual([17, 24]);
  });

  it('within SPORTS_REFRESH_MIN_SECONDS of one, get the stored scoreboard without a fetch, whoever asks', async () => {
    const app = await start({ SPORTS_REFRESH_MIN_SECONDS: '60' });
    const alice = await sportsFan(app, 'alice', sockets);
    const bob = await sportsFan(app, 'bob', sockets);
    await alice.client.request('/api/sports/scoreboard');

    espn.setScore(LIVE_GAME, 24, 10);
    const before = fetches();
    const first = await refresh(alice);
    expect(gameIn(first, LIVE_GAME)?.awayScore).toBe(24);
    expect(fetches() - before).toBe(4); // one scoreboard per league

    espn.setScore(LIVE_GAME, 31, 10);
    for (const fan of [bob, alice, bob, bob, alice]) {
      const again = await refresh(fan);
      expect(again.sportsData).toEqual(first.sportsData);
    }
    const generated = await bob.client.json('/api/sports/generate', {});
    expect(generated.status).toBe(200);
    expect(fetches() - before).toBe(4);
  });

  it('join the one in flight: one fetch, and a late asker hears how it ends while others hear nothing', async () => {
    const app = await start({ SPORTS_REFRESH_MIN_SECONDS: '0' });
    const alice = await sportsFan(app, 'alice', sockets);
    const bob = await sportsFan(app, 'bob', sockets);
    const carol = await sportsFan(app, 'carol', sockets);
    await alice.client.request('/api/sports/scoreboard');
    const bobProgress = collectProgress(bob.socket);
    const carolProgress = collectProgress(carol.socket);
    const before = fetches();

    espn.hold();
    const aliceAsks = alice.client.json('/api/sports/refresh', {});
    await vi.waitFor(() => expect(fetches() - before).toBe(4));
    const bobAsks = bob.client.json('/api/sports/refresh', {});
    // Past the rate limiter means joined: the handler runs before the test looks again.
    await vi.waitFor(async () =>
      expect(await app.store.get(keys.rateLimit('sports', bob.user.login))).toBe('1'),
    );
    espn.release();
    const answers = await Promise.all([aliceAsks, bobAsks]);
    const [aliceGot, bobGot] = (await Promise.all(answers.map((a) => a.json()))) as ScoreboardResponse[];
    expect(bobGot!.sportsData).toEqual(aliceGot!.sportsData);
    expect(fetches() - before).toBe(4);

    await barrier(alice, carol.socket, 27);
    expect(carolProgress).toEqual([]);
    // Bob joined after the fetch had started: he hears the end, not the start.
    await vi.waitFor(() => expect(bobProgress).toEqual([{ stage: 'saved', message: 'Sports data updated' }]));
  });
});

describe('asked-for refreshes across instances on one Redis', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    // A Redis of its own: the scoreboard and its refresh keys are this test's alone.
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await redis?.stop();
  });

  it('fetch once per interval whichever instance is asked, and reach the asker’s tabs on every instance', async () => {
    const instance = async () => {
      const app = await startFaultApp({
        redisUrl: redis.url,
        env: { ESPN_BASE_URL: espn.url, SPORTS_REFRESH_MIN_SECONDS: '60' },
      });
      apps.push(app);
      return app;
    };
    const first = await instance();
    const second = await instance();
    const alice = await sportsFan(first, 'alice', sockets);
    // Alice's other tab landed on the other instance.
    const aliceThere = await connectSocket(second.baseUrl, { cookie: alice.client.cookieHeader() });
    sockets.push(aliceThere);
    const bob = await sportsFan(second, 'bob', sockets);
    const progressThere = collectProgress(aliceThere);
    await alice.client.request('/api/sports/scoreboard');

    const before = fetches();
    const asked = await refresh(alice);
    await vi.waitFor(() => expect(progressThere.map((p) => p.stage)).toEqual(['fetching', 'saved']));
    const again = await refresh(bob);
    expect(again.sportsData).toEqual(asked.sportsData);
    expect(fetches() - before).toBe(4);
  });
});
