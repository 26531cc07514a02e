import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatJoinAnswer } from '@shared/schemas/chat';
import type { League } from '@shared/schemas/leagues';

/** A socket double: answers acknowledged emits from a table and records what was sent. */
const socket = vi.hoisted(() => {
  const answers = new Map<string, (payload: unknown) => unknown>();
  const sent: Array<{ event: string; payload: unknown }> = [];
  return {
    connected: true,
    recovered: false,
    answers,
    sent,
    on: () => undefined,
    off: () => undefined,
    emit: () => undefined,
    timeout() {
      return {
        emitWithAck: async (event: string, payload: unknown) => {
          sent.push({ event, payload });
          return { ok: true, data: answers.get(event)?.(payload) ?? null };
        },
      };
    },
  };
});
vi.mock('@client/lib/socket', async () => {
  const { socketRequest, SocketRequestError } = await import('@shared/socket-request');
  return {
    SocketRequestError,
    getSocket: () => socket,
    request: (event: never, payload: never) => socketRequest(socket, event, payload, 8000),
  };
});
const auth = vi.hoisted(() => ({ login: 'grace' }));
vi.mock('@client/lib/auth', () => ({
  useAuth: () => ({ user: { login: auth.login, name: null }, role: 'user' }),
}));

const { LeagueChat } = await import('./leagues-route');

const league: League = {
  id: 'abcdefghijklmnop',
  name: 'Office league',
  commissioner: 'ada',
  inviteCode: 'abcdefghijklmnopqrstuv',
  pickSeconds: 30,
  rounds: 8,
  status: 'drafting',
  seats: [
    { seat: 0, kind: 'person', login: 'ada', teamName: 'Ada' },
    { seat: 1, kind: 'person', login: 'grace', teamName: 'Grace' },
  ],
  picks: [],
  clock: null,
  version: 1,
  createdAt: '2026-11-27T13:50:00.000Z',
};
const ROOM = 'league~abcdefghijklmnop';

beforeEach(() => {
  socket.sent.length = 0;
  socket.answers.clear();
  socket.answers.set('chat:join', (): ChatJoinAnswer => ({
    messages: [],
    hasMore: false,
    version: 1,
    mine: {},
    room: { gameId: ROOM, slowModeSeconds: 0 },
    mutedUntil: null,
  }));
  socket.answers.set('chat:unread', () => ({ games: [] }));
  socket.answers.set('chat:speakers', () => ({ gameId: ROOM, logins: [] }));
  socket.answers.set('chat:moderation-log', () => ({ gameId: ROOM, entries: [] }));
});
afterEach(cleanup);

describe("a league's draft room chat", () => {
  it("opens the league's own room at once, with no side to pick", async () => {
    auth.login = 'grace';
    render(<LeagueChat league={league} me="grace" />);
    const chat = await screen.findByRole('region', { name: 'Office league chat' });
    expect(within(chat).getByRole('heading', { name: 'Office league' })).toBeTruthy();
    expect(within(chat).getByText('Live Game Chat')).toBeTruthy();
    expect(screen.queryByText('Join the Game Chat')).toBeNull();
    expect(await within(chat).findByPlaceholderText('Message the Office league chat...')).toBeTruthy();
    expect(socket.sent.find((sent) => sent.event === 'chat:join')?.payload).toEqual({ gameId: ROOM });
    // A plain member gets no moderation tools.
    expect(within(chat).queryByText('Slow mode')).toBeNull();
  });

  it('gives the commissioner the moderation tools there', async () => {
    auth.login = 'ada';
    render(<LeagueChat league={league} me="ada" />);
    const chat = await screen.findByRole('region', { name: 'Office league chat' });
    expect(await within(chat).findByText('Slow mode')).toBeTruthy();
  });
});
