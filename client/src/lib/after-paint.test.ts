import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as AfterPaint from './after-paint';

// A fresh module per test: whether a page has painted is kept for the page's lifetime.
let paint: typeof AfterPaint;
beforeEach(async () => {
  vi.resetModules();
  paint = await import('./after-paint');
});
afterEach(() => vi.useRealTimers());

/** Lets the browser paint: animation frames run, then the tasks they queued. */
async function nextPaint() {
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

describe('work that waits for the page to paint', () => {
  it('waits for the page, not only the frame, and runs at once for later callers', async () => {
    const ran: string[] = [];
    paint.afterPagePaint(() => ran.push('socket'));
    await nextPaint();
    expect(ran).toEqual([]);
    paint.markPagePainted();
    await nextPaint();
    expect(ran).toEqual(['socket']);
    paint.afterPagePaint(() => ran.push('player'));
    await nextPaint();
    expect(ran).toEqual(['socket', 'player']);
  });

  it('does not wait for ever for a page that does not paint', async () => {
    vi.useFakeTimers();
    const task = vi.fn();
    paint.afterPagePaint(task);
    await vi.advanceTimersByTimeAsync(100); // the frame paints
    await vi.advanceTimersByTimeAsync(paint.PAGE_PAINT_WAIT_MS - 200);
    expect(task).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(task).toHaveBeenCalledTimes(1);
    paint.markPagePainted();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('does not wait for a paint in a tab in the background, which paints nothing', async () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
    const task = vi.fn();
    paint.afterNextPaint(task);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(task).toHaveBeenCalledTimes(1);
    vi.restoreAllMocks();
  });

  it('runs nothing once cancelled', async () => {
    const task = vi.fn();
    paint.afterPagePaint(task)();
    paint.markPagePainted();
    await nextPaint();
    expect(task).not.toHaveBeenCalled();
  });
});
