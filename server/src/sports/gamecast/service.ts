import type { Logger } from 'pino';
import type { Gamecast, GamecastChange, WatchLabel } from '@shared/schemas/gamecast';
import { allGames, type Game, type SportsDataset } from '@shared/schemas/sports';
import { updateGamecast } from './changes';
import type { GamecastSource } from './source';
import type { GamecastStore, LabelRecord } from './store';

/** Pushes a game's Gamecast changes to its watchers on every instance. */
export interface GamecastBroadcaster {
  changed(change: GamecastChange): void;
}

/** A live game nobody watches has its summary read this often, for its worth-watching label. */
export const LABEL_READ_INTERVAL_MS = 5 * 60 * 1000;
/** Summaries read at once in a round, whatever the number of watched games. */
export const GAMECAST_FETCH_CONCURRENCY = 4;

export interface GamecastServiceDeps {
  store: GamecastStore;
  source: GamecastSource;
  broadcaster: GamecastBroadcaster;
  /** The stored scoreboard: only its games are read, and by its record of them. */
  scoreboard: () => Promise<SportsDataset | null>;
  logger: Logger;
  now?: () => number;
  concurrency?: number;
}

/** What one round read, for logs and tests. */
export interface GamecastRound {
  /** Games whose summary was read because someone watches them. */
  watched: string[];
  /** Games read for their label alone. */
  labelled: string[];
  /** Changes pushed. */
  pushed: number;
}

/**
 * One round of the Gamecast reader, run by the instance that leads: every watched game's summary
 * (one read per game, however many watch it, wherever), each live game nobody watches every
 * LABEL_READ_INTERVAL_MS and each final game once, for their labels. A watched game's Gamecast is
 * stored with a version, and what changed is pushed to its watchers; nothing is pushed when nothing
 * changed. A read that fails leaves what was stored.
 */
export function createGamecastService(deps: GamecastServiceDeps) {
  const { store, source, broadcaster, logger } = deps;
  const now = deps.now ?? Date.now;
  const concurrency = deps.concurrency ?? GAMECAST_FETCH_CONCURRENCY;
  /**
   * The Gamecast this instance last stored of each watched game. While it leads, nobody else writes
   * them, so each round compares with this copy instead of reading and parsing the stored one again
   * (forget() drops them when the lead is taken anew).
   */
  const held = new Map<string, Gamecast>();

  /** Whether a game nobody watches needs its label read this round. */
  function labelDue(game: Game, record: LabelRecord | undefined): boolean {
    if (game.isCompleted) return !record?.final;
    if (!game.isLive) return false;
    return !record || now() - record.readAt >= LABEL_READ_INTERVAL_MS;
  }

  async function saveLabel(game: Game, watch: WatchLabel | null) {
    await store.saveLabel(game.id, { watch, readAt: now(), final: game.isCompleted });
  }

  async function readWatched(game: Game, signal: AbortSignal): Promise<boolean> {
    const reading = await source.fetchGamecast(game, signal);
    if (!reading) return false;
    const previous = held.get(game.id) ?? (await store.gamecast(game.id));
    const { gamecast, change } = updateGamecast(previous, reading, new Date(now()).toISOString());
    if (!change) {
      held.set(game.id, gamecast);
      await Promise.all([store.keepGamecast(game.id), saveLabel(game, gamecast.watch)]);
      return false;
    }
    // Stored before it is pushed: a fan who hears of it and watches again gets this one or later.
    await store.saveGamecast(gamecast);
    held.set(game.id, gamecast);
    broadcaster.changed(change);
    await saveLabel(game, gamecast.watch);
    return true;
  }

  async function readLabel(game: Game, signal: AbortSignal): Promise<void> {
    const reading = await source.fetchGamecast(game, signal);
    await saveLabel(game, reading?.watch ?? null);
  }

  return {
    /** The game's latest Gamecast, or null. */
    current: (gameId: string): Promise<Gamecast | null> => store.gamecast(gameId),

    async round(signal: AbortSignal): Promise<GamecastRound> {
      const [watchedIds, dataset] = await Promise.all([store.watchedGames(now()), deps.scoreboard()]);
      const games = dataset ? allGames(dataset) : [];
      const watched = games.filter((game) => watchedIds.has(game.id));
      for (const gameId of held.keys()) if (!watchedIds.has(gameId)) held.delete(gameId);
      const others = games.filter((game) => !watchedIds.has(game.id) && (game.isLive || game.isCompleted));
      const records = await store.labels(others.map((game) => game.id));
      const labelled = others.filter((game) => labelDue(game, records.get(game.id)));
      let pushed = 0;
      const tasks = [
        ...watched.map((game) => async () => {
          if (await readWatched(game, signal)) pushed++;
        }),
        ...labelled.map((game) => () => readLabel(game, signal)),
      ];
      await runLimited(tasks, concurrency, (error, index) => {
        const game = [...watched, ...labelled][index]!;
        logger.warn(
          { err: error, gameId: game.id },
          'gamecast: reading the summary failed; what was stored stays',
        );
      });
      return { watched: watched.map((game) => game.id), labelled: labelled.map((game) => game.id), pushed };
    },

    /** Drops the copies of what this instance stored: another instance may have led meanwhile. */
    forget(): void {
      held.clear();
    },

    /** The stored labels of these games (null for a game without one yet). */
    async labels(gameIds: readonly string[]): Promise<Map<string, WatchLabel | null>> {
      const records = await store.labels(gameIds);
      return new Map([...records].map(([gameId, record]) => [gameId, record.watch]));
    },
  };
}

export type GamecastService = ReturnType<typeof createGamecastService>;

/** Runs the tasks, at most `limit` at a time; a task that fails is reported and the rest go on. */
async function runLimited(
  tasks: Array<() => Promise<unknown>>,
  limit: number,
  failed: (error: unknown, index: number) => void,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      try {
        await tasks[index]!();
      } catch (error) {
        failed(error, index);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
}
