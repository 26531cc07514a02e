import { afterEach, describe, expect, it } from 'vitest';
import type { ChatMessage, ChatPage, ChatSyncAnswer } from '@shared/schemas/chat';
import { connectSocket, signedInSocket, signIn, type TestSocket } from '../helpers/sign-in';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { emit, emitUntyped } from '../helpers/emit';
import { newGame, unique } from '../helpers/ids';

let apps: TestApp[] = [];
let sockets: TestSocket[] = [];
afterEach(async () => {
  for (const socket of sockets) socket.close();
  await Promise.all(apps.map((app) => app.close()));
  apps = [];
  sockets = [];
});

// Instances share a session secret, as a deployment behind one Redis must.
const SESSION_SECRET = 'a-test-session-secret-shared-by-instances';

async function start(env: Record<string, string> = {}) {
  const app = await startTestApp({ env: { SESSION_SECRET, ...env } });
  apps.push(app);
  return app;
}

async function user(app: TestApp, name: string) {
  const signedIn = await signedInSocket(app, unique(name));
  sockets.push(signedIn.socket);
  return signedIn;
}

function nextMessage(socket: TestSocket): Promise<ChatMessage> {
  return new Promise((resolve) => socket.once('chat:message-created', resolve));
}

const send = (socket: TestSocket, gameId: string, message: string, team: 'away' | 'home' = 'home') =>
  emit(socket, 'chat:send', {
    gameId,
    message,
    team,
    teamName: team === 'home' ? 'Chiefs' : 'Bills',
  });

