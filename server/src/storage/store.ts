/**
 * The storage primitives every feature store is built on. Two implementations behind this one
 * interface: Redis (when REDIS_URL is set, shared by every instance) and in-memory (one instance).
 * Both pass the same contract tests (store.contract.test.ts). Keys are built in keys.ts.
 */
export interface Store {
  readonly kind: 'redis' | 'memory';
  /** A string value, or null when absent or expired. */
  get(key: string): Promise<string | null>;
  /** Sets a value; with ttlMs it expires after that many milliseconds. */
  set(key: string, value: string, ttlMs?: number): Promise<void>;
  /** Sets only when the key is absent (a lock); true when this call set it. */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
  /** Deletes the key only when it still holds `value` (releasing one's own lock). */
  deleteIfEquals(key: string, value: string): Promise<boolean>;
  del(key: string): Promise<void>;
  /** Resets the time to live of an existing key; false when the key is absent. */
  expire(key: string, ttlMs: number): Promise<boolean>;
  /** Fixed-window counter: increments and, on the first hit, starts the window. Returns the count. */
  increment(key: string, windowMs: number): Promise<number>;
  /**
   * Adds `delta` (negative to take away) to an integer counter and answers the new value. A counter
   * never goes below zero: at zero it is removed and the answer is 0. With ttlMs its time to live is
   * set anew; without, it is left as it was.
   */
  add(key: string, delta: number, ttlMs?: number): Promise<number>;
  /**
   * add(key, delta, ttlMs) only when the new value stays within `max`: answers it, or null (and
   * changes nothing, the ttl included) when it would pass `max`.
   */
  addUpTo(key: string, delta: number, max: number, ttlMs: number): Promise<number | null>;
  /** Hash field operations (presence maps, per-room state). */
  hashSet(key: string, field: string, value: string): Promise<void>;
  hashGetAll(key: string): Promise<Record<string, string>>;
  /** The values of some fields of a hash, in the order asked (null for a field that is absent). */
  hashGetMany(key: string, fields: readonly string[]): Promise<Array<string | null>>;
  hashDelete(key: string, field: string): Promise<void>;
  /**
   * Sorted set (a Redis sorted set): puts each member in with its score, moving one already there.
   * Scores are numbers as JavaScript holds them (times in ms are exact). Several in one round trip.
   * With `lowerOnly` a member already there only ever moves to a lower score (ZADD LT); members not
   * there are added either way.
   */
  sortedSetAdd(
    key: string,
    entries: readonly SortedSetEntry[],
    options?: { lowerOnly?: boolean },
  ): Promise<void>;
  /** Takes a member out (a set left empty is removed); false when it was not there. */
  sortedSetRemove(key: string, member: string): Promise<boolean>;
  /**
   * Up to `limit` members whose score is at most `maxScore`, lowest score first (equal scores by
   * member), with their scores: what is due by a time, read without reading the rest of the set.
   */
  sortedSetUpTo(key: string, maxScore: number, limit: number): Promise<SortedSetEntry[]>;
  /**
   * Append-only log with ordered ids (a Redis stream): appends `value`, trims to about `maxLength`
   * newest entries, returns the new entry's id. Ids compare in append order (see compareStreamIds).
   * With `ttlMs` the whole stream expires that long after this append (each append renews it).
   */
  streamAppend(key: string, value: string, maxLength: number, ttlMs?: number): Promise<string>;
  /**
   * Removes and sets fields of a hash and bumps a version counter, in one step (one round trip; on
   * Redis one script, so the hash and the version share one hash tag). The version starts at `seed`
   * when absent (the first update, or the first since it lapsed), else rises by one: every update
   * answers a version of its own, higher than any update before it. The version's ttl is set anew,
   * the hash's left as it was (a hash left with no field is removed). Answers the hash's size after
   * the update and the version it made.
   */
  hashUpdateVersioned(update: VersionedHashUpdate): Promise<VersionedHashUpdateResult>;
  /** Up to `count` newest entries with an id below `beforeId` (all when absent), oldest first. */
  streamBefore(key: string, count: number, beforeId?: string): Promise<StreamEntry[]>;
  /** Up to `count` entries with an id above `afterId`, oldest first. */
  streamAfter(key: string, afterId: string, count: number): Promise<StreamEntry[]>;
  /** Removes one entry; false when it was not there. */
  streamDelete(key: string, id: string): Promise<boolean>;
  /**
   * Listens to a channel on every instance (on Redis, sharded pub/sub: the channel lives on the
   * shard of its hash tag, so a script over keys with that tag can publish to it). One listener per
   * channel; subscribing again replaces it. Resolves once listening: whatever is published after
   * that reaches it. What is published while the connection is down is lost: `resumed` says when
   * listening starts again, so the listener can read what it missed from where it is stored.
   * While the store cannot be reached this rejects at once, and listening starts when it is back.
   */
  subscribe(channel: string, listener: ChannelListener): Promise<void>;
  unsubscribe(channel: string): Promise<void>;
  /** True when the backing service answers. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** A channel's listener (Store.subscribe). */
export interface ChannelListener {
  message(message: string): void;
  /** Listening again after the connection dropped: what was published meanwhile was not heard. */
  resumed(): void;
}

export interface VersionedHashUpdate {
  key: string;
  /** Fields to remove (before any are set). */
  remove?: readonly string[];
  /** Fields to set, with their values. */
  set?: Readonly<Record<string, string>>;
  /** The version counter's key, the integer it starts at when absent, and its ttl. */
  version: { key: string; seed: number; ttlMs: number };
}

export interface VersionedHashUpdateResult {
  fields: number;
  version: number;
}

/** A member of a sorted set and its score. */
export interface SortedSetEntry {
  member: string;
  score: number;
}

export interface StreamEntry {
  id: string;
  value: string;
}

/** Orders stream ids of the form `<milliseconds>-<sequence>`. */
export function compareStreamIds(a: string, b: string): number {
  const [aMs = 0, aSeq = 0] = a.split('-').map(Number);
  const [bMs = 0, bSeq = 0] = b.split('-').map(Number);
  return aMs === bMs ? aSeq - bSeq : aMs - bMs;
}

/** True for an id of the form `<milliseconds>-<sequence>`. */
export const isStreamId = (id: string) => /^\d{1,15}-\d{1,10}$/.test(id);
