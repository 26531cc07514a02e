import { Cluster, Redis, type RedisOptions } from 'ioredis';
import type { Logger } from 'pino';
import type { RedisTarget } from '../config';
import { noMetrics, type Metrics } from '../metrics/metrics';

/** A connection to one Redis, or to a Redis Cluster (every command goes to the shard of its key). */
export type RedisClient = Redis | Cluster;

const retryDelay = (attempt: number) => Math.min(attempt * 200, 2000);

/**
 * Every Redis connection the app makes is created here.
 * - 'commands': fails fast while Redis is down (no offline queue), so a chat send during an outage
 *   gets a clear error instead of hanging.
 * - 'socket-adapter': queues while disconnected. The Streams adapter duplicates this connection for
 *   its XREAD loop, which retries at once on an error: without a queue that loop would spin.
 * Each error a connection reports is logged and counted in `metrics` (techtouchdown_redis_errors_total).
 */
export function createRedisClient(
  target: RedisTarget,
  logger: Logger,
  name: 'commands' | 'socket-adapter',
  metrics: Pick<Metrics, 'redisError'> = noMetrics,
): RedisClient {
  const failFast = name === 'commands';
  const options: RedisOptions = {
    connectionName: `tech-touchdown:${name}`,
    enableOfflineQueue: !failFast,
    maxRetriesPerRequest: failFast ? 1 : null,
    retryStrategy: retryDelay,
  };
  const client: RedisClient = target.cluster
    ? new Cluster(target.urls, {
        // Credentials and TLS of the first seed hold for every node the cluster tells us about.
        redisOptions: { ...options, ...credentialsOf(target.urls[0]!) },
        enableOfflineQueue: options.enableOfflineQueue,
        clusterRetryStrategy: retryDelay,
        // Sharded pub/sub (SSUBSCRIBE) needs a subscriber on each shard, not one for the cluster.
        shardedSubscribers: true,
      })
    : new Redis(target.urls[0]!, options);
  let wasReady = false;
  client.on('ready', () => {
    if (wasReady) logger.info({ redis: name }, 'redis reconnected');
    wasReady = true;
  });
  client.on('error', (error: Error) => {
    metrics.redisError(name);
    logger.warn({ redis: name, err: error.message }, 'redis error');
  });
  return client;
}

/** The user, password and TLS a redis(s):// URL carries. */
function credentialsOf(url: string): RedisOptions {
  const parsed = new URL(url);
  return {
    ...(parsed.username ? { username: decodeURIComponent(parsed.username) } : {}),
    ...(parsed.password ? { password: decodeURIComponent(parsed.password) } : {}),
    ...(parsed.protocol === 'rediss:' ? { tls: {} } : {}),
  };
}

/** Resolves once the client is ready, or rejects after timeoutMs. */
export async function waitForRedis(client: RedisClient, timeoutMs = 10_000): Promise<void> {
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

/** The oldest Redis the app runs on: chat publishes each message with sharded pub/sub (SPUBLISH, 7.0). */
export const REDIS_MAJOR_NEEDED = 7;

/**
 * Null when the Redis (every master, on a cluster) is recent enough, else what to tell whoever
 * starts the app: an older one would refuse every chat message.
 */
export async function redisTooOld(client: RedisClient): Promise<string | null> {
  const nodes = client instanceof Cluster ? client.nodes('master') : [client];
  for (const node of nodes) {
    const version = /redis_version:(\S+)/.exec(await node.info('server'))?.[1] ?? 'unknown';
    if (Number(version.split('.')[0]) >= REDIS_MAJOR_NEEDED) continue;
    return `Redis ${REDIS_MAJOR_NEEDED} or later is needed (${node.options.host}:${node.options.port} runs ${version}).`;
  }
  return null;
}