describe('game chat over Socket.IO', () => {
  it('acknowledges the stored message to the sender, then broadcasts it to the room', async () => {
    const app = await start();
    const gameId = newGame();
    const alice = await user(app, 'alice');
    const bob = await user(app, 'bob');
    const outsider = await user(app, 'carol');
    expect((await emit(alice.socket, 'chat:join', { gameId })).ok).toBe(true);
    expect((await emit(bob.socket, 'chat:join', { gameId })).ok).toBe(true);
    let outsiderGotIt = false;
    outsider.socket.on('chat:message-created', () => (outsiderGotIt = true));

    const received = nextMessage(bob.socket);
    const ack = await send(alice.socket, gameId, '  Go Chiefs!  ');
    expect(ack.ok).toBe(true);
    const stored = (ack as { data: ChatMessage }).data;
    expect(stored).toMatchObject({
      gameId,
      login: alice.user.login,
      // The author readers see is the unique login, never the copyable display name.
      username: alice.user.login,
      message: 'Go Chiefs!',
      team: 'home',
      teamName: 'Chiefs',
      role: 'user',
    });
    expect(await received).toEqual(stored);

    // The outsider is in no room: a round trip on its own socket shows nothing arrived.
    await emit(outsider.socket, 'chat:join', { gameId: newGame() });
    expect(outsiderGotIt).toBe(false);
  });

  it('takes identity from the session, not the payload', async () => {
    const app = await start({ ADMIN_LOGINS: 'boss' });
    await signIn(app, 'boss');
    const gameId = newGame();
    const mallory = await user(app, 'mallory');
    await emit(mallory.socket, 'chat:join', { gameId });
    const ack = await emitUntyped(mallory.socket, 'chat:send', {
      gameId,
      message: 'I am the boss',
      team: 'away',
      teamName: 'Bills',
      username: 'boss',
      login: 'boss',
      role: 'admin',
    });
    expect(ack.ok).toBe(true);
    expect((ack as { data: ChatMessage }).data).toMatchObject({
      login: mallory.user.login,
      username: mallory.user.login,
      role: 'user',
    });
  });

  it('refuses empty, too long and team-less messages with a clear error', async () => {
    const app = await start();
    const gameId = newGame();
    const alice = await user(app, 'alice');
    const empty = await send(alice.socket, gameId, '    ');
    expect(empty).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    expect((empty as { error: { message: string } }).error.message).toContain('cannot be empty');
    const long = await send(alice.socket, gameId, 'x'.repeat(501));
    expect(long).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    expect((await send(alice.socket, gameId, 'x'.repeat(500))).ok).toBe(true);
    const noTeam = await emitUntyped(alice.socket, 'chat:send', {
      gameId,
      message: 'hi',
      teamName: 'Chiefs',
    });
    expect(noTeam).toMatchObject({ ok: false, error: { code: 'bad_request' } });
    const junk = await emitUntyped(alice.socket, 'chat:send', 'not an object');
    expect(junk).toMatchObject({ ok: false, error: { code: 'bad_request' } });
  });

  it('lets a burst through, then asks the sender to slow down', async () => {
    const app = await start({ CHAT_RATE_LIMIT: '3', CHAT_RATE_WINDOW_SECONDS: '60' });
    const gameId = newGame();
    const alice = await user(app, 'alice');
    const bob = await user(app, 'bob');
    for (let i = 0; i < 3; i++) expect((await send(alice.socket, gameId, `msg ${i}`)).ok).toBe(true);
    const limited = await send(alice.socket, gameId, 'one too many');
    expect(limited).toMatchObject({ ok: false, error: { code: 'rate_limited' } });
    expect((limited as { error: { message: string } }).error.message).toMatch(/slow down/i);
    // The limit is per user: bob still talks.
    expect((await send(bob.socket, gameId, 'my turn')).ok).toBe(true);
  });

  it('sends the latest page on join and older pages on request', async () => {
    const app = await start({ CHAT_RATE_LIMIT: '1000' });
    const gameId = newGame();
    const alice = await user(app, 'alice');
    for (let i = 1; i <= 60; i++) await send(alice.socket, gameId, `m${i}`);
    const bob = await user(app, 'bob');
    const joined = await emit(bob.socket, 'chat:join', { gameId });
    const latest = (joined as { data: ChatPage }).data;
    expect(latest.messages).toHaveLength(50);
    expect(latest.messages[0]!.message).toBe('m11');
    expect(latest.messages.at(-1)!.message).toBe('m60');
    expect(latest.hasMore).toBe(true);
    // Each page says the room's version it was read at: here 60 messages stored, nothing else.
    expect(latest.version).toBe(60);

    const older = await emit(bob.socket, 'chat:history', {
      gameId,
      before: latest.messages[0]!.id,
      limit: 50,
    });
    const page = (older as { data: ChatPage }).data;
    expect(page.messages.map((m) => m.message)).toEqual(Array.from({ length: 10 }, (_, i) => `m${i + 1}`));
    expect(page.hasMore).toBe(false);
    expect(page.version).toBe(60);
  });

  it('lets moderators delete a message for everyone, and no one else', async () => {
    const modLogin = unique('mod');
    const app = await start({ MODERATOR_LOGINS: modLogin });
    const gameId = newGame();
    const alice = await user(app, 'alice');
    const { client: modClient } = await signIn(app, modLogin);
    const mod = { socket: await connectSocket(app.baseUrl, { cookie: modClient.cookieHeader() }) };
    sockets.push(mod.socket);
    await emit(alice.socket, 'chat:join', { gameId });
    const stored = ((await send(alice.socket, gameId, 'spam spam')) as { data: ChatMessage }).data;

    const refused = await emit(alice.socket, 'chat:delete', { gameId, messageId: stored.id });
    expect(refused).toMatchObject({ ok: false, error: { code: 'forbidden' } });

    const deleted = new Promise((resolve) => alice.socket.once('chat:message-deleted', resolve));
    expect((await emit(mod.socket, 'chat:delete', { gameId, messageId: stored.id })).ok).toBe(true);
    expect(await deleted).toEqual({ gameId, messageId: stored.id });
    const page = (await emit(mod.socket, 'chat:join', { gameId })) as { data: ChatPage };
    expect(page.data.messages).toEqual([]);
  });

  it('delivers a message sent on one instance to a client of another instance', async () => {
    const first = await start();
    const second = await start();
    const gameId = newGame();
    const alice = await user(first, 'alice');
    // Sessions live in the shared Redis: bob signs in on the first instance and connects to the second.
    const { client } = await signIn(first, unique('bob'));
    const bobSocket = await connectSocket(second.baseUrl, {
      cookie: client.cookieHeader(),
      origin: second.baseUrl,
    });
    sockets.push(bobSocket);
    await emit(bobSocket, 'chat:join', { gameId });
    const received = nextMessage(bobSocket);
    const ack = await send(alice.socket, gameId, 'hello from instance one');
    expect(await received).toEqual((ack as { data: ChatMessage }).data);
  });

  it('gives a client that dropped what it missed when it comes back', async () => {
    const app = await start();
    const gameId = newGame();
    const alice = await user(app, 'alice');
    const { client } = await signIn(app, unique('bob'));
    const bob = await connectSocket(app.baseUrl, { cookie: client.cookieHeader() });
    sockets.push(bob);
    await emit(bob, 'chat:join', { gameId });
    const first = nextMessage(bob);
    await send(alice.socket, gameId, 'before the blip');
    const last = await first;

    // A blip: the transport drops without a goodbye, then the client reconnects by itself.
    bob.io.reconnection(true);
    bob.io.reconnectionDelay(50);
    const reconnected = new Promise<void>((resolve) => bob.once('connect', () => resolve()));
    bob.io.engine.close();
    const missedWhileAway = (
      (await send(alice.socket, gameId, 'while you were away')) as { data: ChatMessage }
    ).data;
    await reconnected;

    // As the app's client does on every reconnect: back in the room, then what it missed from the
    // history (new messages travel on the game's feed, which connection state recovery does not replay).
    await emit(bob, 'chat:join', { gameId });
    const synced = (await emit(bob, 'chat:sync', { gameId, after: last.id })) as {
      data: ChatSyncAnswer;
    };
    expect(synced.data.messages).toEqual([missedWhileAway]);
    expect(synced.data.gap).toBe(false);
    const live = nextMessage(bob);
    const after = ((await send(alice.socket, gameId, 'welcome back')) as { data: ChatMessage }).data;
    expect(await live).toEqual(after);
  });
});

