import {
  compareStreamIds,
  type ChannelListener,
  type GuardedAppend,
  type GuardedAppendResult,
  type GuardedToggle,
  type GuardedToggleResult,
  type StreamEntry,
  type Store,
  type TogglePublication,
  type VersionedHashUpdate,
  type VersionedHashUpdateResult,
} from './store';

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

  // The guarded steps below never await before their last write: nothing else runs in between.
  async streamAppendGuarded(
    key: string,
    value: string,
    options: GuardedAppend,
  ): Promise<GuardedAppendResult> {
    const { blockedBy, spacing, limit, version, once } = options;
    const first = once ? this.getNow(once.key) : null;
    if (first !== null) return { id: first };
    const blocking = blockedBy ? this.getNow(blockedBy) : null;
    if (blocking !== null) return { refused: 'blocked', value: blocking };
    const spacingMs = spacing ? spacingOf(this.getNow(spacing.settingsKey), spacing.allowedSeconds) : 0;
    if (spacing && spacingMs > 0) {
      const last = Number(this.getNow(spacing.lastKey) ?? Number.NaN);
      if (Number.isFinite(last) && last + spacingMs > spacing.now) {
        return { refused: 'spacing', retryAfterMs: last + spacingMs - spacing.now };
      }
    }
    if (limit && this.countHit(limit.key, limit.windowMs) > limit.max) return { refused: 'limit' };
    const id = this.appendNow(key, value, options.maxLength, options.ttlMs);
    if (version) this.addNow(version, 1, options.ttlMs);
    if (spacing && spacingMs > 0) {
      this.entries.set(spacing.lastKey, {
        value: String(spacing.now),
        expiresAt: this.expiry(spacing.keepMs),
      });
    }
    if (once) this.entries.set(once.key, { value: id, expiresAt: this.expiry(once.ttlMs) });
    if (options.publish) {
      const published = this.addNow(options.publish.counter, 1, options.ttlMs);
      this.publishNow(options.publish.channel, `${published} ${id} ${value}`);
    }
    return { id };
  }

  async hashToggleGuarded(options: GuardedToggle): Promise<GuardedToggleResult> {
    const { key, field, group, member, blockedBy, limit } = options;
    const blocking = blockedBy ? this.getNow(blockedBy) : null;
    if (blocking !== null) return { refused: 'blocked', value: blocking };
    if (!this.stream(options.requires.stream).some((entry) => entry.id === options.requires.id)) {
      return { refused: 'missing' };
    }
    if (limit && this.countHit(limit.key, limit.windowMs) > limit.max) return { refused: 'limit' };
    const hash = this.hash(key);
    const groups = parseGroups(hash?.get(field));
    const members = groups[group] ?? [];
    const at = members.indexOf(member);
    const shown = options.shown === undefined ? Infinity : Math.max(0, Math.floor(options.shown));
    const answer = (version: number, fields: number): GuardedToggleResult => ({
      groups: Object.fromEntries(
        Object.entries(groups)
          .filter(([, list]) => list.length > 0)
          .map(([name, list]) => [name, { count: list.length, members: list.slice(0, shown) }]),
      ),
      version,
      fields,
    });
    if (options.on === (at === -1)) {
      if (at === -1) members.push(member);
      else members.splice(at, 1);
      if (members.length > 0) groups[group] = members;
      else delete groups[group];
      const target = hash ?? new Map<string, string>();
      if (Object.keys(groups).length === 0) target.delete(field);
      else target.set(field, JSON.stringify(groups));
      if (target.size === 0) this.entries.delete(key);
      else this.entries.set(key, { value: target, expiresAt: this.expiry(options.ttlMs) });
      const changed = answer(this.addNow(options.version, 1, options.ttlMs), target.size);
      if (options.publish && 'groups' in changed) {
        const { version, groups: shownGroups } = changed;
        const publication: TogglePublication = {
          field,
          group,
          member,
          on: options.on,
          version,
          groups: shownGroups,
        };
        this.publishNow(options.publish, JSON.stringify(publication));
      }
      return changed;
    }
    return answer(Number(this.getNow(options.version) ?? 0), hash?.size ?? 0);
  }

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

/** The spacing in force (ms) from a settings JSON, as AppendSpacing describes it. */
function spacingOf(settings: string | null, allowedSeconds: readonly number[]): number {
  try {
    const seconds = (JSON.parse(settings ?? '{}') as { slowModeSeconds?: unknown }).slowModeSeconds;
    return typeof seconds === 'number' && allowedSeconds.includes(seconds) ? seconds * 1000 : 0;
  } catch {
    return 0;
  }
}

/** A hashToggleGuarded field's JSON: group → members; anything unreadable counts as empty. */
function parseGroups(json: string | undefined): Record<string, string[]> {
  try {
    const parsed: unknown = JSON.parse(json ?? '{}');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, string[]] => Array.isArray(entry[1])),
    );
  } catch {
    return {};
  }
}
