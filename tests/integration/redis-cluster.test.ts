/**
 * Two app instances on a Redis Cluster of three masters (REDIS_CLUSTER=1, REDIS_URL listing the
 * nodes), built as the composition root builds them: a fan signed in on one instance is signed in on
 * the other, chat sent on one arrives on the other and is in the history and the catch-up, the voice
 * count and the scoreboard refresh lock hold across both, and every store operation that touches a
 * key stays on that key's shard.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { VoiceCount } from '@shared/events';
import type { VoicePresence } from '@shared/schemas/voice';
import type { SportsGenerateResponse } from '@shared/schemas/sports';
import { createChatStorage } from '@server/chat/storage';
import { gameKeys, keys } from '@server/storage/keys';
import type { SocketAdapterKind } from '@server/realtime/adapter';
import { storeLock } from '@server/storage/lock';
import { startFakeEspn, type FakeEspn } from '../fakes/espn';
import { startFaultApp, type FaultApp } from '../faults/app';
import { fullHistory, nextMessage, send, signInAt, socketAt } from '../faults/chat';
import { emit } from '../helpers/emit';
import { startRedisCluster, type RedisCluster } from '../helpers/redis-cluster';
import type { TestSocket } from '../helpers/sign-in';
import { newGame, unique } from '../helpers/ids';

let cluster: RedisCluster;
let espn: FakeEspn;
let first: FaultApp;
let second: FaultApp;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  cluster = await startRedisCluster();
  espn = await startFakeEspn();
}, 60_000);

afterAll(async () => {
  await espn?.close();
  await cluster?.stop();
});

/** Two instances on the cluster with the given Socket.IO adapter, for the tests of one describe. */
function twoInstances(adapter: SocketAdapterKind) {
  beforeAll(async () => {
    const env = {
      REDIS_CLUSTER: '1',
      SOCKET_ADAPTER: adapter,
      ESPN_BASE_URL: espn.url,
      CHAT_RATE_LIMIT: '1000',
    };
    first = await startFaultApp({ redisUrl: cluster.redisUrl, env });
    second = await startFaultApp({ redisUrl: cluster.redisUrl, env });
  }, 30_000);
  afterAll(async () => {
    for (const socket of sockets.splice(0)) socket.close();
    await first?.close();
    await second?.close();
  });
}

/** A fan signed in through `signInOn`, with a socket on `socketOn` (the session is in the cluster). */
async function fan(name: string, signInOn: FaultApp, socketOn: FaultApp = signInOn) {
  const login = unique(name);
  const client = await signInAt(signInOn.baseUrl, login);
  const socket = await socketAt(socketOn.directUrl, client.cookieHeader());
  sockets.push(socket);
  return { login, client, socket };
}

const slotOf = async (key: string) => Number(await cluster.client.cluster('KEYSLOT', key));

describe.each(['sharded', 'streams'] as const)('two instances on a Redis Cluster, %s adapter', (adapter) => {
  twoInstances(adapter);

  it('keeps a session signed in on one instance valid on the other, over HTTP and the socket', async () => {
    const alice = await fan('alice', first, second);
    expect(alice.socket.connected).toBe(true);
    const me = await fetch(`${second.directUrl}/api/auth/me`, {
      headers: { cookie: alice.client.cookieHeader() },
    });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { user: { login: string } }).user.login).toBe(alice.login);
  });

  it("signing out on one instance closes the session's socket on the other", async () => {
    const alice = await fan('alice', first, second);
    const closed = new Promise<string>((resolve) => alice.socket.once('disconnect', resolve));
    const out = await alice.client.json('/api/auth/logout', {});
    expect(out.status).toBeLessThan(300);
    expect(await closed).toBe('io server disconnect');
  });

  it('delivers chat sent on one instance to the other, with history and catch-up', async () => {
    const gameId = newGame();
    const alice = await fan('alice', first);
    const bob = await fan('bob', second);
    await emit(alice.socket, 'chat:join', { gameId });
    await emit(bob.socket, 'chat:join', { gameId });

    const arrives = nextMessage(bob.socket, 'kickoff');
    const sent = await send(alice.socket, gameId, 'kickoff');
    expect(sent.ok).toBe(true);
    expect((await arrives).message).toBe('kickoff');

    await send(alice.socket, gameId, 'first down');
    await send(alice.socket, gameId, 'touchdown');
    const history = await fullHistory(bob.socket, gameId);
    expect(history.map((message) => message.message)).toEqual(['kickoff', 'first down', 'touchdown']);

    const missed = await emit(bob.socket, 'chat:sync', { gameId, after: history[0]!.id });
    if (!missed.ok) throw new Error(missed.error.message);
    expect(missed.data.messages.map((message) => message.message)).toEqual(['first down', 'touchdown']);
    expect(missed.data.gap).toBe(false);
  });

  it('counts voice participants on both instances as one room, and a viewer ends on the right count', async () => {
    const gameId = newGame();
    const viewer = await fan('viewer', second);
    await emit(viewer.socket, 'chat:join', { gameId });
    // What the app shows: counts come from both instances in no fixed order (on the sharded adapter
    // the other instance's by pub/sub, the viewer's own directly), and the highest version wins.
    const pushes: VoiceCount[] = [];
    let shown: VoiceCount = { gameId, participantCount: 0, version: -1 };
    viewer.socket.on('voice:presence-changed', (presence: VoicePresence | VoiceCount) => {
      if (presence.gameId !== gameId) return;
      pushes.push(presence);
      if (presence.version >= shown.version) shown = presence;
    });
    const alice = await fan('alice', first);
    const bob = await fan('bob', second);
    const carol = await fan('carol', first);

    // Three join at once on the two instances: each pushes the count it read.
    const joins = await Promise.all(
      [alice, bob, carol].map((member) => emit(member.socket, 'voice:join', { gameId })),
    );
    expect(joins.map((join) => join.ok)).toEqual([true, true, true]);
    await vi.waitFor(() => expect(pushes.length).toBeGreaterThanOrEqual(3));
    expect(shown.participantCount).toBe(3);

    // Two leave at once, one on each instance.
    const pushed = pushes.length;
    await Promise.all([alice, bob].map((member) => emit(member.socket, 'voice:leave', { gameId })));
    await vi.waitFor(() => expect(pushes.length).toBeGreaterThanOrEqual(pushed + 2));
    expect(shown.participantCount).toBe(1);

    // Asking answers the same count under the same version.
    const asked = await emit(viewer.socket, 'voice:presence', { gameId });
    if (!asked.ok) throw new Error(asked.error.message);
    expect(asked.data).toEqual({ gameId, participantCount: 1, version: shown.version });
  });

  it('shares one scoreboard fetch between Refresh All clicks on different instances', async () => {
    const alice = await fan('alice', first);
    const bob = await fan('bob', second);
    // A refresh asked for in the last seconds (the other adapter's run) would answer from the store.
    for (const key of [keys.sportsRecentRefresh(), keys.sportsScoreboard()]) await cluster.client.del(key);
    const before = espn.stats().scoreboardRequests.nfl;
    espn.hold();
    const clicks = [
      alice.client.json('/api/sports/generate', {}),
      bob.client.json(`${second.directUrl}/api/sports/generate`, {}),
    ];
    await vi.waitFor(async () => {
      const counts = await Promise.all(
        [alice, bob].map((someone) => cluster.client.get(keys.rateLimit('sports', someone.login))),
      );
      expect(counts).toEqual(['1', '1']);
    });
    await vi.waitFor(() => expect(espn.stats().scoreboardRequests.nfl - before).toBe(1));
    espn.release();
    const bodies = (await Promise.all(
      (await Promise.all(clicks)).map((answer) => answer.json()),
    )) as SportsGenerateResponse[];
    expect(bodies[0]!.sportsData).toEqual(bodies[1]!.sportsData);
    expect(espn.stats().scoreboardRequests.nfl - before).toBe(1);
  });
});

