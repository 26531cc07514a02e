import { Redis } from 'ioredis';
import type { Logger } from 'pino';

/**
 * Every Redis connection the app makes is created here.
 * - 'commands': fails fast while Redis is down (no offline queue), so a chat send during an outage
 *   gets a clear error instead of hanging.
 * - 'socket-adapter': queues while disconnected. The Streams adapter duplicates this connection for
 *   its XREAD loop, which retries at once on an error: without a queue that loop would spin.
 */
export function createRedisClient(url: string, logger: Logger, name: 'commands' | 'socket-adapter'): Redis {
  const failFast = name === 'commands';
  const client = new Redis(url, {
    connectionName: `tech-touchdown:${name}`,
    enableOfflineQueue: !failFast,
    maxRetriesPerRequest: failFast ? 1 : null,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  let wasReady = false;
  client.on('ready', () => {
    if (wasReady) logger.info({ redis: name }, 'redis reconnected');
    wasReady = true;
  });
  client.on('error', (error) => logger.warn({ redis: name, err: error.message }, 'redis error'));
  return client;
}

/** Resolves once the client is ready, or rejects after timeoutMs. */
export async function waitForRedis(client: Redis, timeoutMs = 10_000): Promise<void> {
  if (client.status === 'ready') return;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`Redis not ready after ${timeoutMs} ms`));
    }, timeoutMs);
    const onReady = () => {
      cleanup();
      resolve();
    };
    const cleanup = () => {
      clearTimeout(timer);
      client.off('ready', onReady);
    };
    client.on('ready', onReady);
  });
}
