/**
 * What the app has stored, to prove hostile requests changed nothing: every key under the app's
 * prefix with its serialized value (DUMP), except rate-limit counters and sessions, which a refused
 * request is allowed to touch, and send markers (all expire on their own while a test runs).
 */
import type { Redis } from 'ioredis';
import { KEY_PREFIX } from '@server/storage/keys';

const VOLATILE = [`${KEY_PREFIX}rate:`, `${KEY_PREFIX}session:`];
/** A game's own rate counters (chat sends, reactions): `tt:<area>:{gameId}:rate:…`. */
const GAME_RATE_COUNTER = new RegExp(`^${KEY_PREFIX}[^:]+:\\{[^}]*\\}:rate:`);

/**
 * A send's marker against storing it twice (`tt:chat:{gameId}:sent:…`): it lapses ten seconds after
 * the send, so a fuzz run longer than that (FUZZ_RUNS) would see the seed's go.
 */
const SEND_ONCE_MARKER = new RegExp(`^${KEY_PREFIX}chat:\\{[^}]*\\}:sent:`);

const isVolatile = (key: string) =>
  VOLATILE.some((prefix) => key.startsWith(prefix)) ||
  GAME_RATE_COUNTER.test(key) ||
  SEND_ONCE_MARKER.test(key);

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
