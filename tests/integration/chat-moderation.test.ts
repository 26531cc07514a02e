/**
 * Slow mode, time-outs and the moderation log, with real clients on two instances behind one Redis:
 * what a moderator sets on one instance is enforced on the other, survives a restart, and every
 * action is recorded; users cannot moderate, moderators cannot time out admins.
 */
import { describe, expect, it } from 'vitest';
import type { ChatJoinAnswer, ChatModerationEntry } from '@shared/schemas/chat';
import { connectSocket, signIn, type TestSocket } from '../helpers/sign-in';
import type { TestApp } from '../helpers/test-app';
import { emit, emitUntyped } from '../helpers/emit';
import {
  closeChatRoomsAfterEach,
  collect,
  dataOf,
  fan,
  gameData,
  next,
  say,
  startInstance,
  stopInstance,
  twoInstances,
} from './chat-room-helpers';
import { newGame, unique } from '../helpers/ids';

closeChatRoomsAfterEach();

// Roles come from the configuration, read once at start: these logins are fixed for this file.
const MODERATOR = unique('mod');
const ADMIN = unique('admin');
const ROLES = { MODERATOR_LOGINS: MODERATOR, ADMIN_LOGINS: ADMIN, CHAT_RATE_LIMIT: '1000' };

const joined = async (socket: TestSocket, gameId: string): Promise<ChatJoinAnswer> =>
  dataOf(await emit(socket, 'chat:join', { gameId }));

const send = (socket: TestSocket, gameId: string, message: string) =>
  emit(socket, 'chat:send', { gameId, message, team: 'away', teamName: 'Bills' });

describe('slow mode', () => {
  it('is set by a moderator on one instance, shown to the room and enforced on the other', async () => {
    const [a, b] = await twoInstances(ROLES);
    const gameId = newGame();
    const moderator = await fan(a, MODERATOR);
    const fanOnB = await fan(b, unique('fan'));
    expect((await joined(fanOnB.socket, gameId)).room).toEqual({ gameId, slowModeSeconds: 0 });
    await joined(moderator.socket, gameId);

    const announced = next(fanOnB.socket, 'chat:room-changed');
    expect(dataOf(await emit(moderator.socket, 'chat:slow-mode', { gameId, seconds: 30 }))).toEqual({
      gameId,
      slowModeSeconds: 30,
    });
    expect(await announced).toEqual({ gameId, slowModeSeconds: 30 });

    expect((await send(fanOnB.socket, gameId, 'first')).ok).toBe(true);
    const before = await gameData(gameId);
    const refused = await send(fanOnB.socket, gameId, 'second');
    expect(refused).toMatchObject({ ok: false, error: { code: 'slow_mode' } });
    if (refused.ok) return;
    expect(refused.error.message).toMatch(/^Slow mode: wait \d+ s$/);
    expect(refused.error.retryAfterMs).toBeGreaterThan(0);
    expect(refused.error.retryAfterMs).toBeLessThanOrEqual(30_000);
    expect(await gameData(gameId)).toEqual(before);

    // Moderators are not held to it.
    expect((await send(moderator.socket, gameId, 'one')).ok).toBe(true);
    expect((await send(moderator.socket, gameId, 'two')).ok).toBe(true);

    // The other instance, and a fan joining there, see the same setting.
    const late = await fan(a, unique('late'));
    expect((await joined(late.socket, gameId)).room.slowModeSeconds).toBe(30);

    // Turning it off applies at once.
    dataOf(await emit(moderator.socket, 'chat:slow-mode', { gameId, seconds: 0 }));
    expect((await send(fanOnB.socket, gameId, 'third')).ok).toBe(true);
  });

  it('refuses a user who sets it, and a setting that is not offered, and stores nothing', async () => {
    const app = await startInstance({ env: ROLES });
    const gameId = newGame();
    const user = await fan(app, unique('fan'));
    const moderator = await fan(app, MODERATOR);
    await say(user.socket, gameId, 'hello');
    const before = await gameData(gameId);
    expect(await emit(user.socket, 'chat:slow-mode', { gameId, seconds: 30 })).toEqual({
      ok: false,
      error: { code: 'forbidden', message: 'Only moderators and admins can set slow mode.' },
    });
    for (const seconds of [10, -5, 3600, '30', null]) {
      expect(await emitUntyped(moderator.socket, 'chat:slow-mode', { gameId, seconds })).toMatchObject({
        ok: false,
        error: {
          code: 'bad_request',
          message: expect.stringContaining('Slow mode is one of 0, 5, 15, 30, 60 s'),
        },
      });
    }
    expect(await gameData(gameId)).toEqual(before);
    expect((await joined(user.socket, gameId)).room.slowModeSeconds).toBe(0);
  });
});

