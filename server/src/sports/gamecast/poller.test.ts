import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryStore } from '../../storage/memory-store';
import { createGamecastPoller } from './poller';
import { createGamecastStore } from './store';

const logger = pino({ level: 'silent' });

afterEach(() => {
  vi.useRealTimers();
});

describe('the Gamecast reader schedule', () => {
  it('starts a round every GAMECAST_POLL_SECONDS, however long a round takes', async () => {
    vi.useFakeTimers({
      now: 0,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date', 'performance'],
    });
    const started: number[] = [];
    const poller = createGamecastPoller({
      store: createGamecastStore(new MemoryStore(), logger),
      service: {
        forget() {},
        async round() {
          started.push(Date.now());
          // A slow round: a second and a half of summaries.
          await new Promise((resolve) => setTimeout(resolve, 1_500));
          return { watched: [], labelled: [], pushed: 0 };
        },
      },
      logger,
      pollSeconds: 5,
    });
    poller.start();
    await vi.advanceTimersByTimeAsync(16_000);
    expect(started).toEqual([5_000, 10_000, 15_000]);
    expect(poller.isLeader()).toBe(true);
    const stopping = poller.stop();
    await vi.advanceTimersByTimeAsync(2_000);
    await stopping;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(started).toHaveLength(3);
  });
});
