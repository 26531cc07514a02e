/**
 * The Prometheus endpoint: what it counts when fans connect, join, chat and react, the scoreboard's
 * refreshes and Redis, as a scrape reads them; and who may read it: nobody unless configured, a
 * bearer token on the app's port, or a port of its own bound only where the operator said.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '@shared/schemas/chat';
import { createLogger } from '@server/logger';
import { listenMetrics, PrometheusMetrics } from '@server/metrics';
import { createRedisClient } from '@server/storage/redis-clients';
import { startFakeEspn, type FakeEspn } from '../fakes/espn';
import { emit } from '../helpers/emit';
import { signedInSocket, type TestSocket } from '../helpers/sign-in';
import { freePort, startTestApp, type TestApp } from '../helpers/test-app';
import { newGame, unique } from '../helpers/ids';

const TOKEN = 'metrics-token-for-the-tests-0123456789';
const SESSION_SECRET = 'a-test-session-secret-for-metrics';

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

async function start(env: Record<string, string>, storeKind: 'redis' | 'memory' = 'redis') {
  const app = await startTestApp({ storeKind, env: { SESSION_SECRET, ESPN_BASE_URL: espn.url, ...env } });
  apps.push(app);
  return app;
}

async function fan(app: TestApp, name: string) {
  const signedIn = await signedInSocket(app, unique(name));
  sockets.push(signedIn.socket);
  return signedIn;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The samples of a text exposition, by series (`name{labels}` as written). */
function samples(text: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const cut = line.lastIndexOf(' ');
    found.set(line.slice(0, cut), Number(line.slice(cut + 1)));
  }
  return found;
}

/** Scrapes the app's port with the token, as Prometheus would. */
async function scrape(app: TestApp): Promise<Map<string, number>> {
  const response = await fetch(`${app.baseUrl}/metrics`, { headers: bearer(TOKEN) });
  expect(response.status).toBe(200);
  return samples(await response.text());
}

