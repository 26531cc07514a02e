/**
 * What one client may hold on the server, attacked with real clients: a socket flooding reads gets
 * `rate_limited` acknowledgements while the server and everyone else carry on; rooms per socket and
 * sockets per login are capped (across instances); a login takes one place in a voice room whatever
 * number of sockets it has, and a socket is in one voice room at most; the REST chat read is limited
 * like the other API reads. A person's traffic never meets any of it.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Ack, AckError, VoiceCount } from '@shared/events';
import type { ChatPage } from '@shared/schemas/chat';
import type { VoicePresence } from '@shared/schemas/voice';
import { startFaultApp, type FaultApp } from '../faults/app';
import { startChildInstance, type ChildInstance } from '../faults/instance';
import { startRedisServer, type RedisServer } from '../helpers/redis-server';
import { connectSocket, signedInSocket, signIn, type TestSocket } from '../helpers/sign-in';
import type { TestApp } from '../helpers/test-app';
import { emitUntyped, emitWithin } from '../helpers/emit';
import { newGame, unique } from '../helpers/ids';

// A Redis of this file's own: the login socket counts and the rooms live there, and the
// run's shared one also carries instances that other test files kill on purpose.
let redis: RedisServer;
beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(async () => {
  await redis?.stop();
});

let apps: FaultApp[] = [];
let children: ChildInstance[] = [];
let sockets: TestSocket[] = [];
afterEach(async () => {
  for (const socket of sockets) socket.close();
  await Promise.all([...apps.map((app) => app.close()), ...children.map((child) => child.kill())]);
  apps = [];
  children = [];
  sockets = [];
});

/** An instance on this file's Redis, seen through the TestApp fields the sign-in helpers use. */
async function start(env: Record<string, string> = {}) {
  const instance = await startFaultApp({ redisUrl: redis.url, env });
  apps.push(instance);
  return instance as FaultApp & TestApp;
}

async function user(app: TestApp, name: string) {
  const signedIn = await signedInSocket(app, unique(name));
  sockets.push(signedIn.socket);
  return signedIn;
}

/** Another socket of a signed-in user (same session cookie), on `app` or another instance. */
async function anotherSocket(app: TestApp, cookie: string) {
  const socket = await connectSocket(app.baseUrl, { cookie });
  sockets.push(socket);
  return socket;
}

const emit = emitWithin(10_000);

const errorOf = (ack: Ack<unknown>): AckError => {
  if (ack.ok) throw new Error('expected an error acknowledgement');
  return ack.error;
};

const send = (socket: TestSocket, gameId: string, message: string) =>
  emit(socket, 'chat:send', { gameId, message, team: 'home', teamName: 'Chiefs' });

/** The connect error a socket opened with `cookie` gets (fails the test when it connects). */
async function refusedConnection(baseUrl: string, cookie: string) {
  try {
    const socket = await connectSocket(baseUrl, { cookie });
    sockets.push(socket);
  } catch (error) {
    return error as Error & { data?: { code?: string } };
  }
  throw new Error('the connection was accepted');
}

/** The first presence push for `gameId` with `count` people in voice, as the socket received it. */
function presencePush(socket: TestSocket, gameId: string, count: number): Promise<unknown> {
  return new Promise((resolve) => {
    const listener = (presence: VoiceCount) => {
      if (presence.gameId !== gameId || presence.participantCount !== count) return;
      socket.off('voice:presence-changed', listener);
      resolve(presence);
    };
    socket.on('voice:presence-changed', listener);
  });
}

/** Sockets of `login` the server holds on `app`. */
const serverSockets = (app: TestApp, login: string) =>
  [...app.app.io.of('/').sockets.values()].filter((socket) => socket.data.login === login);

