import { describe, expect, it } from 'vitest';
import { CHAT_REACTION_LOGINS_SHOWN } from '@shared/schemas/chat';
import { keys } from '../storage/keys';
import { MemoryStore } from '../storage/memory-store';
import { createChatRoomStore, readReactions } from './room-store';

const GAME = 'g1';
const message = (login: string) => JSON.stringify({ gameId: GAME, login, message: 'hi' });

describe('the chat room store', () => {
  it('finds a message by id, and nothing for an id that is not there', async () => {
    const store = new MemoryStore();
    const rooms = createChatRoomStore(store);
    const first = await store.streamAppend(keys.chatHistory(GAME), message('ann'), 10);
    const second = await store.streamAppend(keys.chatHistory(GAME), message('ben'), 10);
    expect((await rooms.findMessage(GAME, first))?.id).toBe(first);
    expect((await rooms.findMessage(GAME, second))?.id).toBe(second);
    expect(await rooms.findMessage(GAME, '1-0')).toBeNull();
    expect(await rooms.findMessage('other', first)).toBeNull();
  });

  it('groups reactions per message, emoji in catalogue order, logins in the order they reacted', async () => {
    const store = new MemoryStore();
    const rooms = createChatRoomStore(store);
    const [first, second] = [
      await store.streamAppend(keys.chatHistory(GAME), message('ann'), 10),
      await store.streamAppend(keys.chatHistory(GAME), message('ben'), 10),
    ];
    const limit = { max: 100, windowMs: 60_000 };
    await rooms.toggleReaction(GAME, first, '🔥', 'ben', true, limit);
    await rooms.toggleReaction(GAME, first, '👍', 'cat', true, limit);
    const last = await rooms.toggleReaction(GAME, first, '🔥', 'ann', true, limit);
    expect(last).toEqual({
      reactions: [
        { emoji: '👍', count: 1, logins: ['cat'] },
        { emoji: '🔥', count: 2, logins: ['ben', 'ann'] },
      ],
      version: 3,
      messages: 1,
    });
    await rooms.toggleReaction(GAME, second, '👏', 'ann', true, limit);
    await rooms.toggleReaction(GAME, second, '👏', 'ann', false, limit);
    const reactions = await rooms.reactionsOf(GAME, [first, second, '1-0']);
    expect(reactions.get(first)).toEqual([
      { emoji: '👍', logins: ['cat'] },
      { emoji: '🔥', logins: ['ben', 'ann'] },
    ]);
    expect([...reactions.keys()]).toEqual([first]);
    expect(await rooms.toggleReaction(GAME, '1-0', '👏', 'ann', true, limit)).toEqual({ refused: 'missing' });
  });

  it('answers a toggle with the count and only the first logins of a reaction', async () => {
    const store = new MemoryStore();
    const rooms = createChatRoomStore(store);
    const id = await store.streamAppend(keys.chatHistory(GAME), message('ann'), 10);
    const fans = Array.from({ length: CHAT_REACTION_LOGINS_SHOWN + 5 }, (_, i) => `fan-${i}`);
    const limit = { max: 100, windowMs: 60_000 };
    for (const fan of fans) await rooms.toggleReaction(GAME, id, '😂', fan, true, limit);
    expect(await rooms.toggleReaction(GAME, id, '😂', 'fan-0', false, limit)).toMatchObject({
      reactions: [
        { emoji: '😂', count: fans.length - 1, logins: fans.slice(1, CHAT_REACTION_LOGINS_SHOWN + 1) },
      ],
    });
    // The store still holds every one of them.
    expect((await rooms.reactionsOf(GAME, [id])).get(id)).toEqual([{ emoji: '😂', logins: fans.slice(1) }]);
  });

  it('drops the reactions of messages older than the oldest one kept', async () => {
    const store = new MemoryStore();
    const rooms = createChatRoomStore(store);
    const ids = [
      await store.streamAppend(keys.chatHistory(GAME), message('ann'), 10),
      await store.streamAppend(keys.chatHistory(GAME), message('ben'), 10),
      await store.streamAppend(keys.chatHistory(GAME), message('cat'), 10),
    ];
    const limit = { max: 100, windowMs: 60_000 };
    for (const id of ids) await rooms.toggleReaction(GAME, id, '🔥', 'ann', true, limit);
    await rooms.dropReactionsBefore(GAME, ids[1]!);
    expect([...(await rooms.reactionsOf(GAME, ids)).keys()]).toEqual(ids.slice(1));
    await rooms.dropReactions(GAME, ids[2]!);
    expect([...(await rooms.reactionsOf(GAME, ids)).keys()]).toEqual([ids[1]]);
  });

  it('reads stored reactions it cannot understand as none', () => {
    expect(readReactions('not json')).toEqual([]);
    expect(readReactions('{"💩":["ann"],"🔥":"ann","👍":["ben",3]}')).toEqual([
      { emoji: '👍', logins: ['ben'] },
    ]);
  });

  it('reads slow mode as off when the stored setting is missing or not one offered', async () => {
    const store = new MemoryStore();
    const rooms = createChatRoomStore(store);
    expect(await rooms.settings(GAME)).toEqual({ slowModeSeconds: 0 });
    await store.set(keys.chatRoomSettings(GAME), '{"slowModeSeconds":7}');
    expect(await rooms.settings(GAME)).toEqual({ slowModeSeconds: 0 });
    await store.set(keys.chatRoomSettings(GAME), 'not json');
    expect(await rooms.settings(GAME)).toEqual({ slowModeSeconds: 0 });
    await rooms.saveSettings(GAME, { slowModeSeconds: 15 });
    expect(await rooms.settings(GAME)).toEqual({ slowModeSeconds: 15 });
  });
});
