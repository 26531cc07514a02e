import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { GamecastRound, GamecastService } from './service';
import type { GamecastStore } from './store';

/** Slack on the leader lock beyond two intervals, for a slow round. */
const LOCK_SLACK_MS = 10_000;

export interface GamecastPoller {
  start(): void;
  /** Stops reading and hands the lead to another instance at once. */
  stop(): Promise<void>;
  /**
   * One round now, when this instance leads (takes or renews the lock first): what it read, or null
   * when another instance leads. The schedule calls it; tests call it to step rounds by hand.
   */
  round(): Promise<GamecastRound | null>;
  isLeader(): boolean;
}

/**
 * Reads summaries every GAMECAST_POLL_SECONDS from one instance at a time, like the scoreboard
 * poller: every instance runs one, only the holder of a lock with expiry in the store reads, and
 * when it stops or dies the lock lapses and another takes over on its next round.
 */
export function createGamecastPoller(deps: {
  store: GamecastStore;
  service: Pick<GamecastService, 'round' | 'forget'>;
  logger: Logger;
  pollSeconds: number;
}): GamecastPoller {
  const { store, service, logger, pollSeconds } = deps;
  const id = randomUUID();
  const lock = store.pollerLock(pollSeconds * 2000 + LOCK_SLACK_MS);
  const intervalMs = pollSeconds * 1000;
  let timer: NodeJS.Timeout | null = null;
  let running = false;
  let leader = false;
  let current: Promise<unknown> | null = null;
  const stopping = new AbortController();

  async function round(): Promise<GamecastRound | null> {
    try {
      const wasLeader = leader;
      leader = await lock.hold(id);
      if (leader && !wasLeader) service.forget();
      if (leader !== wasLeader)
        logger.info({ leader }, leader ? 'gamecast reader: leading' : 'gamecast reader: following');
    } catch (error) {
      leader = false;
      logger.warn({ err: error }, 'gamecast reader: the store did not answer; trying again');
      return null;
    }
    if (!leader) return null;
    try {
      return await service.round(stopping.signal);
    } catch (error) {
      logger.warn({ err: error }, 'gamecast reader: the round failed; the next one tries again');
      return null;
    }
  }

  /** Rounds start every intervalMs (a slow round delays the next one, never runs beside it). */
  function schedule(delayMs: number) {
    if (!running) return;
    timer = setTimeout(() => {
      timer = null;
      const startedAt = performance.now();
      current = round().finally(() => {
        current = null;
        schedule(Math.max(0, intervalMs - (performance.now() - startedAt)));
      });
    }, delayMs);
    timer.unref?.();
  }

  return {
    start() {
      if (running) return;
      running = true;
      schedule(intervalMs);
    },
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = null;
      stopping.abort();
      await current?.catch(() => undefined);
      if (leader) {
        leader = false;
        await lock.release(id).catch(() => undefined);
      }
    },
    round,
    isLeader: () => leader,
  };
}
