import { afterEach, describe, expect, it, vi } from 'vitest';
import { MEMORY_SWEEP_INTERVAL_MS, MemoryStore } from './memory-store';

describe('MemoryStore sweep', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('drops expired keys nobody reads again, on its own timer', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let now = 1_000_000;
    const store = new MemoryStore({ now: () => now });
    for (let i = 0; i < 50; i++) await store.set(`session:${i}`, 'anonymous', 10 * 60_000);
    await store.set('kept', 'no expiry');
    await store.increment('rate', 60_000);
    expect(store.size).toBe(52);

    now += 10 * 60_000;
    vi.advanceTimersByTime(MEMORY_SWEEP_INTERVAL_MS);
    // Nothing read those keys again, yet they are gone; the key without expiry stays.
    expect(store.size).toBe(1);
    expect(await store.get('kept')).toBe('no expiry');
    await store.close();
  });

  it('stops its timer on close', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const store = new MemoryStore();
    expect(vi.getTimerCount()).toBe(1);
    await store.close();
    expect(vi.getTimerCount()).toBe(0);
  });
});
