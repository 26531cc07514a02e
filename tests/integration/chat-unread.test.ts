/**
 * Unread state per login and game, with real clients on two instances behind one Redis: a fan's tabs
 * and devices (sockets on either instance) follow one seen position, count what others wrote after it
 * and whether it mentions them; updates are throttled, only move forward, and survive a restart.
 */
import { describe, expect, it, vi } from 'vitest';
import { applyNotice, withServerState, type RoomUnread } from '@client/features/chat/unread-state';
import { keys } from '@server/storage/keys';
import type { TestApp } from '../helpers/test-app';
import type { TestSocket } from '../helpers/sign-in';
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

const unreadOf = async (socket: TestSocket, gameIds: string[]) =>
  dataOf(await emit(socket, 'chat:unread', { gameIds })).games;

/**
 * Two instances: alice and bob on instance a, a moderator on b. Bob says "Kick-off" and alice has
 * seen it (her stored position), so what comes after counts toward her badge.
 */
async function followerWhoSawKickOff() {
  const moderatorLogin = unique('mod');
  const [a, b] = await twoInstances({ CHAT_RATE_LIMIT: '100', MODERATOR_LOGINS: moderatorLogin });
  const gameId = newGame();
  const alice = await fan(a, unique('alice'));
  const bob = await fan(a, unique('bob'));
  const moderator = await fan(b, moderatorLogin);
  const first = await say(bob.socket, gameId, 'Kick-off');
  const stored = next(alice.socket, 'chat:unread-changed');
  dataOf(await emit(alice.socket, 'chat:seen', { gameId, messageId: first.id }));
  await stored;
  return { gameId, alice, bob, moderator, first };
}

/** Stores `count` messages by someone else in a game's history, as sends would; answers their ids. */
async function busyRoom(app: TestApp, gameId: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const message = {
      gameId,
      login: 'talker',
      username: 'talker',
      message: `message ${i}`,
      timestamp: new Date().toISOString(),
      team: 'home',
      teamName: 'Chiefs',
      role: 'user',
    };
    ids.push(await app.store.streamAppend(keys.chatHistory(gameId), JSON.stringify(message), 500));
  }
  return ids;
}

