/**
 * Reactions on chat messages, with real clients on two instances behind one Redis: both instances
 * show the same counts live, a new page carries them, they survive a restart, and every bad reaction
 * is refused with a clear error and stores nothing.
 */
import { describe, expect, it, vi } from 'vitest';
import {
  CHAT_REACTION_LOGINS_SHOWN,
  type ChatJoinAnswer,
  type ChatPage,
  type ChatReactionsChanged,
  type ChatSyncAnswer,
} from '@shared/schemas/chat';
import { keys } from '@server/storage/keys';
import { emit, emitUntyped } from '../helpers/emit';
import { signIn } from '../helpers/sign-in';
import {
  anotherSocket,
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

const react = (
  socket: Parameters<typeof emit>[0],
  gameId: string,
  messageId: string,
  emoji: '👍' | '🔥' | '😂' | '😮' | '😢' | '👏',
  reacted = true,
) => emit(socket, 'chat:react', { gameId, messageId, emoji, reacted });

const joined = async (socket: Parameters<typeof emit>[0], gameId: string): Promise<ChatJoinAnswer> =>
  dataOf(await emit(socket, 'chat:join', { gameId }));

describe('chat reactions across two instances', () => {
  it('shows each change live on both instances, and in the page of someone who joins later', async () => {
    const [a, b] = await twoInstances({ CHAT_RATE_LIMIT: '100' });
    const gameId = newGame();
    const alice = await fan(a, unique('alice'));
    const bob = await fan(b, unique('bob'));
    await joined(alice.socket, gameId);
    await joined(bob.socket, gameId);
    const message = await say(alice.socket, gameId, 'What a catch!');

    const aliceSees = next(alice.socket, 'chat:reactions-changed');
    const bobFire = dataOf(await react(bob.socket, gameId, message.id, '🔥'));
    expect(bobFire).toEqual({
      gameId,
      messageId: message.id,
      reactions: [{ emoji: '🔥', count: 1, logins: [bob.login] }],
      version: expect.any(Number),
      change: { emoji: '🔥', reacted: true },
    });
    // The room gets the reactions as a page shows them, not the change.
    const { change: bobsChange, ...roomSees } = bobFire;
    expect(bobsChange).toBeDefined();
    expect(await aliceSees).toEqual(roomSees);

    const bobSees = next(bob.socket, 'chat:reactions-changed', (c) => c.reactions.length === 2);
    dataOf(await react(alice.socket, gameId, message.id, '🔥'));
    const both = dataOf(await react(alice.socket, gameId, message.id, '👍'));
    // Emoji in the catalogue's order, logins in the order they reacted.
    expect(both.reactions).toEqual([
      { emoji: '👍', count: 1, logins: [alice.login] },
      { emoji: '🔥', count: 2, logins: [bob.login, alice.login] },
    ]);
    expect(await bobSees).toEqual({
      gameId,
      messageId: message.id,
      reactions: both.reactions,
      version: both.version,
    });

    // Reacting again with the same emoji is still one reaction.
    expect(dataOf(await react(alice.socket, gameId, message.id, '👍')).reactions).toEqual(both.reactions);

    const bobRemoved = next(
      alice.socket,
      'chat:reactions-changed',
      (c) => c.reactions[1]?.logins.length === 1,
    );
    dataOf(await react(bob.socket, gameId, message.id, '🔥', false));
    const removed = await bobRemoved;
    expect(removed.reactions).toEqual([
      { emoji: '👍', count: 1, logins: [alice.login] },
      { emoji: '🔥', count: 1, logins: [alice.login] },
    ]);

    const carol = await fan(b, unique('carol'));
    const page = await joined(carol.socket, gameId);
    expect(page.messages.find((m) => m.id === message.id)?.reactions).toEqual([
      { emoji: '👍', count: 1, logins: [alice.login] },
      { emoji: '🔥', count: 1, logins: [alice.login] },
    ]);
    // The older-page and catch-up answers carry them too.
    const history = dataOf(await emit(carol.socket, 'chat:history', { gameId, limit: 10 }));
    expect(history.messages[0]?.reactions).toHaveLength(2);
    const synced = dataOf(await emit(carol.socket, 'chat:sync', { gameId, after: '0-1' }));
    expect(synced.messages[0]?.reactions).toHaveLength(2);
  });

  it('keeps reactions through a restart of every instance', async () => {
    const gameId = newGame();
    const first = await startInstance();
    const alice = await fan(first, unique('alice'));
    await joined(alice.socket, gameId);
    const message = await say(alice.socket, gameId, 'Touchdown!');
    dataOf(await react(alice.socket, gameId, message.id, '👏'));
    await stopInstance(first);

    const second = await startInstance();
    const bob = await fan(second, unique('bob'));
    const page = await joined(bob.socket, gameId);
    expect(page.messages[0]?.reactions).toEqual([{ emoji: '👏', count: 1, logins: [alice.login] }]);
  });

  it('works the same on the memory store', async () => {
    const app = await startInstance({ storeKind: 'memory' });
    const gameId = newGame();
    const alice = await fan(app, unique('alice'));
    const bob = await fan(app, unique('bob'));
    await joined(alice.socket, gameId);
    await joined(bob.socket, gameId);
    const message = await say(alice.socket, gameId, 'Field goal');
    const aliceSees = next(alice.socket, 'chat:reactions-changed');
    dataOf(await react(bob.socket, gameId, message.id, '😮'));
    expect((await aliceSees).reactions).toEqual([{ emoji: '😮', count: 1, logins: [bob.login] }]);
    const page = await joined(bob.socket, gameId);
    expect(page.messages[0]?.reactions).toEqual([{ emoji: '😮', count: 1, logins: [bob.login] }]);
    expect(page.mine).toEqual({ [message.id]: ['😮'] });
    expect((await joined(alice.socket, gameId)).mine).toEqual({});
  });

  it('refuses an unknown message, a foreign emoji and malformed input, and stores nothing', async () => {
    const app = await startInstance();
    const gameId = newGame();
    const alice = await fan(app, unique('alice'));
    await joined(alice.socket, gameId);
    const message = await say(alice.socket, gameId, 'Kick-off');
    const before = await gameData(gameId);

    const unknown = await react(alice.socket, gameId, '1-0', '👍');
    expect(unknown).toEqual({
      ok: false,
      error: { code: 'not_found', message: 'That message no longer exists.' },
    });
    const otherGame = await react(alice.socket, newGame(), message.id, '👍');
    expect(otherGame).toMatchObject({ ok: false, error: { code: 'not_found' } });
    const foreign = await emitUntyped(alice.socket, 'chat:react', {
      gameId,
      messageId: message.id,
      emoji: '💩',
      reacted: true,
    });
    expect(foreign).toMatchObject({
      ok: false,
      error: {
        code: 'bad_request',
        message: expect.stringContaining('A reaction is one of 👍 🔥 😂 😮 😢 👏'),
      },
    });
    for (const payload of [
      { gameId, messageId: 'not-an-id', emoji: '👍', reacted: true },
      { gameId, messageId: 'x'.repeat(5000), emoji: '👍', reacted: true },
      { gameId, messageId: message.id, emoji: '👍' },
      { gameId, messageId: message.id, emoji: '👍👍', reacted: true },
      { gameId: 'g'.repeat(100), messageId: message.id, emoji: '👍', reacted: true },
    ]) {
      expect(await emitUntyped(alice.socket, 'chat:react', payload)).toMatchObject({
        ok: false,
        error: { code: 'bad_request' },
      });
    }
    expect(await gameData(gameId)).toEqual(before);
  });

  it('is rate-limited like sending: past the limit nothing more is stored', async () => {
    const app = await startInstance({ env: { CHAT_RATE_LIMIT: '3', CHAT_RATE_WINDOW_SECONDS: '60' } });
    const gameId = newGame();
    const alice = await fan(app, unique('alice'));
    const bob = await fan(app, unique('bob'));
    await joined(alice.socket, gameId);
    const message = await say(alice.socket, gameId, 'Go');
    const emojis = ['👍', '🔥', '😂'] as const;
    for (const emoji of emojis) dataOf(await react(bob.socket, gameId, message.id, emoji));
    const before = await gameData(gameId);
    const refused = await react(bob.socket, gameId, message.id, '😢');
    expect(refused).toEqual({
      ok: false,
      error: { code: 'rate_limited', message: 'You are reacting too fast. Please slow down.' },
    });
    expect(await gameData(gameId)).toEqual(before);
    // Reacting has a budget of its own: sending is not spent by it.
    await say(bob.socket, gameId, 'still here');
  });

  it('agrees on both instances when fans react at the same moment', async () => {
    const [a, b] = await twoInstances({ CHAT_RATE_LIMIT: '100' });
    const gameId = newGame();
    const fans = await Promise.all(
      ['ann', 'ben', 'cat', 'dan', 'eve', 'fay'].map((name, i) => fan(i % 2 ? b : a, unique(name))),
    );
    await Promise.all(fans.map((f) => joined(f.socket, gameId)));
    const message = await say(fans[0]!.socket, gameId, 'Pick six!');
    const answers = await Promise.all(fans.map((f) => react(f.socket, gameId, message.id, '🔥')));
    for (const answer of answers) expect(answer.ok).toBe(true);
    const [onA, onB] = await Promise.all([
      joined((await fan(a, unique('late'))).socket, gameId),
      joined((await fan(b, unique('late'))).socket, gameId),
    ]);
    const fire = (page: ChatJoinAnswer) => page.messages[0]?.reactions?.[0]?.logins.slice().sort();
    expect(fire(onA)).toEqual(fans.map((f) => f.login).sort());
    expect(fire(onB)).toEqual(fire(onA));
    // Each change has its own version, and the one with the highest says all six: a client keeping the
    // highest version it has seen ends with all six, whatever order the pushes arrive in.
    const changes = answers.map((answer) => (answer.ok ? (answer.data as ChatReactionsChanged) : null));
    expect(new Set(changes.map((c) => c?.version)).size).toBe(6);
    const newest = changes.reduce((a, b) => ((b?.version ?? 0) > (a?.version ?? 0) ? b : a));
    expect(newest?.reactions[0]?.logins).toHaveLength(6);
  });

  it.each(['redis', 'memory'] as const)(
    'says in every page and catch-up which version its reactions are at, on the %s store',
    async (storeKind) => {
      const env = { CHAT_RATE_LIMIT: '100' };
      const [a, b] =
        storeKind === 'redis'
          ? await twoInstances(env)
          : await startInstance({ storeKind, env }).then((app) => [app, app] as const);
      const gameId = newGame();
      const alice = await fan(a, unique('alice'));
      const bob = await fan(b, unique('bob'));
      const readers = [await fan(a, unique('carol')), await fan(b, unique('dave'))];
      const { client } = await signIn(a, unique('erin'));
      // Nothing changed in the room yet.
      expect((await joined(alice.socket, gameId)).version).toBe(0);
      await joined(bob.socket, gameId);
      const first = await say(alice.socket, gameId, 'Fourth and one');
      const message = await say(alice.socket, gameId, 'They go for it!');

      /** Every answer carrying the message: join (twice: read, then cached), history, both syncs, REST. */
      async function answers(): Promise<Array<ChatPage | ChatSyncAnswer>> {
        const all: Array<ChatPage | ChatSyncAnswer> = [];
        for (const { socket } of readers) {
          all.push(await joined(socket, gameId), await joined(socket, gameId));
          all.push(dataOf(await emit(socket, 'chat:history', { gameId, limit: 10 })));
          // After a message inside the latest page, then from before anything stored.
          all.push(dataOf(await emit(socket, 'chat:sync', { gameId, after: first.id })));
          all.push(dataOf(await emit(socket, 'chat:sync', { gameId, after: '0-1' })));
        }
        const rest = await client.request(`/api/chat/games/${gameId}/messages`);
        all.push((await rest.json()) as ChatPage);
        return all;
      }

      let read: Array<ChatPage | ChatSyncAnswer> = [];
      const changes: Array<[typeof alice, '🔥' | '👍', boolean]> = [
        [bob, '🔥', true],
        [alice, '👍', true],
        [bob, '🔥', false],
        [alice, '👍', false],
      ];
      for (const [who, emoji, reacted] of changes) {
        const change = dataOf(await react(who.socket, gameId, message.id, emoji, reacted));
        // A change after a read is newer than what that read said: a client takes its push.
        for (const answer of read) expect(change.version).toBeGreaterThan(answer.version);
        read = await answers();
        for (const answer of read) {
          expect(answer.version).toBeGreaterThanOrEqual(change.version);
          const listed = answer.messages.find((m) => m.id === message.id);
          expect(listed?.reactions ?? []).toEqual(change.reactions);
        }
      }
    },
  );

  it('never says a page is newer than its reactions when a change lands while the page is read', async () => {
    const app = await startInstance({ env: { CHAT_RATE_LIMIT: '100' } });
    const gameId = newGame();
    const alice = await fan(app, unique('alice'));
    const bob = await fan(app, unique('bob'));
    await joined(alice.socket, gameId);
    const message = await say(alice.socket, gameId, 'Onside kick');
    let before = dataOf(await react(alice.socket, gameId, message.id, '👍')).reactions;

    const readSome = app.store.hashGetMany.bind(app.store);
    const pages: Array<() => Promise<ChatPage>> = [
      () => joined(bob.socket, gameId),
      async () => dataOf(await emit(bob.socket, 'chat:history', { gameId, limit: 10 })),
    ];
    for (const [i, page] of pages.entries()) {
      // The page's reactions are read, then held until bob's change (on, then off) is stored.
      let reactionsRead!: () => void;
      const read = new Promise<void>((resolve) => (reactionsRead = resolve));
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const spy = vi.spyOn(app.store, 'hashGetMany').mockImplementation(async (key, fields) => {
        const values = await readSome(key, fields);
        if (key !== keys.chatReactions(gameId)) return values;
        reactionsRead();
        await held;
        return values;
      });
      const answer = page();
      await read;
      const change = dataOf(await react(bob.socket, gameId, message.id, '👍', i === 0));
      release();
      const { messages, version } = await answer;
      spy.mockRestore();
      // Read before the change: without it, and saying a version older than its push.
      expect(messages[0]?.reactions).toEqual(before);
      expect(version).toBeLessThan(change.version);
      before = change.reactions;
    }
  });
});

describe('chat reactions in a busy room', () => {
  it('names only the first ten reactors with the count, and tells each fan their own on every answer', async () => {
    const [a, b] = await twoInstances({ CHAT_RATE_LIMIT: '100' });
    const gameId = newGame();
    const alice = await fan(a, unique('alice'));
    await joined(alice.socket, gameId);
    const first = await say(alice.socket, gameId, 'Kick-off');
    const message = await say(alice.socket, gameId, 'Hail Mary!');
    const reactors = [];
    for (let i = 0; i < CHAT_REACTION_LOGINS_SHOWN + 2; i++) {
      const reactor = await fan(i % 2 ? b : a, unique(`fan${i}`));
      dataOf(await react(reactor.socket, gameId, message.id, '🔥'));
      reactors.push(reactor);
    }
    const logins = reactors.map((r) => r.login);
    const fire = { emoji: '🔥', count: logins.length, logins: logins.slice(0, CHAT_REACTION_LOGINS_SHOWN) };
    // The last one in, beyond the first ten, also claps: the first to, so 👏 names them.
    const last = reactors.at(-1)!;
    const watcher = await fan(a, unique('watcher'));
    await joined(watcher.socket, gameId);
    const pushed = next(watcher.socket, 'chat:reactions-changed');
    const clap = dataOf(await react(last.socket, gameId, message.id, '👏'));
    const reactions = [fire, { emoji: '👏', count: 1, logins: [last.login] }];
    expect(clap).toEqual({
      gameId,
      messageId: message.id,
      reactions,
      version: expect.any(Number),
      change: { emoji: '👏', reacted: true },
    });
    expect(await pushed).toEqual({ gameId, messageId: message.id, reactions, version: clap.version });

    // Pages read only their own messages' reactions, never the whole room's.
    const readAll = vi.spyOn(b.store, 'hashGetAll');
    const lastAgain = await fan(b, last.login);
    const carol = await fan(b, unique('carol'));
    const mineOfLast = { [message.id]: ['🔥', '👏'] };
    // Entering at once share one page (read, then cached), yet each is told their own reactions.
    for (const round of ['read', 'cached']) {
      const [lastPage, carolPage] = await Promise.all([
        joined(lastAgain.socket, gameId),
        joined(carol.socket, gameId),
      ]);
      expect({ round, mine: lastPage.mine }).toEqual({ round, mine: mineOfLast });
      expect({ round, mine: carolPage.mine }).toEqual({ round, mine: {} });
      expect(lastPage.messages.find((m) => m.id === message.id)?.reactions).toEqual(reactions);
    }
    expect((await joined(reactors[0]!.socket, gameId)).mine).toEqual({ [message.id]: ['🔥'] });

    for (const [who, mine] of [
      [lastAgain, mineOfLast],
      [carol, {}],
    ] as const) {
      const answers: Array<ChatPage | ChatSyncAnswer> = [
        dataOf(await emit(who.socket, 'chat:history', { gameId, limit: 10 })),
        dataOf(await emit(who.socket, 'chat:sync', { gameId, after: first.id })),
        dataOf(await emit(who.socket, 'chat:sync', { gameId, after: '0-1' })),
      ];
      const { client } = await signIn(b, who.login);
      answers.push((await (await client.request(`/api/chat/games/${gameId}/messages`)).json()) as ChatPage);
      for (const answer of answers) {
        expect(answer.mine).toEqual(mine);
        expect(answer.messages.find((m) => m.id === message.id)?.reactions).toEqual(reactions);
      }
    }
    expect(readAll.mock.calls.filter(([key]) => key === keys.chatReactions(gameId))).toEqual([]);
  });

  it('tells the room how many reacted, and only the fan who did, on each of their sockets, that it was them', async () => {
    const [a, b] = await twoInstances({ CHAT_RATE_LIMIT: '100' });
    const gameId = newGame();
    const alice = await fan(a, unique('alice'));
    await joined(alice.socket, gameId);
    const message = await say(alice.socket, gameId, 'Pick six!');
    const firstTen = [];
    for (let i = 0; i < CHAT_REACTION_LOGINS_SHOWN; i++) {
      const reactor = await fan(i % 2 ? b : a, unique(`fan${i}`));
      dataOf(await react(reactor.socket, gameId, message.id, '🔥'));
      firstTen.push(reactor.login);
    }
    // The eleventh, with the chat open on a phone (instance b) and a laptop (instance a).
    const phone = await fan(b, unique('late'));
    const laptop = await anotherSocket(a, phone.login);
    const watchers = [await fan(a, unique('watcher')), await fan(b, unique('watcher'))];
    for (const { socket } of [phone, laptop, ...watchers]) await joined(socket, gameId);
    const toldMine = [phone, laptop, ...watchers].map(({ socket }) =>
      collect(socket, 'chat:my-reaction-changed'),
    );
    const roomPushes = [laptop, ...watchers].map(({ socket }) => next(socket, 'chat:reactions-changed'));

    const answer = dataOf(await react(phone.socket, gameId, message.id, '🔥'));
    const reactions = [{ emoji: '🔥', count: 11, logins: firstTen }];
    const roomSees = { gameId, messageId: message.id, reactions, version: answer.version };
    // Everyone in the room, the fan's other tab too, gets the count and the first ten: never who.
    for (const push of await Promise.all(roomPushes)) {
      expect(JSON.stringify(push)).not.toContain(phone.login);
      expect(push).toEqual(roomSees);
    }
    expect(answer).toEqual({ ...roomSees, change: { emoji: '🔥', reacted: true } });
    // The fan's own sockets, on either instance, learn it was them; nobody else does.
    const own = { ...roomSees, change: { emoji: '🔥', reacted: true } };
    await vi.waitFor(() => expect(toldMine.slice(0, 2)).toEqual([[own], [own]]));
    const laterPush = next(watchers[1]!.socket, 'chat:reactions-changed');
    dataOf(await react(alice.socket, gameId, message.id, '👏'));
    await laterPush;
    expect(toldMine.slice(2)).toEqual([[], []]);
  });

  it('keeps a reaction push small however many fans gave it, and reads reactions stored before', async () => {
    const app = await startInstance({ env: { CHAT_RATE_LIMIT: '100' } });
    const gameId = newGame();
    const alice = await fan(app, unique('alice'));
    const bob = await fan(app, unique('bob'));
    await joined(alice.socket, gameId);
    const message = await say(alice.socket, gameId, 'Overtime');
    // Three hundred fans with the longest logins gave 🔥 (stored as the server always stored them),
    // bob among them far down the list, in another case.
    const many = Array.from({ length: 300 }, (_, i) => `fan-${String(i).padStart(3, '0')}-${'x'.repeat(30)}`);
    many[200] = bob.login.toUpperCase();
    await app.store.hashSet(keys.chatReactions(gameId), message.id, JSON.stringify({ '🔥': many }));

    const page = await joined(bob.socket, gameId);
    expect(page.messages[0]?.reactions).toEqual([
      { emoji: '🔥', count: 300, logins: many.slice(0, CHAT_REACTION_LOGINS_SHOWN) },
    ]);
    expect(page.mine).toEqual({ [message.id]: ['🔥'] });

    const pushed = next(alice.socket, 'chat:reactions-changed');
    dataOf(await react(alice.socket, gameId, message.id, '🔥'));
    const push = await pushed;
    expect(push.reactions).toEqual([
      { emoji: '🔥', count: 301, logins: many.slice(0, CHAT_REACTION_LOGINS_SHOWN) },
    ]);
    // Ten names and a count: well under a kilobyte, where all 301 names would be about 14 KB.
    expect(JSON.stringify(push).length).toBeLessThan(1000);
    const taken = dataOf(await react(alice.socket, gameId, message.id, '🔥', false));
    expect(taken.reactions[0]?.count).toBe(300);
    expect(JSON.stringify(taken).length).toBeLessThan(1000);
  });
});
