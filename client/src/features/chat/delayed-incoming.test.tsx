import { act, renderHook } from '@testing-library/react';
import { createStore, Provider } from '@client/lib/store';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '@shared/schemas/chat';
import {
  DEFAULT_GAME_DAY_SETTINGS,
  gameDaySettingsAtom,
  type DelaySeconds,
} from '@client/lib/game-day-settings';

/** A socket double: answers acknowledged emits, and lets the test fire server events. */
const socket = vi.hoisted(() => {
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  return {
    recovered: false,
    listeners,
    on(event: string, listener: (...args: unknown[]) => void) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(listener);
    },
    off(event: string, listener: (...args: unknown[]) => void) {
      listeners.get(event)?.delete(listener);
    },
    emit: vi.fn(),
    timeout() {
      return {
        emitWithAck: async () => ({ ok: true, data: { messages: [], hasMore: false, version: 0 } }),
      };
    },
    fire(event: string, ...args: unknown[]) {
      for (const listener of listeners.get(event) ?? []) listener(...args);
    },
  };
});
vi.mock('@client/lib/socket', async () => {
  const { socketRequest } = await import('@shared/socket-request');
  return {
    getSocket: () => socket,
    request: (event: never, payload: never) => socketRequest(socket, event, payload, 8000),
  };
});

const { useGameChat } = await import('./use-game-chat');

let sequence = 0;
const said = (login: string, text: string): ChatMessage => ({
  id: `${1_000 + ++sequence}-0`,
  gameId: 'g1',
  login,
  username: login,
  message: text,
  timestamp: new Date(Date.UTC(2026, 10, 22, 18, sequence)).toISOString(),
  team: 'home',
  teamName: 'Chiefs',
  role: 'user',
});

function openChat(delaySeconds: DelaySeconds) {
  const store = createStore();
  store.set(gameDaySettingsAtom, { ...DEFAULT_GAME_DAY_SETTINGS, delaySeconds });
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  const chat = renderHook(
    () =>
      useGameChat({
        gameId: 'g1',
        awayTeam: 'Bills',
        homeTeam: 'Chiefs',
        user: { login: 'bob', name: 'Bob', role: 'user' },
        enabled: true,
      }),
    { wrapper },
  );
  const shown = () => chat.result.current.messages.map((message) => message.message);
  const receive = (message: ChatMessage) => act(() => socket.fire('chat:message-created', message));
  const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));
  const setDelay = (seconds: DelaySeconds) =>
    act(() => store.set(gameDaySettingsAtom, { ...DEFAULT_GAME_DAY_SETTINGS, delaySeconds: seconds }));
  return { shown, receive, wait, setDelay };
}

beforeEach(() => {
  vi.useFakeTimers();
  socket.listeners.clear();
  localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the chat with a spoiler-safe delay', () => {
  it('shows other fans’ messages the delay after they arrived, in order, and your own at once', async () => {
    const chat = openChat(30);
    await act(async () => {}); // the room is joined
    chat.receive(said('alice', 'touchdown!'));
    await chat.wait(10_000);
    chat.receive(said('carol', 'what a catch'));
    chat.receive(said('bob', 'my own take'));
    expect(chat.shown()).toEqual(['my own take']);

    await chat.wait(19_999);
    expect(chat.shown()).toEqual(['my own take']);
    await chat.wait(1);
    expect(chat.shown()).toEqual(['touchdown!', 'my own take']);
    await chat.wait(10_000);
    expect(chat.shown()).toEqual(['touchdown!', 'what a catch', 'my own take']);
  });

  it('shortening the delay releases what is now due, and keeps the rest', async () => {
    const chat = openChat(60);
    await act(async () => {});
    chat.receive(said('alice', 'first'));
    await chat.wait(20_000);
    chat.receive(said('carol', 'second'));
    await chat.wait(5_000);

    // 25 s after the first and 5 s after the second: at 10 s only the first is due.
    await chat.setDelay(10);
    expect(chat.shown()).toEqual(['first']);
    await chat.wait(5_000);
    expect(chat.shown()).toEqual(['first', 'second']);
  });

  it('with no delay every message shows as it arrives', async () => {
    const chat = openChat(0);
    await act(async () => {});
    chat.receive(said('alice', 'kick-off'));
    expect(chat.shown()).toEqual(['kick-off']);
  });

  it('a message deleted while it is held never shows', async () => {
    const chat = openChat(10);
    await act(async () => {});
    const message = said('alice', 'oops');
    chat.receive(message);
    act(() => socket.fire('chat:message-deleted', { gameId: 'g1', messageId: message.id }));
    await chat.wait(10_000);
    expect(chat.shown()).toEqual([]);
  });
});
