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
   * Append-only log with ordered ids (a Redis stream): appends `value`, trims to about `maxLength`
   * newest entries, returns the new entry's id. Ids compare in append order (see compareStreamIds).
   * With `ttlMs` the whole stream expires that long after this append (each append renews it).
   */
  streamAppend(key: string, value: string, maxLength: number, ttlMs?: number): Promise<string>;
  /**
   * streamAppend with what guards it and what follows it, in one step (one round trip; on Redis one
   * script, so on a cluster every key given must share one hash tag). The guards, in this order, each
   * refusal storing and counting nothing further:
   * - `blockedBy`: while this key holds a value (a time-out) the answer is `{ refused: 'blocked', value }`;
   * - `spacing`: at least the interval in force between two appends of one author (slow mode), see
   *   AppendSpacing; within it the answer is `{ refused: 'spacing', retryAfterMs }`;
   * - `limit`: counts one hit on a fixed-window counter (as increment does); once the count is past
   *   `max` the answer is `{ refused: 'limit' }`.
   * Then it appends, bumps `version` (a counter given the stream's ttl, so a reader that cached the
   * stream can tell it changed), marks the author's append for `spacing` and publishes the entry to
   * `publish` (see AppendPublish). Answers `{ id }`.
   */
  streamAppendGuarded(key: string, value: string, options: GuardedAppend): Promise<GuardedAppendResult>;
  /**
   * Adds (`on`) or removes `member` in the `group` list of a hash field's JSON object (lists keep the
   * order members were added; an empty list is left out, an empty object removes the field), in one
   * step with its guards (one round trip; on Redis one script, so every key shares one hash tag):
   * `blockedBy` and `limit` as in streamAppendGuarded, and the stream entry `requires` must exist
   * (else `{ refused: 'missing' }`), checked after `blockedBy` and before `limit`. A change renews the
   * hash's ttl and bumps `version`. Answers the field's groups after it (none when absent), each with
   * its size and its first `shown` members (all without `shown`: a long list stays in the store), the
   * version it is current at (later changes answer higher ones, so pushes can be ordered) and the
   * hash's size.
   */
  hashToggleGuarded(options: GuardedToggle): Promise<GuardedToggleResult>;
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

export interface GuardedAppend {
  maxLength: number;
  ttlMs?: number;
  blockedBy?: string;
  spacing?: AppendSpacing;
  limit?: { key: string; max: number; windowMs: number };
  version?: string;
  /**
   * Makes the append happen once: the first call keeps its id under `key` for `ttlMs`, and the same
   * call again answers that id, checking and appending nothing. A Redis client resends a command
   * whose answer was lost when its connection dropped (the script may have run): that must not store
   * the message twice.
   */
  once?: { key: string; ttlMs: number };
  publish?: AppendPublish;
}

/**
 * Publishes an appended entry in the same step, so listeners hear entries in the order they were
 * stored: `channel` gets `<n> <id> <value>`, where n counts the channel's publications (kept in
 * `counter`, with the stream's ttl). A listener that hears n + 2 after n knows it missed one.
 */
export interface AppendPublish {
  channel: string;
  counter: string;
}

/** A channel's listener (Store.subscribe). */
export interface ChannelListener {
  message(message: string): void;
  /** Listening again after the connection dropped: what was published meanwhile was not heard. */
  resumed(): void;
}

/**
 * One author's spacing between appends (a room's slow mode). The interval, in seconds, is the
 * `slowModeSeconds` field of the JSON in `settingsKey` when it is one of `allowedSeconds` (anything
 * else, or 0, means none). `lastKey` keeps when the author last appended (ms, at `now` of that append)
 * for `keepMs`, the longest interval, and is marked only while an interval is in force.
 */
export interface AppendSpacing {
  settingsKey: string;
  lastKey: string;
  now: number;
  keepMs: number;
  allowedSeconds: readonly number[];
}

export type GuardedAppendResult =
  | { id: string }
  | { refused: 'blocked'; value: string }
  | { refused: 'spacing'; retryAfterMs: number }
  | { refused: 'limit' };

export interface GuardedToggle {
  key: string;
  field: string;
  group: string;
  member: string;
  on: boolean;
  ttlMs: number;
  version: string;
  requires: { stream: string; id: string };
  blockedBy?: string;
  limit?: { key: string; max: number; windowMs: number };
  /** How many members of each group the answer names (the first ones); all when absent. */
  shown?: number;
  /**
   * A channel that hears a toggle that changed the field, in the same step (so in order with what
   * else the step's shard publishes there), as TogglePublication JSON.
   */
  publish?: string;
}

/** What a toggle that changed something publishes (GuardedToggle.publish): the change and its answer. */
export interface TogglePublication {
  field: string;
  group: string;
  member: string;
  on: boolean;
  version: number;
  groups: Record<string, ToggledGroup>;
}

/** A group of a toggled hash field, as hashToggleGuarded answers it. */
export interface ToggledGroup {
  /** How many members the group has. */
  count: number;
  /** Its first members (at most GuardedToggle.shown), in the order they were added. */
  members: string[];
}

export type GuardedToggleResult =
  | { groups: Record<string, ToggledGroup>; version: number; fields: number }
  | { refused: 'blocked'; value: string }
  | { refused: 'missing' }
  | { refused: 'limit' };

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
