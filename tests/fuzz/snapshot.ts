/**
 * What the app has stored, to prove hostile requests changed nothing: every key under the app's
 * prefix with its serialized value (DUMP), except rate-limit counters and sessions, which a refused
 * request is allowed to touch (and which expire on their own while a test runs).
 */
import type { Redis } from 'ioredis';
import { KEY_PREFIX } from '@server/storage/keys';

const VOLATILE = [`${KEY_PREFIX}rate:`, `${KEY_PREFIX}session:`];
/** A game's own rate counters (chat sends, reactions): `tt:<area>:{gameId}:rate:…`. */
const GAME_RATE_COUNTER = new RegExp(`^${KEY_PREFIX}[^:]+:\\{[^}]*\\}:rate:`);

const isVolatile = (key: string) =>
  VOLATILE.some((prefix) => key.startsWith(prefix)) || GAME_RATE_COUNTER.test(key);

export async function storedData(redis: Redis): Promise<Map<string, string>> {
  const data = new Map<string, string>();
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${KEY_PREFIX}*`, 'COUNT', 500);
    cursor = next;
    for (const key of keys) {
      if (isVolatile(key)) continue;
      const dump = await redis.dumpBuffer(key);
      if (dump) data.set(key, dump.toString('base64'));
    }
  } while (cursor !== '0');
  return data;
}
