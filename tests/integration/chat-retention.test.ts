/**
 * A game's chat history, for any game id a user makes up, does not stay in Redis forever: it expires
 * CHAT_HISTORY_TTL_MS after its last message, each message starting the count again.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { CHAT_HISTORY_TTL_MS, keys } from '@server/storage/keys';
import { signIn } from '../helpers/sign-in';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { unique } from '../helpers/ids';

const redis = new Redis(process.env.TEST_REDIS_URL!);
let app: TestApp | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});
afterAll(async () => {
  await redis.quit();
});

const MINUTE = 60_000;

describe('chat history retention', () => {
  it('expires a made-up game’s history 7 days after its last message, renewed by each message', async () => {
    expect(CHAT_HISTORY_TTL_MS).toBe(7 * 24 * 60 * MINUTE);
    app = await startTestApp();
    const { client } = await signIn(app, unique('keeper'));
    const gameId = `made-up-${randomUUID()}`;
    const post = (message: string) =>
      client.json(`/api/chat/games/${gameId}/messages`, {
        message,
        team: 'home',
        awayTeam: 'Buffalo Bills',
        homeTeam: 'Miami Dolphins',
      });

    expect((await post('anyone here?')).status).toBe(201);
    const key = keys.chatHistory(gameId);
    const first = await redis.pttl(key);
    expect(first).toBeGreaterThan(CHAT_HISTORY_TTL_MS - MINUTE);
    expect(first).toBeLessThanOrEqual(CHAT_HISTORY_TTL_MS);

    // As if the room had been quiet for almost a week: the next message starts the week again.
    await redis.pexpire(key, MINUTE);
    expect((await post('still here')).status).toBe(201);
    expect(await redis.pttl(key)).toBeGreaterThan(CHAT_HISTORY_TTL_MS - MINUTE);
    expect(await redis.xlen(key)).toBe(2);
  });
});
