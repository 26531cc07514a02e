import type { Logger } from 'pino';
import type { SportsDataset } from '@shared/schemas/sports';
import type { Metrics } from '../../metrics';
import type { AppServer, AppSocket } from '../../realtime';
import { gamecastRoom, isGamecastRoom } from '../../realtime/rooms';
import type { Store } from '../../storage/store';
import { createGamecastBroadcaster } from './broadcaster';
import { createGamecastSocketHandlers } from './handlers';
import { createGamecastPoller, type GamecastPoller } from './poller';
import { createGamecastService, type GamecastService } from './service';
import type { GamecastSource } from './source';
import { createGamecastStore } from './store';
import { createGamecastWatchers, type GamecastWatchers } from './watchers';

export interface GamecastFeature {
  /** Null where the source has no summaries (text-llm). */
  service: GamecastService | null;
  poller: GamecastPoller | null;
  watchers: GamecastWatchers | null;
  registerSocket(socket: AppSocket): void;
  /** Renews watches (always) and reads summaries on a schedule (when `polling`). */
  start(polling: boolean): void;
  stop(): Promise<void>;
}

/**
 * The live Gamecast of the games fans have open: the socket events, the watches this instance's
 * sockets hold (told to every instance through the store) and the reader that one instance runs.
 * Without a source of summaries a watch answers null and nothing is read.
 */
export function createGamecast(deps: {
  source: GamecastSource | null;
  store: Store;
  io: AppServer;
  logger: Logger;
  metrics: Pick<Metrics, 'ackTimer'>;
  scoreboard: () => Promise<SportsDataset | null>;
  pollSeconds: number;
}): GamecastFeature {
  const { source, io, logger, metrics, scoreboard } = deps;
  const store = createGamecastStore(deps.store, logger);
  const service = source
    ? createGamecastService({ store, source, broadcaster: createGamecastBroadcaster(io), scoreboard, logger })
    : null;
  const poller = service
    ? createGamecastPoller({ store, service, logger, pollSeconds: deps.pollSeconds })
    : null;
  const rooms = () => io.of('/').adapter.rooms;
  const watchers = service
    ? createGamecastWatchers({
        store,
        logger,
        localWatchers: (gameId) => rooms().get(gamecastRoom(gameId))?.size ?? 0,
        *localGames() {
          for (const [room, sockets] of rooms())
            if (isGamecastRoom(room) && sockets.size > 0) yield room.slice(gamecastRoom('').length);
        },
      })
    : null;
  return {
    service,
    poller,
    watchers,
    registerSocket: createGamecastSocketHandlers({ service, watchers, scoreboard, logger, metrics }),
    start(polling) {
      watchers?.start();
      if (polling) poller?.start();
    },
    async stop() {
      await poller?.stop();
      await watchers?.stop();
    },
  };
}
