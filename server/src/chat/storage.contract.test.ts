import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { CHAT_REACTION_LOGINS_SHOWN } from '@shared/schemas/chat';
import { storeImplementations } from '../../../tests/helpers/store-implementations';
import { keys } from '../storage/keys';
import { compareStreamIds, isStreamId, type Store } from '../storage/store';
import {
  chatOperationsOn,
  createChatStorage,
  readReactions,
  type ChatStorage,
  type SendOutcome,
  type StoredMessage,
} from './storage';
import type { ChatOperations } from './storage-operations';

/**
 * One contract for the chat's storage, in memory, on Redis and on a Redis Cluster (where each step
 * runs on the game's shard). Each test uses games of its own, so runs never see each other's data.
 */
const implementations = storeImplementations({
  memory: 'memory',
  redis: 'Redis',
  cluster: 'a Redis Cluster',
});

const idOf = (outcome: SendOutcome) => {
  if (!('id' in outcome)) throw new Error(`refused: ${outcome.refused}`);
  return outcome.id;
};
const limit = (max: number, windowMs = 60_000) => ({ max, windowMs });

describe.each(implementations)('the chat storage in %s', (_name, make, elsewhere) => {
  let store: Store;
  let storage: ChatStorage;
  let game: string;
  beforeEach(() => {
    store = make();
    storage = createChatStorage(store);
    game = `contract-${randomUUID()}`;
  });
  const message = (text: string, login = 'ann', gameId = game): StoredMessage => ({
    gameId,
    login,
    username: login,
    message: text,
    timestamp: '2026-11-27T13:00:00.000Z',
    team: 'home',
    teamName: 'Home',
    role: 'user',
  });
  const texts = async (gameId = game) =>
    (await storage.before(gameId, 100)).map((entry) => (JSON.parse(entry.value) as StoredMessage).message);
  /** A message stored as it is, outside any send (no version, no limit). */
  const stored = (login = 'ann') =>
    store.streamAppend(keys.chatHistory(game), JSON.stringify(message('hi', login)), 10);

  it('sends within the limit and bumps the version, in one step; past it stores nothing', async () => {
    const first = idOf(await storage.send(message('one'), limit(2)));
    const second = idOf(await storage.send(message('two'), limit(2)));
    expect(isStreamId(first)).toBe(true);
    expect(compareStreamIds(second, first)).toBeGreaterThan(0);
    expect(await storage.version(game)).toBe(2);
    expect(await storage.send(message('three'), limit(2))).toEqual({ refused: 'rate-limited' });
    expect(await texts()).toEqual(['one', 'two']);
    expect(await storage.version(game)).toBe(2);
    // Another fan has a limit of their own.
    expect(await storage.send(message('four', 'ben'), limit(2))).toHaveProperty('id');
  });

  it('sends once: the same send made again answers the first id and stores nothing', async () => {
    // What a Redis client does when a connection drops after the script ran but before its answer
    // came: it sends the same command again once reconnected.
    const operations = chatOperationsOn(store);
    const sends: Array<Parameters<ChatOperations['send']>[0]> = [];
    const recording = createChatStorage(store, {
      ...operations,
      send: (input) => {
        sends.push(input);
        return operations.send(input);
      },
    });
    const first = idOf(await recording.send(message('touchdown'), limit(1)));
    // Past the limit too: the resend is the same send, not a new one.
    expect(await operations.send(sends[0]!)).toEqual({ stored: first });
    expect(await texts()).toEqual(['touchdown']);
    expect(await storage.version(game)).toBe(1);
    // Another send is its own, held by the limit as usual, and a refused one remembers nothing.
    expect(await recording.send(message('again'), limit(1))).toEqual({ refused: 'rate-limited' });
    expect(await store.get(sends[1]!.keys.once)).toBeNull();
  });

  it('publishes each send to every instance listening, in the order stored, counted, tagged', async () => {
    const listening = elsewhere(store);
    const other = `${game}-other`;
    const heard: Record<string, unknown[]> = { [game]: [], [other]: [] };
    for (const gameId of [game, other]) {
      await listening.subscribe(keys.chatFeed(gameId), {
        message: (raw) => heard[gameId]!.push(JSON.parse(raw)),
        resumed: () => {},
      });
    }
    const first = idOf(await storage.send(message('kick-off'), limit(2)));
    const second = idOf(await storage.send(message('a "quoted" b c'), limit(2)));
    // A refused send publishes nothing and counts nothing.
    expect(await storage.send(message('refused'), limit(2))).toEqual({ refused: 'rate-limited' });
    const after = idOf(await storage.send(message('elsewhere', 'ann', other), limit(2)));
    const published = (count: number, id: string, text: string, gameId = game) => ({
      type: 'message',
      count,
      id,
      message: message(text, 'ann', gameId),
    });
    await expect
      .poll(() => heard, { interval: 10, timeout: 2000 })
      .toEqual({
        [game]: [published(1, first, 'kick-off'), published(2, second, 'a "quoted" b c')],
        [other]: [published(1, after, 'elsewhere', other)],
      });

    // Left: nothing more reaches it, while the game still listened to does.
    await listening.unsubscribe(keys.chatFeed(game));
    idOf(await storage.send(message('unheard', 'ben'), limit(2)));
    const still = idOf(await storage.send(message('still heard', 'ann', other), limit(2)));
    await expect
      .poll(() => heard[other]!.at(-1), { interval: 10, timeout: 2000 })
      .toEqual(published(2, still, 'still heard', other));
    expect(heard[game]).toHaveLength(2);
    expect(await store.get(keys.chatFeedCounter(game))).toBe('3');
    await listening.unsubscribe(keys.chatFeed(other));
  });

  it('starts the send limit window anew once it ends', async () => {
    expect(await storage.send(message('a'), limit(1, 40))).toHaveProperty('id');
    expect(await storage.send(message('b'), limit(1, 40))).toEqual({ refused: 'rate-limited' });
    await expect
      .poll(() => storage.send(message('c'), limit(1, 40)), { interval: 10, timeout: 2000 })
      .toHaveProperty('id');
  });

  it('refuses a send while timed out, and within the slow mode in force, counting nothing', async () => {
    const send = (text: string, now: number) =>
      storage.send(message(text, 'Ann'), limit(5), { now, keepMs: 60_000 });
    const lastSent = keys.chatLastSent(game, 'ann');
    // No slow mode in force: sends follow each other, and none is remembered.
    expect(await send('a', 1_000)).toHaveProperty('id');
    expect(await store.get(lastSent)).toBeNull();
    // A setting not offered counts as none.
    await store.set(keys.chatRoomSettings(game), '{"slowModeSeconds":7}');
    expect(await send('b', 1_001)).toHaveProperty('id');
    await storage.saveSettings(game, { slowModeSeconds: 30 });
    expect(await send('c', 2_000)).toHaveProperty('id');
    expect(await send('d', 12_000)).toEqual({ refused: 'slow-mode', retryAfterMs: 20_000 });
    // Sent as a moderator (no slow-mode check), it is not held.
    expect(await storage.send(message('mod', 'Ann'), limit(5))).toHaveProperty('id');
    // Shortened: the next send is held to the new setting.
    await storage.saveSettings(game, { slowModeSeconds: 5 });
    expect(await send('e', 7_000)).toHaveProperty('id');
    // Timed out: refused with its end, before anything else.
    await storage.mute(
      game,
      'ann',
      Date.parse('2030-01-01T00:00:00.000Z'),
      Date.parse('2029-12-31T23:59:00.000Z'),
    );
    expect(await send('f', 99_000)).toEqual({ refused: 'muted', until: '2030-01-01T00:00:00.000Z' });
    expect(await texts()).toEqual(['a', 'b', 'c', 'mod', 'e']);
    // Refusals before the limit spent none of it: the sixth send counted is the one refused.
    await store.del(keys.chatMuted(game, 'ann'));
    expect(await send('g', 99_000)).toEqual({ refused: 'rate-limited' });
  });

  it('toggles a reaction in one guarded step, answering the reactions and their version', async () => {
    const entry = await stored();
    const toggle = (emoji: '🔥' | '👍', login: string, on: boolean, id = entry) =>
      storage.toggleReaction(game, id, emoji, login, on, limit(4));
    const reaction = (emoji: string, ...logins: string[]) => ({ emoji, count: logins.length, logins });
    expect(await toggle('🔥', 'ann', true)).toEqual({
      reactions: [reaction('🔥', 'ann')],
      version: 1,
      messages: 1,
    });
    expect(await toggle('🔥', 'ben', true)).toEqual({
      reactions: [reaction('🔥', 'ann', 'ben')],
      version: 2,
      messages: 1,
    });
    // Already so: nothing changes, and the answer is current at the version now.
    expect(await toggle('🔥', 'ben', true)).toEqual({
      reactions: [reaction('🔥', 'ann', 'ben')],
      version: 2,
      messages: 1,
    });
    // Emojis in catalogue order.
    expect(await toggle('👍', 'ben', true)).toEqual({
      reactions: [reaction('👍', 'ben'), reaction('🔥', 'ann', 'ben')],
      version: 3,
      messages: 1,
    });
    expect(await toggle('🔥', 'ann', false)).toMatchObject({ version: 4 });
    expect(await toggle('🔥', 'ben', true, '1-1')).toEqual({ refused: 'missing' });
    await storage.mute(
      game,
      'ANN',
      Date.parse('2030-01-01T00:00:00.000Z'),
      Date.parse('2029-12-31T23:59:00.000Z'),
    );
    expect(await toggle('🔥', 'ann', true)).toEqual({ refused: 'muted', until: '2030-01-01T00:00:00.000Z' });
    // The last login of the last reaction removes the message's field.
    await toggle('🔥', 'ben', false);
    expect(await store.hashGetAll(keys.chatReactions(game))).toEqual({ [entry]: '{"👍":["ben"]}' });
    // Each login has a limit of its own: ben's fifth counted (the refusal for a missing message was
    // not) is refused.
    expect(await toggle('👍', 'ben', false)).toEqual({ refused: 'rate-limited' });
    expect(await storage.version(game)).toBe(5);
  });

  it('answers a toggle with the count and only the first logins of a reaction', async () => {
    const id = await stored();
    const fans = Array.from({ length: CHAT_REACTION_LOGINS_SHOWN + 5 }, (_, i) => `fan-${i}`);
    for (const fan of fans) await storage.toggleReaction(game, id, '😂', fan, true, limit(100));
    expect(await storage.toggleReaction(game, id, '😂', 'fan-0', false, limit(100))).toMatchObject({
      reactions: [
        { emoji: '😂', count: fans.length - 1, logins: fans.slice(1, CHAT_REACTION_LOGINS_SHOWN + 1) },
      ],
    });
    // The store still holds every one of them.
    expect((await storage.reactionsOf(game, [id])).get(id)).toEqual([{ emoji: '😂', logins: fans.slice(1) }]);
  });

  it('publishes a reaction that changed, with the reactions as answered, and no other', async () => {
    const listening = elsewhere(store);
    const heard: unknown[] = [];
    await listening.subscribe(keys.chatFeed(game), {
      message: (raw) => heard.push(JSON.parse(raw)),
      resumed: () => {},
    });
    const entry = await stored();
    const toggle = (login: string, reacted: boolean) =>
      storage.toggleReaction(game, entry, '🔥', login, reacted, limit(100));
    await toggle('ann', true);
    await toggle('bob', true);
    await toggle('bob', true); // no change: nothing published
    await toggle('ann', false);
    // A send published on the same channel after them arrives after them.
    const after = idOf(await storage.send(message('after'), limit(1)));
    const change = (login: string, reacted: boolean, version: number, ...logins: string[]) => ({
      type: 'reaction',
      messageId: entry,
      emoji: '🔥',
      login,
      reacted,
      version,
      reactions: { '🔥': { count: logins.length, logins } },
    });
    await expect
      .poll(() => heard, { interval: 10, timeout: 2000 })
      .toEqual([
        change('ann', true, 1, 'ann'),
        change('bob', true, 2, 'ann', 'bob'),
        change('ann', false, 3, 'bob'),
        { type: 'message', count: 1, id: after, message: message('after') },
      ]);
    await listening.unsubscribe(keys.chatFeed(game));
  });

  it('finds a message by id, and nothing for an id that is not there', async () => {
    const first = await stored('ann');
    const second = await stored('ben');
    expect((await storage.find(game, first))?.id).toBe(first);
    expect((await storage.find(game, second))?.id).toBe(second);
    expect(await storage.find(game, '1-0')).toBeNull();
    expect(await storage.find(`${game}-other`, first)).toBeNull();
  });

  it('reads reactions per message, emoji in catalogue order, logins in the order they reacted', async () => {
    const [first, second] = [await stored('ann'), await stored('ben')];
    await storage.toggleReaction(game, first, '🔥', 'ben', true, limit(100));
    await storage.toggleReaction(game, first, '👍', 'cat', true, limit(100));
    await storage.toggleReaction(game, first, '🔥', 'ann', true, limit(100));
    await storage.toggleReaction(game, second, '👏', 'ann', true, limit(100));
    await storage.toggleReaction(game, second, '👏', 'ann', false, limit(100));
    const reactions = await storage.reactionsOf(game, [first, second, '1-0']);
    expect(reactions.get(first)).toEqual([
      { emoji: '👍', logins: ['cat'] },
      { emoji: '🔥', logins: ['ben', 'ann'] },
    ]);
    expect([...reactions.keys()]).toEqual([first]);
  });

  it('drops the reactions of messages older than the oldest one kept, and of one deleted', async () => {
    const ids = [await stored('ann'), await stored('ben'), await stored('cat')];
    for (const id of ids) await storage.toggleReaction(game, id, '🔥', 'ann', true, limit(100));
    await storage.dropReactionsBefore(game, ids[1]!);
    expect([...(await storage.reactionsOf(game, ids)).keys()]).toEqual(ids.slice(1));
    await storage.dropReactions(game, ids[2]!);
    expect([...(await storage.reactionsOf(game, ids)).keys()]).toEqual([ids[1]]);
  });

  it('removes a message, bumping the version, and says when it was not there', async () => {
    const id = idOf(await storage.send(message('oops'), limit(5)));
    expect(await storage.remove(game, id)).toBe(true);
    expect(await storage.version(game)).toBe(2);
    expect(await storage.remove(game, id)).toBe(false);
    expect(await storage.version(game)).toBe(2);
    expect(await texts()).toEqual([]);
  });

  it('reads slow mode as off when the stored setting is missing or not one offered', async () => {
    expect(await storage.settings(game)).toEqual({ slowModeSeconds: 0 });
    await store.set(keys.chatRoomSettings(game), '{"slowModeSeconds":7}');
    expect(await storage.settings(game)).toEqual({ slowModeSeconds: 0 });
    await store.set(keys.chatRoomSettings(game), 'not json');
    expect(await storage.settings(game)).toEqual({ slowModeSeconds: 0 });
    await storage.saveSettings(game, { slowModeSeconds: 15 });
    expect(await storage.settings(game)).toEqual({ slowModeSeconds: 15 });
  });
});

it('reads stored reactions it cannot understand as none', () => {
  expect(readReactions('not json')).toEqual([]);
  expect(readReactions('{"💩":["ann"],"🔥":"ann","👍":["ben",3]}')).toEqual([
    { emoji: '👍', logins: ['ben'] },
  ]);
});
