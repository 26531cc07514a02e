import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '@shared/schemas/chat';

/** A socket double: answers acknowledged emits from a table, and lets the test fire server events. */
const socket = vi.hoisted(() => {
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  const answers = new Map<string, (payload: unknown) => unknown>();
  return {
    recovered: false,
    listeners,
    answers,
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
        emitWithAck: async (event: string, payload: unknown) => ({
          ok: true,
          data: answers.get(event)?.(payload) ?? null,
        }),
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

const { GameChat } = await import('./game-chat');

const message = (id: string, minute: number, text: string): ChatMessage => ({
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

beforeEach(() => {
  socket.listeners.clear();
  socket.answers.clear();
});

describe('GameChat after a long absence', () => {
  it('shows where messages were missed when the catch-up reports a gap', async () => {
    socket.answers.set('chat:join', () => ({ messages: [message('1-0', 1, 'kick-off')], hasMore: false }));
    render(
      <GameChat
        gameId="g1"
        awayTeam="Bills"
        homeTeam="Chiefs"
        user={{ login: 'bob', name: 'Bob', role: 'user' }}
      />,
    );
    await userEvent.click(screen.getByRole('radio', { name: /Chiefs/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Join Chat' }));
    expect(await screen.findByText('kick-off')).toBeInTheDocument();
    expect(screen.queryByText('Some messages were missed while you were away.')).not.toBeInTheDocument();

    // Back after a long absence: more was posted than the server keeps.
    socket.answers.set('chat:join', () => ({
      messages: [message('900-0', 40, 'final whistle')],
      hasMore: true,
    }));
    socket.answers.set('chat:sync', () => ({ messages: [message('900-0', 40, 'final whistle')], gap: true }));
    await act(async () => socket.fire('connect'));
    expect(await screen.findByText('final whistle')).toBeInTheDocument();
    const notice = await screen.findByText('Some messages were missed while you were away.');
    // Between the last message it had and the first one after the gap.
    const items = [...notice.closest('ul')!.querySelectorAll('li')].map((li) => li.textContent ?? '');
    const at = items.findIndex((text) => text.includes('Some messages were missed'));
    expect(items[at - 1]).toContain('kick-off');
    expect(items[at + 1]).toContain('final whistle');
  });
});

describe('GameChat authors', () => {
  it('shows each author by login, never by a display name someone could copy', async () => {
    // A message stored with a display name as its username (anyone can call themselves "Boss").
    const copied = { ...message('1-0', 1, 'trust me'), login: 'mallory', username: 'Boss' };
    socket.answers.set('chat:join', () => ({ messages: [copied], hasMore: false }));
    render(
      <GameChat
        gameId="g1"
        awayTeam="Bills"
        homeTeam="Chiefs"
        user={{ login: 'bob', name: 'Bob', role: 'user' }}
      />,
    );
    await userEvent.click(screen.getByRole('radio', { name: /Chiefs/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Join Chat' }));
    const item = (await screen.findByText('trust me')).closest('li')!;
    expect(item).toHaveTextContent('@mallory');
    expect(item).not.toHaveTextContent('Boss');
  });
});
