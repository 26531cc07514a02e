import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import {
  allGames,
  buildSportsDataset,
  mergeGameIntoDataset,
  sportsDatasetSchema,
  type Game,
  type SportsDataset,
  type SportsDataUpdatedPayload,
  type SportsRefreshProgress,
} from '@shared/schemas/sports';
import { AppError } from '../errors';
import { keys } from '../storage/keys';
import type { Store } from '../storage/store';
import { SAVED_MESSAGE, type ProgressReporter, type SportsSource } from './source';

/** Pushes scoreboard changes and refresh progress to every client, on every instance. */
export interface SportsBroadcaster {
  dataUpdated(payload: SportsDataUpdatedPayload): void;
  progressed(progress: SportsRefreshProgress): void;
}

export interface SportsServiceDeps {
  store: Store;
  source: SportsSource;
  broadcaster: SportsBroadcaster;
  logger: Logger;
  now?: () => Date;
  /** How long one instance may hold the refresh lock (a crashed holder frees it after this). */
  refreshLockTtlMs?: number;
  /** How often an instance waiting for another's refresh looks whether it finished. */
  waitIntervalMs?: number;
}

export interface RefreshOptions {
  /** Asked for by a user: progress is broadcast and the result always is. */
  requested: boolean;
}

const REFRESH_LOCK = 'sports-refresh';
const DEFAULT_REFRESH_LOCK_TTL_MS = 120_000;
const DEFAULT_WAIT_INTERVAL_MS = 100;

/** A store failure is a clear "try again", never a crash. */
async function fromStore<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('store_unavailable', 503, undefined, { cause: error });
  }
}

/** Same games, same order, same fields: nothing a user would see changed (lastUpdated aside). */
export function sameGames(a: SportsDataset | null, b: SportsDataset): boolean {
  return a !== null && JSON.stringify(a.leagues) === JSON.stringify(b.leagues);
}

/**
 * The scoreboard the server owns: kept in the store (shared by every instance), refreshed from the
 * source by the poller or on request, and pushed to every client on each change. Refreshes are
 * shared: concurrent callers on one instance get the same promise, and across instances a lock in
 * the store lets one fetch while the others wait for what it stores.
 */
export function createSportsService(deps: SportsServiceDeps) {
  const { store, source, broadcaster, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const lockTtlMs = deps.refreshLockTtlMs ?? DEFAULT_REFRESH_LOCK_TTL_MS;
  const waitIntervalMs = deps.waitIntervalMs ?? DEFAULT_WAIT_INTERVAL_MS;
  let inFlight: Promise<SportsDataset> | null = null;
  const gameRefreshes = new Map<string, Promise<{ game: Game; sportsData: SportsDataset }>>();

  async function current(): Promise<SportsDataset | null> {
    const raw = await fromStore(() => store.get(keys.sportsScoreboard()));
    if (raw === null) return null;
    try {
      const parsed = sportsDatasetSchema.safeParse(JSON.parse(raw));
      if (parsed.success) return parsed.data;
    } catch {
      // fall through: an unreadable value is treated as absent and replaced by the next refresh
    }
    logger.warn('sports: the stored scoreboard is unreadable; it will be replaced');
    return null;
  }

  async function save(dataset: SportsDataset): Promise<void> {
    await fromStore(() => store.set(keys.sportsScoreboard(), JSON.stringify(dataset)));
  }

  async function waitForPeer(): Promise<SportsDataset> {
    const deadline = Date.now() + lockTtlMs;
    while (Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, waitIntervalMs));
      const holder = await fromStore(() => store.get(keys.lock(REFRESH_LOCK)));
      if (holder === null) break;
    }
    const stored = await current();
    if (!stored) throw new AppError('sports_generate_failed', 502);
    return stored;
  }

  async function run({ requested }: RefreshOptions): Promise<SportsDataset> {
    const report: ProgressReporter = requested ? (progress) => broadcaster.progressed(progress) : () => {};
    const token = randomUUID();
    const acquired = await fromStore(() => store.setIfAbsent(keys.lock(REFRESH_LOCK), token, lockTtlMs));
    // Another instance is fetching right now: its result is ours too.
    if (!acquired) return waitForPeer();
    try {
      const previous = await current();
      const games = await source.fetchAll({ onProgress: report, previous });
      const dataset = buildSportsDataset(games, now().toISOString());
      await save(dataset);
      if (requested || !sameGames(previous, dataset)) broadcaster.dataUpdated({ sportsData: dataset });
      report({ stage: 'saved', message: SAVED_MESSAGE });
      return dataset;
    } catch (error) {
      const message = error instanceof AppError ? error.message : 'Failed to generate sports data';
      report({ stage: 'failed', message });
      throw error;
    } finally {
      await store.deleteIfEquals(keys.lock(REFRESH_LOCK), token).catch((error: unknown) => {
        logger.warn({ err: error }, 'sports: could not release the refresh lock; it expires on its own');
      });
    }
  }

  return {
    source: source.name,

    /** The stored scoreboard, or null when none is stored yet. */
    current,

    /** A refresh from the source; callers during one share it (a requested one waits for a running poll). */
    refresh(options: RefreshOptions = { requested: true }): Promise<SportsDataset> {
      inFlight ??= run(options).finally(() => {
        inFlight = null;
      });
      return inFlight;
    },

    /** The stored scoreboard, refreshing first when there is none. */
    async scoreboard(): Promise<SportsDataset> {
      return (await current()) ?? this.refresh({ requested: false });
    },

    /**
     * Refreshes one stored game from the source, merges it into the stored scoreboard and broadcasts
     * it with the full dataset (SPEC.md section 4). The game is looked up by id: its stored url is
     * used, never one from the request, so a client cannot make the server read arbitrary pages.
     */
    refreshGame(gameId: string): Promise<{ game: Game; sportsData: SportsDataset }> {
      const running = gameRefreshes.get(gameId);
      if (running) return running;
      const promise = (async () => {
        const stored = (await current()) ?? (await this.refresh({ requested: false }));
        const game = allGames(stored).find((candidate) => candidate.id === gameId);
        if (!game) throw new AppError('game_process_failed', 404);
        const fresh = await source.fetchGame(game);
        // Merge into what is stored now: a poll may have landed while the game was fetched.
        const latest = (await current()) ?? stored;
        const merged = mergeGameIntoDataset(latest, { ...fresh, id: game.id }, now().toISOString());
        if (!merged) {
          logger.warn({ gameId }, 'sports: the game left the scoreboard while it was refreshed');
          throw new AppError('game_process_failed', 404);
        }
        await save(merged.sportsData);
        broadcaster.dataUpdated({ sportsData: merged.sportsData, updatedGame: merged.game });
        return { game: merged.game, sportsData: merged.sportsData };
      })().finally(() => gameRefreshes.delete(gameId));
      gameRefreshes.set(gameId, promise);
      return promise;
    },
  };
}

export type SportsService = ReturnType<typeof createSportsService>;
