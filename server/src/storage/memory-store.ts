import { compareStreamIds, type GuardedAppend, type StreamEntry, type Store } from './store';

interface Entry {
  value: string | Map<string, string> | { stream: StreamEntry[] };
  expiresAt: number | null;
}

/**
 * How often the memory store drops expired keys nobody reads again. Expiry is also checked on every
 * read, but a key written once and never read (an abandoned session, a rate-limit window) would
 * otherwise stay in memory for the life of the process.
 */
export const MEMORY_SWEEP_INTERVAL_MS = 60_000;

export interface MemoryStoreOptions {
  /** The clock expiry is measured against (tests move it by hand). */
  now?: () => number;
  sweepIntervalMs?: number;
}

/** In-process Store for a single instance without Redis. Expiry is checked on access and swept periodically. */
export class MemoryStore implements Store {
  readonly kind = 'memory';
  private readonly entries = new Map<string, Entry>();
  private readonly now: () => number;
  private sweeper: NodeJS.Timeout | null;

  constructor({ now = Date.now, sweepIntervalMs = MEMORY_SWEEP_INTERVAL_MS }: MemoryStoreOptions = {}) {
    this.now = now;
    this.sweeper = setInterval(() => this.sweep(), sweepIntervalMs);
    // The sweep alone never keeps the process alive.
    this.sweeper.unref?.();
  }

  /** Drops every expired key; returns how many went. */
  sweep(): number {
    const now = this.now();
    let dropped = 0;
    for (const [key, entry] of this.entries) {
      if (entry.expiresAt !== null && entry.expiresAt <= now) {
        this.entries.delete(key);
        dropped++;
      }
    }
    return dropped;
  }

  /** Keys held, expired ones not yet swept included (what the store costs in memory). */
  get size(): number {
    return this.entries.size;
  }

  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt !== null && entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private expiry(ttlMs?: number): number | null {
    return ttlMs === undefined ? null : this.now() + ttlMs;
  }

  private stream(key: string): StreamEntry[] {
    const entry = this.live(key);
    if (!entry) return [];
    if (typeof entry.value !== 'object' || !('stream' in entry.value)) {
      throw new Error(`WRONGTYPE ${key} is not a stream`);
    }
    return entry.value.stream;
  }

  private lastStreamId = '0-0';

  private hash(key: string): Map<string, string> | undefined {
    const entry = this.live(key);
    if (!entry) return undefined;
    if (!(entry.value instanceof Map)) throw new Error(`WRONGTYPE ${key} is not a hash`);
    return entry.value;
  }

  async get(key: string) {
    const entry = this.live(key);
    if (!entry) return null;
    if (typeof entry.value !== 'string') throw new Error(`WRONGTYPE ${key} is not a string`);
    return entry.value;
  }

  async set(key: string, value: string, ttlMs?: number) {
    this.entries.set(key, { value, expiresAt: this.expiry(ttlMs) });
  }

  async setIfAbsent(key: string, value: string, ttlMs: number) {
    if (this.live(key)) return false;
    this.entries.set(key, { value, expiresAt: this.expiry(ttlMs) });
    return true;
  }

  async deleteIfEquals(key: string, value: string) {
    const entry = this.live(key);
    if (!entry || entry.value !== value) return false;
    this.entries.delete(key);
    return true;
  }

  async del(key: string) {
    this.entries.delete(key);
  }

  async expire(key: string, ttlMs: number) {
    const entry = this.live(key);
    if (!entry) return false;
    entry.expiresAt = this.expiry(ttlMs);
    return true;
  }

  async increment(key: string, windowMs: number) {
    return this.countHit(key, windowMs);
  }

  private countHit(key: string, windowMs: number) {
    const entry = this.live(key);
    const count = entry ? Number(entry.value) + 1 : 1;
    this.entries.set(key, {
      value: String(count),
      expiresAt: entry ? entry.expiresAt : this.expiry(windowMs),
    });
    return count;
  }

  async add(key: string, delta: number, ttlMs?: number) {
    const entry = this.live(key);
    const count = (entry ? Number(entry.value) : 0) + delta;
    if (count <= 0) {
      this.entries.delete(key);
      return 0;
    }
    const expiresAt = ttlMs === undefined ? (entry?.expiresAt ?? null) : this.expiry(ttlMs);
    this.entries.set(key, { value: String(count), expiresAt });
    return count;
  }

  async addUpTo(key: string, delta: number, max: number, ttlMs: number) {
    const entry = this.live(key);
    if ((entry ? Number(entry.value) : 0) + delta > max) return null;
    return this.add(key, delta, ttlMs);
  }

  async hashSet(key: string, field: string, value: string) {
    const hash = this.hash(key);
    if (hash) hash.set(field, value);
    else this.entries.set(key, { value: new Map([[field, value]]), expiresAt: null });
  }

  async hashGetAll(key: string) {
    return Object.fromEntries(this.hash(key) ?? []);
  }

  async hashDelete(key: string, field: string) {
    const hash = this.hash(key);
    hash?.delete(field);
    if (hash && hash.size === 0) this.entries.delete(key);
  }

  async streamAppend(key: string, value: string, maxLength: number, ttlMs?: number) {
    return this.appendNow(key, value, maxLength, ttlMs);
  }

  private appendNow(key: string, value: string, maxLength: number, ttlMs?: number) {
    const stream = this.stream(key);
    const [lastMs = 0, lastSeq = 0] = this.lastStreamId.split('-').map(Number);
    const ms = Math.max(this.now(), lastMs);
    const id = ms === lastMs ? `${ms}-${lastSeq + 1}` : `${ms}-0`;
    this.lastStreamId = id;
    stream.push({ id, value });
    if (stream.length > maxLength) stream.splice(0, stream.length - maxLength);
    const entry = this.entries.get(key) ?? { value: { stream }, expiresAt: null };
    if (ttlMs !== undefined) entry.expiresAt = this.expiry(ttlMs);
    this.entries.set(key, entry);
    return id;
  }

  async streamAppendGuarded(key: string, value: string, options: GuardedAppend) {
    // No await before the append: nothing else runs between the count and the append.
    const { limit, version } = options;
    if (limit && this.countHit(limit.key, limit.windowMs) > limit.max) return null;
    const id = this.appendNow(key, value, options.maxLength, options.ttlMs);
    if (version) await this.add(version, 1, options.ttlMs);
    return id;
  }

  async streamBefore(key: string, count: number, beforeId?: string) {
    const stream = this.stream(key);
    const older = beforeId ? stream.filter((e) => compareStreamIds(e.id, beforeId) < 0) : stream;
    return older.slice(Math.max(older.length - count, 0)).map((e) => ({ ...e }));
  }

  async streamAfter(key: string, afterId: string, count: number) {
    return this.stream(key)
      .filter((e) => compareStreamIds(e.id, afterId) > 0)
      .slice(0, count)
      .map((e) => ({ ...e }));
  }

  async streamDelete(key: string, id: string) {
    const stream = this.stream(key);
    const index = stream.findIndex((e) => e.id === id);
    if (index === -1) return false;
    stream.splice(index, 1);
    return true;
  }

  async ping() {
    return true;
  }

  async close() {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
    this.entries.clear();
  }
}
