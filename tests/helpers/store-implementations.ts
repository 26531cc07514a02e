import { Redis } from 'ioredis';
import { afterAll, beforeAll } from 'vitest';
import { MemoryStore } from '@server/storage/memory-store';
import { RedisStore } from '@server/storage/redis-store';
import type { Store } from '@server/storage/store';
import { startRedisCluster, type RedisCluster } from './redis-cluster';

/** A store under test: its name, how to make one, and the same data as another instance reaches it. */
export type StoreImplementation = [name: string, make: () => Store, elsewhere: (store: Store) => Store];

/**
 * The stores a storage contract runs against: in memory, on the test Redis and on a Redis Cluster.
 * Registers the hooks that start the cluster and close every connection, so call it at the top of a
 * test file. The "elsewhere" store reaches the same data through a connection of its own; in memory
 * there is no other instance, so it is the one store itself.
 */
export function storeImplementations(names: {
  memory: string;
  redis: string;
  cluster: string;
}): StoreImplementation[] {
  const redisUrl = process.env.TEST_REDIS_URL;
  if (!redisUrl)
    throw new Error('TEST_REDIS_URL is not set: run through vitest (tests/helpers/redis-global-setup.ts)');
  const redis = new Redis(redisUrl, { lazyConnect: false });
  const otherRedis = redis.duplicate();
  let cluster: RedisCluster;
  let otherCluster: RedisCluster['client'];
  beforeAll(async () => {
    cluster = await startRedisCluster();
    otherCluster = cluster.client.duplicate();
  }, 30_000);
  afterAll(async () => {
    await Promise.all([redis.quit(), otherRedis.quit(), otherCluster?.quit()]);
    await cluster?.stop();
  });
  return [
    [names.memory, () => new MemoryStore(), (store) => store],
    [names.redis, () => new RedisStore(redis), () => new RedisStore(otherRedis)],
    [names.cluster, () => new RedisStore(cluster.client), () => new RedisStore(otherCluster)],
  ];
}
