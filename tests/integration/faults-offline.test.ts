/**
 * A client offline for 30 s of a busy game comes back with everything it missed, or with a clear gap
 * when more was posted than the server keeps. Nothing here sleeps 30 s: what an absence changes on the
 * server is (1) whether the recovery session is still kept (its time to live is read instead of waited
 * out), (2) whether the server noticed the client leave at all, and (3) how many messages were posted
 * meanwhile, which the tests post at once.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChatMessage, ChatSyncAnswer } from '@shared/schemas/chat';
import { CHAT_HISTORY_MAX } from '@server/chat/storage';
import { compareStreamIds } from '@server/storage/store';
import type { TestSocket } from '../helpers/sign-in';
import { startFaultApp, type FaultApp } from '../faults/app';
import { socketLocalPort, startTcpFront, type TcpFront } from '../faults/tcp-front';
import { chatView, emit, nextMessage, send, signInAt, socketAt } from '../faults/chat';
import { newGame, unique } from '../helpers/ids';

const OFFLINE_MS = 30_000;
const redisUrl = process.env.TEST_REDIS_URL!;
let front: TcpFront;
let server: FaultApp;
let redis: Redis;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  front = await startTcpFront([]);
  server = await startFaultApp({ redisUrl, publicUrl: front.url, env: { CHAT_RATE_LIMIT: '100000' } });
  front.backends.push(server.port);
  redis = new Redis(redisUrl);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  redis?.disconnect();
  await front?.close(); // first: silenced connections would hold the server's close
  await server?.close();
});

async function fan(name: string, options: { reconnection?: boolean } = {}) {
  const client = await signInAt(front.url, unique(name));
  const socket = await socketAt(front.url, client.cookieHeader(), options);
  sockets.push(socket);
  return socket;
}

/** A busy game meanwhile: `count` messages from three fans at once; returns the acknowledged ones. */
async function busyGame(gameId: string, count: number, senders: TestSocket[]): Promise<ChatMessage[]> {
  const acknowledged: ChatMessage[] = [];
  await Promise.all(
    senders.map(async (socket, index) => {
      for (let i = index; i < count; i += senders.length) {
        const ack = await send(socket, gameId, `play ${i}`);
        if (!ack.ok) throw new Error(ack.error.message);
        acknowledged.push(ack.data);
      }
    }),
  );
  return acknowledged;
}

const missing = (acknowledged: ChatMessage[], held: Set<string>) =>
  acknowledged.filter((message) => !held.has(message.id)).map((message) => message.message);

describe('a client offline for 30 s', () => {
  it('gets what it missed from the history when the server saw it leave, within the recovery window', async () => {
    const gameId = newGame();
    const senders = [await fan('alice'), await fan('carol'), await fan('dan')];
    const bob = await fan('bob', { reconnection: false });
    const view = chatView(bob, gameId);
    await view.join();
    const seen = nextMessage(bob, 'kick-off');
    await send(senders[0]!, gameId, 'kick-off');
    await seen; // bob's newest message, the one he catches up from

    // The connection drops (the server sees the transport close) and stays down.
    const pid = (bob as unknown as { _pid: string })._pid;
    const gone = new Promise((resolve) => bob.once('disconnect', resolve));
    bob.io.engine.close();
    await gone;
    // The server keeps the session for the recovery window: 30 s from now it is still there.
    await vi.waitFor(async () => expect(await redis.pttl(`sio:session:${pid}`)).toBeGreaterThan(OFFLINE_MS));

    const acknowledged = await busyGame(gameId, 150, senders);
    const back = view.nextCatchUp();
    bob.connect();
    await back;
    await vi.waitFor(() => expect(missing(acknowledged, view.ids())).toEqual([]));
    expect(view.stats()).toMatchObject({ catchUps: 1, gaps: 0 });
  });

  it('gets what it missed from the history when its network vanished without a word', async () => {
    const gameId = newGame();
    const senders = [await fan('alice'), await fan('carol'), await fan('dan')];
    const bob = await fan('bob', { reconnection: true });
    const view = chatView(bob, gameId);
    await view.join();
    const seen = nextMessage(bob, 'kick-off');
    await send(senders[0]!, gameId, 'kick-off');
    await seen; // bob's newest message, the one he catches up from

    // Silence: the server still thinks bob is there and writes his messages into the void.
    front.silence(socketLocalPort(bob));
    const senderSockets = await Promise.all(['erin', 'finn', 'gus'].map((name) => fan(name)));
    const acknowledged = await busyGame(gameId, 150, senderSockets);
    // Bob's client gives up on the dead connection (its ping timeout, cut short) and comes back.
    const back = view.nextCatchUp();
    bob.io.engine.close();
    await back;
    await vi.waitFor(() => expect(missing(acknowledged, view.ids())).toEqual([]));
    expect(view.stats()).toEqual({ catchUps: 1, recoveries: 0, gaps: 0 });
  });

  it('is told of a gap when more was posted than the history keeps', async () => {
    const gameId = newGame();
    const bob = await fan('bob', { reconnection: true });
    const view = chatView(bob, gameId);
    await view.join();
    const senders = [await fan('alice'), await fan('carol'), await fan('dan')];
    const seen = nextMessage(bob);
    const [kickOff] = await busyGame(gameId, 1, senders);
    await seen;

    front.silence(socketLocalPort(bob));
    const senderSockets = await Promise.all(['erin', 'finn', 'gus', 'hal'].map((name) => fan(name)));
    const acknowledged = await busyGame(gameId, CHAT_HISTORY_MAX + 300, senderSockets);
    const back = view.nextCatchUp();
    bob.io.engine.close();
    await back;
    expect(view.stats()).toEqual({ catchUps: 1, recoveries: 0, gaps: 1 });

    // The answer says so, and carries the newest messages, in order, up to the last one posted.
    const synced = await emit(bob, 'chat:sync', { gameId, after: kickOff!.id });
    expect(synced.ok).toBe(true);
    const { messages, gap } = (synced as { data: ChatSyncAnswer }).data;
    expect(gap).toBe(true);
    expect(messages.length).toBeGreaterThanOrEqual(CHAT_HISTORY_MAX);
    // In id order: compared as text, `…-10` would come before `…-9` of the same millisecond.
    const newest = [...acknowledged].sort((a, b) => compareStreamIds(a.id, b.id)).slice(-CHAT_HISTORY_MAX);
    expect(missing(newest, view.ids())).toEqual([]);
    expect(messages.at(-1)!.id).toBe(newest.at(-1)!.id);

    // A client that missed only a little is not told of a gap.
    const recent = await emit(bob, 'chat:sync', { gameId, after: newest.at(-10)!.id });
    expect((recent as { data: ChatSyncAnswer }).data).toMatchObject({ gap: false });
    expect((recent as { data: ChatSyncAnswer }).data.messages).toHaveLength(9);
  }, 30_000);
});