/** Scrapes until `series` satisfies `check` (gauges of sockets that are closing, a PING on its way). */
async function scrapeUntil(app: TestApp, series: string, check: (value: number | undefined) => boolean) {
  const deadline = Date.now() + 5000;
  for (;;) {
    const figures = await scrape(app);
    if (check(figures.get(series))) return figures;
    if (Date.now() > deadline) throw new Error(`${series} is ${figures.get(series)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const ack = (event: string, part: 'count' | 'sum' = 'count') =>
  `techtouchdown_socket_ack_duration_seconds_${part}{event="${event}"}`;

describe('the metrics endpoint', () => {
  it('counts sockets, game rooms, messages, reactions and acknowledgements, per app', async () => {
    const app = await start({ METRICS_TOKEN: TOKEN, CHAT_RATE_LIMIT: '100' });
    // A second app in the same process has a registry of its own: nothing it counts shows here.
    const other = await start({ METRICS_TOKEN: TOKEN }, 'memory');
    const gameId = newGame();

    const before = await scrape(app);
    expect(before.get('techtouchdown_sockets_connected')).toBe(0);
    expect(before.get('techtouchdown_game_rooms')).toBe(0);
    expect(before.get('techtouchdown_chat_messages_total')).toBe(0);
    expect(before.get('techtouchdown_chat_reactions_total')).toBe(0);
    // Every acknowledged event has its series from the start, at zero: a bounded set of labels.
    expect(before.get(ack('chat:send'))).toBe(0);
    expect(before.get(ack('voice:join'))).toBe(0);

    const alice = await fan(app, 'alice');
    const bob = await fan(app, 'bob');
    expect((await scrape(app)).get('techtouchdown_sockets_connected')).toBe(2);
    // The latency's events are exactly those a socket listens to (Socket.IO's own aside).
    const [serverSocket] = app.app.io.of('/').sockets.values();
    const listened = serverSocket!
      .eventNames()
      .filter((name) => !['disconnect', 'disconnecting', 'error'].includes(String(name)));
    const labelled = [...before.keys()].flatMap(
      (series) => /_count\{event="([^"]+)"\}$/.exec(series)?.[1] ?? [],
    );
    expect(labelled.sort()).toEqual(listened.map(String).sort());

    expect((await emit(alice.socket, 'chat:join', { gameId })).ok).toBe(true);
    expect((await emit(bob.socket, 'chat:join', { gameId })).ok).toBe(true);
    let figures = await scrape(app);
    expect(figures.get('techtouchdown_game_rooms')).toBe(1);
    expect(figures.get(ack('chat:join'))).toBe(2);
    expect(figures.get(`techtouchdown_socket_ack_duration_seconds_bucket{event="chat:join",le="+Inf"}`)).toBe(
      2,
    );
    expect(figures.get(ack('chat:join', 'sum'))).toBeGreaterThan(0);

    const sent = await emit(alice.socket, 'chat:send', {
      gameId,
      message: 'Go Chiefs!',
      team: 'home',
      teamName: 'Chiefs',
    });
    expect(sent.ok).toBe(true);
    figures = await scrape(app);
    expect(figures.get('techtouchdown_chat_messages_total')).toBe(1);
    expect(figures.get(ack('chat:send'))).toBe(1);

    const messageId = (sent as { data: ChatMessage }).data.id;
    const reacted = await emit(bob.socket, 'chat:react', { gameId, messageId, emoji: '🔥', reacted: true });
    expect(reacted.ok).toBe(true);
    // A refused event is timed too, and counts no reaction.
    const refused = await emit(bob.socket, 'chat:react', {
      gameId,
      messageId: 'nope',
      emoji: '🔥',
      reacted: true,
    });
    expect(refused.ok).toBe(false);
    figures = await scrape(app);
    expect(figures.get('techtouchdown_chat_reactions_total')).toBe(1);
    expect(figures.get(ack('chat:react'))).toBe(2);

    // A message stored through REST counts as one too.
    const posted = await alice.client.json(`/api/chat/games/${gameId}/messages`, {
      message: 'And over REST',
      team: 'away',
      awayTeam: 'Bills',
      homeTeam: 'Chiefs',
    });
    expect(posted.status).toBe(201);
    expect((await scrape(app)).get('techtouchdown_chat_messages_total')).toBe(2);

    bob.socket.close();
    await scrapeUntil(app, 'techtouchdown_sockets_connected', (value) => value === 1);
    alice.socket.close();
    figures = await scrapeUntil(app, 'techtouchdown_sockets_connected', (value) => value === 0);
    expect(figures.get('techtouchdown_game_rooms')).toBe(0);

    const elsewhere = await scrape(other);
    expect(elsewhere.get('techtouchdown_chat_messages_total')).toBe(0);
    expect(elsewhere.get(ack('chat:join'))).toBe(0);
  });

  it("reports Redis's round trip, and Node's event-loop delay and process figures", async () => {
    const app = await start({ METRICS_TOKEN: TOKEN });
    // The first PING goes out at start; later ones every 5 s.
    const figures = await scrapeUntil(app, 'techtouchdown_redis_ping_duration_seconds_count', (count) =>
      Boolean(count && count >= 1),
    );
    expect(figures.get('techtouchdown_redis_ping_duration_seconds_bucket{le="+Inf"}')).toBeGreaterThanOrEqual(
      1,
    );
    expect(figures.get('techtouchdown_redis_errors_total{source="ping"}')).toBe(0);
    expect(figures.get('nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(figures.get('process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(figures.get('process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('counts the errors of a Redis connection that cannot connect', async () => {
    const metrics = new PrometheusMetrics();
    const closedPort = await freePort();
    const client = createRedisClient(
      { urls: [`redis://127.0.0.1:${closedPort}`], cluster: false },
      createLogger('silent'),
      'commands',
      metrics,
    );
    try {
      const deadline = Date.now() + 5000;
      let errors = 0;
      while (errors < 1 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        errors = samples(await metrics.exposition()).get(
          'techtouchdown_redis_errors_total{source="commands"}',
        )!;
      }
      expect(errors).toBeGreaterThanOrEqual(1);
    } finally {
      client.disconnect();
    }
  });

  it("sets the scoreboard's last refresh, and counts the refreshes that fail", async () => {
    const app = await start({ METRICS_TOKEN: TOKEN }, 'memory');
    let figures = await scrape(app);
    expect(figures.get('techtouchdown_scoreboard_last_refresh_timestamp_seconds')).toBe(0);
    expect(figures.get('techtouchdown_scoreboard_refresh_failures_total')).toBe(0);

    espn.fail({ mode: 'status', status: 503 });
    await expect(app.app.sports.service.refresh()).rejects.toThrow();
    figures = await scrape(app);
    expect(figures.get('techtouchdown_scoreboard_refresh_failures_total')).toBe(1);
    expect(figures.get('techtouchdown_scoreboard_last_refresh_timestamp_seconds')).toBe(0);

    espn.fail(null);
    const startedAt = Date.now() / 1000;
    const dataset = await app.app.sports.service.refresh();
    figures = await scrape(app);
    const lastRefresh = figures.get('techtouchdown_scoreboard_last_refresh_timestamp_seconds')!;
    expect(lastRefresh).toBe(Date.parse(dataset.lastUpdated) / 1000);
    expect(lastRefresh).toBeGreaterThanOrEqual(Math.floor(startedAt));
    expect(figures.get('techtouchdown_scoreboard_refresh_failures_total')).toBe(1);
  });
});

