import type { Logger } from 'pino';
import { z } from 'zod';
import {
  leaguePickRequestSchema,
  leagueQueueSetSchema,
  leagueWatchSchema,
  type League,
  type LeagueQueue,
  type LeagueWatchAnswer,
} from '@shared/schemas/leagues';
import { errors } from '../errors';
import type { Metrics } from '../metrics';
import type { AppSocket } from '../realtime';
import { ackedOnSocket } from '../realtime/ack';
import { leagueRoom } from '../realtime/rooms';
import type { LeagueService } from './service';

/** Draft rooms one socket may have open at once. */
export const LEAGUE_WATCH_LIMIT = 5;

// The shared request schemas, in the form the socket acknowledgement wrapper takes.
const watchSchema = z.object(leagueWatchSchema.shape);
const pickSchema = z.object(leaguePickRequestSchema.shape);
const queueSetSchema = z.object(leagueQueueSetSchema.shape);

/**
 * The league socket events, built once and shared by every socket. The acting login is always the
 * socket's own (from the session at the handshake). A watch reads first (members only) and then
 * joins the league's room. Every event draws on the socket's event budget (realtime/limits.ts) like
 * any other; a pick needs no budget of its own, since only the seat on the clock can make one.
 */
export function createLeagueSocketHandlers(deps: {
  service: LeagueService;
  logger: Logger;
  metrics: Pick<Metrics, 'ackTimer'>;
}): (socket: AppSocket) => void {
  const { service, logger, metrics } = deps;

  const watch = ackedOnSocket(
    logger,
    watchSchema,
    async (socket: AppSocket, { leagueId }): Promise<LeagueWatchAnswer> => {
      const room = leagueRoom(leagueId);
      if (!socket.rooms.has(room)) {
        let watching = 0;
        for (const name of socket.rooms) if (name.startsWith(leagueRoom(''))) watching++;
        if (watching >= LEAGUE_WATCH_LIMIT)
          throw errors.limitReached(
            `You have ${LEAGUE_WATCH_LIMIT} draft rooms open already. Close one to open another.`,
          );
      }
      const answer = await service.read(leagueId, socket.data.login);
      if (socket.disconnected) return answer;
      await socket.join(room);
      // Read again once in the room: a change made between the read and the join is not lost, and a
      // removal from the league made meanwhile (its leave may have come before this join) takes the
      // socket back out.
      try {
        return await service.read(leagueId, socket.data.login);
      } catch (error) {
        await socket.leave(room);
        throw error;
      }
    },
    metrics.ackTimer('league:watch'),
  );

  const unwatch = ackedOnSocket(
    logger,
    watchSchema,
    async (socket: AppSocket, { leagueId }): Promise<null> => {
      await socket.leave(leagueRoom(leagueId));
      return null;
    },
    metrics.ackTimer('league:unwatch'),
  );

  const pick = ackedOnSocket(
    logger,
    pickSchema,
    async (socket: AppSocket, { leagueId, companyId }): Promise<League> => {
      return service.pick(leagueId, socket.data.login, companyId);
    },
    metrics.ackTimer('league:pick'),
  );

  const queueSet = ackedOnSocket(
    logger,
    queueSetSchema,
    async (socket: AppSocket, { leagueId, companyIds }): Promise<LeagueQueue> => {
      return service.setQueue(leagueId, socket.data.login, companyIds);
    },
    metrics.ackTimer('league:queue-set'),
  );

  return (socket) => {
    socket.on('league:watch', watch);
    socket.on('league:unwatch', unwatch);
    socket.on('league:pick', pick);
    socket.on('league:queue-set', queueSet);
  };
}
