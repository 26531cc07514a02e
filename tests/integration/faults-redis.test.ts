/**
 * Redis stopped and restarted mid-chat, with the repo's redis.conf (append-only) and the production
 * Redis connections: the server stays up, a send during the outage gets a clear error (never a silent
 * loss), every acknowledged message is in the history after the restart, and chat carries on.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '@shared/schemas/chat';
import { ERROR_MESSAGES } from '@shared/errors';
import type { TestSocket } from '../helpers/sign-in';
import { startRedisServer, type RedisServer } from '../helpers/redis-server';
import { startFaultApp, type FaultApp } from '../faults/app';
import { emit, fullHistory, nextMessage, send, signInAt, socketAt } from '../faults/chat';
import { newGame, unique } from '../helpers/ids';

const REDIS_CONF = fileURLToPath(new URL('../../redis.conf', import.meta.url));

let redis: RedisServer;
let server: FaultApp;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  redis = await startRedisServer({ configFile: REDIS_CONF });
  server = await startFaultApp({ redisUrl: redis.url, env: { CHAT_RATE_LIMIT: '10000' } });
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server?.close();
  await redis?.stop();
});

async function fan(name: string) {
  const client = await signInAt(server.baseUrl, unique(name));
  const socket = await socketAt(server.baseUrl, client.cookieHeader());
  sockets.push(socket);
  return { client, socket };
}

const ready = async () => (await fetch(`${server.baseUrl}/readyz`)).status;

describe('Redis stopped and restarted mid-chat', () => {
  it('keeps serving, refuses sends during the outage with a clear error, and keeps the history', async () => {
    const gameId = newGame();
    const otherGame = newGame();
    const alice = await fan('alice');
    const bob = await fan('bob');
    await emit(alice.socket, 'chat:join', { gameId });
    await emit(bob.socket, 'chat:join', { gameId });
    const seenByBob: string[] = [];
    bob.socket.on('chat:message-created', (message) => seenByBob.push(message.message));

    const before = await send(alice.socket, gameId, 'before the outage');
    expect(before.ok).toBe(true);

    await redis.restart(async () => {
      // Redis is down. The process and its sockets are not.
      expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
      expect(await ready()).toBe(503);
      expect(alice.socket.connected).toBe(true);

      const during = await send(alice.socket, gameId, 'during the outage');
      expect(during).toEqual({
        ok: false,
        error: { code: 'store_unavailable', message: ERROR_MESSAGES.store_unavailable },
      });
      const history = await emit(bob.socket, 'chat:history', { gameId });
      expect(history).toMatchObject({ ok: false, error: { code: 'store_unavailable' } });
      // Opening another game's chat says so at once too (its live messages follow once Redis is back).
      const opened = await emit(bob.socket, 'chat:join', { gameId: otherGame });
      expect(opened).toMatchObject({ ok: false, error: { code: 'store_unavailable' } });

      // REST chat during the outage: a 503 with the same clear error, not a 500.
      const posted = await alice.client.json(`/api/chat/games/${gameId}/messages`, {
        message: 'posted during the outage',
        team: 'home',
        awayTeam: 'Bills',
        homeTeam: 'Chiefs',
      });
      expect(posted.status).toBe(503);
      expect(await posted.json()).toEqual({
        error: { code: 'store_unavailable', message: ERROR_MESSAGES.store_unavailable },
      });
    });

    // Back: the app reconnects on its own.
    await vi.waitFor(async () => expect(await ready()).toBe(200), { timeout: 10_000, interval: 100 });
    const delivered = nextMessage(bob.socket, 'after the restart');
    const after = await send(alice.socket, gameId, 'after the restart');
    expect(after.ok).toBe(true);
    await delivered;

    // The history written before the stop came back from the append-only file.
    const carol = await fan('carol');
    const history = await fullHistory(carol.socket, gameId);
    expect(history.map((m) => m.message)).toEqual(['before the outage', 'after the restart']);
    expect(history.map((m) => m.id)).toEqual([
      (before as { data: ChatMessage }).data.id,
      (after as { data: ChatMessage }).data.id,
    ]);
    expect(seenByBob).toEqual(['before the outage', 'after the restart']);

    // Bob stayed in the other game's room: its messages reach him now.
    expect((await emit(alice.socket, 'chat:join', { gameId: otherGame })).ok).toBe(true);
    const inOtherGame = nextMessage(bob.socket, 'in the other game');
    expect((await send(alice.socket, otherGame, 'in the other game')).ok).toBe(true);
    await inOtherGame;
  });

  it('loses no acknowledged message when Redis stops under a steady stream of sends', async () => {
    const gameId = newGame();
    const senders = [await fan('dave'), await fan('erin')];
    let stop = false;
    const answers: Array<{ text: string; ok: boolean; id?: string; code?: string }> = [];
    const loops = senders.map(async ({ socket }, index) => {
      for (let i = 0; !stop; i++) {
        const text = `sender ${index} message ${i}`;
        const ack = await send(socket, gameId, text); // rejects (fails the test) if no ack comes
        answers.push(
          ack.ok ? { text, ok: true, id: ack.data.id } : { text, ok: false, code: ack.error.code },
        );
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    });
    const okCount = () => answers.filter((a) => a.ok).length;
    const failedCount = () => answers.filter((a) => !a.ok).length;

    await vi.waitFor(() => expect(okCount()).toBeGreaterThanOrEqual(10));
    await redis.restart(async () => {
      await vi.waitFor(() => expect(failedCount()).toBeGreaterThanOrEqual(10));
    });
    const okBeforeRecovery = okCount();
    await vi.waitFor(() => expect(okCount()).toBeGreaterThanOrEqual(okBeforeRecovery + 10), {
      timeout: 10_000,
    });
    stop = true;
    await Promise.all(loops);

    // Every refusal is the clear one; every acknowledged message is stored, exactly once.
    expect(new Set(answers.filter((a) => !a.ok).map((a) => a.code))).toEqual(new Set(['store_unavailable']));
    const stored = await fullHistory(senders[0]!.socket, gameId);
    const storedIds = new Set(stored.map((m) => m.id));
    const acknowledged = answers.filter((a) => a.ok);
    expect(acknowledged.filter((a) => !storedIds.has(a.id!))).toEqual([]);
    expect(stored.length).toBe(new Set(stored.map((m) => m.message)).size);
  });
});
