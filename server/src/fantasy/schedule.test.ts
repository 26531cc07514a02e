import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../storage/memory-store';
import { createPointsSchedule } from './schedule';
import { createFantasyStore } from './store';

const HOUR_MS = 60 * 60 * 1000;

function schedule(now: () => number) {
  const store = createFantasyStore(new MemoryStore());
  let runs = 0;
  const points = createPointsSchedule({
    store,
    compute: async () => {
      runs++;
    },
    hours: 6,
    logger: pino({ level: 'silent' }),
    now,
  });
  return { points, runs: () => runs };
}

describe('the points schedule', () => {
  it('computes when nothing was computed, then again only once the interval has passed', async () => {
    let time = Date.UTC(2026, 10, 25, 12); // a Wednesday
    const { points, runs } = schedule(() => time);
    expect(await points.tick()).toBe('computed');
    time += 5 * HOUR_MS;
    expect(await points.tick()).toBe('not-due');
    time += HOUR_MS;
    expect(await points.tick()).toBe('computed');
    expect(runs()).toBe(2);
  });

  it('computes at once when a new week begins, so last week is never shown as this one', async () => {
    let time = Date.UTC(2026, 10, 29, 23); // Sunday 23:00 UTC
    const { points, runs } = schedule(() => time);
    expect(await points.tick()).toBe('computed');
    time += 2 * HOUR_MS; // Monday 01:00 UTC
    expect(await points.tick()).toBe('computed');
    expect(runs()).toBe(2);
  });
});