describe('keys on a Redis Cluster', () => {
  twoInstances('sharded');

  it('puts every key of one game on one shard, and different games on different ones', async () => {
    const perGame = async (gameId: string) =>
      new Set(await Promise.all(Object.values(gameKeys).map((key) => slotOf(key(gameId, 'octo')))));
    const slots = await Promise.all(['401671002', 'game-a', 'game-b', 'game-c'].map(perGame));
    for (const slot of slots) expect(slot.size).toBe(1);
    expect(new Set(slots.map((slot) => [...slot][0])).size).toBeGreaterThan(1);
  });

  it('spreads sessions and rate-limit counters over every shard', async () => {
    const masters = cluster.client.nodes('master');
    const shardOf = async (key: string) => {
      const slot = await slotOf(key);
      const ranges = await cluster.client.cluster('SLOTS');
      const [, , master] = ranges.find(([from, to]) => slot >= from && slot <= to)!;
      return master[1];
    };
    const ids = Array.from({ length: 30 }, () => randomUUID());
    const sessionShards = new Set(await Promise.all(ids.map((id) => shardOf(keys.session(id)))));
    const rateShards = new Set(await Promise.all(ids.map((id) => shardOf(keys.rateLimit('chat', id)))));
    expect(sessionShards.size).toBe(masters.length);
    expect(rateShards.size).toBe(masters.length);
  });

  it("runs every transaction and script of the store on a game's keys", async () => {
    const { store } = first;
    const gameId = newGame();
    // A stream append with its expiry (MULTI), as chat history is written.
    const id = await store.streamAppend(keys.chatHistory(gameId), 'hello', 500, 60_000);
    expect((await store.streamAfter(keys.chatHistory(gameId), '0-0', 10)).map((e) => e.id)).toEqual([id]);
    expect(await cluster.client.pttl(keys.chatHistory(gameId))).toBeGreaterThan(0);
    // A send: the fan's counter, the append and the room's version in one script, as chat sends.
    const chat = createChatStorage(store);
    const login = unique('octo');
    const sendOnce = (text: string) =>
      chat.send(
        {
          gameId,
          login,
          username: login,
          message: text,
          timestamp: new Date().toISOString(),
          team: 'home',
          teamName: 'Home',
          role: 'user',
        },
        { max: 1, windowMs: 60_000 },
        { now: Date.now(), keepMs: 60_000 },
      );
    expect(await sendOnce('second')).toHaveProperty('id');
    expect(await sendOnce('too fast')).toEqual({ refused: 'rate-limited' });
    expect(await cluster.client.get(keys.chatVersion(gameId))).toBe('1');
    // A counter with its window (MULTI), as rate limits count.
    const counter = keys.rateLimit('chat', unique('octo'));
    expect(await store.increment(counter, 60_000)).toBe(1);
    expect(await store.increment(counter, 60_000)).toBe(2);
    // A lock released only by its holder (a Lua script), as a voice place is.
    const place = storeLock(store, keys.voicePlace(gameId, 'octo'), 60_000);
    expect(await place.hold('socket-1')).toBe(true);
    expect(await place.hold('socket-2')).toBe(false);
    await place.release('socket-2');
    expect(await place.isHeld()).toBe(true);
    await place.release('socket-1');
    expect(await place.isHeld()).toBe(false);
  });
});
