import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import {
  allGames,
  buildSportsDataset,
  mergeGameIntoDataset,
  type Game,
  type SportsDataset,
  type SportsDataUpdatedPayload,
  type SportsGamesChangedPayload,
  type SportsRefreshProgress,
  type WatchLabel,
} from '@shared/schemas/sports';
import { AppError, errors } from '../errors';
import { noMetrics, type Metrics } from '../metrics';
import { fromStore } from '../storage/from-store';
import { deriveGameChanges } from './game-changes';
import type { SportsStore } from './store';
import { SAVED_MESSAGE, type ProgressReporter, type SportsSource } from './source';

/** Pushes scoreboard changes to every client, and refresh progress to whoever asked, on every instance. */
export interface SportsBroadcaster {
  /** The whole dataset: the game list itself changed. */
  dataUpdated(payload: SportsDataUpdatedPayload): void;
  /** Only the games that changed, the game list being the same. */
  gamesChanged(payload: SportsGamesChangedPayload): void;
  /** To the tabs of these logins only; nothing when the list is empty. */
  progressed(progress: SportsRefreshProgress, logins: string[]): void;
}

export interface SportsServiceDeps {
  store: SportsStore;
  source: SportsSource;
  broadcaster: SportsBroadcaster;
  logger: Logger;
  now?: () => Date;
  /** How long one instance may hold the refresh lock (a crashed holder frees it after this). */
  refreshLockTtlMs?: number;
  /** How often an instance waiting for another's refresh looks whether it finished. */
  waitIntervalMs?: number;
  /**
   * After a refresh someone asked for, further asks within this long get the stored scoreboard
   * instead of another fetch from the source (SPORTS_REFRESH_MIN_SECONDS; 0 fetches every time).
   */
  minRefreshIntervalMs?: number;
  /** Gets the time of each refresh this instance stores, and each one that fails. */
  metrics?: Pick<Metrics, 'scoreboardRefreshed' | 'scoreboardRefreshFailed'>;
  /**
   * The stored worth-watching labels of these games (the Gamecast reader keeps them), put on each
   * game as `watch` when the scoreboard is stored, so they ride its pushes. Absent: no labels.
   */
  watchLabels?: (gameIds: readonly string[]) => Promise<Map<string, WatchLabel | null>>;
}

export interface RefreshOptions {
  /** The login that asked (Refresh All); absent for the poller and a first fill. */
  requestedBy?: string;
}

const DEFAULT_REFRESH_LOCK_TTL_MS = 120_000;
const DEFAULT_WAIT_INTERVAL_MS = 100;

/**
 * Tells every client what a save changed: nothing when no game changed (lastUpdated aside), only
 * the changed games when the game list stayed the same, the whole dataset when it did not (or when
 * nothing was stored before).
 */
export function announceChanges(
  broadcaster: SportsBroadcaster,
  previous: SportsDataset | null,
  next: SportsDataset,
): void {
  const changes = previous ? deriveGameChanges(previous, next) : null;
  if (changes === null) broadcaster.dataUpdated({ sportsData: next });
  else if (changes.length > 0) broadcaster.gamesChanged({ lastUpdated: next.lastUpdated, changes });
}

/**
 * The scoreboard the server owns: kept in the store (shared by every instance), refreshed from the
 * source by the poller or on request, and pushed to every client when it changes. Refreshes are
 * shared: concurrent callers on one instance get the same promise, across instances a lock in the
 * store lets one fetch while the others wait for what it stores, and after a refresh someone asked
 * for, the next asks within the minimum interval get the stored scoreboard. Progress goes only to
 * the users who asked, so nobody can make every screen flash.
 */
