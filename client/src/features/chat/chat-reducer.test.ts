import { describe, expect, it } from 'vitest';
import type { ChatMessage, ChatReaction } from '@shared/schemas/chat';
import {
  type ChatAction,
  chatReducer,
  firstUnreadId,
  formatChatTime,
  initialChatState,
  isAfter,
  newestServerId,
} from './chat-reducer';
import { sampleMessages } from './sample-messages';

const message = (id: string, minute: number, text = `m${id}`): ChatMessage => ({
  id,
  gameId: 'g1',
  login: 'alice',
  username: 'Alice',
  message: text,
  timestamp: new Date(Date.UTC(2026, 10, 22, 18, minute)).toISOString(),
  team: 'home',
  teamName: 'Chiefs',
  role: 'user',
});

describe('chatReducer', () => {
  it('loads history and keeps live messages that arrived meanwhile, once each', () => {
    let state = chatReducer(initialChatState, { type: 'received', message: message('3-0', 3) });
    state = chatReducer(state, {
      type: 'loaded',
      messages: [message('1-0', 1), message('3-0', 3)],
      hasMore: true,
      version: 1,
    });
    expect(state.status).toBe('ready');
    expect(state.hasMore).toBe(true);
    expect(state.messages.map((m) => m.id)).toEqual(['1-0', '3-0']);
  });

  it('marks where messages were missed when a catch-up after a long absence has a gap', () => {
    let state = chatReducer(initialChatState, {
      type: 'loaded',
      messages: [message('1-0', 1)],
      hasMore: false,
      version: 1,
    });
    state = chatReducer(state, { type: 'received-many', messages: [message('900-0', 40)], version: 2 });
    state = chatReducer(state, { type: 'gap', after: '1-0' });
    expect(state.messages.map((m) => m.id)).toEqual(['1-0', '900-0']);
    expect(state.gapAfter).toBe('1-0');
  });

  it('falls back to the six sample messages in offline mode when loading fails', () => {
    const samples = sampleMessages('g1', 'Bills', 'Chiefs');
    expect(samples).toHaveLength(6);
    const state = chatReducer(initialChatState, { type: 'load-failed', samples });
    expect(state.status).toBe('offline');
    expect(state.messages).toHaveLength(6);
    expect(state.messages.every((m) => m.offline)).toBe(true);
  });

  it('replaces an optimistic message with the stored one, even if the broadcast came first', () => {
    const temp = { ...message('temp-1', 5), pending: true };
    let state = chatReducer({ ...initialChatState, status: 'ready' }, { type: 'sending', message: temp });
    state = chatReducer(state, { type: 'received', message: message('5-0', 5) });
    state = chatReducer(state, { type: 'sent', tempId: 'temp-1', message: message('5-0', 5) });
    expect(state.messages.map((m) => m.id)).toEqual(['5-0']);
  });

  it('keeps a failed send locally with the offline flag', () => {
    const temp = { ...message('temp-1', 5), pending: true };
    let state = chatReducer({ ...initialChatState, status: 'ready' }, { type: 'sending', message: temp });
    state = chatReducer(state, { type: 'send-failed', tempId: 'temp-1' });
    expect(state.status).toBe('offline');
    expect(state.messages[0]).toMatchObject({ id: 'temp-1', offline: true, pending: false });
  });

  it('prepends older pages in order and removes deleted messages', () => {
    let state = chatReducer(initialChatState, {
      type: 'loaded',
      messages: [message('5-0', 5)],
      hasMore: true,
      version: 1,
    });
    state = chatReducer(state, { type: 'older-requested' });
    expect(state.loadingOlder).toBe(true);
    state = chatReducer(state, {
      type: 'older-loaded',
      messages: [message('1-0', 1), message('2-0', 2)],
      hasMore: false,
      version: 1,
    });
    expect(state.messages.map((m) => m.id)).toEqual(['1-0', '2-0', '5-0']);
    expect(state.hasMore).toBe(false);
    state = chatReducer(state, { type: 'deleted', messageId: '2-0' });
    expect(state.messages.map((m) => m.id)).toEqual(['1-0', '5-0']);
  });
});

