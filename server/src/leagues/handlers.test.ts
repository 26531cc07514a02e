import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { Ack } from '@shared/events';
import type { League, LeagueWatchAnswer } from '@shared/schemas/leagues';
import { errors } from '../errors';
import { noMetrics } from '../metrics';
import type { AppSocket } from '../realtime';
import { leagueRoom } from '../realtime/rooms';
import { createLeagueSocketHandlers } from './handlers';
import type { LeagueService } from './service';

const LEAGUE_ID = 'A'.repeat(16);

/** A socket as the handlers use it: its rooms, its login, and the listeners registered on it. */
function fakeSocket(login: string) {
  const listeners = new Map<
    string,
    (this: unknown, payload: unknown, ack: (answer: Ack<unknown>) => void) => void
  >();
  const socket = {
    data: { login, name: null, role: 'user', userId: 1, sessionKey: 'key' },
    rooms: new Set<string>(['own-id']),
    disconnected: false,
    on(event: string, listener: never) {
      listeners.set(event, listener);
    },
    join(room: string) {
      socket.rooms.add(room);
    },
    leave(room: string) {
      socket.rooms.delete(room);
    },
  };
  const request = (event: string, payload: unknown) =>
    new Promise<Ack<unknown>>((resolve) => listeners.get(event)!.call(socket, payload, resolve));
  return { socket: socket as unknown as AppSocket & typeof socket, request };
}

describe('league:watch', () => {
  it('takes the socket back out of the league when its member was removed between the read and the join', async () => {
    const answer = { league: { id: LEAGUE_ID } as League, queue: { leagueId: LEAGUE_ID, companyIds: [] } };
    let reads = 0;
    // The first read finds the member; the removal is stored before the socket is in the room.
    const service = {
      read: async (): Promise<LeagueWatchAnswer> => {
        if (++reads === 1) return answer;
        throw errors.notFound('No such league.');
      },
    } as unknown as LeagueService;
    const register = createLeagueSocketHandlers({
      service,
      logger: pino({ level: 'silent' }),
      metrics: noMetrics,
    });
    const { socket, request } = fakeSocket('bob');
    register(socket);
    expect(await request('league:watch', { leagueId: LEAGUE_ID })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    expect([...socket.rooms]).toEqual(['own-id']);
    expect(reads).toBe(2);
  });

  it('keeps a member who stays in the league in its room', async () => {
    const answer = { league: { id: LEAGUE_ID } as League, queue: { leagueId: LEAGUE_ID, companyIds: [] } };
    const service = { read: async () => answer } as unknown as LeagueService;
    const register = createLeagueSocketHandlers({
      service,
      logger: pino({ level: 'silent' }),
      metrics: noMetrics,
    });
    const { socket, request } = fakeSocket('alice');
    register(socket);
    expect(await request('league:watch', { leagueId: LEAGUE_ID })).toEqual({ ok: true, data: answer });
    expect(socket.rooms.has(leagueRoom(LEAGUE_ID))).toBe(true);
  });
});