export function createSportsService(deps: SportsServiceDeps) {
  const { store, source, broadcaster, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const lockTtlMs = deps.refreshLockTtlMs ?? DEFAULT_REFRESH_LOCK_TTL_MS;
  const waitIntervalMs = deps.waitIntervalMs ?? DEFAULT_WAIT_INTERVAL_MS;
  const minRefreshIntervalMs = deps.minRefreshIntervalMs ?? 0;
  const metrics = deps.metrics ?? noMetrics;
  /** The refresh running on this instance, and the logins that asked for it so far. */
  let inFlight: { promise: Promise<SportsDataset>; askers: Set<string> } | null = null;
  const gameRefreshes = new Map<string, Promise<{ game: Game; sportsData: SportsDataset }>>();

  const current = store.scoreboard;
  const save = store.saveScoreboard;

  /**
   * The dataset with each game's stored label (none on a game whose summary was not read yet).
   * Labels are a nicety: when they cannot be read the scoreboard is stored without new ones.
   */
  async function withWatchLabels(dataset: SportsDataset): Promise<SportsDataset> {
    if (!deps.watchLabels) return dataset;
    const games = allGames(dataset);
    let labels: Map<string, WatchLabel | null>;
    try {
      labels = await deps.watchLabels(games.map((game) => game.id));
    } catch (error) {
      logger.warn({ err: error }, 'sports: the worth-watching labels could not be read; stored without them');
      return dataset;
    }
    if (labels.size === 0) return dataset;
    const label = (game: Game): Game =>
      labels.has(game.id) ? { ...game, watch: labels.get(game.id) ?? null } : game;
    return {
      ...dataset,
      leagues: dataset.leagues.map((league) => ({ ...league, games: league.games.map(label) })),
    };
  }
  const refreshLock = store.refreshLock(lockTtlMs);

  async function waitForPeer(): Promise<SportsDataset> {
    const deadline = Date.now() + lockTtlMs;
    while (Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, waitIntervalMs));
      if (!(await fromStore(() => refreshLock.isHeld()))) break;
    }
    const stored = await current();
    if (!stored) throw errors.sportsGenerateFailed();
    return stored;
  }

  /** The stored scoreboard when someone asked for a refresh within the minimum interval, else null. */
  async function recentlyAsked(): Promise<SportsDataset | null> {
    if (minRefreshIntervalMs <= 0) return null;
    return (await store.askedRecently()) ? current() : null;
  }

  async function run(askers: Set<string>): Promise<SportsDataset> {
    // Whoever joins while this runs hears the stages from then on.
    const report: ProgressReporter = (progress) => {
      if (askers.size > 0) broadcaster.progressed(progress, [...askers]);
    };
    const token = randomUUID();
    const acquired = await fromStore(() => refreshLock.take(token));
    // Another instance is fetching right now: its result is ours too.
    if (!acquired) return waitForPeer();
    try {
      // The stored scoreboard is read while the source answers: its round trip is not one more
      // step before the push.
      const previousRead = current();
      previousRead.catch(() => {}); // awaited below; a failure must not go unhandled until then
      const games = await source.fetchAll({ onProgress: report, previous: previousRead });
      const previous = await previousRead;
      const dataset = await withWatchLabels(buildSportsDataset(games, now().toISOString()));
      // Saved before it is announced: a client that hears of the change and then reads the
      // scoreboard (or connects and reads it) never gets the one before it.
      await save(dataset);
      metrics.scoreboardRefreshed(new Date(dataset.lastUpdated));
      // The askers get the dataset in their answer; everyone else only hears of a change.
      announceChanges(broadcaster, previous, dataset);
      if (askers.size > 0 && minRefreshIntervalMs > 0) {
        await store.noteAskedRefresh(dataset.lastUpdated, minRefreshIntervalMs).catch((error: unknown) => {
          logger.warn({ err: error }, 'sports: could not note the refresh; the next ask fetches again');
        });
      }
      report({ stage: 'saved', message: SAVED_MESSAGE });
      return dataset;
    } catch (error) {
      const message = error instanceof AppError ? error.message : 'Failed to generate sports data';
      metrics.scoreboardRefreshFailed();
      report({ stage: 'failed', message });
      throw error;
    } finally {
      await refreshLock.release(token).catch((error: unknown) => {
        logger.warn({ err: error }, 'sports: could not release the refresh lock; it expires on its own');
      });
    }
  }

  return {
    source: source.name,

    /** The stored scoreboard, or null when none is stored yet. */
    current,

    /**
     * A refresh from the source. Callers during one share it (an ask joins a running poll and hears
     * its remaining stages); an ask within the minimum interval after the last asked-for refresh
     * gets the stored scoreboard.
     */
    refresh({ requestedBy }: RefreshOptions = {}): Promise<SportsDataset> {
      if (inFlight) {
        if (requestedBy) inFlight.askers.add(requestedBy);
        return inFlight.promise;
      }
      const askers = new Set(requestedBy ? [requestedBy] : []);
      const promise = (async () => {
        if (requestedBy) {
          const fresh = await recentlyAsked();
          if (fresh) return fresh;
        }
        return run(askers);
      })().finally(() => {
        inFlight = null;
      });
      inFlight = { promise, askers };
      return promise;
    },

    /** The stored scoreboard, refreshing first when there is none. */
    async scoreboard(): Promise<SportsDataset> {
      return (await current()) ?? this.refresh();
    },

    /**
     * Refreshes one stored game from the source, merges it into the stored scoreboard and, when it
     * changed, pushes that game to every client. The game is looked up by id:
     * its stored url is used, never one from the request, so a client cannot make the server read
     * arbitrary pages.
     */
    refreshGame(gameId: string): Promise<{ game: Game; sportsData: SportsDataset }> {
      const running = gameRefreshes.get(gameId);
      if (running) return running;
      const promise = (async () => {
        const stored = (await current()) ?? (await this.refresh());
        const game = allGames(stored).find((candidate) => candidate.id === gameId);
        if (!game) throw errors.gameProcessFailed();
        const fresh = await source.fetchGame(game);
        // Merge into what is stored now: a poll may have landed while the game was fetched.
        const latest = (await current()) ?? stored;
        const merged = mergeGameIntoDataset(latest, { ...fresh, id: game.id }, now().toISOString());
        if (!merged) {
          logger.warn({ gameId }, 'sports: the game left the scoreboard while it was refreshed');
          throw errors.gameProcessFailed();
        }
        const sportsData = await withWatchLabels(merged.sportsData);
        await save(sportsData);
        // The asker gets the game in the answer; everyone else only hears of a change.
        announceChanges(broadcaster, latest, sportsData);
        const labelled = allGames(sportsData).find((candidate) => candidate.id === merged.game.id);
        return { game: labelled ?? merged.game, sportsData };
      })().finally(() => gameRefreshes.delete(gameId));
      gameRefreshes.set(gameId, promise);
      return promise;
    },
  };
}

export type SportsService = ReturnType<typeof createSportsService>;