describe('time-outs', () => {
  it('mutes a login in one room on every instance: its sockets are told until when', async () => {
    const [a, b] = await twoInstances(ROLES);
    const gameId = newGame();
    const moderator = await fan(a, MODERATOR);
    const bobLogin = unique('bob');
    const bobOnA = await fan(a, bobLogin);
    const bobOnB = await fan(b, bobLogin);
    await joined(bobOnB.socket, gameId);
    const message = await say(moderator.socket, gameId, 'Keep it civil');

    await say(bobOnA.socket, gameId, 'ref!');
    const toldOnA = next(bobOnA.socket, 'chat:muted');
    const toldOnB = next(bobOnB.socket, 'chat:muted');
    const startedAt = Date.now();
    // Typed in another case, it is still bob, as he writes his login (his sockets are told).
    const muted = dataOf(
      await emit(moderator.socket, 'chat:timeout', { gameId, login: bobLogin.toUpperCase(), minutes: 15 }),
    );
    expect(muted).toMatchObject({ gameId, login: bobLogin });
    const until = Date.parse(muted.until);
    expect(until).toBeGreaterThanOrEqual(startedAt + 15 * 60_000);
    expect(until).toBeLessThanOrEqual(Date.now() + 15 * 60_000);
    expect(await toldOnA).toEqual(muted);
    expect(await toldOnB).toEqual(muted);

    const before = await gameData(gameId);
    expect(await send(bobOnB.socket, gameId, 'but ref!')).toEqual({
      ok: false,
      error: { code: 'chat_muted', message: 'You are muted in this room.', until: muted.until },
    });
    expect(
      await emit(bobOnA.socket, 'chat:react', { gameId, messageId: message.id, emoji: '😢', reacted: true }),
    ).toMatchObject({ ok: false, error: { code: 'chat_muted', until: muted.until } });
    expect(await gameData(gameId)).toEqual(before);
    expect((await joined(bobOnA.socket, gameId)).mutedUntil).toBe(muted.until);

    // Only that room, only that login.
    expect((await send(bobOnA.socket, newGame(), 'elsewhere')).ok).toBe(true);
    const carol = await fan(b, unique('carol'));
    expect((await joined(carol.socket, gameId)).mutedUntil).toBeNull();
    expect((await send(carol.socket, gameId, 'fine')).ok).toBe(true);
  });

  it('refuses a moderator timing out an admin, anyone timing out themselves, users, and bad input', async () => {
    const app = await startInstance({ env: ROLES });
    const gameId = newGame();
    const moderator = await fan(app, MODERATOR);
    const admin = await fan(app, ADMIN);
    const user = await fan(app, unique('fan'));
    await say(user.socket, gameId, 'hello');
    const before = await gameData(gameId);

    expect(await emit(moderator.socket, 'chat:timeout', { gameId, login: ADMIN, minutes: 5 })).toEqual({
      ok: false,
      error: { code: 'forbidden', message: 'An admin cannot be timed out.' },
    });
    // Logins compare case-insensitively.
    expect(
      await emit(moderator.socket, 'chat:timeout', { gameId, login: ADMIN.toUpperCase(), minutes: 5 }),
    ).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await emit(moderator.socket, 'chat:timeout', { gameId, login: MODERATOR, minutes: 5 })).toEqual({
      ok: false,
      error: { code: 'bad_request', message: 'You cannot time yourself out.' },
    });
    expect(await emit(user.socket, 'chat:timeout', { gameId, login: admin.login, minutes: 5 })).toEqual({
      ok: false,
      error: { code: 'forbidden', message: 'Only moderators and admins can time someone out.' },
    });
    for (const payload of [
      { gameId, login: user.login, minutes: 10 },
      { gameId, login: user.login, minutes: '5' },
      { gameId, login: '<script>', minutes: 5 },
      { gameId, login: 'x'.repeat(40), minutes: 5 },
      { gameId, login: '', minutes: 5 },
      { gameId: 'a b', login: user.login, minutes: 5 },
    ]) {
      expect(await emitUntyped(moderator.socket, 'chat:timeout', payload)).toMatchObject({
        ok: false,
        error: { code: 'bad_request' },
      });
    }
    expect(await gameData(gameId)).toEqual(before);
    expect((await send(user.socket, gameId, 'still talking')).ok).toBe(true);

    // An admin may time out a moderator.
    expect((await emit(admin.socket, 'chat:timeout', { gameId, login: MODERATOR, minutes: 60 })).ok).toBe(
      true,
    );
    expect(await send(moderator.socket, gameId, 'hm')).toMatchObject({
      ok: false,
      error: { code: 'chat_muted' },
    });
  });

  it('refuses a muted login over REST too, saying until when', async () => {
    const app = await startInstance({ env: ROLES });
    const gameId = newGame();
    const moderator = await fan(app, MODERATOR);
    const bobLogin = unique('bob');
    const { client } = await signIn(app, bobLogin);
    const muted = dataOf(
      await emit(moderator.socket, 'chat:timeout', { gameId, login: bobLogin, minutes: 5 }),
    );
    const answer = await client.json(
      `/api/chat/games/${gameId}/messages`,
      {
        message: 'via rest',
        team: 'home',
        awayTeam: 'Bills',
        homeTeam: 'Chiefs',
      },
      { headers: { origin: app.baseUrl } },
    );
    expect(answer.status).toBe(403);
    expect(await answer.json()).toEqual({
      error: { code: 'chat_muted', message: 'You are muted in this room.', details: { until: muted.until } },
    });
  });
});

