/**
 * A seat the commissioner removes loses the league at once: every socket of that person, on every
 * instance, leaves the league's rooms (its league:changed pushes, its draft room chat, that chat's
 * unread notices) as the removal is answered, and hears one thing of it: `league:removed` with the
 * league's id, which nobody else hears. A socket that was away and comes back through connection
 * recovery is not put back in the league's rooms nor handed what they were sent meanwhile (it is
 * handed the notice), and what the removed person asks of the league afterwards is refused as a
 * league they are not in (not_found), changing nothing stored. Two instances on one Redis (this file's own), real socket.io-client fans
 * signed in through the development sign-in.
 */
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_COMPANIES } from '@shared/data/yc-companies';
import type { ServerToClientEvents } from '@shared/events';
import { leagueChatRoomId } from '@shared/schemas/chat';
import { leagueSchema, type League } from '@shared/schemas/leagues';
import { startFaultApp, type FaultApp } from '../faults/app';
import { emit, emitUntyped, signInAt, socketAt } from '../faults/chat';
import { storedData } from '../fuzz/snapshot';
import { unique } from '../helpers/ids';
import { startRedisServer, type RedisServer } from '../helpers/redis-server';
import type { TestSocket } from '../helpers/sign-in';

let redis: RedisServer;
let inspect: Redis;
let apps: FaultApp[] = [];
let sockets: TestSocket[] = [];

beforeAll(async () => {
  redis = await startRedisServer();
  inspect = new Redis(redis.url);
}, 30_000);
afterAll(async () => {
  inspect?.disconnect();
  await redis?.stop();
});
afterEach(async () => {
  for (const socket of sockets) socket.close();
  await Promise.all(apps.map((app) => app.close()));
  apps = [];
  sockets = [];
  await inspect.flushall();
});

/**
 * Connection state recovery is the Streams adapter's: the recovery case needs it whatever the run
 * uses. The sockets here send bursts the event budget would slow (tested on its own elsewhere).
 */
async function instance(): Promise<FaultApp> {
  const app = await startFaultApp({
    redisUrl: redis.url,
    env: { SOCKET_ADAPTER: 'streams', SOCKET_EVENT_BURST: '1000000' },
    deps: { leagues: { clockTicks: false } },
  });
  apps.push(app);
  return app;
}

