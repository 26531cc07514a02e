/**
 * The app as the composition root (server/src/index.ts) builds it on Redis: the same two production
 * connections (createRedisClient: 'commands' fails fast while Redis is down, 'socket-adapter' queues),
 * so fault tests see exactly what a deployment sees when Redis or an instance goes away. The test
 * helper's startTestApp uses plain ioredis clients instead, which queue commands during an outage.
 */
import type { AddressInfo } from 'node:net';
import { createApp, type App, type AppDeps } from '@server/app';
import { loadConfig, type Config } from '@server/config';
import { createLogger } from '@server/logger';
import { createRedisClient, waitForRedis } from '@server/storage/redis-clients';
import { RedisStore } from '@server/storage/redis-store';
import { freePort } from '../helpers/test-app';
import { waitForAdapterSubscription } from '../helpers/adapter-subscription';

export interface FaultAppOptions {
  /** One Redis, or a cluster's seed nodes comma-separated with env REDIS_CLUSTER=1. */
  redisUrl: string;
  /** Listen on this port (default a free one). */
  port?: number;
  /** PUBLIC_URL; default http://localhost:PORT. Instances behind one front share the front's. */
  publicUrl?: string;
  env?: Record<string, string>;
  deps?: Partial<Pick<AppDeps, 'sportsPolling' | 'readPage' | 'llm' | 'leagues'>>;
}

export interface FaultApp {
  app: App;
  config: Config;
  store: RedisStore;
  /** PUBLIC_URL: the instance itself, or the front it sits behind. */
  baseUrl: string;
  /** http://localhost:PORT, this instance directly (not the front). */
  directUrl: string;
  port: number;
  close(): Promise<void>;
}

/** Same session secret everywhere: one deployment behind one Redis. */
export const FAULT_SESSION_SECRET = 'fault-tests-session-secret-shared';

export async function startFaultApp(options: FaultAppOptions): Promise<FaultApp> {
  const port = options.port ?? (await freePort());
  const config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: options.publicUrl ?? `http://localhost:${port}`,
    SESSION_SECRET: FAULT_SESSION_SECRET,
    REDIS_URL: options.redisUrl,
    LOG_LEVEL: 'silent',
    // Nothing in these tests may reach the internet: an unused port on loopback answers nothing.
    ESPN_BASE_URL: 'http://127.0.0.1:9',
    NEWS_FEEDS: 'http://127.0.0.1:9/feed.xml',
    // Every test signs in from 127.0.0.1, counted in one key of the shared Redis: the per-address
    // sign-in limit is tested on its own (tests/integration/sessions.test.ts).
    SIGNIN_RATE_LIMIT: '1000000',
    // SOCKET_ADAPTER=sharded runs the fault tests and the soak on the sharded adapter.
    ...(process.env.SOCKET_ADAPTER ? { SOCKET_ADAPTER: process.env.SOCKET_ADAPTER } : {}),
    ...options.env,
  });
  const logger = createLogger(config.LOG_LEVEL);
  const commands = createRedisClient(config.redis!, logger, 'commands');
  const adapter = createRedisClient(config.redis!, logger, 'socket-adapter');
  await Promise.all([waitForRedis(commands), waitForRedis(adapter)]);
  const store = new RedisStore(commands);
  const app = createApp({ config, logger, store, adapterRedis: adapter, clientDir: null, ...options.deps });
  await new Promise<void>((resolve) => app.httpServer.listen(port, '127.0.0.1', resolve));
  const actual = (app.httpServer.address() as AddressInfo).port;
  await waitForAdapterSubscription(app, commands);
  return {
    app,
    config,
    store,
    port: actual,
    baseUrl: config.PUBLIC_URL,
    directUrl: `http://localhost:${actual}`,
    async close() {
      await app.close();
      for (const client of [commands, adapter]) await client.quit().catch(() => client.disconnect());
    },
  };
}
