import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SportsGenerateResponse } from '@shared/schemas/sports';
import { keys } from '@server/storage/keys';
import { startFakeEspn, type FakeEspn } from '../fakes/espn';
import type { TestSocket } from '../helpers/sign-in';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { gameIn, nextUpdate, sportsFan } from './sports-helpers';

/**
 * Several instances behind one Redis: one polls, every client on every instance gets the
 * pushes, concurrent refreshes on different instances share one fetch. This is the only sports test
 * file on the run's shared Redis, and its tests run one after another, so the scoreboard keys are its own.
 */

let espn: FakeEspn;
let redis: Redis;
let apps: TestApp[] = [];
let sockets: TestSocket[] = [];
const SESSION_SECRET = 'a-test-session-secret-shared-by-instances';

beforeAll(async () => {
  espn = await startFakeEspn();
  redis = new Redis(process.env.TEST_REDIS_URL!);
});
afterAll(async () => {
  await espn.close();
  await redis.quit();
});
beforeEach(async () => {
  await redis.del(keys.sportsScoreboard(), keys.lock('sports-poller'), keys.lock('sports-refresh'));
});
afterEach(async () => {
  for (const socket of sockets) socket.close();
  await Promise.all(apps.map((app) => app.close()));
  apps = [];
  sockets = [];
  espn.reset();
});

async function instance(polling: boolean) {
  const app = await startTestApp({
    env: { SESSION_SECRET, ESPN_BASE_URL: espn.url, SPORTS_POLL_SECONDS: '1' },
    deps: { sportsPolling: polling },
  });
  apps.push(app);
  return app;
}

describe('sports across instances on one Redis', () => {
  it(
    'polls from one instance only, pushes to clients of every instance, and hands over when it stops',
    { timeout: 30_000 },
    async () => {
      const first = await instance(true);
      const second = await instance(true);
      const alice = await sportsFan(first, 'alice', sockets);
      const bob = await sportsFan(second, 'bob', sockets);
      const pollers = () => [first.app.sports.poller, second.app.sports.poller];

      await vi.waitFor(
        () => expect(pollers().reduce((sum, poller) => sum + poller.polls(), 0)).toBeGreaterThanOrEqual(3),
        {
          timeout: 10_000,
        },
      );
      const leaders = pollers().filter((poller) => poller.isLeader());
      expect(leaders).toHaveLength(1);
      const [leaderApp, followerApp] = first.app.sports.poller.isLeader() ? [first, second] : [second, first];
      expect(followerApp.app.sports.poller.polls()).toBe(0);

      const changed = (home: number) => (payload: Parameters<typeof gameIn>[0]) =>
        gameIn(payload, '401671002')?.homeScore === home;
      const aliceSees = nextUpdate(alice.socket, changed(13));
      const bobSees = nextUpdate(bob.socket, changed(13));
      espn.setScore('401671002', 17, 13);
      await Promise.all([aliceSees, bobSees]);

      // The leader stops: the other instance takes over and keeps the clients moving.
      const survivor = followerApp === first ? alice : bob;
      await leaderApp.close();
      apps = apps.filter((app) => app !== leaderApp);
      await vi.waitFor(() => expect(followerApp.app.sports.poller.isLeader()).toBe(true), {
        timeout: 10_000,
      });
      const survivorSees = nextUpdate(survivor.socket, changed(20));
      espn.setScore('401671002', 17, 20);
      await survivorSees;
      expect(followerApp.app.sports.poller.polls()).toBeGreaterThan(0);
    },
  );

  it('shares one fetch between Refresh All clicks on different instances', async () => {
    const first = await instance(false);
    const second = await instance(false);
    const alice = await sportsFan(first, 'alice', sockets);
    const bob = await sportsFan(second, 'bob', sockets);
    const before = espn.stats().scoreboardRequests;

    espn.hold();
    const clicks = [
      alice.client.json('/api/sports/generate', {}),
      bob.client.json('/api/sports/generate', {}),
    ];
    // Both clicks are past the rate limiter (so inside the refresh) before ESPN answers.
    await vi.waitFor(async () => {
      const counts = await Promise.all(
        [alice, bob].map((fan) => redis.get(keys.rateLimit('sports', fan.user.login))),
      );
      expect(counts).toEqual(['1', '1']);
    });
    await vi.waitFor(() => expect(espn.stats().scoreboardRequests.nfl - before.nfl).toBe(1));
    espn.release();
    const bodies = (await Promise.all(
      (await Promise.all(clicks)).map((answer) => answer.json()),
    )) as SportsGenerateResponse[];
    expect(bodies[0]!.sportsData).toEqual(bodies[1]!.sportsData);
    const after = espn.stats().scoreboardRequests;
    for (const league of ['nfl', 'nba', 'mlb', 'nhl'] as const)
      expect(after[league] - before[league]).toBe(1);
  });
});
