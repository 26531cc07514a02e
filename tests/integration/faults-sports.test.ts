/**
 * The sports source down for a while, with the poller running as in production: the last scoreboard
 * stays (read and pushed), a user's refresh gets the clear error, and when the source comes back the
 * poller picks it up and pushes the new scores with no one asking.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ScoreboardResponse } from '@shared/schemas/sports';
import { startFakeEspn, type FakeEspn } from '../fakes/espn';
import type { TestSocket } from '../helpers/sign-in';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { collectProgress, gameIn, nextUpdate, sportsFan } from './sports-helpers';

let espn: FakeEspn;
let app: TestApp;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  espn = await startFakeEspn();
  // The in-memory store keeps this app's scoreboard to itself; the poller runs every second.
  app = await startTestApp({
    storeKind: 'memory',
    env: { ESPN_BASE_URL: espn.url, SPORTS_POLL_SECONDS: '1' },
    deps: { sportsPolling: true },
  });
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await app?.close();
  await espn?.close();
});

const requests = () => Object.values(espn.stats().scoreboardRequests).reduce((a, b) => a + b, 0);
const LIVE_GAME = '401671002'; // Bills at Dolphins, live in the fake's day

describe('the sports source down for a while', () => {
  it('keeps the last scoreboard, shows the error to whoever asks, and recovers on its own', async () => {
    const fan = await sportsFan(app, 'patient', sockets);
    const first = (await (await fan.client.request('/api/sports/scoreboard')).json()) as ScoreboardResponse;
    expect(gameIn(first, LIVE_GAME)).toMatchObject({ awayScore: 17, homeScore: 10 });

    for (const mode of ['status', 'garbage'] as const) {
      espn.fail({ mode, status: 503 });
      // The poller keeps trying through the outage (several rounds), and fails each time.
      const before = requests();
      await vi.waitFor(() => expect(requests()).toBeGreaterThanOrEqual(before + 8), { timeout: 10_000 });

      // The last scoreboard is still what everyone reads.
      const kept = (await (await fan.client.request('/api/sports/scoreboard')).json()) as ScoreboardResponse;
      expect(kept.sportsData.leagues).toEqual(first.sportsData.leagues);

      // Whoever asks for a refresh is told why it failed, and every tab hears it failed.
      const progress = collectProgress(fan.socket);
      const refused = await fan.client.json('/api/sports/generate', {});
      expect(refused.status).toBe(502);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
        `Failed to fetch sports data from ${new URL(espn.url).host}`,
      );
      await vi.waitFor(() => expect(progress.at(-1)?.stage).toBe('failed'));
    }

    // The source comes back with a new score: the poller pushes it to every tab, unasked.
    const pushed = nextUpdate(fan.socket, (payload) => gameIn(payload, LIVE_GAME)?.awayScore === 24);
    espn.fail(null);
    espn.setScore(LIVE_GAME, 24, 10);
    expect(gameIn(await pushed, LIVE_GAME)).toMatchObject({ awayScore: 24, homeScore: 10 });
    const now = (await (await fan.client.request('/api/sports/scoreboard')).json()) as ScoreboardResponse;
    expect(gameIn(now, LIVE_GAME)).toMatchObject({ awayScore: 24 });
  }, 30_000);
});
