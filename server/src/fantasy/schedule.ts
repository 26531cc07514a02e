import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { weekStartOf } from '@shared/schemas/fantasy';
import type { FantasyStore } from './store';

/** How often an instance checks whether the points are due (they are computed every FANTASY_POINTS_HOURS). */
const CHECK_EVERY_MS = 5 * 60 * 1000;

export type TickOutcome = 'computed' | 'not-due' | 'busy' | 'failed';

export interface PointsSchedule {
  start(): void;
  stop(): Promise<void>;
  /** One check: computes when due and no other instance is computing. */
  tick(): Promise<TickOutcome>;
}

/**
 * Computes the points every `hours`, once across every instance: each instance checks now and then;
 * when the last computation (stored) is older than the interval, the one that takes the store lock
 * computes, stores the time, and gives the lock back. The lock expires, so a crashed holder does not
 * stop the schedule; the time is checked again under the lock, so two instances never compute the
 * same interval one after the other.
 */
export function createPointsSchedule(deps: {
  store: FantasyStore;
  compute(): Promise<unknown>;
  hours: number;
  logger: Logger;
  now?: () => number;
}): PointsSchedule {
  const { store, logger } = deps;
  const now = deps.now ?? Date.now;
  const intervalMs = deps.hours * 60 * 60 * 1000;
  const token = randomUUID();
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<TickOutcome> | null = null;

  // Due when the interval has passed, or a new week has begun (last week's points are not shown).
  const due = async () => {
    const last = await store.lastRun();
    const time = now();
    return last === null || time - last >= intervalMs || weekStartOf(last) !== weekStartOf(time);
  };

  async function tick(): Promise<TickOutcome> {
    try {
      if (!(await due())) return 'not-due';
      if (!(await store.lock.take(token))) return 'busy';
      try {
        if (!(await due())) return 'not-due';
        await deps.compute();
        await store.setLastRun(now());
        return 'computed';
      } finally {
        await store.lock.release(token).catch(() => undefined);
      }
    } catch (error) {
      logger.warn({ err: error }, 'fantasy points: the run failed; the last points stay');
      return 'failed';
    }
  }

  const runTick = () => {
    current ??= tick().finally(() => {
      current = null;
    });
    return current;
  };

  return {
    start() {
      if (timer) return;
      void runTick();
      timer = setInterval(() => void runTick(), Math.min(CHECK_EVERY_MS, intervalMs));
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await current;
    },
    tick: runTick,
  };
}