describe('chat helpers', () => {
  it('formats times as hh:mm', () => {
    const date = new Date(2026, 10, 22, 7, 5);
    expect(formatChatTime(date.toISOString())).toBe('07:05');
    expect(formatChatTime('not a date')).toBe('--:--');
  });

  it('finds the newest message the server confirmed', () => {
    const messages = [
      message('1-0', 1),
      { ...message('temp-2', 2), pending: true },
      { ...message('x', 3), offline: true },
    ];
    expect(newestServerId(messages)).toBe('1-0');
    expect(newestServerId([])).toBeUndefined();
  });
});

describe('chatReducer for a busier room', () => {
  it('applies reaction changes, and takes the server copy when a listed message comes again', () => {
    let state = chatReducer(initialChatState, {
      type: 'loaded',
      messages: [message('1-0', 1)],
      hasMore: false,
      version: 1,
    });
    state = chatReducer(state, {
      type: 'reactions-changed',
      messageId: '1-0',
      reactions: [{ emoji: '🔥', logins: ['bob', 'carol'] }],
      version: 7,
    });
    expect(state.messages[0]!.reactions).toEqual([{ emoji: '🔥', logins: ['bob', 'carol'] }]);
    // An earlier change arriving late (from another instance, or an answer after the push) is ignored.
    state = chatReducer(state, {
      type: 'reactions-changed',
      messageId: '1-0',
      reactions: [{ emoji: '🔥', logins: ['bob'] }],
      version: 6,
    });
    expect(state.messages[0]!.reactions).toEqual([{ emoji: '🔥', logins: ['bob', 'carol'] }]);
    // After a reconnect the page carries what changed meanwhile.
    state = chatReducer(state, {
      type: 'received-many',
      messages: [{ ...message('1-0', 1), reactions: [{ emoji: '👏', logins: ['alice'] }] }],
      version: 8,
    });
    expect(state.messages).toHaveLength(1);
    expect(state.messages[0]!.reactions).toEqual([{ emoji: '👏', logins: ['alice'] }]);
  });

  describe('a page answered after a reaction change was pushed', () => {
    const fire = [{ emoji: '🔥' as const, logins: ['bob'] }];
    const fireAndClaps = [
      { emoji: '🔥' as const, logins: ['bob'] },
      { emoji: '👏' as const, logins: ['carol'] },
    ];
    /** A listed message whose reactions came from the push of change 7. */
    const pushed = () =>
      chatReducer(
        chatReducer(initialChatState, {
          type: 'loaded',
          messages: [message('1-0', 1)],
          hasMore: false,
          version: 3,
        }),
        { type: 'reactions-changed', messageId: '1-0', reactions: fireAndClaps, version: 7 },
      );
    /** The server's copy: the text changed too, and a message the reader had not seen yet. */
    const page = [{ ...message('1-0', 1, 'as stored'), reactions: fire }, message('2-0', 2)];
    /** Every way a page reaches the list: entering the room, an older page, a catch-up. */
    const pageAction = {
      loaded: (version: number): ChatAction => ({ type: 'loaded', messages: page, hasMore: false, version }),
      'older-loaded': (version: number): ChatAction => ({
        type: 'older-loaded',
        messages: page,
        hasMore: false,
        version,
      }),
      'received-many': (version: number): ChatAction => ({ type: 'received-many', messages: page, version }),
    };
    const kinds = Object.keys(pageAction) as Array<keyof typeof pageAction>;
    const pushAt = (version: number, reactions: ChatReaction[]): ChatAction => ({
      type: 'reactions-changed',
      messageId: '1-0',
      reactions,
      version,
    });

    it.each(kinds)(
      '%s of version 5 keeps the reactions of push 7, and takes the rest of the page',
      (kind) => {
        const state = chatReducer(pushed(), pageAction[kind](5));
        expect(state.messages.map((m) => m.id)).toEqual(['1-0', '2-0']);
        expect(state.messages[0]).toMatchObject({ message: 'as stored', reactions: fireAndClaps });
        // The kept reactions are still at version 7: a push older than that is refused.
        expect(chatReducer(state, pushAt(6, fire)).messages[0]!.reactions).toEqual(fireAndClaps);
      },
    );

    it.each(kinds)('%s of version 9 replaces the reactions of push 7', (kind) => {
      const state = chatReducer(pushed(), pageAction[kind](9));
      expect(state.messages[0]).toMatchObject({ message: 'as stored', reactions: fire });
      expect(chatReducer(state, pushAt(8, fireAndClaps)).messages[0]!.reactions).toEqual(fire);
    });

    it("keeps pushed reactions when the sender's own copy of the message is confirmed after them", () => {
      const temp = { ...message('temp-1', 5), pending: true };
      let state = chatReducer({ ...initialChatState, status: 'ready' }, { type: 'sending', message: temp });
      state = chatReducer(state, { type: 'received', message: message('5-0', 5) });
      state = chatReducer(state, {
        type: 'reactions-changed',
        messageId: '5-0',
        reactions: fire,
        version: 4,
      });
      state = chatReducer(state, { type: 'sent', tempId: 'temp-1', message: message('5-0', 5) });
      expect(state.messages).toHaveLength(1);
      expect(state.messages[0]!.reactions).toEqual(fire);
    });
  });

  it("follows the room: slow mode, the reader's time-out, and the newest 20 moderation actions", () => {
    let state = chatReducer(initialChatState, {
      type: 'loaded',
      messages: [],
      hasMore: false,
      version: 1,
      room: { gameId: 'g1', slowModeSeconds: 30 },
      mutedUntil: '2026-11-23T21:45:00.000Z',
    });
    expect(state.slowModeSeconds).toBe(30);
    expect(state.mutedUntil).toBe('2026-11-23T21:45:00.000Z');
    state = chatReducer(state, { type: 'room-changed', room: { gameId: 'g1', slowModeSeconds: 0 } });
    expect(state.slowModeSeconds).toBe(0);
    for (let i = 0; i < 25; i++) {
      state = chatReducer(state, {
        type: 'moderation-logged',
        entry: { id: `e${i}`, gameId: 'g1', moderator: 'mod', at: '', action: 'slow-mode', seconds: 5 },
      });
    }
    expect(state.moderationLog).toHaveLength(20);
    expect(state.moderationLog[0]!.id).toBe('e24');
  });

  it('drops a send the server refused instead of keeping it offline', () => {
    const temp = { ...message('temp-1', 5), pending: true };
    let state = chatReducer({ ...initialChatState, status: 'ready' }, { type: 'sending', message: temp });
    state = chatReducer(state, { type: 'send-refused', tempId: 'temp-1' });
    expect(state.messages).toEqual([]);
    expect(state.status).toBe('ready');
  });
});

describe('unread helpers', () => {
  it('orders stored ids by time, then sequence, as numbers', () => {
    expect(isAfter('1700000000001-0', '1700000000000-5')).toBe(true);
    expect(isAfter('1700000000000-10', '1700000000000-9')).toBe(true);
    expect(isAfter('999-0', '1000-0')).toBe(false);
    expect(isAfter('5-0', '5-0')).toBe(false);
  });

  it('finds the first message by someone else after the seen one', () => {
    const messages = [message('1-0', 1), { ...message('2-0', 2), login: 'bob' }, message('3-0', 3)];
    expect(firstUnreadId(messages, '1-0', 'Bob')).toBe('3-0');
    expect(firstUnreadId(messages, '3-0', 'bob')).toBeUndefined();
  });
});
