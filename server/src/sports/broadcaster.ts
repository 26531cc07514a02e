import { sportsDatasetSchema, gameSchema } from '@shared/schemas/sports';
import type { AppServer } from '../realtime';
import type { SportsBroadcaster } from './service';

/**
 * Scoreboard pushes to every connected client, through the Socket.IO adapter so every instance's
 * clients receive them. The presenter step re-reads each record through the shared schema, so only
 * the fields of SPEC.md's Game and Sports dataset leave the server.
 */
export function createSportsBroadcaster(io: AppServer): SportsBroadcaster {
  return {
    dataUpdated({ sportsData, updatedGame }) {
      io.emit('sportsDataUpdated', {
        sportsData: sportsDatasetSchema.parse(sportsData),
        ...(updatedGame ? { updatedGame: gameSchema.parse(updatedGame) } : {}),
      });
    },
    progressed(progress) {
      io.emit('sports:refresh-progressed', { stage: progress.stage, message: progress.message });
    },
  };
}