describe('the event budget of a socket', () => {
  it('answers a flood of reads with rate_limited, while the server and other users carry on', async () => {
    const app = await start({ CHAT_RATE_LIMIT: '1000' });
    const gameId = newGame();
    const seeder = await user(app, 'seeder');
    for (let i = 0; i < 100; i++) expect((await send(seeder.socket, gameId, `m${i}`)).ok).toBe(true);
    const attacker = await user(app, 'attacker');
    const fan = await user(app, 'fan');

    const FLOOD = 3000;
    const flood = Promise.all(
      Array.from({ length: FLOOD }, () =>
        emit(attacker.socket, 'chat:sync', { gameId, after: '0-0' }, 60_000),
      ),
    );
    // Meanwhile the server answers its health check and another user reads and talks as usual.
    const [health, joined, sent] = await Promise.all([
      fetch(`${app.baseUrl}/healthz`),
      emit(fan.socket, 'chat:join', { gameId }),
      send(fan.socket, gameId, 'still here'),
    ]);
    expect(health.status).toBe(200);
    expect(joined.ok && joined.data.messages).toHaveLength(50);
    expect(sent.ok).toBe(true);

    const answers = await flood;
    const served = answers.filter((answer) => answer.ok);
    const refused = answers.filter((answer) => !answer.ok);
    // The default burst is 20 history reads; a few more come back while the flood is answered.
    expect(served.length).toBeGreaterThanOrEqual(20);
    expect(served.length).toBeLessThan(100);
    expect(served.length + refused.length).toBe(FLOOD);
    for (const answer of refused) {
      const error = errorOf(answer);
      expect(error.code).toBe('rate_limited');
      expect(error.message).toMatch(/^Too many requests\. Try again in \d+ s\.$/);
      expect(error.retryAfterMs).toBeGreaterThan(0);
      expect(error.message).toBe(
        `Too many requests. Try again in ${Math.ceil(error.retryAfterMs! / 1000)} s.`,
      );
    }
    // The flooding socket itself is still connected, and cheap events still pass when reads are spent.
    expect(attacker.socket.connected).toBe(true);
    expect((await emit(attacker.socket, 'voice:presence', { gameId })).ok).toBe(true);
  }, 60_000);

  it('counts every event, unknown ones and ones without an acknowledgement included', async () => {
    // A budget of 30 events, one more a second.
    const app = await start({ SOCKET_EVENT_BURST: '30', SOCKET_EVENTS_PER_SECOND: '1' });
    const gameId = newGame();
    const attacker = await user(app, 'attacker');
    const raw = attacker.socket as unknown as { emit(event: string, ...args: unknown[]): void };
    for (let i = 0; i < 20; i++) raw.emit('admin:flush', { i });
    for (let i = 0; i < 10; i++) raw.emit('chat:leave', { gameId });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => emit(attacker.socket, 'voice:presence', { gameId })),
    );
    const refused = answers.filter((answer) => !answer.ok);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) expect(errorOf(answer).code).toBe('rate_limited');
  });

  it('never meets a person: a busy minute in a game room passes whole, a flood after it does not', async () => {
    const app = await start({ CHAT_RATE_LIMIT: '1000' });
    const gameId = newGame();
    const other = await user(app, 'other');
    for (let i = 0; i < 150; i++) expect((await send(other.socket, gameId, `m${i}`)).ok).toBe(true);
    const person = await user(app, 'person');
    const answers: Array<Ack<unknown>> = [];
    const call = async (event: string, payload: unknown) => {
      const answer = await emitUntyped(person.socket, event, payload, 10_000);
      answers.push(answer);
      return answer;
    };

    // Opens the game's chat, scrolls back through the history, catches up after a blip.
    const page = (await call('chat:join', { gameId })) as Ack<ChatPage>;
    let oldest = page.ok ? page.data.messages[0]!.id : '0-0';
    for (let i = 0; i < 2; i++) {
      const older = (await call('chat:history', { gameId, before: oldest })) as Ack<ChatPage>;
      if (older.ok) oldest = older.data.messages[0]?.id ?? oldest;
    }
    await call('chat:sync', { gameId, after: oldest });
    for (let i = 0; i < 5; i++) answers.push(await send(person.socket, gameId, `hello ${i}`));
    // Joins voice in a full room: an offer and about ten ICE candidates to each of the seven others.
    await emit(other.socket, 'voice:join', { gameId });
    await call('voice:presence', { gameId });
    await call('voice:join', { gameId });
    const signals = [];
    for (let peer = 0; peer < 7; peer++) {
      signals.push(
        call('voice:signal', { gameId, to: other.socket.id, data: { type: 'offer', sdp: 'v=0' } }),
      );
      for (let candidate = 0; candidate < 10; candidate++) {
        signals.push(
          call('voice:signal', {
            gameId,
            to: other.socket.id,
            data: { type: 'candidate', candidate: { candidate: `candidate:${candidate}`, sdpMid: '0' } },
          }),
        );
      }
    }
    await Promise.all(signals);
    await call('voice:heartbeat', { gameId });
    await call('voice:leave', { gameId });
    await call('chat:leave', { gameId });

    expect(answers.filter((answer) => !answer.ok)).toEqual([]);
    expect(answers.length).toBeGreaterThan(90);

    // The same socket sending what no person does is stopped.
    const flood = await Promise.all(
      Array.from({ length: 500 }, () => emit(person.socket, 'voice:presence', { gameId })),
    );
    expect(flood.filter((answer) => !answer.ok).length).toBeGreaterThan(0);
  }, 30_000);
});

