import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AI_TEAM_NAMES } from '@shared/fantasy/ai-picks';
import type { AckError } from '@shared/events';
import type { League, LeagueSeat, LeagueSummary } from '@shared/schemas/leagues';

/**
 * The app's socket, replaced by a double: tests push server events through it and set how it answers
 * acknowledged requests (an answer, or a refusal).
 */
const socket = vi.hoisted(() => {
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  const answers = new Map<string, (payload: unknown) => { data: unknown } | { error: AckError }>();
  return {
    connected: true,
    recovered: false,
    handlers,
    answers,
    on(event: string, handler: (payload: unknown) => void) {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)!.add(handler);
    },
    off(event: string, handler: (payload: unknown) => void) {
      handlers.get(event)?.delete(handler);
    },
    emit: () => undefined,
    timeout() {
      return {
        emitWithAck: async (event: string, payload: unknown) => {
          const answer = answers.get(event)?.(payload) ?? { data: null };
          return 'error' in answer ? { ok: false, error: answer.error } : { ok: true, data: answer.data };
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

const { LeaguesRoutes } = await import('./leagues-routes');

const LEAGUE_ID = 'abcdefghijklmnop';
const NOT_FOUND: AckError = { code: 'not_found', message: 'No such league.' };
const people: LeagueSeat[] = [
  { seat: 0, kind: 'person', login: 'ada', teamName: 'Ada' },
  { seat: 1, kind: 'person', login: 'grace', teamName: 'Grace' },
];

function league(overrides: Partial<League> = {}): League {
  return {
    id: LEAGUE_ID,
    name: 'Office league',
    commissioner: 'ada',
    inviteCode: 'abcdefghijklmnopqrstuv',
    pickSeconds: 30,
    rounds: 8,
    status: 'lobby',
    seats: people,
    picks: [],
    clock: null,
    version: 2,
    createdAt: '2026-11-27T13:50:00.000Z',
    ...overrides,
  };
}

/** Grace on the clock in a running draft. */
const drafting = () =>
  league({
    status: 'drafting',
    seats: [
      people[1]!,
      { ...people[0]!, seat: 1 },
      ...AI_TEAM_NAMES.slice(0, 8).map((teamName, index): LeagueSeat => ({
        seat: index + 2,
        kind: 'ai',
        login: null,
        teamName,
      })),
    ],
    clock: { seat: 0, overall: 1, deadline: new Date(Date.now() + 30_000).toISOString() },
  });

const summary = (id: string, name: string): LeagueSummary => ({
  id,
  name,
  commissioner: 'ada',
  status: 'lobby',
  people: 2,
  createdAt: '2026-11-27T13:50:00.000Z',
});

/** What the server answers over HTTP: the league's read, the list, and 404 for the rest. */
const server = {
  read: (): { status: number; body: unknown } => ({
    status: 200,
    body: { league: league(), queue: { leagueId: LEAGUE_ID, companyIds: [] } },
  }),
  list: (): LeagueSummary[] => [summary('zyxwvutsrqponmlk', 'Lunch league')],
  remove: (): { status: number; body: unknown } => ({ status: 200, body: league() }),
};
const notFoundBody = (message = 'No such league.') => ({ error: { code: 'not_found', message } });

beforeEach(() => {
  auth.login = 'grace';
  socket.handlers.clear();
  socket.answers.clear();
  socket.answers.set('league:watch', () => ({ data: server.read().body }));
  server.read = () => ({
    status: 200,
    body: { league: league(), queue: { leagueId: LEAGUE_ID, companyIds: [] } },
  });
  server.list = () => [summary('zyxwvutsrqponmlk', 'Lunch league')];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const path = new URL(input, 'http://localhost').pathname;
      const method = init?.method ?? 'GET';
      const json = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (method === 'GET' && path === '/api/leagues') return json(200, { leagues: server.list() });
      if (method === 'GET' && path === `/api/leagues/${LEAGUE_ID}`) {
        const { status, body } = server.read();
        return json(status, body);
      }
      if (method === 'DELETE' && path.startsWith(`/api/leagues/${LEAGUE_ID}/seats/`)) {
        const { status, body } = server.remove();
        return json(status, body);
      }
      return json(404, notFoundBody('Not found.'));
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Delivers a server event to every handler listening for it now. */
function push(event: string, payload?: unknown) {
  act(() => {
    for (const handler of [...(socket.handlers.get(event) ?? [])]) handler(payload);
  });
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/fantasy/leagues/*" element={<LeaguesRoutes />} />
      </Routes>
    </MemoryRouter>,
  );
}

const lobbyShown = () => screen.findByRole('region', { name: 'Invite friends' });

describe('a league the person is removed from', () => {
  it('says so at once in place of the lobby, takes the focus, and leads back to their leagues by keyboard, without the league', async () => {
    const user = userEvent.setup();
    renderAt(`/fantasy/leagues/${LEAGUE_ID}`);
    await lobbyShown();
    expect(document.title).toBe('Office league · Tech Touchdown');

    server.list = () => [summary('zyxwvutsrqponmlk', 'Lunch league')];
    push('league:removed', { leagueId: LEAGUE_ID });

    const heading = screen.getByRole('heading', { level: 1, name: 'You were removed from Office league' });
    expect(document.activeElement).toBe(heading);
    const notice = screen.getByRole('region', { name: 'You were removed from Office league' });
    expect(
      within(notice).getByText(
        'The commissioner removed you from this league: its lobby, draft and chat are closed to you now.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Invite friends' })).toBeNull();
    expect(document.title).toBe('Removed from Office league · Tech Touchdown');
    // Later pushes of the league change nothing.
    push('league:changed', league({ version: 9, name: 'Renamed' }));
    expect(screen.getByRole('heading', { name: 'You were removed from Office league' })).toBeTruthy();

    // The next stop from the heading is the way back, and Enter follows it.
    await user.tab();
    const back = screen.getByRole('link', { name: 'Back to my leagues' });
    expect(document.activeElement).toBe(back);
    expect(back.getAttribute('href')).toBe('/fantasy/leagues');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Leagues with friends' })).toBeTruthy();
    expect(await screen.findByText('Lunch league')).toBeTruthy();
    expect(screen.queryByText('Office league')).toBeNull();
  });

  it('says so in a running draft too, taking the focus from where it was', async () => {
    server.read = () => ({
      status: 200,
      body: { league: drafting(), queue: { leagueId: LEAGUE_ID, companyIds: [] } },
    });
    renderAt(`/fantasy/leagues/${LEAGUE_ID}`);
    const search = await screen.findByRole('searchbox', { name: 'Search companies' });
    search.focus();
    push('league:removed', { leagueId: LEAGUE_ID });
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { name: 'You were removed from Office league' }),
    );
    expect(screen.queryByRole('searchbox')).toBeNull();
  });

  it("ignores a notice about another league, and one it cannot read, and keeps the person's page", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderAt(`/fantasy/leagues/${LEAGUE_ID}`);
    await lobbyShown();
    push('league:removed', { leagueId: 'ponmlkjihgfedcba' });
    push('league:removed', { leagueId: 'not an id' });
    push('league:removed', {});
    push('league:removed', 'abcdefghijklmnop');
    expect(screen.getByRole('region', { name: 'Invite friends' })).toBeTruthy();
    expect(screen.queryByText(/removed from/)).toBeNull();
    expect(warn).toHaveBeenCalledTimes(3);
  });

  it('takes a not_found answer for the league it shows as the league being no longer theirs (back after missing the notice)', async () => {
    renderAt(`/fantasy/leagues/${LEAGUE_ID}`);
    await lobbyShown();
    // Offline while the commissioner removed them: back, the watch is refused.
    socket.answers.set('league:watch', () => ({ error: NOT_FOUND }));
    push('connect');
    const heading = await screen.findByRole('heading', {
      level: 1,
      name: "You're no longer in Office league",
    });
    expect(document.activeElement).toBe(heading);
    expect(
      screen.getByText('This league is not open to you any more: the commissioner may have removed you.'),
    ).toBeTruthy();
    expect(document.title).toBe('No longer in Office league · Tech Touchdown');
    expect(screen.getByRole('link', { name: 'Back to my leagues' }).getAttribute('href')).toBe(
      '/fantasy/leagues',
    );
  });

  it('does the same when a pick is refused as not_found and the league reads not_found too', async () => {
    server.read = () => ({
      status: 200,
      body: { league: drafting(), queue: { leagueId: LEAGUE_ID, companyIds: [] } },
    });
    renderAt(`/fantasy/leagues/${LEAGUE_ID}`);
    const available = await screen.findByRole('list', { name: 'Available companies' });
    socket.answers.set('league:pick', () => ({ error: NOT_FOUND }));
    server.read = () => ({ status: 404, body: notFoundBody() });
    await act(async () => {
      fireEvent.click(within(available).getAllByRole('button', { name: /^Draft / })[0]!);
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: "You're no longer in Office league" }),
    ).toBeTruthy();
  });

  it("keeps a commissioner's page when a removal answers not_found for a seat that was gone already", async () => {
    auth.login = 'ada';
    server.remove = () => ({
      status: 404,
      body: notFoundBody('Nobody with that login sits in this league.'),
    });
    renderAt(`/fantasy/leagues/${LEAGUE_ID}`);
    await lobbyShown();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Remove grace' }));
    });
    expect(await screen.findByText('Nobody with that login sits in this league.')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Invite friends' })).toBeTruthy();
    expect(screen.queryByText(/no longer in/)).toBeNull();
  });

  it('is still "League not found" when the league never loaded', async () => {
    server.read = () => ({ status: 404, body: notFoundBody() });
    socket.answers.set('league:watch', () => ({ error: NOT_FOUND }));
    renderAt(`/fantasy/leagues/${LEAGUE_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'League not found' })).toBeTruthy();
    expect(screen.queryByText(/no longer in/)).toBeNull();
  });
});

describe('the leagues list', () => {
  it('drops a league the person is removed from, at once', async () => {
    server.list = () => [summary(LEAGUE_ID, 'Office league'), summary('zyxwvutsrqponmlk', 'Lunch league')];
    renderAt('/fantasy/leagues');
    const list = await screen.findByRole('region', { name: 'My leagues' });
    expect(await within(list).findByText('Office league')).toBeTruthy();
    push('league:removed', { leagueId: LEAGUE_ID });
    expect(within(list).queryByText('Office league')).toBeNull();
    expect(within(list).getByText('Lunch league')).toBeTruthy();
  });
});
