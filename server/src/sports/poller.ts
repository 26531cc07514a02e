import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { allGames, type SportsDataset } from '@shared/schemas/sports';
import type { SportsService } from './service';
import type { SportsStore } from './store';

/** While a game is live the poller runs at least this often: every min(15, SPORTS_POLL_SECONDS) seconds. */
export const LIVE_POLL_SECONDS = 15;
/** Slack on the leader lock beyond two intervals, for a slow source. */
const LOCK_SLACK_MS = 30_000;

export interface SportsPollerDeps {
  store: SportsStore;
  service: Pick<SportsService, 'refresh'>;
  logger: Logger;
  /** SPORTS_POLL_SECONDS */
  pollSeconds: number;
}

export interface SportsPoller {
  start(): void;
  /** Stops polling and hands the lead to another instance at once. */
  stop(): Promise<void>;
  /** Whether this instance holds the poller lock (it is the one polling). */
  isLeader(): boolean;
  /** Polls this instance ran (for tests and logs). */
  polls(): number;
}

/** The delay before the next poll: faster while any game is live. */
export function nextPollDelayMs(pollSeconds: number, dataset: SportsDataset | null): number {
  const live = dataset !== null && allGames(dataset).some((game) => game.isLive);
  return (live ? Math.min(LIVE_POLL_SECONDS, pollSeconds) : pollSeconds) * 1000;
}

/**
 * Refreshes the scoreboard on a schedule. Every instance runs one, but only the holder of a lock with
 * expiry in the store polls: it renews the lock each round, and when it stops or dies the lock lapses
 * and another instance takes over on its next round. Followers check at the live pace so a takeover
 * is quick; the lock outlives two intervals so a slow poll does not lose it.
 */
export function createSportsPoller(deps: SportsPollerDeps): SportsPoller {
  const { store, service, logger, pollSeconds } = deps;
  const id = randomUUID();
  const lock = store.pollerLock(pollSeconds * 2000 + LOCK_SLACK_MS);
  const followerDelayMs = Math.min(LIVE_POLL_SECONDS, pollSeconds) * 1000;
  let timer: NodeJS.Timeout | null = null;
  let running = false;
  let leader = false;
  let pollCount = 0;
  let current: Promise<void> | null = null;

  async function round(): Promise<number> {
    try {
      const wasLeader = leader;
      // Taken or renewed. Between a read and a renewal it could lapse and be taken; the worst case
      // is one round polled by two instances, which stores the same scoreboard twice.
      leader = await lock.hold(id);
      if (leader !== wasLeader)
        logger.info({ leader }, leader ? 'sports poller: leading' : 'sports poller: following');
    } catch (error) {
      leader = false;
      logger.warn({ err: error }, 'sports poller: the store did not answer; trying again');
      return followerDelayMs;
    }
    if (!leader) return followerDelayMs;
    pollCount++;
    try {
      const dataset = await service.refresh();
      return nextPollDelayMs(pollSeconds, dataset);
    } catch (error) {
      logger.warn({ err: error }, 'sports poller: refresh failed; the last scoreboard stays');
      return pollSeconds * 1000;
    }
  }

  function schedule(delayMs: number) {
    if (!running) return;
    timer = setTimeout(() => {
      timer = null;
      current = round().then((next) => {
        current = null;
        schedule(next);
      });
    }, delayMs);
    timer.unref?.();
  }

  return {
    start() {
      if (running) return;
      running = true;
      schedule(0);
    },
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await current;
      if (leader) {
        leader = false;
        await lock.release(id).catch(() => undefined);
      }
    },
    isLeader: () => leader,
    polls: () => pollCount,
  };
}