/** A signed-in fan: REST on any instance with the one session, sockets wherever the test opens them. */
async function fan(at: FaultApp, name: string) {
  const login = unique(name);
  const cookie = (await signInAt(at.baseUrl, login)).cookieHeader();
  const rest = async (base: FaultApp, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${base.baseUrl}${path}`, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as unknown };
  };
  const socket = async (base: FaultApp) => {
    const opened = await socketAt(base.baseUrl, cookie);
    sockets.push(opened);
    return opened;
  };
  return { login, rest, socket };
}
type Fan = Awaited<ReturnType<typeof fan>>;

/** Every push a socket receives that concerns the league or its draft room, as it arrives. */
function heardOfLeague(socket: TestSocket, league: League) {
  const room = leagueChatRoomId(league.id);
  const heard: Array<{ event: string; payload: unknown }> = [];
  socket.onAny((event: string, payload: unknown) => {
    const about = payload as { id?: unknown; gameId?: unknown; leagueId?: unknown } | null;
    if (about?.id === league.id || about?.gameId === room || about?.leagueId === league.id)
      heard.push({ event, payload });
  });
  return heard;
}

/** What the removed person's sockets hear of the league: the notice, and nothing else. */
const removedNotice = (league: League) => ({ event: 'league:removed', payload: { leagueId: league.id } });

/** The next `event` on `socket` that `matches`. */
function next<E extends keyof ServerToClientEvents>(
  socket: TestSocket,
  event: E,
  matches: (payload: Parameters<ServerToClientEvents[E]>[0]) => boolean,
): Promise<Parameters<ServerToClientEvents[E]>[0]> {
  return new Promise((resolve) => {
    const listener = (payload: Parameters<ServerToClientEvents[E]>[0]) => {
      if (!matches(payload)) return;
      (socket.off as (event: string, listener: unknown) => void)(event, listener);
      resolve(payload);
    };
    (socket.on as (event: string, listener: unknown) => void)(event, listener);
  });
}

const say = (socket: TestSocket, room: string, message: string) =>
  emit(socket, 'chat:send', { gameId: room, message, team: 'home', teamName: 'Friday Founders' });

/** A member's draft room: the league watched, its chat joined. */
async function openDraftRoom(socket: TestSocket, league: League) {
  expect(await emit(socket, 'league:watch', { leagueId: league.id })).toMatchObject({ ok: true });
  expect(await emit(socket, 'chat:join', { gameId: leagueChatRoomId(league.id) })).toMatchObject({
    ok: true,
  });
}

/** A socket following the draft room's unread count (as a page listing the room does). */
async function followUnread(socket: TestSocket, league: League) {
  expect(await emit(socket, 'chat:unread', { gameIds: [leagueChatRoomId(league.id)] })).toMatchObject({
    ok: true,
  });
}

/** The rooms of `login`'s server-side sockets on `app` that belong to the league. */
function leagueRoomsOf(app: FaultApp, login: string, league: League): string[] {
  return [...app.app.io.of('/').sockets.values()]
    .filter((socket) => socket.data.login === login)
    .flatMap((socket) => [...socket.rooms])
    .filter((room) => room.includes(league.id));
}

/** Alice's league (created on A) with Bob and Carol seated from B. */
async function leagueOfFriends(a: FaultApp, b: FaultApp) {
  const alice = await fan(a, 'alice');
  const bob = await fan(b, 'bob');
  const carol = await fan(b, 'carol');
  const created = await alice.rest(a, 'POST', '/api/leagues', { name: 'Friday Founders', pickSeconds: 30 });
  expect(created.status).toBe(201);
  const league = leagueSchema.parse(created.body);
  for (const friend of [bob, carol])
    expect((await friend.rest(b, 'POST', `/api/leagues/invites/${league.inviteCode}/join`)).status).toBe(200);
  return { alice, bob, carol, league, room: leagueChatRoomId(league.id) };
}

/** Everything the removed person may ask of the league: each refused as a league that does not exist. */
async function expectRefusedEverything(bob: Fan, socket: TestSocket, at: FaultApp, league: League) {
  const room = leagueChatRoomId(league.id);
  const companyId = CATALOGUE_COMPANIES[0]!.link;
  const notFound = { ok: false, error: { code: 'not_found' } };
  const attempts: Array<[string, unknown]> = [
    ['chat:join', { gameId: room }],
    ['chat:send', { gameId: room, message: 'still here?', team: 'home', teamName: 'x' }],
    ['chat:history', { gameId: room, limit: 50 }],
    ['chat:sync', { gameId: room, after: '0-0' }],
    ['chat:speakers', { gameId: room }],
    ['chat:seen', { gameId: room, messageId: '1-0' }],
    ['chat:react', { gameId: room, messageId: '1-0', emoji: '👍', reacted: true }],
    ['chat:unread', { gameIds: [room] }],
    ['chat:moderation-log', { gameId: room }],
    ['league:watch', { leagueId: league.id }],
    ['league:pick', { leagueId: league.id, companyId }],
    ['league:queue-set', { leagueId: league.id, companyIds: [companyId] }],
  ];
  for (const [event, payload] of attempts)
    expect(await emitUntyped(socket, event, payload), event).toMatchObject(notFound);
  for (const [method, path, body] of [
    ['GET', `/api/leagues/${league.id}`],
    ['POST', `/api/leagues/${league.id}/start`],
    ['GET', `/api/chat/games/${room}/messages`],
    [
      'POST',
      `/api/chat/games/${room}/messages`,
      { message: 'hi', team: 'home', awayTeam: 'A', homeTeam: 'B' },
    ],
  ] as const)
    expect(await bob.rest(at, method, path, body), `${method} ${path}`).toMatchObject({
      status: 404,
      body: { error: { code: 'not_found' } },
    });
  // A socket that was refused is in none of the league's rooms.
  expect(await emit(socket, 'league:unwatch', { leagueId: league.id })).toMatchObject({ ok: true });
}

describe('removing a seat from a league', () => {
  it("takes every socket of the removed person, on every instance, out of the league's pushes, draft chat and unread notices at once", async () => {
    const [a, b] = [await instance(), await instance()];
    const { alice, bob, carol, league, room } = await leagueOfFriends(a, b);
    // On each instance a member and Bob in the draft room, and a member and Bob following its unread count.
    const aliceInRoom = await alice.socket(a);
    const carolInRoom = await carol.socket(b);
    const bobInRoom = [await bob.socket(a), await bob.socket(b)];
    for (const socket of [aliceInRoom, carolInRoom, ...bobInRoom]) await openDraftRoom(socket, league);
    const aliceFollowing = await alice.socket(a);
    const carolFollowing = await carol.socket(b);
    const bobFollowing = [await bob.socket(a), await bob.socket(b)];
    for (const socket of [aliceFollowing, carolFollowing, ...bobFollowing])
      await followUnread(socket, league);
    expect(leagueRoomsOf(a, bob.login, league)).not.toEqual([]);
    expect(leagueRoomsOf(b, bob.login, league)).not.toEqual([]);
    const bobHeard = [...bobInRoom, ...bobFollowing].map((socket) => heardOfLeague(socket, league));

    // Alice removes Bob through the other instance; the members on both instances see the removal.
    const removalSeen = [aliceInRoom, carolInRoom].map((socket) =>
      next(socket, 'league:changed', (changed) => changed.id === league.id && changed.version === 4),
    );
    const removed = await alice.rest(b, 'DELETE', `/api/leagues/${league.id}/seats/${bob.login}`);
    expect(removed.status).toBe(200);
    expect(leagueSchema.parse(removed.body).seats.map((seat) => seat.login)).toEqual([
      alice.login,
      carol.login,
    ]);
    for (const seen of await Promise.all(removalSeen)) expect(seen.version).toBe(4);
    expect(leagueRoomsOf(a, bob.login, league)).toEqual([]);
    expect(leagueRoomsOf(b, bob.login, league)).toEqual([]);

    // Right after the answer, a message in the draft room: it reaches the members on both instances
    // (in the room and following its count), and none of Bob's sockets.
    const delivered = [
      next(carolInRoom, 'chat:message-created', (message) => message.gameId === room),
      next(aliceFollowing, 'chat:unread-arrived', (arrived) => arrived.gameId === room),
      next(carolFollowing, 'chat:unread-arrived', (arrived) => arrived.gameId === room),
    ];
    expect(await say(aliceInRoom, room, 'Bob is out, who takes his seat?')).toMatchObject({ ok: true });
    await Promise.all(delivered);
    // Each of Bob's sockets is on an instance where a member just got those pushes; one request and
    // its answer on each after them, and anything sent to it before that has arrived.
    for (const socket of [...bobInRoom, ...bobFollowing]) {
      expect(await say(socket, room, 'let me back in')).toMatchObject({
        ok: false,
        error: { code: 'not_found' },
      });
    }
    const notice = removedNotice(league);
    expect(bobHeard).toEqual([[notice], [notice], [notice], [notice]]);

    // Whatever Bob asks of the league afterwards is refused, on either instance, and stores nothing.
    const before = await storedData(inspect);
    await expectRefusedEverything(bob, bobInRoom[0]!, a, league);
    await expectRefusedEverything(bob, bobFollowing[1]!, b, league);
    expect(await storedData(inspect)).toEqual(before);
    expect(leagueRoomsOf(a, bob.login, league)).toEqual([]);
    expect(leagueRoomsOf(b, bob.login, league)).toEqual([]);
    expect(bobHeard).toEqual([[notice], [notice], [notice], [notice]]);
  }, 30_000);

  it('tells the removed person at once, on each of their sockets on every instance and on no one else, the league and nothing more', async () => {
    const [a, b] = [await instance(), await instance()];
    const { alice, bob, carol, league } = await leagueOfFriends(a, b);
    const dave = await fan(a, 'dave'); // in no league of theirs
    // Bob with the lobby open on A and another tab (the leagues list, say) on B; the members and
    // Dave, in the room and not, on both.
    const bobSockets = [await bob.socket(a), await bob.socket(b)];
    await openDraftRoom(bobSockets[0]!, league);
    const aliceInRoom = await alice.socket(a);
    const carolInRoom = await carol.socket(b);
    for (const socket of [aliceInRoom, carolInRoom]) await openDraftRoom(socket, league);
    const others = [
      aliceInRoom,
      carolInRoom,
      await alice.socket(b),
      await carol.socket(a),
      await dave.socket(a),
      await dave.socket(b),
    ];
    const noticesOf = (socket: TestSocket) => {
      const notices: unknown[] = [];
      socket.on('league:removed', (removed) => notices.push(removed));
      return notices;
    };
    const bobNotices = bobSockets.map(noticesOf);
    const othersNotices = others.map(noticesOf);

    const told = bobSockets.map((socket) => next(socket, 'league:removed', () => true));
    const removalSeen = [aliceInRoom, carolInRoom].map((socket) =>
      next(socket, 'league:changed', (changed) => changed.version === 4),
    );
    expect((await alice.rest(b, 'DELETE', `/api/leagues/${league.id}/seats/${bob.login}`)).status).toBe(200);
    // The league's id and nothing else, once on each of Bob's sockets.
    expect(await Promise.all(told)).toEqual([{ leagueId: league.id }, { leagueId: league.id }]);
    await Promise.all(removalSeen);
    // The members on both instances have the push sent after the notice; one request and its answer
    // on every socket after that, and anything sent to it before has arrived.
    for (const socket of [...bobSockets, ...others])
      await emit(socket, 'league:unwatch', { leagueId: league.id });
    expect(bobNotices).toEqual([[{ leagueId: league.id }], [{ leagueId: league.id }]]);
    expect(othersNotices).toEqual(others.map(() => []));
    // From then on the league is not Bob's: refused as one that does not exist.
    expect(await emit(bobSockets[1]!, 'league:watch', { leagueId: league.id })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
  }, 30_000);

  it('leaves no socket in the league when it opens the draft room while the removal is under way', async () => {
    const [a, b] = [await instance(), await instance()];
    const { alice, bob, league, room } = await leagueOfFriends(a, b);
    const bobSockets = [await bob.socket(a), await bob.socket(b)];
    // Each round: Bob back in by the invite, then his sockets open the draft room on both instances
    // while Alice removes him, all sent at once. Whatever the order they meet in, no socket of his
    // stays in a room of the league once everything is answered.
    for (let round = 0; round < 15; round++) {
      expect((await bob.rest(b, 'POST', `/api/leagues/invites/${league.inviteCode}/join`)).status).toBe(200);
      const opening = bobSockets.flatMap((socket) => [
        emitUntyped(socket, 'league:watch', { leagueId: league.id }),
        emitUntyped(socket, 'chat:join', { gameId: room }),
        emitUntyped(socket, 'chat:unread', { gameIds: [room] }),
      ]);
      const removal = alice.rest(
        round % 2 === 0 ? a : b,
        'DELETE',
        `/api/leagues/${league.id}/seats/${bob.login}`,
      );
      const answers = await Promise.all(opening);
      expect((await removal).status).toBe(200);
      for (const answer of answers) {
        // Each opening either got in before the removal (then was taken out) or was refused.
        if (!(answer as { ok: boolean }).ok) expect(answer).toMatchObject({ error: { code: 'not_found' } });
      }
      expect(leagueRoomsOf(a, bob.login, league)).toEqual([]);
      expect(leagueRoomsOf(b, bob.login, league)).toEqual([]);
    }
  }, 60_000);

  it("does not give a socket that comes back through connection recovery the league's rooms or what they were sent, only the notice", async () => {
    const [a, b] = [await instance(), await instance()];
    const { alice, bob, carol, league, room } = await leagueOfFriends(a, b);
    // Carol in the draft room on the instance Bob's socket is on.
    const carolInRoom = await carol.socket(a);
    await openDraftRoom(carolInRoom, league);
    const away = await bob.socket(a);
    await openDraftRoom(away, league);
    await followUnread(away, league);
    // A push through the adapter gives the socket a point to recover from: a fourth friend joins.
    const dave = await fan(b, 'dave');
    const joinedSeen = next(away, 'league:changed', (changed) => changed.version === 4);
    expect((await dave.rest(b, 'POST', `/api/leagues/invites/${league.inviteCode}/join`)).status).toBe(200);
    await joinedSeen;

    // The connection drops without a goodbye: the server keeps its state for a recovery.
    const [server] = [...a.app.io.of('/').sockets.values()].filter((s) => s.data.login === bob.login);
    const dropped = new Promise<string>((resolve) => server!.once('disconnect', resolve));
    away.io.engine.close();
    expect(await dropped).toBe('transport close');

    const removalSeen = next(carolInRoom, 'league:changed', (changed) => changed.version === 5);
    expect((await alice.rest(a, 'DELETE', `/api/leagues/${league.id}/seats/${bob.login}`)).status).toBe(200);
    await removalSeen;
    const heard = heardOfLeague(away, league);
    const back = new Promise<void>((resolve) => away.once('connect', () => resolve()));
    away.connect();
    await back;
    expect(away.recovered).toBe(true);
    expect(leagueRoomsOf(a, bob.login, league)).toEqual([]);

    const delivered = next(carolInRoom, 'chat:message-created', (message) => message.gameId === room);
    expect(await say(carolInRoom, room, 'Bob is out')).toMatchObject({ ok: true });
    await delivered;
    expect(await say(away, room, 'let me back in')).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    // What the person's own room was sent while away is replayed: the notice, which says why.
    expect(heard).toEqual([removedNotice(league)]);
  }, 30_000);
});
