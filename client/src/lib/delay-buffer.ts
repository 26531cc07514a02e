/**
 * Holds what arrives from the live game (scores, alerts, other fans' chat) until the viewer's stream
 * shows it: each item is released `delayMs` after it reached the browser, strictly in arrival
 * order. Changing the delay applies at once to what is still held: shortening it releases what is
 * now due, lengthening it holds the rest longer; nothing held is ever dropped.
 */
export interface DelayClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const browserClock: DelayClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export class DelayBuffer<T> {
  private readonly held: Array<{ item: T; arrivedAt: number }> = [];
  private timer: unknown = null;

  constructor(
    private readonly release: (item: T) => void,
    private delayMs = 0,
    private readonly clock: DelayClock = browserClock,
  ) {}

  /** Takes an item as it arrives; with no delay (and nothing held before it) it goes straight out. */
  push(item: T): void {
    this.held.push({ item, arrivedAt: this.clock.now() });
    this.flush();
  }

  /** The viewer changed the delay: what is now due goes out, the rest waits for its new time. */
  setDelay(delayMs: number): void {
    this.delayMs = Math.max(0, delayMs);
    this.flush();
  }

  get size(): number {
    return this.held.length;
  }

  /** Stops the timer; what is still held is dropped with the buffer (the page is going away). */
  dispose(): void {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
    this.held.length = 0;
  }

  private flush(): void {
    if (this.timer !== null) {
      this.clock.clearTimeout(this.timer);
      this.timer = null;
    }
    const now = this.clock.now();
    while (this.held.length > 0 && this.held[0]!.arrivedAt + this.delayMs <= now) {
      this.release(this.held.shift()!.item);
    }
    const next = this.held[0];
    if (next) this.timer = this.clock.setTimeout(() => this.flush(), next.arrivedAt + this.delayMs - now);
  }
}
