import type { Logger } from 'pino';
import { sportsDatasetSchema, type SportsDataset } from '@shared/schemas/sports';
import { fromStore } from '../storage/from-store';
import { keys } from '../storage/keys';
import { storeLock, type StoreLock } from '../storage/lock';
import type { Store } from '../storage/store';

/**
 * The scoreboard as every instance shares it: the stored dataset, the note that someone asked for a
 * refresh recently, and the locks that let one instance at a time refresh or poll. A store failure
 * reading or writing the dataset is a 503 "try again".
 */
export function createSportsStore(store: Store, logger: Logger) {
  return {
    /** The stored scoreboard, or null when none is stored (or it is unreadable: the next refresh replaces it). */
    async scoreboard(): Promise<SportsDataset | null> {
      const raw = await fromStore(() => store.get(keys.sportsScoreboard()));
      if (raw === null) return null;
      try {
        const parsed = sportsDatasetSchema.safeParse(JSON.parse(raw));
        if (parsed.success) return parsed.data;
      } catch {
        // fall through: an unreadable value is treated as absent
      }
      logger.warn('sports: the stored scoreboard is unreadable; it will be replaced');
      return null;
    },

    async saveScoreboard(dataset: SportsDataset): Promise<void> {
      await fromStore(() => store.set(keys.sportsScoreboard(), JSON.stringify(dataset)));
    },

    /** Notes a refresh someone asked for, for `ttlMs`. */
    noteAskedRefresh: (lastUpdated: string, ttlMs: number) =>
      store.set(keys.sportsRecentRefresh(), lastUpdated, ttlMs),

    /** Whether someone asked for a refresh within the interval noted last. */
    askedRecently: async () => (await fromStore(() => store.get(keys.sportsRecentRefresh()))) !== null,

    /** One refresh from the source at a time, across instances. */
    refreshLock: (ttlMs: number): StoreLock => storeLock(store, keys.lock('sports-refresh'), ttlMs),

    /** The poller that leads: only its holder polls the source. */
    pollerLock: (ttlMs: number): StoreLock => storeLock(store, keys.lock('sports-poller'), ttlMs),
  };
}

export type SportsStore = ReturnType<typeof createSportsStore>;
