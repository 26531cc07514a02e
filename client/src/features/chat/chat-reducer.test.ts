import { describe, expect, it } from 'vitest';
import type { ChatMessage, ChatMyReactions, ChatReaction, ChatReactionEmoji } from '@shared/schemas/chat';
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
      mine: {},
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
      mine: {},
    });
    state = chatReducer(state, {
      type: 'received-many',
      messages: [message('900-0', 40)],
      version: 2,
      mine: {},
    });
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

  it('is live again once the room is rejoined: samples go, a message not sent stays marked', () => {
    let state = chatReducer(initialChatState, {
      type: 'load-failed',
      samples: sampleMessages('g1', 'Bills', 'Chiefs'),
    });
    state = chatReducer(state, { type: 'sending', message: { ...message('temp-1', 5), pending: true } });
    state = chatReducer(state, { type: 'send-failed', tempId: 'temp-1' });
    state = chatReducer(state, {
      type: 'received-many',
      messages: [message('1-0', 1)],
      version: 1,
      mine: {},
    });
    state = chatReducer(state, { type: 'resynced' });
    expect(state.status).toBe('ready');
    expect(state.messages.map((m) => [m.id, Boolean(m.offline)])).toEqual([
      ['1-0', false],
      ['temp-1', true],
    ]);
  });

  it('prepends older pages in order and removes deleted messages', () => {
    let state = chatReducer(initialChatState, {
      type: 'loaded',
      messages: [message('5-0', 5)],
      hasMore: true,
      version: 1,
      mine: {},
    });
    state = chatReducer(state, { type: 'older-requested' });
    expect(state.loadingOlder).toBe(true);
    state = chatReducer(state, {
      type: 'older-loaded',
      messages: [message('1-0', 1), message('2-0', 2)],
      hasMore: false,
      version: 1,
      mine: {},
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
  /** A reaction as the server sends it: its count, and the fans it names (the first ten at most). */
  const reaction = (emoji: ChatReactionEmoji, count: number, ...logins: string[]): ChatReaction => ({
    emoji,
    count,
    logins,
  });
  /** The reader of these tests. */
  const me = 'bob';
  /**
   * `login`'s change on message 1-0 at `version`, with the reactions after it: the reader's own
   * carries the change (their answer, or the push to their tabs); anyone else's is the room's push,
   * which does not say who made it.
   */
  const changeBy = (
    login: string,
    change: { emoji: ChatReactionEmoji; reacted: boolean },
    version: number,
    reactions: ChatReaction[],
  ): ChatAction => {
    const changed = { gameId: 'g1', messageId: '1-0', reactions, version };
    return { type: 'reactions-changed', changed: login === me ? { ...changed, change } : changed };
  };
  const listed = (version: number, mine: ChatMyReactions = {}) =>
    chatReducer(initialChatState, {
      type: 'loaded',
      messages: [message('1-0', 1), message('2-0', 2)],
      hasMore: false,
      version,
      mine,
    });

  it('applies reaction changes, and takes the server copy when a listed message comes again', () => {
    let state = listed(1);
    const bobAndCarol = [reaction('🔥', 2, 'bob', 'carol')];
    state = chatReducer(state, changeBy('carol', { emoji: '🔥', reacted: true }, 7, bobAndCarol));
    expect(state.messages[0]!.reactions).toEqual(bobAndCarol);
    // An earlier change arriving late (from another instance, or an answer after the push) is ignored.
    state = chatReducer(
      state,
      changeBy('bob', { emoji: '🔥', reacted: true }, 6, [reaction('🔥', 1, 'bob')]),
    );
    expect(state.messages[0]!.reactions).toEqual(bobAndCarol);
    // After a reconnect the page carries what changed meanwhile.
    const claps = [reaction('👏', 1, 'alice')];
    state = chatReducer(state, {
      type: 'received-many',
      messages: [{ ...message('1-0', 1), reactions: claps }],
      version: 8,
      mine: {},
    });
    expect(state.messages).toHaveLength(2);
    expect(state.messages[0]!.reactions).toEqual(claps);
  });

  it("knows the reader's own reactions from a page's `mine`, whoever the page names", () => {
    // 1,234 fans gave 🔥; the reader is one of them, though not among the ten the page names.
    const busy = reaction('🔥', 1234, 'ann', 'carol');
    const state = chatReducer(initialChatState, {
      type: 'loaded',
      messages: [
        { ...message('1-0', 1), reactions: [busy] },
        { ...message('2-0', 2), reactions: [busy] },
      ],
      hasMore: false,
      version: 4,
      mine: { '1-0': ['🔥'] },
    });
    expect(state.messages.map((m) => m.myReactions)).toEqual([['🔥'], []]);
  });

  it("follows the reader's own changes (from any of their tabs), and not someone else's", () => {
    let state = listed(1, { '1-0': ['👍'] });
    state = chatReducer(state, changeBy('carol', { emoji: '🔥', reacted: true }, 2, [reaction('🔥', 1)]));
    expect(state.messages[0]!.myReactions).toEqual(['👍']);
    state = chatReducer(state, changeBy('bob', { emoji: '🔥', reacted: true }, 3, [reaction('🔥', 2)]));
    expect(state.messages[0]!.myReactions).toEqual(['👍', '🔥']);
    state = chatReducer(state, changeBy('bob', { emoji: '👍', reacted: false }, 4, [reaction('🔥', 2)]));
    expect(state.messages[0]!.myReactions).toEqual(['🔥']);
    // Only that message.
    expect(state.messages[1]!.myReactions).toEqual([]);
  });

  it("keeps the reader's own change of one emoji that arrives after a later own change of another", () => {
    let state = listed(3);
    // 👍 (5) was given on another tab; the answer to this tab's 🔥 (6) overtook its push.
    state = chatReducer(state, changeBy('bob', { emoji: '🔥', reacted: true }, 6, [reaction('🔥', 1)]));
    state = chatReducer(state, changeBy('bob', { emoji: '👍', reacted: true }, 5, [reaction('👍', 1)]));
    expect([...state.messages[0]!.myReactions!].sort()).toEqual(['👍', '🔥'].sort());
    // A page read between the two knows 👍, not yet 🔥: the newer 🔥 stays.
    state = chatReducer(state, {
      type: 'received-many',
      messages: [message('1-0', 1)],
      version: 5,
      mine: { '1-0': ['👍'] },
    });
    expect([...state.messages[0]!.myReactions!].sort()).toEqual(['👍', '🔥'].sort());
  });

  it("keeps the reader's own change that arrives after a later change by someone else", () => {
    let state = listed(3);
    // carol's change (8) overtook the reader's (7) on the way: its reactions already count the reader.
    const both = [reaction('🔥', 2, 'bob', 'carol')];
    state = chatReducer(state, changeBy('carol', { emoji: '🔥', reacted: true }, 8, both));
    state = chatReducer(
      state,
      changeBy('bob', { emoji: '🔥', reacted: true }, 7, [reaction('🔥', 1, 'bob')]),
    );
    expect(state.messages[0]).toMatchObject({ reactions: both, myReactions: ['🔥'] });
    // An older own change never undoes a newer one.
    state = chatReducer(state, changeBy('bob', { emoji: '🔥', reacted: false }, 9, [reaction('🔥', 1)]));
    state = chatReducer(state, changeBy('bob', { emoji: '🔥', reacted: true }, 6, both));
    expect(state.messages[0]!.myReactions).toEqual([]);
  });

  describe('a page answered after a reaction change was pushed', () => {
    const fire = [reaction('🔥', 1, 'carol')];
    const fireAndClaps = [reaction('🔥', 2, 'carol', 'bob'), reaction('👏', 1, 'dave')];
    /** A listed message whose reactions came from the push of change 7, the reader's own 🔥. */
    const pushed = () =>
      chatReducer(
        chatReducer(initialChatState, {
          type: 'loaded',
          messages: [message('1-0', 1)],
          hasMore: false,
          version: 3,
          mine: {},
        }),
        changeBy('bob', { emoji: '🔥', reacted: true }, 7, fireAndClaps),
      );
    /** The server's copy: the text changed too, and a message the reader had not seen yet. */
    const page = [{ ...message('1-0', 1, 'as stored'), reactions: fire }, message('2-0', 2)];
    /** The page says the reader gave 👏 on the message they had not seen, and nothing on 1-0. */
    const mine: ChatMyReactions = { '2-0': ['👏'] };
    /** Every way a page reaches the list: entering the room, an older page, a catch-up. */
    const pageAction = {
      loaded: (version: number): ChatAction => ({
        type: 'loaded',
        messages: page,
        hasMore: false,
        version,
        mine,
      }),
      'older-loaded': (version: number): ChatAction => ({
        type: 'older-loaded',
        messages: page,
        hasMore: false,
        version,
        mine,
      }),
      'received-many': (version: number): ChatAction => ({
        type: 'received-many',
        messages: page,
        version,
        mine,
      }),
    };
    const kinds = Object.keys(pageAction) as Array<keyof typeof pageAction>;

    it.each(kinds)(
      "%s of version 5 keeps the reactions and the reader's own of push 7, and takes the rest of the page",
      (kind) => {
        const state = chatReducer(pushed(), pageAction[kind](5));
        expect(state.messages.map((m) => m.id)).toEqual(['1-0', '2-0']);
        expect(state.messages[0]).toMatchObject({
          message: 'as stored',
          reactions: fireAndClaps,
          myReactions: ['🔥'],
        });
        expect(state.messages[1]!.myReactions).toEqual(['👏']);
        // The kept reactions are still at version 7: a push older than that is refused.
        const older = changeBy('bob', { emoji: '🔥', reacted: false }, 6, fire);
        expect(chatReducer(state, older).messages[0]).toMatchObject({
          reactions: fireAndClaps,
          myReactions: ['🔥'],
        });
      },
    );

    it.each(kinds)("%s of version 9 replaces the reactions and the reader's own of push 7", (kind) => {
      const state = chatReducer(pushed(), pageAction[kind](9));
      expect(state.messages[0]).toMatchObject({ message: 'as stored', reactions: fire, myReactions: [] });
      const older = changeBy('bob', { emoji: '🔥', reacted: true }, 8, fireAndClaps);
      expect(chatReducer(state, older).messages[0]).toMatchObject({ reactions: fire, myReactions: [] });
    });

    it("keeps pushed reactions when the sender's own copy of the message is confirmed after them", () => {
      const temp = { ...message('temp-1', 5), pending: true };
      let state = chatReducer({ ...initialChatState, status: 'ready' }, { type: 'sending', message: temp });
      state = chatReducer(state, { type: 'received', message: message('5-0', 5) });
      state = chatReducer(state, {
        type: 'reactions-changed',
        changed: {
          gameId: 'g1',
          messageId: '5-0',
          reactions: fire,
          version: 4,
          change: { emoji: '🔥', reacted: true },
        },
      });
      state = chatReducer(state, { type: 'sent', tempId: 'temp-1', message: message('5-0', 5) });
      expect(state.messages).toHaveLength(1);
      expect(state.messages[0]).toMatchObject({ reactions: fire, myReactions: ['🔥'] });
    });
  });

  it("follows the room: slow mode, the reader's time-out, and the newest 20 moderation actions", () => {
    let state = chatReducer(initialChatState, {
      type: 'loaded',
      messages: [],
      hasMore: false,
      version: 1,
      mine: {},
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
