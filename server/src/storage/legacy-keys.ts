import { Cluster } from 'ioredis';
import type { Logger } from 'pino';
import { keys, legacyGameKeys } from './keys';
import type { RedisClient } from './redis-clients';

/**
 * Moves per-game keys written by a version before hash tags (`tt:chat:<gameId>:messages`) to their
 * current names (`tt:chat:{<gameId>}:messages`), so a game's chat history survives the upgrade.
 * Standalone Redis only: a cluster was never written by an older version. RENAMENX keeps the key's
 * expiry and never overwrites: when an upgraded instance already wrote the new key, the old one is
 * left to expire (chat history expires 7 days after its last message). Instances starting at once
 * may race; a key another one moved is simply gone. Returns how many keys were moved.
 */
export async function moveLegacyGameKeys(redis: RedisClient, logger: Logger): Promise<number> {
  if (redis instanceof Cluster) return 0;
  // Once a scan went through, later starts skip it (a keyspace of sessions takes a while to scan).
  const done = keys.migrationDone('game-hash-tags');
  if (await redis.exists(done)) return 0;
  let moved = 0;
  for (const legacy of legacyGameKeys) {
    let cursor = '0';
    do {
      const [next, found] = await redis.scan(cursor, 'MATCH', legacy.pattern, 'COUNT', 500);
      cursor = next;
      for (const key of found) {
        const gameId = legacy.gameIdOf(key);
        if (gameId === null) continue;
        const renamed = await redis.renamenx(key, legacy.current(gameId)).catch(() => 0);
        if (renamed === 1) moved++;
      }
    } while (cursor !== '0');
  }
  await redis.set(done, new Date().toISOString());
  if (moved > 0) logger.info({ moved }, 'moved per-game keys to their hash-tagged names');
  return moved;
}
