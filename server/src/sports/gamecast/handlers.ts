import type { Logger } from 'pino';
import { z } from 'zod';
import { gamecastWatchRequestSchema, type GamecastWatchAnswer } from '@shared/schemas/gamecast';
import { allGames, type SportsDataset } from '@shared/schemas/sports';
import { errors } from '../../errors';
import type { Metrics } from '../../metrics';
import type { AppSocket } from '../../realtime';
import { ackedOnSocket } from '../../realtime/ack';
import { gamecastRoom, isGamecastRoom } from '../../realtime/rooms';
import type { GamecastService } from './service';
import type { GamecastWatchers } from './watchers';

/** Games one socket may watch at once: a dialog open, and a few more for tabs that linger. */
export const GAMECAST_WATCH_LIMIT = 3;
/** The shared request schema, in the form the socket acknowledgement wrapper takes. */
const watchRequestSchema = z.object(gamecastWatchRequestSchema.shape);

/** How long the game list read for a watch serves the next ones (a burst of fans opening a game). */
const GAME_LIST_CACHE_MS = 1_000;

export interface GamecastHandlerDeps {
  /** Null where the source has no summaries (text-llm): a watch then answers null. */
  service: Pick<GamecastService, 'current'> | null;
  watchers: GamecastWatchers | null;
  scoreboard: () => Promise<SportsDataset | null>;
  logger: Logger;
  metrics: Pick<Metrics, 'ackTimer'>;
  now?: () => number;
}

/**
 * The Gamecast socket events, built once and shared by every socket. A watch joins the game's
 * Gamecast room (before reading, so no change is lost between the read and the join), notes the game
 * as watched on this instance and answers the stored Gamecast; an unwatch or a disconnect leaves, and
 * the game stops being read once nobody watches it anywhere.
 */
export function createGamecastSocketHandlers(deps: GamecastHandlerDeps): (socket: AppSocket) => void {
  const { service, watchers, logger, metrics } = deps;
  const now = deps.now ?? Date.now;
  let gameList: { at: number; ids: Promise<Set<string>> } | null = null;

  function scoreboardIds(): Promise<Set<string>> {
    if (gameList && now() - gameList.at < GAME_LIST_CACHE_MS) return gameList.ids;
    const ids = deps
      .scoreboard()
      .then((dataset) => new Set(dataset ? allGames(dataset).map((game) => game.id) : []));
    gameList = { at: now(), ids };
    ids.catch(() => {
      gameList = null;
    });
    return ids;
  }

  const watch = ackedOnSocket(
    logger,
    watchRequestSchema,
    async (socket: AppSocket, { gameId }): Promise<GamecastWatchAnswer> => {
      if (!(await scoreboardIds()).has(gameId)) throw errors.notFound('That game is not on the scoreboard.');
      if (!service || !watchers) return { gamecast: null };
      const room = gamecastRoom(gameId);
      if (!socket.rooms.has(room)) {
        let watching = 0;
        for (const name of socket.rooms) if (isGamecastRoom(name)) watching++;
        if (watching >= GAMECAST_WATCH_LIMIT) {
          throw errors.limitReached(
            `You have ${GAMECAST_WATCH_LIMIT} games open already, the most one connection may have. Close one to open another.`,
          );
        }
        // A socket that went while the scoreboard was read has left its rooms for good: joining one
        // now would leave it there. The check and the join happen with no await between.
        if (socket.disconnected) return { gamecast: null };
        await socket.join(room);
        await watchers.watched(gameId);
      }
      return { gamecast: await service.current(gameId) };
    },
    metrics.ackTimer('gamecast:watch'),
  );

  const unwatch = ackedOnSocket(
    logger,
    watchRequestSchema,
    async (socket: AppSocket, { gameId }): Promise<null> => {
      const room = gamecastRoom(gameId);
      if (!socket.rooms.has(room)) return null;
      await socket.leave(room);
      await watchers?.released(gameId);
      return null;
    },
    metrics.ackTimer('gamecast:unwatch'),
  );

  /** The games the socket watched, released once it has left their rooms. */
  function disconnecting(this: AppSocket) {
    if (!watchers) return;
    const games: string[] = [];
    for (const room of this.rooms) if (isGamecastRoom(room)) games.push(room.slice(gamecastRoom('').length));
    if (games.length === 0) return;
    setImmediate(() => {
      for (const gameId of games) {
        watchers.released(gameId).catch((error: unknown) => {
          logger.warn(
            { err: error, gameId },
            'gamecast: releasing a watched game failed; it lapses on its own',
          );
        });
      }
    });
  }

  return (socket) => {
    socket.on('gamecast:watch', watch);
    socket.on('gamecast:unwatch', unwatch);
    socket.on('disconnecting', disconnecting);
  };
}
