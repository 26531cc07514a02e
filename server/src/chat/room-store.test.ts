import { describe, expect, it } from 'vitest';
import { keys } from '../storage/keys';
import { MemoryStore } from '../storage/memory-store';
import { createChatRoomStore } from './room-store';

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
    const rooms = createChatRoomStore(new MemoryStore());
    await rooms.setReaction(GAME, '5-0', '🔥', 'ben', true);
    await rooms.setReaction(GAME, '5-0', '👍', 'cat', true);
    await rooms.setReaction(GAME, '5-0', '🔥', 'ann', true);
    await rooms.setReaction(GAME, '6-0', '👏', 'ann', true);
    await rooms.setReaction(GAME, '6-0', '👏', 'ann', false);
    const reactions = await rooms.reactions(GAME);
    expect(reactions.get('5-0')?.map((r) => r.emoji)).toEqual(['👍', '🔥']);
    expect(reactions.get('5-0')?.[1]?.logins).toHaveLength(2);
    expect(reactions.has('6-0')).toBe(false);
  });

  it('drops the reactions of messages older than the oldest one kept', async () => {
    const rooms = createChatRoomStore(new MemoryStore());
    await rooms.setReaction(GAME, '5-0', '🔥', 'ann', true);
    await rooms.setReaction(GAME, '10-3', '🔥', 'ann', true);
    await rooms.setReaction(GAME, '11-0', '😂', 'ben', true);
    await rooms.dropReactionsBefore(GAME, '10-3');
    expect([...(await rooms.reactions(GAME)).keys()]).toEqual(['10-3', '11-0']);
    await rooms.dropReactions(GAME, '11-0');
    expect([...(await rooms.reactions(GAME)).keys()]).toEqual(['10-3']);
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
