/**
 * Signing out ends the session's realtime access too: its sockets are disconnected on every instance
 * at once, none comes back through connection recovery, and other sessions of the same login stay.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { connectSocket, signIn, type TestSocket } from '../helpers/sign-in';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { emit } from '../helpers/emit';
import { newGame, unique } from '../helpers/ids';

// Instances share a session secret, as a deployment behind one Redis must.
const SESSION_SECRET = 'logout-tests-session-secret-shared';
let apps: TestApp[] = [];
let sockets: TestSocket[] = [];
afterEach(async () => {
  for (const socket of sockets) socket.close();
  await Promise.all(apps.map((app) => app.close()));
  apps = [];
  sockets = [];
});

async function start() {
  const app = await startTestApp({
    env: { SESSION_SECRET, NEWS_FEEDS: '', ESPN_BASE_URL: 'http://127.0.0.1:9' },
  });
  apps.push(app);
  return app;
}

async function open(app: TestApp, cookie: string) {
  const socket = await connectSocket(app.baseUrl, { cookie });
  sockets.push(socket);
  return socket;
}

const send = (socket: TestSocket, gameId: string, message: string) =>
  emit(socket, 'chat:send', { gameId, message, team: 'home', teamName: 'Chiefs' });

/**
 * Gives the socket a point to recover from: recovery resumes after the last push the Socket.IO
 * adapter carried to it, such as its login's seen position (chat messages come on the game's feed).
 */
async function pointToRecoverFrom(socket: TestSocket, gameId: string) {
  await emit(socket, 'chat:join', { gameId });
  const brb = await send(socket, gameId, 'brb');
  if (!brb.ok) throw new Error(brb.error.message);
  const pushed = new Promise((resolve) => socket.once('chat:unread-changed', resolve));
  expect((await emit(socket, 'chat:seen', { gameId, messageId: brb.data.id })).ok).toBe(true);
  await pushed;
}

const disconnection = (socket: TestSocket) =>
  new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

const serverSockets = (app: TestApp, login: string) =>
  [...app.app.io.of('/').sockets.values()].filter((socket) => socket.data.login === login);

describe('signing out', () => {
  it("disconnects the session's sockets on every instance, and no other session's", async () => {
    const first = await start();
    const second = await start();
    const login = unique('leaver');
    const gameId = newGame();
    const { client: laptop } = await signIn(first, login);
    const here = await open(first, laptop.cookieHeader());
    const there = await open(second, laptop.cookieHeader());
    // The same person signed in on a phone: another session.
    const { client: phone } = await signIn(second, login);
    const phoneSocket = await open(second, phone.cookieHeader());
    for (const socket of [here, there, phoneSocket]) await emit(socket, 'chat:join', { gameId });

    const ended = [disconnection(here), disconnection(there)];
    expect((await laptop.request('/api/auth/logout', { method: 'POST' })).status).toBe(204);
    expect(await Promise.all(ended)).toEqual(['io server disconnect', 'io server disconnect']);

    expect(serverSockets(first, login)).toHaveLength(0);
    expect(serverSockets(second, login).map((socket) => socket.id)).toEqual([phoneSocket.id]);
    expect((await send(phoneSocket, gameId, 'still signed in on the phone')).ok).toBe(true);
    // The signed-out cookie opens no new socket.
    await expect(connectSocket(first.baseUrl, { cookie: laptop.cookieHeader() })).rejects.toThrow(
      'unauthenticated',
    );
  });

  it('keeps a socket that dropped before signing out from coming back', async () => {
    const app = await start();
    const login = unique('dropper');
    const { client } = await signIn(app, login);
    const cookie = client.cookieHeader();
    const socket = await open(app, cookie);
    const gameId = newGame();
    await pointToRecoverFrom(socket, gameId);

    // The connection drops without a goodbye: the server keeps its state for a recovery.
    const dropped = new Promise<string>((resolve) =>
      serverSockets(app, login)[0]!.once('disconnect', (reason) => resolve(reason)),
    );
    socket.io.engine.close();
    expect(await dropped).toBe('transport close');

    expect((await client.request('/api/auth/logout', { method: 'POST' })).status).toBe(204);
    const outcome = new Promise<string>((resolve) => {
      socket.once('connect', () => resolve('connected'));
      socket.once('connect_error', (error) => resolve(error.message));
    });
    socket.connect(); // offers to recover the dropped session, with the signed-out cookie
    expect(await outcome).toBe('unauthenticated');
    expect(serverSockets(app, login)).toHaveLength(0);
  });

  it('gives a connection recovered under another sign-in that identity, and none of the old one', async () => {
    const app = await start();
    const alice = unique('alice');
    const { client } = await signIn(app, alice);
    const socket = await open(app, client.cookieHeader());
    const gameId = newGame();
    await pointToRecoverFrom(socket, gameId);

    const dropped = new Promise<string>((resolve) =>
      serverSockets(app, alice)[0]!.once('disconnect', (reason) => resolve(reason)),
    );
    socket.io.engine.close();
    expect(await dropped).toBe('transport close');
    expect((await client.request('/api/auth/logout', { method: 'POST' })).status).toBe(204);

    // Bob signs in on the same browser; its socket comes back with Bob's cookie.
    const bob = unique('bob');
    const { client: bobClient } = await signIn(app, bob);
    (socket.io.opts as { extraHeaders?: Record<string, string> }).extraHeaders = {
      cookie: bobClient.cookieHeader(),
    };
    const back = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.connect();
    await back;
    expect(socket.recovered).toBe(true);
    const [server] = serverSockets(app, bob);
    expect(server?.id).toBe(socket.id);
    expect(serverSockets(app, alice)).toHaveLength(0);
    expect([...server!.rooms].filter((room) => room.startsWith('user:'))).toEqual([`user:${bob}`]);
    // What it sends now is Bob's.
    const sent = await send(socket, gameId, 'hi, Bob here');
    expect(sent.ok && sent.data.login).toBe(bob);
  });
});
