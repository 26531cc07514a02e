import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { storeLock } from '../storage/lock';
import { keys } from '../storage/keys';
import type { Store } from '../storage/store';
import type { LeagueService } from './service';

/** How often the leading instance looks for clocks that ran out. */
export const LEAGUE_CLOCK_TICK_MS = 250;
/** The lead lapses this long after the leader's last tick (a crashed instance hands over soon). */
const LEAD_TTL_MS = 5_000;
/**
 * How often the leader rebuilds its index of deadlines from the stored ones (also each time it takes
 * the lead): a deadline written by an instance of an earlier version, which knew no index, is run
 * within this long during a rolling deploy.
 */
export const LEAGUE_CLOCK_REINDEX_MS = 60_000;

export interface LeagueClocks {
  start(): void;
  /** Stops ticking and hands the lead to another instance at once. */
  stop(): Promise<void>;
  /**
   * One tick now, when this instance leads (takes or renews the lead first): the picks it made, or
   * null when another instance leads. The schedule calls it; tests call it to step time by hand.
   */
  tick(): Promise<number | null>;
  isLeader(): boolean;
}

/**
 * The draft clocks, run by one instance at a time like the scoreboard poller: every instance ticks,
 * only the holder of a lock with expiry in the store picks for the seats whose stored deadline has
 * passed. Deadlines live in the store, so a restart or a new leader keeps them. A tick reads only
 * the deadlines that are due (a sorted index), whatever the number of drafts running; the whole list
 * is read when an instance takes the lead and every LEAGUE_CLOCK_REINDEX_MS while it leads.
 */
export function createLeagueClocks(deps: {
  store: Store;
  service: Pick<LeagueService, 'runDueClocks' | 'reindexClocks'>;
  logger: Logger;
  tickMs?: number;
  /** The clock the reindexing is timed by (Date.now unless a test steps it). */
  now?: () => number;
}): LeagueClocks {
  const { service, logger } = deps;
  const tickMs = deps.tickMs ?? LEAGUE_CLOCK_TICK_MS;
  const now = deps.now ?? Date.now;
  const id = randomUUID();
  const lead = storeLock(deps.store, keys.lock('league-clocks'), LEAD_TTL_MS);
  let timer: NodeJS.Timeout | null = null;
  let running = false;
  let leader = false;
  /** When the index was last rebuilt while this instance led; null when it is not rebuilt since taking the lead. */
  let reindexedAt: number | null = null;
  let current: Promise<unknown> | null = null;

  async function tick(): Promise<number | null> {
    try {
      leader = await lead.hold(id);
    } catch (error) {
      leader = false;
      logger.warn({ err: error }, 'league clocks: the store did not answer; trying again');
    }
    if (!leader) {
      reindexedAt = null;
      return null;
    }
    if (reindexedAt === null || now() - reindexedAt >= LEAGUE_CLOCK_REINDEX_MS) {
      try {
        await service.reindexClocks();
        reindexedAt = now();
      } catch (error) {
        // The index as it is still runs every deadline written since: tried again next tick.
        logger.warn({ err: error }, 'league clocks: rebuilding the deadline index failed; trying again');
      }
    }
    try {
      return await service.runDueClocks((leagueId, error) => {
        logger.warn(
          { err: error, leagueId },
          'league clocks: a pick for a clock that ran out failed; trying again',
        );
      });
    } catch (error) {
      logger.warn({ err: error }, 'league clocks: reading the deadlines failed; trying again');
      return null;
    }
  }

  function schedule() {
    if (!running) return;
    timer = setTimeout(() => {
      timer = null;
      current = tick().finally(() => {
        current = null;
        schedule();
      });
    }, tickMs);
    timer.unref?.();
  }

  return {
    start() {
      if (running) return;
      running = true;
      schedule();
    },
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await current?.catch(() => undefined);
      if (leader) {
        leader = false;
        reindexedAt = null;
        await lead.release(id).catch(() => undefined);
      }
    },
    tick,
    isLeader: () => leader,
  };
}
