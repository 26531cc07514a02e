import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { League, LeagueWatchAnswer } from '@shared/schemas/leagues';
import { errors } from '../errors';
import { noMetrics } from '../metrics';
import { leagueRoom } from '../realtime/rooms';
import { createLeagueSocketHandlers } from './handlers';
import type { LeagueService } from './service';
import { fakeSocket } from '../../../tests/helpers/fake-socket';

const LEAGUE_ID = 'A'.repeat(16);

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
