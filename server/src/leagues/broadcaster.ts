import { leagueQueueSchema, leagueRemovedSchema, leagueSchema } from '@shared/schemas/leagues';
import type { AppServer } from '../realtime';
import { leagueMembersRooms, leagueRoom, userRoom } from '../realtime/rooms';
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
    async left(leagueId, login) {
      const rooms = leagueMembersRooms(leagueId);
      const sockets = io.in(userRoom(login));
      sockets.socketsLeave(rooms);
      // The leave goes to every instance through the adapter without an answer. Asking the same
      // instances for the person's sockets after it is answered once each has handled what came
      // before it (one channel, in order): from then on no instance sends them the league. An
      // instance that does not answer in time (it went away) has no sockets left to send to.
      await sockets.fetchSockets().catch(() => undefined);
      // This instance's own leave waits on the adapter's publish: made sure of here.
      io.local.in(userRoom(login)).socketsLeave(rooms);
    },
    removed(leagueId, login) {
      io.to(userRoom(login)).emit('league:removed', leagueRemovedSchema.parse({ leagueId }));
    },
  };
}