describe('rooms per socket', () => {
  it('refuses a game room beyond the limit with limit_reached, and takes it once another is left', async () => {
    const app = await start({ SOCKET_ROOM_LIMIT: '5' });
    const fan = await user(app, 'fan');
    const games = Array.from({ length: 5 }, newGame);
    for (const gameId of games) expect((await emit(fan.socket, 'chat:join', { gameId })).ok).toBe(true);
    // Joining one already joined costs no room.
    expect((await emit(fan.socket, 'chat:join', { gameId: games[0] })).ok).toBe(true);

    const extra = newGame();
    const refused = errorOf(await emit(fan.socket, 'chat:join', { gameId: extra }));
    expect(refused.code).toBe('limit_reached');
    expect(refused.message).toBe(
      'You are in 5 game rooms already, the most one connection may be in. Leave one to join another.',
    );
    // Voice enters the game's room too: refused the same way, and no voice place is taken.
    expect(errorOf(await emit(fan.socket, 'voice:join', { gameId: extra })).code).toBe('limit_reached');
    const presence = await emit(fan.socket, 'voice:presence', { gameId: extra });
    expect(presence.ok && presence.data.participantCount).toBe(0);

    // A refused room sends nothing: a message there does not reach this socket.
    const other = await user(app, 'other');
    let leaked = false;
    fan.socket.on('chat:message-created', (message) => {
      if (message.gameId === extra) leaked = true;
    });
    expect((await send(other.socket, extra, 'not for you')).ok).toBe(true);

    await emit(fan.socket, 'chat:leave', { gameId: games[1] });
    expect((await emit(fan.socket, 'chat:join', { gameId: extra })).ok).toBe(true);
    expect(leaked).toBe(false);
  });

  it('lets a burst of joins sent at once take no more than the limit', async () => {
    const app = await start({ SOCKET_ROOM_LIMIT: '5' });
    const fan = await user(app, 'fan');
    const answers = await Promise.all(
      Array.from({ length: 15 }, () => emit(fan.socket, 'chat:join', { gameId: newGame() })),
    );
    expect(answers.filter((answer) => answer.ok)).toHaveLength(5);
    expect(answers.filter((answer) => !answer.ok).map((answer) => errorOf(answer).code)).toEqual(
      Array(10).fill('limit_reached'),
    );
  });
});

describe('sockets per login', () => {
  it('refuses one socket more than the limit at connect, on any instance, and serves everyone else', async () => {
    const env = { SOCKETS_PER_LOGIN_LIMIT: '3' };
    const first = await start(env);
    const second = await start(env);
    const login = unique('tabs');
    const { client } = await signIn(first, login);
    const cookie = client.cookieHeader();
    const tabs = [await anotherSocket(first, cookie), await anotherSocket(first, cookie)];
    tabs.push(await anotherSocket(second, cookie));

    for (const app of [second, first]) {
      const refusal = await refusedConnection(app.baseUrl, cookie);
      expect(refusal.message).toBe(
        'Too many connections for your account (3 at most). Close a tab or window and try again.',
      );
      expect(refusal.data).toEqual({ code: 'limit_reached' });
    }
    // Another sign-in of the same login counts too; another login does not.
    const { client: again } = await signIn(second, login);
    expect((await refusedConnection(second.baseUrl, again.cookieHeader())).data).toEqual({
      code: 'limit_reached',
    });
    const someoneElse = await user(first, 'someone');
    expect(someoneElse.socket.connected).toBe(true);
    expect(serverSockets(first, login)).toHaveLength(2);
    expect(serverSockets(second, login)).toHaveLength(1);

    // A tab closed frees its place.
    tabs[0]!.close();
    await vi.waitFor(() => expect(serverSockets(first, login)).toHaveLength(1));
    expect((await anotherSocket(second, cookie)).connected).toBe(true);
  });

  it('lets sockets opening at once take no more than the limit', async () => {
    const app = await start({ SOCKETS_PER_LOGIN_LIMIT: '3' });
    const login = unique('rush');
    const { client } = await signIn(app, login);
    const attempts = await Promise.allSettled(
      Array.from({ length: 12 }, () => connectSocket(app.baseUrl, { cookie: client.cookieHeader() })),
    );
    for (const attempt of attempts) if (attempt.status === 'fulfilled') sockets.push(attempt.value);
    const opened = attempts.filter((attempt) => attempt.status === 'fulfilled');
    // The first three to join are let in (not none of them, not more).
    expect(opened).toHaveLength(3);
    expect(serverSockets(app, login).length).toBe(opened.length);
  });
});

