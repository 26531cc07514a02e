/**
 * Upgrading a standalone Redis written before per-game keys carried the game's hash tag: start-up
 * moves a game's chat history and voice presence to the new names, keeping their expiry, and never
 * overwrites a key an upgraded instance already wrote.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, expect, it } from 'vitest';
import { createLogger } from '@server/logger';
import { keys } from '@server/storage/keys';
import { moveLegacyGameKeys } from '@server/storage/legacy-keys';

const redis = new Redis(process.env.TEST_REDIS_URL!);
afterAll(async () => {
  await redis.quit();
});

it("moves a game's chat history and voice presence to their hash-tagged names", async () => {
  const gameId = `legacy-${randomUUID().slice(0, 8)}`;
  const kept = `legacy-${randomUUID().slice(0, 8)}`;
  await redis.del(keys.migrationDone('game-hash-tags'));
  await redis.xadd(`tt:chat:${gameId}:messages`, '*', 'v', '{"message":"before the upgrade"}');
  await redis.pexpire(`tt:chat:${gameId}:messages`, 60_000);
  await redis.hset(`tt:voice:${gameId}:participants`, 'socket-1', '{}');
  // An upgraded instance already wrote the new history of this game: it stays as it is.
  await redis.xadd(`tt:chat:${kept}:messages`, '*', 'v', 'old');
  await redis.xadd(keys.chatHistory(kept), '*', 'v', 'new');

  expect(await moveLegacyGameKeys(redis, createLogger('silent'))).toBeGreaterThanOrEqual(2);

  const history = await redis.xrange(keys.chatHistory(gameId), '-', '+');
  expect(history.map(([, fields]) => fields[1])).toEqual(['{"message":"before the upgrade"}']);
  expect(await redis.pttl(keys.chatHistory(gameId))).toBeGreaterThan(0);
  expect(await redis.exists(`tt:chat:${gameId}:messages`)).toBe(0);
  expect(await redis.hgetall(keys.voicePresence(gameId))).toEqual({ 'socket-1': '{}' });
  expect((await redis.xrange(keys.chatHistory(kept), '-', '+')).map(([, fields]) => fields[1])).toEqual([
    'new',
  ]);
  expect(await redis.exists(`tt:chat:${gameId}:messages`, `tt:voice:${gameId}:participants`)).toBe(0);
  // Later starts do not scan again.
  await redis.xadd(`tt:chat:${gameId}-late:messages`, '*', 'v', 'late');
  expect(await moveLegacyGameKeys(redis, createLogger('silent'))).toBe(0);
  expect(await redis.exists(`tt:chat:${gameId}-late:messages`)).toBe(1);
});
