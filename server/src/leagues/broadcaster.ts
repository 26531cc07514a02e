import { leagueQueueSchema, leagueSchema } from '@shared/schemas/leagues';
import type { AppServer } from '../realtime';
import { leagueRoom, userRoom } from '../realtime/rooms';
import type { LeagueBroadcaster } from './service';

/**
 * League changes to the sockets watching the league and queue changes to the person's own sockets,
 * on every instance (through the adapter). Each is re-read through the shared schema, so only the
 * published fields leave the server.
 */
export function createLeagueBroadcaster(io: AppServer): LeagueBroadcaster {
  return {
    changed(league) {
      io.to(leagueRoom(league.id)).emit('league:changed', leagueSchema.parse(league));
    },
    queueChanged(login, queue) {
      io.to(userRoom(login)).emit('league:queue-changed', leagueQueueSchema.parse(queue));
    },
  };
}
