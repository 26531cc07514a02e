/**
 * New chat messages travel to every instance on the game's feed: the send script publishes each one
 * (Redis sharded pub/sub), and each instance listens to the games its fans are in. Pub/sub delivers at
 * most once, so an instance that misses a message (its connection dropped, or the count published
 * with each message skipped one) reads it from the history: a fan never loses one and never gets one
 * twice. Two instances on the run's Redis, real clients.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '@shared/schemas/chat';
import { gameRoom } from '@server/realtime/rooms';
import { keys } from '@server/storage/keys';
import { RedisStore } from '@server/storage/redis-store';
import { signedInSocket, type TestSocket } from '../helpers/sign-in';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { emit, send } from '../faults/chat-client';
import { startRedisServer } from '../helpers/redis-server';
import { newGame, unique } from '../helpers/ids';

const redis = new Redis(process.env.TEST_REDIS_URL!);
let apps: TestApp[] = [];
let sockets: TestSocket[] = [];
afterEach(async () => {
  for (const socket of sockets) socket.close();
  await Promise.all(apps.map((app) => app.close()));
  apps = [];
  sockets = [];
});
afterAll(() => redis.quit());

const SESSION_SECRET = 'a-test-session-secret-shared-by-instances';

async function start() {
  const app = await startTestApp({ env: { SESSION_SECRET } });
  apps.push(app);
  return app;
}

async function fanIn(app: TestApp, name: string, gameId: string) {
  const { socket } = await signedInSocket(app, unique(name));
  sockets.push(socket);
  const heard: ChatMessage[] = [];
  socket.on('chat:message-created', (message: ChatMessage) => heard.push(message));
  expect((await emit(socket, 'chat:join', { gameId })).ok).toBe(true);
  return { socket, heard };
}

/** The stored message of an acknowledged send. */
async function stored(socket: TestSocket, gameId: string, message: string): Promise<ChatMessage> {
  const answer = await send(socket, gameId, message);
  if (!answer.ok) throw new Error(answer.error.message);
  return answer.data;
}

/** How many connections listen to a game's feed (one per instance with fans in the game). */
const listeners = async (gameId: string) => {
  const [, count] = (await redis.call('PUBSUB', 'SHARDNUMSUB', keys.chatFeed(gameId))) as [string, number];
  return Number(count);
};

/** The games among `gameIds` whose feed some connection listens to on the run's Redis, in that order. */
async function listenedAmong(gameIds: string[]): Promise<string[]> {
  const channels = new Set((await redis.call('PUBSUB', 'SHARDCHANNELS', 'tt:chat:*:feed')) as string[]);
  return gameIds.filter((gameId) => channels.has(keys.chatFeed(gameId)));
}

