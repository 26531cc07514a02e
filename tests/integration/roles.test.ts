/**
 * A chat role is what the configuration says now, not what it said at sign-in: a login taken off
 * MODERATOR_LOGINS or ADMIN_LOGINS loses the role on the next request and the next socket, with the
 * same 14-day session, and one added gains it. Here an instance with the old lists is replaced by
 * one with new lists on the same Redis (a restart with a changed environment), same session cookies.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { emit } from '../helpers/emit';
import { connectSocket, signIn, type TestSocket } from '../helpers/sign-in';
import { cookieClient, type TestApp } from '../helpers/test-app';
import { closeChatRoomsAfterEach, dataOf, fan, say, startInstance, stopInstance } from './chat-room-helpers';
import { newGame, unique } from '../helpers/ids';

closeChatRoomsAfterEach();

const LIMITS = { CHAT_RATE_LIMIT: '1000' };

const sockets: TestSocket[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});

/** The same browser (its session cookie) coming back to another instance. */
function sameBrowser(app: TestApp, cookieHeader: string) {
  const client = cookieClient(app.baseUrl);
  for (const pair of cookieHeader.split('; ')) {
    const [name, ...value] = pair.split('=');
    client.jar.set(name!, value.join('='));
  }
  return client;
}

async function socketFor(app: TestApp, cookie: string) {
  const socket = await connectSocket(app.baseUrl, { cookie });
  sockets.push(socket);
  return socket;
}

const roleOn = async (client: ReturnType<typeof cookieClient>) => {
  const me = await client.request('/api/auth/me');
  expect(me.status).toBe(200);
  return ((await me.json()) as { role: string }).role;
};

describe('roles follow the current configuration', () => {
  it('a moderator and an admin taken off the lists moderate no more after a restart, same sessions', async () => {
    const modx = unique('modx');
    const adminx = unique('adminx');
    const before = await startInstance({ env: { ...LIMITS, MODERATOR_LOGINS: modx, ADMIN_LOGINS: adminx } });
    const moderator = await signIn(before, modx);
    const admin = await signIn(before, adminx);
    expect(moderator.body.role).toBe('moderator');
    expect(admin.body.role).toBe('admin');
    const moderatorCookie = moderator.client.cookieHeader();
    const adminCookie = admin.client.cookieHeader();
    await stopInstance(before);

    // Restarted without them in either list.
    const after = await startInstance({ env: LIMITS });
    const gameId = newGame();
    const victim = await fan(after, unique('fan'));
    await say(victim.socket, gameId, 'hello');

    for (const cookie of [moderatorCookie, adminCookie]) {
      expect(await roleOn(sameBrowser(after, cookie))).toBe('user');
      const socket = await socketFor(after, cookie);
      expect(await emit(socket, 'chat:slow-mode', { gameId, seconds: 30 })).toEqual({
        ok: false,
        error: { code: 'forbidden', message: 'Only moderators and admins can set slow mode.' },
      });
      expect(await emit(socket, 'chat:timeout', { gameId, login: victim.login, minutes: 5 })).toEqual({
        ok: false,
        error: { code: 'forbidden', message: 'Only moderators and admins can time someone out.' },
      });
      expect(await emit(socket, 'chat:moderation-log', { gameId })).toMatchObject({
        ok: false,
        error: { code: 'forbidden' },
      });
    }
    // Still allowed to speak, as the user they are now.
    const socket = await socketFor(after, moderatorCookie);
    expect(dataOf(await emit(socket, 'chat:join', { gameId })).room.slowModeSeconds).toBe(0);
    expect(await say(socket, gameId, 'still here')).toMatchObject({ login: modx, role: 'user' });
  });

  it('a login added to a list has the role at once, on every instance, without signing in again', async () => {
    const promoted = unique('promoted');
    const plain = await startInstance({ env: LIMITS });
    const { client, body } = await signIn(plain, promoted);
    expect(body.role).toBe('user');
    // A second instance with the new list beside the first (a rolling restart): each answers by its own.
    const updated = await startInstance({ env: { ...LIMITS, MODERATOR_LOGINS: promoted.toUpperCase() } });
    const cookie = client.cookieHeader();
    expect(await roleOn(sameBrowser(updated, cookie))).toBe('moderator');
    expect(await roleOn(client)).toBe('user');
    const gameId = newGame();
    const socket = await socketFor(updated, cookie);
    expect(dataOf(await emit(socket, 'chat:slow-mode', { gameId, seconds: 15 }))).toEqual({
      gameId,
      slowModeSeconds: 15,
    });
  });
});