describe('sockets per login of an instance that crashed', () => {
  it('keep counting while it lives, and stop counting once their count lapses after it died', async () => {
    // A one-second lapse (renewed every third of it by the instance holding the sockets).
    const env = { SOCKETS_PER_LOGIN_LIMIT: '2', SOCKETS_PER_LOGIN_TTL_SECONDS: '1' };
    const survivor = await start(env);
    const doomed = await startChildInstance({ redisUrl: redis.url, env });
    children.push(doomed);
    const login = unique('crash');
    const { client } = await signIn(survivor, login);
    const cookie = client.cookieHeader();
    const doomedUrl = `http://localhost:${doomed.port}`;
    for (let i = 0; i < 2; i++) sockets.push(await connectSocket(doomedUrl, { cookie }));

    // Past two lapses, the living instance's renewals still count both sockets.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect((await refusedConnection(survivor.baseUrl, cookie)).data).toEqual({ code: 'limit_reached' });

    // Killed: no disconnect reaches the store, and its two sockets are counted until the count lapses.
    await doomed.kill();
    const admitted = await vi.waitFor(() => connectSocket(survivor.baseUrl, { cookie }), {
      timeout: 10_000,
      interval: 200,
    });
    sockets.push(admitted);
    expect(admitted.connected).toBe(true);
    sockets.push(await connectSocket(survivor.baseUrl, { cookie }));
    expect((await refusedConnection(survivor.baseUrl, cookie)).data).toEqual({ code: 'limit_reached' });
  }, 30_000);
});

