import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { GamecastStore } from './store';

/** How often an instance renews the watches of its sockets in the store. */
export const WATCH_RENEW_MS = 5_000;
/** A watch lapses this long after its instance last renewed it (three renewals missed: it is gone). */
export const WATCH_TTL_MS = 3 * WATCH_RENEW_MS;

export interface GamecastWatchers {
  /** A local socket now watches the game: it is noted in the store at once when it is the first. */
  watched(gameId: string): Promise<void>;
  /** A local socket stopped watching: when it was the last here, the game is taken out at once. */
  released(gameId: string): Promise<void>;
  /** Renews the watched games, and takes out the ones nobody here watches any more. */
  renew(): Promise<void>;
  start(): void;
  stop(): Promise<void>;
}

/**
 * The games this instance's sockets watch, told to the store so that whichever instance reads
 * summaries reads them: each with a time it lapses, renewed every WATCH_RENEW_MS while the game's
 * room here has a socket, so the games of a crashed instance stop being read on their own.
 * `localWatchers` counts a game's watchers on this instance (its room in the local adapter), and
 * `localGames` lists the games watched here.
 */
export function createGamecastWatchers(deps: {
  store: GamecastStore;
  localWatchers: (gameId: string) => number;
  localGames: () => Iterable<string>;
  logger: Logger;
  now?: () => number;
}): GamecastWatchers {
  const { store, localWatchers, logger } = deps;
  const now = deps.now ?? Date.now;
  const instanceId = randomUUID();
  /** Games noted in the store by this instance. */
  const noted = new Set<string>();
  let timer: NodeJS.Timeout | null = null;

  const note = (gameId: string) => store.watch(gameId, instanceId, now() + WATCH_TTL_MS, WATCH_TTL_MS);

  async function takeOut(gameId: string) {
    noted.delete(gameId);
    await store.unwatch(gameId, instanceId);
  }

  async function renew() {
    // The rooms, not only the games noted: a socket that dropped and came back is put back in its
    // rooms by connection recovery without watching again.
    const watchedHere = new Set(deps.localGames());
    for (const gameId of watchedHere) noted.add(gameId);
    await Promise.all([...noted].map((gameId) => (watchedHere.has(gameId) ? note(gameId) : takeOut(gameId))));
  }

  return {
    async watched(gameId) {
      if (noted.has(gameId)) return;
      noted.add(gameId);
      await note(gameId);
    },
    async released(gameId) {
      if (noted.has(gameId) && localWatchers(gameId) === 0) await takeOut(gameId);
    },
    renew,
    start() {
      if (timer) return;
      timer = setInterval(() => {
        renew().catch((error: unknown) =>
          logger.warn({ err: error }, 'gamecast: renewing the watched games failed; trying again'),
        );
      }, WATCH_RENEW_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      // Another instance reading summaries stops reading this one's games at once.
      await Promise.all([...noted].map(takeOut)).catch(() => undefined);
    },
  };
}
