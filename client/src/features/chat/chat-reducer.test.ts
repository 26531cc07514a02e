import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@shared/schemas/chat';
import { chatReducer, formatChatTime, initialChatState, newestServerId } from './chat-reducer';
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
    });
    state = chatReducer(state, { type: 'received-many', messages: [message('900-0', 40)] });
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
    });
    state = chatReducer(state, { type: 'older-requested' });
    expect(state.loadingOlder).toBe(true);
    state = chatReducer(state, {
      type: 'older-loaded',
      messages: [message('1-0', 1), message('2-0', 2)],
      hasMore: false,
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
