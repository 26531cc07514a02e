import { sportsDatasetSchema, sportsGamesChangedPayloadSchema } from '@shared/schemas/sports';
import type { AppServer } from '../realtime';
import { userRoom } from '../realtime/rooms';
import type { SportsBroadcaster } from './service';

/**
 * Scoreboard pushes through the Socket.IO adapter, so every instance's clients receive them: changes
 * to every connected client (the changed games alone when the game list stayed the same, the whole
 * dataset when it did not), refresh progress to the tabs of the users who asked for the refresh.
 * The presenter step re-reads each record through the shared schema, so only the published fields
 * of a game and of the scoreboard leave the server, never whatever else a source attached.
 */
export function createSportsBroadcaster(io: AppServer): SportsBroadcaster {
  return {
    dataUpdated({ sportsData }) {
      io.emit('sportsDataUpdated', { sportsData: sportsDatasetSchema.parse(sportsData) });
    },
    gamesChanged(payload) {
      io.emit('sports:games-changed', sportsGamesChangedPayloadSchema.parse(payload));
    },
    progressed(progress, logins) {
      // io.to([]) would mean everyone: no asker, no progress.
      if (logins.length === 0) return;
      io.to(logins.map(userRoom)).emit('sports:refresh-progressed', {
        stage: progress.stage,
        message: progress.message,
      });
    },
  };
}