describe('voice places', () => {
  it('gives a login one place in a voice room, however many sockets it joins with', async () => {
    const app = await start();
    const gameId = newGame();
    const login = unique('hog');
    const { client } = await signIn(app, login);
    const hogs = await Promise.all(
      Array.from({ length: 8 }, () => anotherSocket(app, client.cookieHeader())),
    );
    // All eight at once: one gets the place, the others a clear refusal.
    const answers = await Promise.all(hogs.map((socket) => emit(socket, 'voice:join', { gameId })));
    const joined = answers.filter((answer) => answer.ok);
    expect(joined).toHaveLength(1);
    for (const answer of answers.filter((a) => !a.ok)) {
      expect(errorOf(answer)).toEqual({
        code: 'limit_reached',
        message: 'You are already in this voice chat in another tab or window. Leave it there to join here.',
      });
    }
    const holder = hogs[answers.findIndex((answer) => answer.ok)]!;

    // The room is not full: seven other people still get in, and the eighth finds it full.
    for (let i = 0; i < 7; i++) {
      const person = await user(app, `fan${i}`);
      expect((await emit(person.socket, 'voice:join', { gameId })).ok).toBe(true);
    }
    const late = await user(app, 'late');
    expect(errorOf(await emit(late.socket, 'voice:join', { gameId })).message).toMatch(/full \(8 people\)/);
    const presence = (await emit(holder, 'voice:presence', { gameId })) as Ack<VoicePresence>;
    expect(presence.ok && presence.data.participants.filter((p) => p.login === login)).toEqual([
      { id: holder.id, login, name: expect.anything() },
    ]);

    // Once that socket leaves, another of the login's sockets may take the place.
    await emit(holder, 'voice:leave', { gameId });
    const other = hogs.find((socket) => socket !== holder)!;
    expect((await emit(other, 'voice:join', { gameId })).ok).toBe(true);
  }, 30_000);

  it('keeps a socket in one voice room at most', async () => {
    const app = await start();
    const fan = await user(app, 'fan');
    const games = Array.from({ length: 20 }, newGame);
    // Joins sent at once for twenty games: one room.
    const answers = await Promise.all(games.map((gameId) => emit(fan.socket, 'voice:join', { gameId })));
    expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
    const inside = games[answers.findIndex((answer) => answer.ok)]!;
    for (const answer of answers.filter((a) => !a.ok)) {
      expect(errorOf(answer)).toEqual({
        code: 'limit_reached',
        message: 'You are already in voice chat in another game. Leave it to join this one.',
      });
    }
    const counts = await Promise.all(
      games.map(async (gameId) => {
        const presence = await emit(fan.socket, 'voice:presence', { gameId });
        return presence.ok ? presence.data.participantCount : -1;
      }),
    );
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(1);

    // Leaving frees the socket for another game.
    const next = games.find((gameId) => gameId !== inside)!;
    await emit(fan.socket, 'voice:leave', { gameId: inside });
    expect((await emit(fan.socket, 'voice:join', { gameId: next })).ok).toBe(true);
  });

  it('tells people outside voice how many are in it, and only participants who', async () => {
    const app = await start();
    const gameId = newGame();
    const viewer = await user(app, 'viewer');
    await emit(viewer.socket, 'chat:join', { gameId });
    const alice = await user(app, 'alice');
    const bob = await user(app, 'bob');
    await emit(alice.socket, 'voice:join', { gameId });

    const viewerPush = presencePush(viewer.socket, gameId, 2);
    const alicePush = presencePush(alice.socket, gameId, 2);
    await emit(bob.socket, 'voice:join', { gameId });
    expect(await viewerPush).toEqual({ gameId, participantCount: 2, version: expect.any(Number) });
    expect(await alicePush).toMatchObject({
      gameId,
      participantCount: 2,
      participants: expect.arrayContaining([
        expect.objectContaining({ id: bob.socket.id, login: bob.user.login }),
      ]),
    });

    const asked = await emit(viewer.socket, 'voice:presence', { gameId });
    expect(asked).toEqual({ ok: true, data: { gameId, participantCount: 2, version: expect.any(Number) } });
    const outsider = await user(app, 'outsider');
    expect(await emit(outsider.socket, 'voice:presence', { gameId })).toEqual({
      ok: true,
      data: { gameId, participantCount: 2, version: expect.any(Number) },
    });
    const inside = (await emit(alice.socket, 'voice:presence', { gameId })) as Ack<VoicePresence>;
    expect(inside.ok && inside.data.participants.map((p) => p.login).sort()).toEqual(
      [alice.user.login, bob.user.login].sort(),
    );
  });
  it('gives a participant whose connection dropped and recovered the count only, until it joins again', async () => {
    const app = await start();
    const gameId = newGame();
    const alice = await user(app, 'alice');
    await emit(alice.socket, 'chat:join', { gameId });
    await emit(alice.socket, 'voice:join', { gameId });

    // A blip: the transport drops, the client comes back by itself and recovers its rooms.
    alice.socket.io.reconnection(true);
    alice.socket.io.reconnectionDelay(50);
    const bob = await user(app, 'bob');
    await emit(bob.socket, 'chat:join', { gameId });
    const emptied = presencePush(bob.socket, gameId, 0);
    const back = new Promise<void>((resolve) => alice.socket.once('connect', () => resolve()));
    alice.socket.io.engine.close();
    await Promise.all([back, emptied]);
    expect(alice.socket.recovered).toBe(true);

    const told = presencePush(alice.socket, gameId, 1);
    await emit(bob.socket, 'voice:join', { gameId });
    expect(await told).toEqual({ gameId, participantCount: 1, version: expect.any(Number) });
  });
});

describe('the REST chat read', () => {
  it('is limited per user like the other API reads', async () => {
    const app = await start({ API_RATE_LIMIT: '3', API_RATE_WINDOW_SECONDS: '60' });
    const gameId = newGame();
    const { client } = await signIn(app, unique('reader'));
    for (let i = 0; i < 3; i++) {
      expect((await client.request(`/api/chat/games/${gameId}/messages`)).status).toBe(200);
    }
    const limited = await client.request(`/api/chat/games/${gameId}/messages`);
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { error: { code: string } }).error.code).toBe('rate_limited');
    // Another user reads on.
    const { client: other } = await signIn(app, unique('reader'));
    expect((await other.request(`/api/chat/games/${gameId}/messages`)).status).toBe(200);
  });
});