describe('the moderation log', () => {
  it('records deletions, time-outs and slow mode with who, whom and when; moderators see it live on any instance', async () => {
    const [a, b] = await twoInstances(ROLES);
    const gameId = newGame();
    const moderator = await fan(a, MODERATOR);
    const adminOnB = await fan(b, ADMIN);
    const user = await fan(b, unique('fan'));
    const message = await say(user.socket, gameId, 'spoiler!');
    dataOf(
      await emit(user.socket, 'chat:react', { gameId, messageId: message.id, emoji: '😂', reacted: true }),
    );

    // The admin opened the room's log on the other instance: new entries arrive there live.
    expect(dataOf(await emit(adminOnB.socket, 'chat:moderation-log', { gameId })).entries).toEqual([]);
    const adminHears = next(adminOnB.socket, 'chat:moderation-logged', (entry) => entry.action === 'delete');
    const deleted = next(user.socket, 'chat:message-deleted');
    await joined(user.socket, gameId);
    dataOf(await emit(moderator.socket, 'chat:delete', { gameId, messageId: message.id }));
    expect(await deleted).toEqual({ gameId, messageId: message.id });
    const heard = await adminHears;
    expect(heard).toMatchObject({
      gameId,
      action: 'delete',
      moderator: MODERATOR,
      target: user.login,
      messageId: message.id,
    });

    dataOf(await emit(moderator.socket, 'chat:timeout', { gameId, login: user.login, minutes: 60 }));
    dataOf(await emit(adminOnB.socket, 'chat:slow-mode', { gameId, seconds: 15 }));

    const log = dataOf(await emit(adminOnB.socket, 'chat:moderation-log', { gameId }));
    expect(log.gameId).toBe(gameId);
    expect(log.entries.map(({ action, moderator: who }) => [action, who])).toEqual([
      ['slow-mode', ADMIN],
      ['timeout', MODERATOR],
      ['delete', MODERATOR],
    ]);
    const [slow, timeout, deletion] = log.entries as [
      ChatModerationEntry,
      ChatModerationEntry,
      ChatModerationEntry,
    ];
    expect(slow).toMatchObject({ seconds: 15 });
    expect(timeout).toMatchObject({ target: user.login, minutes: 60 });
    expect(deletion).toEqual(heard);
    for (const entry of log.entries) expect(Number.isNaN(Date.parse(entry.at))).toBe(false);

    // The deleted message's reactions went with it.
    expect((await joined(moderator.socket, gameId)).messages).toEqual([]);
    expect([...(await gameData(gameId)).keys()].some((key) => key.endsWith(':reactions'))).toBe(false);
  });

  it('shows the latest 20 to moderators only, and keeps everything through a restart', async () => {
    const gameId = newGame();
    const first = await startInstance({ env: ROLES });
    const moderator = await fan(first, MODERATOR);
    const bob = unique('bob');
    const settings = [5, 15, 30, 60, 0] as const;
    for (let i = 0; i < 21; i++) {
      dataOf(
        await emit(moderator.socket, 'chat:slow-mode', { gameId, seconds: settings[i % settings.length]! }),
      );
    }
    dataOf(await emit(moderator.socket, 'chat:timeout', { gameId, login: bob, minutes: 5 }));
    dataOf(await emit(moderator.socket, 'chat:slow-mode', { gameId, seconds: 60 }));
    await stopInstance(first);

    const second = await startInstance({ env: ROLES });
    const again = await fan(second, MODERATOR);
    const log = dataOf(await emit(again.socket, 'chat:moderation-log', { gameId }));
    expect(log.entries).toHaveLength(20);
    expect(log.entries[0]).toMatchObject({ action: 'slow-mode', seconds: 60 });
    expect(log.entries[1]).toMatchObject({ action: 'timeout', target: bob });
    const bobSocket = await fan(second, bob);
    const answer = await joined(bobSocket.socket, gameId);
    expect(answer.room.slowModeSeconds).toBe(60);
    expect(answer.mutedUntil).toBe((log.entries[1] as { until: string }).until);

    expect(await emit(bobSocket.socket, 'chat:moderation-log', { gameId })).toEqual({
      ok: false,
      error: { code: 'forbidden', message: 'Only moderators and admins can see the moderation log.' },
    });
  });

  it('does not record a refused deletion', async () => {
    const app = await startInstance({ env: ROLES });
    const gameId = newGame();
    const moderator = await fan(app, MODERATOR);
    const user = await fan(app, unique('fan'));
    const message = await say(user.socket, gameId, 'mine');
    const before = await gameData(gameId);
    expect(await emit(user.socket, 'chat:delete', { gameId, messageId: message.id })).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    expect(await emit(moderator.socket, 'chat:delete', { gameId, messageId: '1-1' })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    expect(await gameData(gameId)).toEqual(before);
    expect(dataOf(await emit(moderator.socket, 'chat:moderation-log', { gameId })).entries).toEqual([]);
  });
});

describe('the moderation log across a dropped connection', () => {
  /**
   * A moderator's socket that opened the game's log and heard an entry (the point its recovery
   * resumes from), then lost its connection without a goodbye: the server keeps its state for a
   * recovery, and the admin logs an entry while it is away.
   */
  async function moderatorAway(app: TestApp, gameId: string) {
    const admin = await fan(app, ADMIN);
    const { client } = await signIn(app, MODERATOR);
    const socket = await connectSocket(app.baseUrl, { cookie: client.cookieHeader() });
    await joined(socket, gameId);
    dataOf(await emit(socket, 'chat:moderation-log', { gameId }));
    const heard = next(socket, 'chat:moderation-logged');
    dataOf(await emit(socket, 'chat:slow-mode', { gameId, seconds: 5 }));
    await heard;

    const [server] = [...app.app.io.of('/').sockets.values()].filter((s) => s.id === socket.id);
    const dropped = new Promise((resolve) => server!.once('disconnect', resolve));
    socket.io.engine.close();
    expect(await dropped).toBe('transport close');
    dataOf(await emit(admin.socket, 'chat:slow-mode', { gameId, seconds: 15 }));
    return { admin, client, socket };
  }

  /** Connects `socket` again, offering to recover its session, with `cookie` (the browser's now). */
  async function comeBack(socket: TestSocket, cookie: string) {
    (socket.io.opts as { extraHeaders?: Record<string, string> }).extraHeaders = { cookie };
    const back = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.connect();
    await back;
    expect(socket.recovered).toBe(true);
  }

  it('tells a fan who signed in where a moderator signed out nothing of the log, live or missed', async () => {
    const app = await startInstance({ env: ROLES });
    const gameId = newGame();
    const { admin, client, socket } = await moderatorAway(app, gameId);
    try {
      expect((await client.request('/api/auth/logout', { method: 'POST' })).status).toBe(204);
      const fanLogin = unique('fan');
      const { client: fanClient } = await signIn(app, fanLogin);
      const logged = collect(socket, 'chat:moderation-logged');
      await comeBack(socket, fanClient.cookieHeader());

      expect(await emit(socket, 'chat:moderation-log', { gameId })).toEqual({
        ok: false,
        error: { code: 'forbidden', message: 'Only moderators and admins can see the moderation log.' },
      });
      const [server] = [...app.app.io.of('/').sockets.values()].filter((s) => s.id === socket.id);
      expect(server?.data.login).toBe(fanLogin);
      expect([...server!.rooms].filter((room) => room !== socket.id)).toEqual([
        `user:${fanLogin}`,
        expect.stringMatching(/^session:/),
      ]);

      // The fan opens the game's chat and the admin acts twice: the second change reaches the room
      // after the first one's log entry would have reached anyone still on the log.
      await joined(socket, gameId);
      const last = next(socket, 'chat:room-changed', (room) => room.slowModeSeconds === 60);
      dataOf(await emit(admin.socket, 'chat:slow-mode', { gameId, seconds: 30 }));
      dataOf(await emit(admin.socket, 'chat:slow-mode', { gameId, seconds: 60 }));
      await last;
      expect(logged).toEqual([]);
    } finally {
      socket.close();
    }
  });

  it('gives the same moderator back the log, with what was logged while away', async () => {
    const app = await startInstance({ env: ROLES });
    const gameId = newGame();
    const { admin, client, socket } = await moderatorAway(app, gameId);
    try {
      const logged = collect(socket, 'chat:moderation-logged');
      await comeBack(socket, client.cookieHeader());
      // Missed while away, then heard live.
      const live = next(
        socket,
        'chat:moderation-logged',
        (entry) => 'seconds' in entry && entry.seconds === 30,
      );
      dataOf(await emit(admin.socket, 'chat:slow-mode', { gameId, seconds: 30 }));
      await live;
      expect(logged.map((entry) => ('seconds' in entry ? entry.seconds : null))).toEqual([15, 30]);
    } finally {
      socket.close();
    }
  });
});