describe('who may read the metrics', () => {
  it('nobody, unless the operator configures them', async () => {
    const app = await start({}, 'memory');
    expect(app.app.metricsServer).toBeNull();
    expect((await fetch(`${app.baseUrl}/metrics`)).status).toBe(404);
    expect((await fetch(`${app.baseUrl}/metrics`, { headers: bearer(TOKEN) })).status).toBe(404);
  });

  it('with METRICS_TOKEN alone: the app port, to a scrape with the bearer token only', async () => {
    const app = await start({ METRICS_TOKEN: TOKEN }, 'memory');
    expect(app.app.metricsServer).toBeNull();

    const anonymous = await fetch(`${app.baseUrl}/metrics`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
    expect(await anonymous.text()).not.toContain('techtouchdown_');
    for (const authorization of [
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(1)}`,
      `Basic ${TOKEN}`,
      TOKEN,
      'Bearer ',
    ]) {
      const refused = await fetch(`${app.baseUrl}/metrics`, { headers: { authorization } });
      expect(refused.status, authorization).toBe(401);
    }

    const allowed = await fetch(`${app.baseUrl}/metrics`, { headers: bearer(TOKEN) });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(allowed.headers.get('cache-control')).toBe('no-store');
    const text = await allowed.text();
    expect(text).toContain('# TYPE techtouchdown_sockets_connected gauge\n');
    expect(text).toContain('# TYPE techtouchdown_chat_messages_total counter\n');
    expect(text).toContain('# TYPE techtouchdown_socket_ack_duration_seconds histogram\n');
    expect(text).toContain('# TYPE nodejs_eventloop_lag_p99_seconds gauge\n');
    // Every sample line is `series value`, and every series has its HELP and TYPE.
    for (const line of text.split('\n').filter((l) => l && !l.startsWith('#'))) {
      expect(line).toMatch(/^[a-z_:][\w:]*(?:\{[^}]*\})? \S+$/);
    }
    const typed = new Set([...text.matchAll(/^# TYPE (\S+) /gm)].map((match) => match[1]!));
    for (const series of samples(text).keys()) {
      const name = series.replace(/\{.*$/, '');
      const family = [name, name.replace(/_(?:bucket|sum|count)$/, '')].find((candidate) =>
        typed.has(candidate),
      );
      expect(family, series).toBeDefined();
    }
  });

  it('with METRICS_PORT: a port of its own on METRICS_HOST only, and none on the app port', async () => {
    const port = await freePort();
    const app = await start({ METRICS_PORT: String(port), METRICS_TOKEN: TOKEN }, 'memory');
    expect(app.config.METRICS_HOST).toBe('127.0.0.1');
    // The app's port serves no metrics, token or not.
    expect((await fetch(`${app.baseUrl}/metrics`, { headers: bearer(TOKEN) })).status).toBe(404);

    // The composition root listens on it (server/src/index.ts); the app only builds the server.
    expect(app.app.metricsServer!.listening).toBe(false);
    const address = await listenMetrics(app.app.metricsServer!, app.config);
    expect(address).toMatchObject({ address: '127.0.0.1', port });

    const own = `http://127.0.0.1:${port}`;
    expect((await fetch(`${own}/metrics`)).status).toBe(401);
    expect(
      (await fetch(`${own}/metrics`, { headers: bearer('a-wrong-token-of-enough-length') })).status,
    ).toBe(401);
    const allowed = await fetch(`${own}/metrics?ignored=1`, { headers: bearer(TOKEN) });
    expect(allowed.status).toBe(200);
    expect(await allowed.text()).toContain('techtouchdown_sockets_connected 0');
    expect((await fetch(`${own}/`, { headers: bearer(TOKEN) })).status).toBe(404);
    expect((await fetch(`${own}/api/auth/me`, { headers: bearer(TOKEN) })).status).toBe(404);
    expect((await fetch(`${own}/metrics`, { method: 'POST', headers: bearer(TOKEN) })).status).toBe(405);

    // Bound to 127.0.0.1 alone: another loopback address of this machine finds nothing there.
    await expect(fetch(`http://127.0.0.2:${port}/metrics`, { headers: bearer(TOKEN) })).rejects.toThrow();

    // Closing the app closes it.
    await app.close();
    apps = apps.filter((candidate) => candidate !== app);
    await expect(fetch(`${own}/metrics`, { headers: bearer(TOKEN) })).rejects.toThrow();
  });

  it('with METRICS_PORT and no token: that port answers any scrape that reaches it', async () => {
    const port = await freePort();
    const app = await start({ METRICS_PORT: String(port) }, 'memory');
    await listenMetrics(app.app.metricsServer!, app.config);
    const response = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect((await fetch(`${app.baseUrl}/metrics`)).status).toBe(404);
  });
});
