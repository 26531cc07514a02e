import {
  compareStreamIds,
  type ChannelListener,
  type SortedSetEntry,
  type StreamEntry,
  type Store,
  type VersionedHashUpdate,
  type VersionedHashUpdateResult,
} from './store';

interface Entry {
  value: string | Map<string, string> | { stream: StreamEntry[] } | SortedSet;
  expiresAt: number | null;
}

/** Members by score, ties by member, as Redis orders a sorted set. */
const before = (a: SortedSetEntry, b: SortedSetEntry) =>
  a.score < b.score || (a.score === b.score && a.member < b.member);

/**
 * A sorted set in memory: the members in order, and each member's score. A change finds its place
 * by binary search, so a read of the lowest scores walks only what it answers.
 */
class SortedSet {
  private readonly ordered: SortedSetEntry[] = [];
  private readonly scores = new Map<string, number>();

  get size(): number {
    return this.ordered.length;
  }

  score(member: string): number | undefined {
    return this.scores.get(member);
  }

  /** Where `entry` is, or would go. */
  private indexOf(entry: SortedSetEntry): number {
    let low = 0;
    let high = this.ordered.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (before(this.ordered[middle]!, entry)) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  add(member: string, score: number): void {
    this.remove(member);
    const entry = { member, score };
    this.ordered.splice(this.indexOf(entry), 0, entry);
    this.scores.set(member, score);
  }

  remove(member: string): boolean {
    const score = this.scores.get(member);
    if (score === undefined) return false;
    this.ordered.splice(this.indexOf({ member, score }), 1);
    this.scores.delete(member);
    return true;
  }

  upTo(maxScore: number, limit: number): SortedSetEntry[] {
    const found: SortedSetEntry[] = [];
    for (const entry of this.ordered) {
      if (found.length >= limit || entry.score > maxScore) break;
      found.push({ ...entry });
    }
    return found;
  }
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
  private readonly listeners = new Map<string, ChannelListener>();
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

  private sortedSet(key: string): SortedSet | undefined {
    const entry = this.live(key);
    if (!entry) return undefined;
    if (!(entry.value instanceof SortedSet)) throw new Error(`WRONGTYPE ${key} is not a sorted set`);
    return entry.value;
  }

  async get(key: string) {
    return this.getNow(key);
  }

  private getNow(key: string): string | null {
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
    return this.addNow(key, delta, ttlMs);
  }

  private addNow(key: string, delta: number, ttlMs?: number) {
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

  async hashGetMany(key: string, fields: readonly string[]) {
    const hash = this.hash(key);
    return fields.map((field) => hash?.get(field) ?? null);
  }

  async hashDelete(key: string, field: string) {
    const hash = this.hash(key);
    hash?.delete(field);
    if (hash && hash.size === 0) this.entries.delete(key);
  }

  async sortedSetAdd(key: string, entries: readonly SortedSetEntry[], options: { lowerOnly?: boolean } = {}) {
    if (entries.length === 0) return;
    if (entries.some(({ score }) => Number.isNaN(score)))
      throw new Error('A sorted set score is not a number');
    let set = this.sortedSet(key);
    if (!set) {
      set = new SortedSet();
      this.entries.set(key, { value: set, expiresAt: null });
    }
    for (const { member, score } of entries) {
      const current = set.score(member);
      if (options.lowerOnly && current !== undefined && current <= score) continue;
      set.add(member, score);
    }
  }

  async sortedSetRemove(key: string, member: string) {
    const set = this.sortedSet(key);
    if (!set?.remove(member)) return false;
    if (set.size === 0) this.entries.delete(key);
    return true;
  }

  async sortedSetUpTo(key: string, maxScore: number, limit: number) {
    return this.sortedSet(key)?.upTo(maxScore, limit) ?? [];
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

  /**
   * Runs `steps` with nothing else in between, as a Redis script runs (the memory version of a
   * feature's own script): each step answers at once, so no other call can interleave.
   */
  async atomically<T>(steps: (store: MemoryStoreSteps) => T): Promise<T> {
    return steps(this.steps);
  }

  private readonly steps: MemoryStoreSteps = {
    get: (key) => this.getNow(key),
    set: (key, value, ttlMs) => void this.entries.set(key, { value, expiresAt: this.expiry(ttlMs) }),
    increment: (key, windowMs) => this.countHit(key, windowMs),
    add: (key, delta, ttlMs) => this.addNow(key, delta, ttlMs),
    hashGet: (key, field) => this.hash(key)?.get(field) ?? null,
    hashSet: (key, field, value, ttlMs) => {
      const hash = this.hash(key) ?? new Map<string, string>();
      hash.set(field, value);
      this.entries.set(key, { value: hash, expiresAt: this.expiry(ttlMs) });
    },
    hashDelete: (key, field) => {
      const hash = this.hash(key);
      hash?.delete(field);
      if (hash?.size === 0) this.entries.delete(key);
    },
    hashSize: (key) => this.hash(key)?.size ?? 0,
    expire: (key, ttlMs) => {
      const entry = this.live(key);
      if (entry) entry.expiresAt = this.expiry(ttlMs);
    },
    streamAppend: (key, value, maxLength, ttlMs) => this.appendNow(key, value, maxLength, ttlMs),
    streamHas: (key, id) => this.stream(key).some((entry) => entry.id === id),
    publish: (channel, message) => this.publishNow(channel, message),
  };

  async hashUpdateVersioned(update: VersionedHashUpdate): Promise<VersionedHashUpdateResult> {
    const { key, version } = update;
    const hash = this.hash(key) ?? new Map<string, string>();
    for (const field of update.remove ?? []) hash.delete(field);
    for (const [field, value] of Object.entries(update.set ?? {})) hash.set(field, value);
    if (hash.size === 0) this.entries.delete(key);
    else if (!this.entries.has(key)) this.entries.set(key, { value: hash, expiresAt: null });
    if (!this.live(version.key)) {
      this.entries.set(version.key, { value: String(version.seed), expiresAt: null });
    }
    return { fields: hash.size, version: this.addNow(version.key, 1, version.ttlMs) };
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

  async subscribe(channel: string, listener: ChannelListener) {
    this.listeners.set(channel, listener);
  }

  async unsubscribe(channel: string) {
    this.listeners.delete(channel);
  }

  /** Heard after the caller's step, in the order published, as a Redis listener hears it. */
  private publishNow(channel: string, message: string) {
    queueMicrotask(() => this.listeners.get(channel)?.message(message));
  }

  async ping() {
    return true;
  }

  async close() {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
    this.entries.clear();
    this.listeners.clear();
  }
}

/** The store's primitives, answered at once, for MemoryStore.atomically. */
export interface MemoryStoreSteps {
  get(key: string): string | null;
  set(key: string, value: string, ttlMs?: number): void;
  increment(key: string, windowMs: number): number;
  add(key: string, delta: number, ttlMs?: number): number;
  hashGet(key: string, field: string): string | null;
  /** Sets the field, and the hash's time to live anew. */
  hashSet(key: string, field: string, value: string, ttlMs: number): void;
  hashDelete(key: string, field: string): void;
  hashSize(key: string): number;
  expire(key: string, ttlMs: number): void;
  streamAppend(key: string, value: string, maxLength: number, ttlMs?: number): string;
  streamHas(key: string, id: string): boolean;
  /** Heard after the caller's steps, in the order published. */
  publish(channel: string, message: string): void;
}