describe('the game feed', () => {
  it("brings a message sent on one instance to a fan on the other, once, and each instance's own", async () => {
    const [one, two] = [await start(), await start()];
    const gameId = newGame();
    const alice = await fanIn(one, 'alice', gameId);
    const bob = await fanIn(two, 'bob', gameId);
    expect(await listeners(gameId)).toBe(2);
    const sent = [await stored(alice.socket, gameId, 'one'), await stored(bob.socket, gameId, 'two')];
    for (const fan of [alice, bob]) {
      await expect.poll(() => fan.heard, { interval: 10, timeout: 3000 }).toEqual(sent);
    }
  });

  it('listens to a game while its fans are in it, and again when one comes back', async () => {
    const app = await start();
    const gameId = newGame();
    const alice = await fanIn(app, 'alice', gameId);
    expect(await listeners(gameId)).toBe(1);
    expect((await emit(alice.socket, 'chat:leave', { gameId })).ok).toBe(true);
    await expect.poll(() => listeners(gameId), { interval: 10, timeout: 3000 }).toBe(0);

    expect((await emit(alice.socket, 'chat:join', { gameId })).ok).toBe(true);
    expect(await listeners(gameId)).toBe(1);
    const sent = await stored(alice.socket, gameId, 'back again');
    await expect.poll(() => alice.heard, { interval: 10, timeout: 3000 }).toEqual([sent]);
  });

  it('listens to no game its fans left, whatever order their joins and leaves arrive in', async () => {
    const app = await start();
    const { socket } = await signedInSocket(app, unique('hopper'));
    sockets.push(socket);
    const left = Array.from({ length: 10 }, newGame);
    const stayed = Array.from({ length: 3 }, newGame);
    // Sent together, none awaited: each leave reaches the server while its join is still under way.
    const answers = await Promise.all([
      ...left.flatMap((gameId) => [
        emit(socket, 'chat:join', { gameId }),
        emit(socket, 'chat:leave', { gameId }),
      ]),
      ...stayed.flatMap((gameId) => [
        emit(socket, 'chat:leave', { gameId }),
        emit(socket, 'chat:join', { gameId }),
      ]),
    ]);
    expect(answers.map((answer) => answer.ok)).toEqual(answers.map(() => true));
    const all = [...left, ...stayed];
    await expect.poll(() => listenedAmong(all), { interval: 20, timeout: 3000 }).toEqual(stayed);
    expect(await listeners(stayed[0]!)).toBe(1);

    // Once the socket is gone, nothing is listened to any more.
    socket.close();
    await expect.poll(() => listenedAmong(all), { interval: 20, timeout: 3000 }).toEqual([]);
  });

  it('listens to no game left while the listening connection was still opening', async () => {
    const app = await start();
    const { socket } = await signedInSocket(app, unique('early'));
    sockets.push(socket);
    const [stays, leaves] = [newGame(), newGame()];
    // The first join opens the connection that listens; the moment it connects (its handshake still
    // under way, both subscriptions waiting in its queue), the socket leaves one of the games.
    let opened = 0;
    const duplicate = vi.spyOn(Redis.prototype, 'duplicate').mockImplementation(function (
      this: Redis,
      ...args: Parameters<Redis['duplicate']>
    ) {
      duplicate.mockRestore();
      opened++;
      const connection = this.duplicate(...args);
      connection.once('connect', () => {
        void app.app.io.of('/').sockets.get(socket.id!)!.leave(gameRoom(leaves));
      });
      return connection;
    });
    const answers = await Promise.all([
      emit(socket, 'chat:join', { gameId: stays }),
      emit(socket, 'chat:join', { gameId: leaves }),
    ]);
    expect(answers.map((answer) => answer.ok)).toEqual([true, true]);
    expect(opened).toBe(1);
    await expect.poll(() => listenedAmong([stays, leaves]), { interval: 20, timeout: 3000 }).toEqual([stays]);
    // Still so a moment later: nothing subscribes again behind the leave.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await listenedAmong([stays, leaves])).toEqual([stays]);
  });

  it('reads a message it did not hear from the history, and gives fans every message in order once', async () => {
    const [one, two] = [await start(), await start()];
    const gameId = newGame();
    const alice = await fanIn(one, 'alice', gameId);
    const bob = await fanIn(two, 'bob', gameId);
    const first = await stored(alice.socket, gameId, 'first');
    await expect.poll(() => bob.heard, { interval: 10, timeout: 3000 }).toEqual([first]);

    // A message stored and counted whose publication no instance heard (as when the connection
    // dropped at that moment): in the history, not on the feed.
    const lost: Partial<ChatMessage> = { ...first, message: 'lost on the way' };
    delete lost.id;
    const lostId = await redis.xadd(keys.chatHistory(gameId), '*', 'v', JSON.stringify(lost));
    await redis.incr(keys.chatFeedCounter(gameId));

    // The next one is heard with a count one too far: both instances read what they missed first.
    const third = await stored(bob.socket, gameId, 'third');
    const expected = [first, { ...lost, id: lostId }, third];
    for (const fan of [alice, bob]) {
      await expect.poll(() => fan.heard, { interval: 10, timeout: 3000 }).toEqual(expected);
    }
    // Heard again (a resend after a reconnect), it is not delivered twice.
    await redis.spublish(
      keys.chatFeed(gameId),
      `3 ${third.id} ${JSON.stringify({ ...third, id: undefined })}`,
    );
    const fourth = await stored(alice.socket, gameId, 'fourth');
    for (const fan of [alice, bob]) {
      await expect.poll(() => fan.heard.at(-1), { interval: 10, timeout: 3000 }).toEqual(fourth);
      expect(fan.heard).toEqual([...expected, fourth]);
    }
  });
});

describe('listening on Redis', () => {
  it('tells a listener when its connection came back, and hears what is published after', async () => {
    // A Redis of its own: the test drops every listening connection on it.
    const server = await startRedisServer();
    const publisher = new Redis(server.url);
    const connection = new Redis(server.url);
    await new Promise((resolve) => connection.once('ready', resolve));
    const store = new RedisStore(connection);
    try {
      const channel = `tt:test:{${randomUUID()}}:feed`;
      const heard: string[] = [];
      let resumed = 0;
      await store.subscribe(channel, { message: (message) => heard.push(message), resumed: () => resumed++ });
      await publisher.spublish(channel, 'before');
      await expect.poll(() => heard, { interval: 10, timeout: 3000 }).toEqual(['before']);

      // Redis drops the listening connection: the store connects again, listens again, and says so.
      expect(await publisher.client('KILL', 'TYPE', 'pubsub')).toBe(1);
      await expect.poll(() => resumed, { interval: 10, timeout: 5000 }).toBe(1);
      await publisher.spublish(channel, 'after');
      await expect.poll(() => heard, { interval: 10, timeout: 3000 }).toEqual(['before', 'after']);
    } finally {
      publisher.disconnect();
      await store.close();
      await server.stop();
    }
  });
});
