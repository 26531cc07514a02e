import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { redisTooOld, type RedisClient } from './redis-clients';

const redis = new Redis(process.env.TEST_REDIS_URL!);
afterAll(() => redis.quit());

/** A Redis that reports `version` (no Redis 6 can be installed here to start for real). */
const reporting = (version: string) =>
  ({
    info: async () => `# Server\r\nredis_version:${version}\r\nredis_mode:standalone\r\n`,
    options: { host: 'redis.internal', port: 6379 },
  }) as unknown as RedisClient;

describe('the Redis the app starts on', () => {
  it('is accepted from Redis 7 on, as the one the tests run', async () => {
    expect(await redisTooOld(redis)).toBeNull();
    expect(await redisTooOld(reporting('7.0.0'))).toBeNull();
    expect(await redisTooOld(reporting('8.2.1'))).toBeNull();
  });

  it('is refused before 7, saying which one and what is needed', async () => {
    expect(await redisTooOld(reporting('6.2.14'))).toBe(
      'Redis 7 or later is needed (redis.internal:6379 runs 6.2.14).',
    );
  });
});