describe('game chat over REST', () => {
  it('stores a posted message from the session user and broadcasts it like a socket one', async () => {
    const app = await start();
    const gameId = newGame();
    const watcher = await user(app, 'watcher');
    await emit(watcher.socket, 'chat:join', { gameId });
    const poster = unique('poster');
    const { client } = await signIn(app, poster);
    const received = nextMessage(watcher.socket);
    const posted = await client.json(`/api/chat/games/${gameId}/messages`, {
      message: 'Touchdown!',
      team: 'away',
      username: 'someone-else',
      awayTeam: 'Buffalo Bills',
      homeTeam: 'Kansas City Chiefs',
    });
    expect(posted.status).toBe(201);
    const { message } = (await posted.json()) as { message: ChatMessage };
    expect(message).toMatchObject({
      login: poster,
      username: poster,
      team: 'away',
      teamName: 'Buffalo Bills',
    });
    expect(await received).toEqual(message);

    const list = await client.request(`/api/chat/games/${gameId}/messages?awayTeam=Bills&homeTeam=Chiefs`);
    expect(list.status).toBe(200);
    const body = (await list.json()) as ChatPage & { fallback: boolean };
    expect(body.fallback).toBe(false);
    expect(body.messages).toEqual([message]);
    expect(body.version).toBe(1);
  });

  it('refuses anonymous callers and bad input', async () => {
    const app = await start();
    const anonymous = await fetch(`${app.baseUrl}/api/chat/games/g1/messages`);
    expect(anonymous.status).toBe(401);
    const { client } = await signIn(app, 'poster');
    const badGame = await client.request('/api/chat/games/bad%20id!/messages');
    expect(badGame.status).toBe(400);
    const empty = await client.json('/api/chat/games/g1/messages', {
      message: ' ',
      team: 'home',
      awayTeam: 'A',
      homeTeam: 'B',
    });
    expect(empty.status).toBe(400);
  });
});
