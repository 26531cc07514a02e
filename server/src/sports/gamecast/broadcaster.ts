import { gamecastChangeSchema } from '@shared/schemas/gamecast';
import type { AppServer } from '../../realtime';
import { gamecastRoom } from '../../realtime/rooms';
import type { GamecastBroadcaster } from './service';

/**
 * Gamecast changes to the sockets watching the game, on every instance (through the adapter). Each
 * change is re-read through the shared schema, so only the Gamecast's published fields leave the
 * server, never whatever else the summary held.
 */
export function createGamecastBroadcaster(io: AppServer): GamecastBroadcaster {
  return {
    changed(change) {
      io.to(gamecastRoom(change.gameId)).emit('gamecast:changed', gamecastChangeSchema.parse(change));
    },
  };
}
