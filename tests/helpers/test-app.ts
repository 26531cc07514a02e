import { Redis } from 'ioredis';
import { createApp, type App, type AppDeps } from '@server/app';
import { loadConfig, type Config } from '@server/config';
import { createLogger } from '@server/logger';
import { MemoryStore } from '@server/storage/memory-store';
import { RedisStore } from '@server/storage/redis-store';
import type { Store } from '@server/storage/store';
import { freePort } from './redis-server';
import { waitForAdapterSubscription } from './adapter-subscription';

// A free loopback port (the app needs its PUBLIC_URL before it listens).
export { freePort };

export interface TestApp {
  app: App;
  config: Config;
  store: Store;
  baseUrl: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** 'redis' (default) uses the test run's redis-server; 'memory' the in-process store. */
  storeKind?: 'redis' | 'memory';
  deps?: Partial<Pick<AppDeps, 'github' | 'clientDir' | 'sportsPolling' | 'readPage' | 'llm' | 'leagues'>>;
}

/** The real app on a real HTTP server on loopback, as tests use it. */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const redisUrl = process.env.TEST_REDIS_URL;
  const storeKind = options.storeKind ?? 'redis';
  if (storeKind === 'redis' && !redisUrl) throw new Error('TEST_REDIS_URL is not set');
  const config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: 'silent',
    // Every test signs in from 127.0.0.1, and Redis-backed apps share one counter: the per-address
    // sign-in limit is out of the way unless a test sets it (tests/integration/sessions.test.ts).
    SIGNIN_RATE_LIMIT: '1000000',
    ...(storeKind === 'redis' ? { REDIS_URL: redisUrl } : {}),
    ...options.env,
  });
  const logger = createLogger(config.LOG_LEVEL);
  const connections: Redis[] = [];
  let store: Store;
  if (storeKind === 'redis') {
    const commands = new Redis(redisUrl!);
    const adapter = new Redis(redisUrl!);
    connections.push(commands, adapter);
    // Tests stop Redis on purpose; a connection error is expected there, not an unhandled event.
    for (const connection of connections) connection.on('error', () => {});
    store = new RedisStore(commands);
  } else {
    store = new MemoryStore();
  }
  const app = createApp({
    config,
    logger,
    store,
    adapterRedis: connections[1],
    clientDir: null,
    ...options.deps,
  });
  await new Promise<void>((resolve) => app.httpServer.listen(port, '127.0.0.1', resolve));
  if (connections[0]) await waitForAdapterSubscription(app, connections[0]);
  return {
    app,
    config,
    store,
    baseUrl,
    async close() {
      await app.close();
      await Promise.all(connections.map((client) => client.quit().catch(() => client.disconnect())));
    },
  };
}

/** A minimal cookie jar around fetch, as a browser keeps the session cookie. */
export function cookieClient(baseUrl: string) {
  const jar = new Map<string, string>();
  async function request(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (jar.size > 0) headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
    if (init.body && !headers.has('content-type')) headers.set('content-type', 'application/json');
    const response = await fetch(new URL(path, baseUrl), { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const [name, ...rest] = pair!.split('=');
      const expired = attributes.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a));
      if (expired) jar.delete(name!.trim());
      else jar.set(name!.trim(), rest.join('='));
    }
    return response;
  }
  return {
    request,
    json: (path: string, body: unknown, init: RequestInit = {}) =>
      request(path, { method: 'POST', body: JSON.stringify(body), ...init }),
    cookieHeader: () => [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
    jar,
  };
}
