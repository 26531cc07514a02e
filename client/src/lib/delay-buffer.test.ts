import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DelayBuffer } from './delay-buffer';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function buffer(delayMs: number) {
  const released: string[] = [];
  const delay = new DelayBuffer<string>((item) => released.push(item), delayMs);
  return { delay, released };
}

describe('DelayBuffer', () => {
  it('passes everything straight through with no delay', () => {
    const { delay, released } = buffer(0);
    delay.push('KC 7 – 0 BUF');
    expect(released).toEqual(['KC 7 – 0 BUF']);
    expect(delay.size).toBe(0);
  });

  it('releases each item its delay after it arrived, in arrival order', () => {
    const { delay, released } = buffer(30_000);
    delay.push('score 1');
    vi.advanceTimersByTime(10_000);
    delay.push('chat 1');
    delay.push('score 2');
    vi.advanceTimersByTime(19_999);
    expect(released).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(released).toEqual(['score 1']);
    vi.advanceTimersByTime(10_000);
    expect(released).toEqual(['score 1', 'chat 1', 'score 2']);
    expect(delay.size).toBe(0);
  });

  it('shortening the delay releases what is now due and keeps the rest in order', () => {
    const { delay, released } = buffer(60_000);
    delay.push('a');
    vi.advanceTimersByTime(20_000);
    delay.push('b');
    vi.advanceTimersByTime(5_000);
    delay.setDelay(10_000);
    // 'a' arrived 25 s ago, 'b' 5 s ago.
    expect(released).toEqual(['a']);
    vi.advanceTimersByTime(4_999);
    expect(released).toEqual(['a']);
    vi.advanceTimersByTime(1);
    expect(released).toEqual(['a', 'b']);
  });

  it('turning the delay off releases everything held, at once', () => {
    const { delay, released } = buffer(120_000);
    delay.push('a');
    delay.push('b');
    delay.setDelay(0);
    expect(released).toEqual(['a', 'b']);
  });

  it('lengthening the delay holds what is still held for longer, losing nothing', () => {
    const { delay, released } = buffer(10_000);
    delay.push('a');
    vi.advanceTimersByTime(5_000);
    delay.setDelay(30_000);
    vi.advanceTimersByTime(20_000);
    expect(released).toEqual([]);
    vi.advanceTimersByTime(5_000);
    expect(released).toEqual(['a']);
  });

  it('an item arriving while others are held never jumps ahead of them', () => {
    const { delay, released } = buffer(10_000);
    delay.push('a');
    delay.setDelay(0);
    delay.setDelay(10_000);
    delay.push('b');
    vi.advanceTimersByTime(3_000);
    delay.push('c');
    delay.setDelay(5_000);
    expect(released).toEqual(['a']);
    vi.advanceTimersByTime(2_000);
    expect(released).toEqual(['a', 'b']);
    vi.advanceTimersByTime(3_000);
    expect(released).toEqual(['a', 'b', 'c']);
  });

  it('stops releasing once disposed', () => {
    const { delay, released } = buffer(1_000);
    delay.push('a');
    delay.dispose();
    vi.advanceTimersByTime(5_000);
    expect(released).toEqual([]);
  });
});