describe('unread state across tabs and devices', () => {
  it('counts, flags a mention and clears on every tab of the fan, whichever instance it is on', async () => {
    const [a, b] = await twoInstances({ CHAT_RATE_LIMIT: '100' });
    const gameId = newGame();
    const aliceLogin = unique('alice');
    const chatTab = await fan(a, aliceLogin); // the tab with the chat open
    const sportsTab = await fan(b, aliceLogin); // another device, on the Sports page
    const bob = await fan(b, unique('bob'));
    await emit(chatTab.socket, 'chat:join', { gameId });
    const first = await say(bob.socket, gameId, 'Kick-off!');

    // A game never opened is not answered.
    expect(await unreadOf(sportsTab.socket, [gameId])).toEqual([]);

    const bothToldSeen = [chatTab, sportsTab].map((tab) =>
      next(tab.socket, 'chat:unread-changed', (u) => u.lastSeenId === first.id),
    );
    expect(await emit(chatTab.socket, 'chat:seen', { gameId, messageId: first.id })).toEqual({
      ok: true,
      data: null,
    });
    for (const told of await Promise.all(bothToldSeen)) {
      expect(told).toEqual({
        gameId,
        lastSeenId: first.id,
        count: 0,
        mentioned: false,
        countedThrough: first.id,
      });
    }

    // The Sports page follows the game: new messages arrive as unread, the chat tab gets the messages.
    expect(await unreadOf(sportsTab.socket, [gameId, newGame()])).toEqual([
      { gameId, lastSeenId: first.id, count: 0, mentioned: false, countedThrough: first.id },
    ]);
    const arrivals = collect(sportsTab.socket, 'chat:unread-arrived');
    const chatTabArrivals = collect(chatTab.socket, 'chat:unread-arrived');
    const thirdArrived = next(sportsTab.socket, 'chat:unread-arrived', (notice) =>
      notice.messages.some((m) => m.mentions.length > 0),
    );
    const second = await say(bob.socket, gameId, 'What a drive');
    const third = await say(bob.socket, gameId, `@${aliceLogin.toUpperCase()} are you watching?`);
    await thirdArrived;
    // Gathered into at most one notice a second per room: in one notice or two, in order.
    expect(arrivals.flatMap((notice) => notice.messages)).toEqual([
      { id: second.id, login: bob.login, mentions: [] },
      { id: third.id, login: bob.login, mentions: [aliceLogin.toLowerCase()] },
    ]);
    expect(arrivals.every((notice) => notice.gameId === gameId && notice.deleted.length === 0)).toBe(true);
    // Her own message is never unread, but the count has read it: its notice is not counted again.
    const own = await say(chatTab.socket, gameId, 'yes!');
    expect(await unreadOf(sportsTab.socket, [gameId])).toEqual([
      { gameId, lastSeenId: first.id, count: 2, mentioned: true, countedThrough: own.id },
    ]);
    // A socket in the game's room gets the messages themselves, not the unread notices.
    expect(chatTabArrivals).toEqual([]);

    // Seeing the chat clears it on both tabs.
    const cleared = next(sportsTab.socket, 'chat:unread-changed', (u) => u.lastSeenId === third.id);
    dataOf(await emit(chatTab.socket, 'chat:seen', { gameId, messageId: third.id }));
    expect(await cleared).toEqual({
      gameId,
      lastSeenId: third.id,
      count: 0,
      mentioned: false,
      countedThrough: own.id,
    });
  });

  it("takes a deleted message back out of the followers' count, on every instance", async () => {
    const { gameId, alice, bob, moderator, first } = await followerWhoSawKickOff();
    await unreadOf(alice.socket, [gameId]);

    const deletedNotice = next(alice.socket, 'chat:unread-arrived', (n) => n.deleted.length > 0);
    const spam = await say(bob.socket, gameId, `@${alice.login} buy followers`);
    const nicePass = await say(bob.socket, gameId, 'Nice pass');
    expect(await unreadOf(alice.socket, [gameId])).toEqual([
      { gameId, lastSeenId: first.id, count: 2, mentioned: true, countedThrough: nicePass.id },
    ]);
    dataOf(await emit(moderator.socket, 'chat:delete', { gameId, messageId: spam.id }));
    // The moderator is on the other instance: the notice says which message went, and whose it was.
    expect((await deletedNotice).deleted).toEqual([
      { id: spam.id, login: bob.login, mentions: [alice.login.toLowerCase()] },
    ]);
    expect(await unreadOf(alice.socket, [gameId])).toEqual([
      { gameId, lastSeenId: first.id, count: 1, mentioned: false, countedThrough: nicePass.id },
    ]);
  });

  it('keeps the badge exact when a deletion on one instance overtakes the message from another', async () => {
    const { gameId, alice, bob, moderator, first } = await followerWhoSawKickOff();
    const [answer] = await unreadOf(alice.socket, [gameId]);
    const notices = collect(alice.socket, 'chat:unread-arrived');
    /** Alice's badge as her page keeps it: the answer, with every notice since applied in order. */
    const badge = () =>
      notices.reduce<RoomUnread | undefined>(
        (room, notice) => applyNotice(room, notice, alice.login).room,
        withServerState(undefined, answer!),
      )?.unread;
    const noticesUntil = async (done: () => boolean) => {
      while (!done()) await next(alice.socket, 'chat:unread-arrived');
    };

    // Her own message opens instance a's notice window: bob's spam posted there now is told when it
    // ends, while the moderator's deletion on instance b is told at once, before it.
    await say(alice.socket, gameId, 'Hi all');
    const spam = await say(bob.socket, gameId, 'buy followers');
    dataOf(await emit(moderator.socket, 'chat:delete', { gameId, messageId: spam.id }));
    await noticesUntil(
      () =>
        notices.some((notice) => notice.deleted.some((m) => m.id === spam.id)) &&
        notices.some((notice) => notice.messages.some((m) => m.id === spam.id)),
    );
    const [afterDeletion] = await unreadOf(alice.socket, [gameId]);
    expect(afterDeletion).toMatchObject({ count: 0, mentioned: false });
    expect(badge()).toMatchObject({ count: 0, mentioned: false });

    // And it goes on counting.
    const nicePass = await say(bob.socket, gameId, 'Nice pass');
    await noticesUntil(() => notices.some((notice) => notice.messages.some((m) => m.id === nicePass.id)));
    expect(await unreadOf(alice.socket, [gameId])).toEqual([
      { gameId, lastSeenId: first.id, count: 1, mentioned: false, countedThrough: nicePass.id },
    ]);
    expect(badge()).toMatchObject({ count: 1, mentioned: false });
  });

  it('stores at most one position a second per fan and game, the newest, and only moves forward', async () => {
    const app = await startInstance({ env: { CHAT_RATE_LIMIT: '100' } });
    const gameId = newGame();
    const alice = await fan(app, unique('alice'));
    const bob = await fan(app, unique('bob'));
    const ids: string[] = [];
    for (const text of ['one', 'two', 'three', 'four']) ids.push((await say(bob.socket, gameId, text)).id);

    const told = collect(alice.socket, 'chat:unread-changed');
    const last = next(alice.socket, 'chat:unread-changed', (u) => u.lastSeenId === ids[3]);
    // A burst of reports: the first is stored at once, the rest become one write with the newest.
    // Sent together (a socket delivers them in order), so they fall in one window even on a busy machine.
    const acks = await Promise.all(
      [ids[0]!, ids[2]!, ids[1]!, ids[3]!].map((id) =>
        emit(alice.socket, 'chat:seen', { gameId, messageId: id }),
      ),
    );
    for (const ack of acks) dataOf(ack);
    await last;
    expect(told.map((u) => u.lastSeenId)).toEqual([ids[0], ids[3]]);

    // An older position later changes nothing.
    dataOf(await emit(alice.socket, 'chat:seen', { gameId, messageId: ids[1]! }));
    expect(await unreadOf(alice.socket, [gameId])).toEqual([
      { gameId, lastSeenId: ids[3], count: 0, mentioned: false, countedThrough: ids[3] },
    ]);
    // A position past the newest message stops at the newest.
    const five = await say(bob.socket, gameId, 'five');
    const capped = next(alice.socket, 'chat:unread-changed', (u) => u.lastSeenId === five.id);
    dataOf(await emit(alice.socket, 'chat:seen', { gameId, messageId: '99999999999999-0' }));
    expect(await capped).toEqual({
      gameId,
      lastSeenId: five.id,
      count: 0,
      mentioned: false,
      countedThrough: five.id,
    });
    // The backwards report never produced a change of its own.
    expect(told.map((u) => u.lastSeenId)).toEqual([ids[0], ids[3], five.id]);
  });

  it('keeps seen positions through a restart', async () => {
    const gameId = newGame();
    const first = await startInstance({ env: { CHAT_RATE_LIMIT: '100' } });
    const alice = await fan(first, unique('alice'));
    const bob = await fan(first, unique('bob'));
    const one = await say(bob.socket, gameId, 'one');
    const stored = next(alice.socket, 'chat:unread-changed');
    dataOf(await emit(alice.socket, 'chat:seen', { gameId, messageId: one.id }));
    await stored;
    const two = await say(bob.socket, gameId, `@${alice.login} two`);
    await stopInstance(first);

    const second = await startInstance();
    const again = await fan(second, alice.login);
    expect(await unreadOf(again.socket, [gameId])).toEqual([
      { gameId, lastSeenId: one.id, count: 1, mentioned: true, countedThrough: two.id },
    ]);
  });

  it('keeps a seen position only at a message of the room', async () => {
    const app = await startInstance({ env: { CHAT_RATE_LIMIT: '100' } });
    const gameId = newGame();
    const alice = await fan(app, unique('alice'));
    const bob = await fan(app, unique('bob'));
    const first = await say(bob.socket, gameId, 'one');
    await say(bob.socket, gameId, 'two');
    // Before every message: kept, it would make each count read the room from its oldest message.
    const told = next(alice.socket, 'chat:unread-changed');
    dataOf(await emit(alice.socket, 'chat:seen', { gameId, messageId: '0-1' }));
    dataOf(await emit(alice.socket, 'chat:seen', { gameId, messageId: first.id }));
    expect((await told).lastSeenId).toBe(first.id);
    expect(await unreadOf(alice.socket, [gameId])).toEqual([
      expect.objectContaining({ lastSeenId: first.id, count: 1 }),
    ]);
  });

  it('charges a count by the messages it reads: far behind in many rooms waits, up to date does not', async () => {
    const app = await startInstance({ env: { SOCKET_EVENT_BURST: '200', SOCKET_EVENTS_PER_SECOND: '1' } });
    const games = Array.from({ length: 20 }, newGame);
    const stored = await Promise.all(games.map((gameId) => busyRoom(app, gameId, 101)));
    const behind = await fan(app, unique('behind'));
    const upToDate = await fan(app, unique('current'));
    for (const [reader, at] of [
      [behind, (ids: string[]) => ids[0]!],
      [upToDate, (ids: string[]) => ids.at(-1)!],
    ] as const) {
      const told = collect(reader.socket, 'chat:unread-changed');
      for (const [i, gameId] of games.entries()) {
        dataOf(await emit(reader.socket, 'chat:seen', { gameId, messageId: at(stored[i]!) }));
      }
      await vi.waitFor(() => expect(told).toHaveLength(games.length), { timeout: 5000 });
    }

    // A hundred messages after each position, in twenty rooms: the page-of-history price of 2,000
    // messages (more than the socket has left), paid by waiting before anything else is answered.
    const counted = await unreadOf(behind.socket, games);
    expect(counted.map((game) => game.count)).toEqual(games.map(() => 100));
    expect(await emit(behind.socket, 'chat:unread', { gameIds: games })).toMatchObject({
      ok: false,
      error: { code: 'rate_limited', retryAfterMs: expect.any(Number) },
    });

    // Nothing after the positions: nothing read, asked as often as the app asks.
    for (let i = 0; i < 5; i++) {
      const current = await unreadOf(upToDate.socket, games);
      expect(current.map((game) => game.count)).toEqual(games.map(() => 0));
    }
  });

  it('refuses bad input with a clear error and stores nothing', async () => {
    const app = await startInstance();
    const gameId = newGame();
    const alice = await fan(app, unique('alice'));
    await say(alice.socket, gameId, 'hello');
    const before = await gameData(gameId);
    expect(await emit(alice.socket, 'chat:seen', { gameId, messageId: 'latest' })).toEqual({
      ok: false,
      error: { code: 'bad_request', message: 'Invalid message id.' },
    });
    for (const [event, payload] of [
      ['chat:seen', { gameId, messageId: 'x'.repeat(41) }],
      ['chat:seen', { gameId }],
      ['chat:unread', { gameIds: Array.from({ length: 51 }, (_, i) => `g${i}`) }],
      ['chat:unread', { gameIds: ['bad id'] }],
      ['chat:unread', { gameIds: gameId }],
    ] as const) {
      expect(await emitUntyped(alice.socket, event, payload)).toMatchObject({
        ok: false,
        error: { code: 'bad_request' },
      });
    }
    expect(await gameData(gameId)).toEqual(before);
  });

  it('works the same on the memory store', async () => {
    const app = await startInstance({ storeKind: 'memory' });
    const gameId = newGame();
    const alice = await fan(app, unique('alice'));
    const bob = await fan(app, unique('bob'));
    const one = await say(bob.socket, gameId, 'one');
    const stored = next(alice.socket, 'chat:unread-changed');
    dataOf(await emit(alice.socket, 'chat:seen', { gameId, messageId: one.id }));
    await stored;
    await unreadOf(alice.socket, [gameId]);
    const arrived = next(alice.socket, 'chat:unread-arrived');
    const two = await say(bob.socket, gameId, 'two');
    expect((await arrived).messages.map((m) => m.id)).toEqual([two.id]);
    expect(await unreadOf(alice.socket, [gameId])).toEqual([
      { gameId, lastSeenId: one.id, count: 1, mentioned: false, countedThrough: two.id },
    ]);
  });
});
