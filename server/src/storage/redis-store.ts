import { createHash } from 'node:crypto';
import { Cluster } from 'ioredis';
import type { RedisClient } from './redis-clients';
import type {
  ChannelListener,
  SortedSetEntry,
  StreamEntry,
  Store,
  VersionedHashUpdate,
  VersionedHashUpdateResult,
} from './store';

const toEntries = (rows: Array<[string, string[]]>): StreamEntry[] =>
  rows.map(([id, fields]) => ({ id, value: fields[1] ?? '' }));

// Compare-and-delete in one round trip, so a lock is never released by an instance that lost it.
const DELETE_IF_EQUALS = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

// A counter that never goes below zero (at zero it is removed), its ttl set anew when one is given.
// With ARGV[3] (addUpTo), nothing changes when the new value would pass it.
const ADD = `local n = tonumber(redis.call('get', KEYS[1]) or '0') + tonumber(ARGV[1])
if ARGV[3] and n > tonumber(ARGV[3]) then return false end
redis.call('incrby', KEYS[1], ARGV[1])
if n <= 0 then redis.call('del', KEYS[1]) return 0 end
if ARGV[2] ~= '' then redis.call('pexpire', KEYS[1], ARGV[2]) end
return n`;

// hashUpdateVersioned. KEYS: the hash, the version. ARGV: the version's seed and ttl ms, how many
// fields to set (n), n field-value pairs, then the fields to remove. The seed goes in as given (never
// through a Lua number, which would print a large one in exponent form).
const UPDATE_VERSIONED = `local sets = tonumber(ARGV[3])
if #ARGV > 3 + 2 * sets then redis.call('hdel', KEYS[1], unpack(ARGV, 4 + 2 * sets)) end
if sets > 0 then redis.call('hset', KEYS[1], unpack(ARGV, 4, 3 + 2 * sets)) end
redis.call('set', KEYS[2], ARGV[1], 'PX', ARGV[2], 'NX')
local version = redis.call('incr', KEYS[2])
redis.call('pexpire', KEYS[2], ARGV[2])
return {redis.call('hlen', KEYS[1]), version}`;

const sha1 = (script: string) => createHash('sha1').update(script).digest('hex');
const SCRIPTS = { add: ADD, updateVersioned: UPDATE_VERSIONED };
const SCRIPT_SHAS = { add: sha1(ADD), updateVersioned: sha1(UPDATE_VERSIONED) };
const ms = (value: number | undefined) => (value === undefined ? '' : String(Math.max(1, Math.round(value))));

/**
 * Store on a shared Redis, or a Redis Cluster: the state every instance sees. On a cluster a
 * transaction or script must touch keys of one hash slot: each one here takes one key, except
 * hashUpdateVersioned, whose keys are all one game's (keys.ts gives them the game's hash tag).
 * Features with steps of their own over several keys run their own scripts on `client`.
 */
export class RedisStore implements Store {
  readonly kind = 'redis';

  /** Where channels are heard (a subscribed connection takes no other command), while any is. */
  private subscriber: RedisClient | null = null;
  private readonly listeners = new Map<string, ChannelListener>();

  /** The connection commands go on (a feature's own scripts run on it, see redis-script.ts). */
  constructor(readonly client: RedisClient) {}

  private get redis(): RedisClient {
    return this.client;
  }

  async get(key: string) {
    return this.redis.get(key);
  }

  async set(key: string, value: string, ttlMs?: number) {
    if (ttlMs === undefined) await this.redis.set(key, value);
    else await this.redis.set(key, value, 'PX', Math.max(1, Math.round(ttlMs)));
  }

  async setIfAbsent(key: string, value: string, ttlMs: number) {
    return (await this.redis.set(key, value, 'PX', Math.max(1, Math.round(ttlMs)), 'NX')) === 'OK';
  }

  async deleteIfEquals(key: string, value: string) {
    return (await this.redis.eval(DELETE_IF_EQUALS, 1, key, value)) === 1;
  }

  async del(key: string) {
    await this.redis.del(key);
  }

  async expire(key: string, ttlMs: number) {
    return (await this.redis.pexpire(key, Math.max(1, Math.round(ttlMs)))) === 1;
  }

  async increment(key: string, windowMs: number) {
    const results = await this.redis
      .multi()
      .incr(key)
      .pexpire(key, Math.max(1, Math.round(windowMs)), 'NX')
      .exec();
    const [error, count] = results?.[0] ?? [new Error('increment failed'), 0];
    if (error) throw error;
    return Number(count);
  }

  async add(key: string, delta: number, ttlMs?: number) {
    return Number(await this.script('add', [key], [String(delta), ms(ttlMs)]));
  }

  async addUpTo(key: string, delta: number, max: number, ttlMs: number) {
    const count = await this.script('add', [key], [String(delta), ms(ttlMs), String(max)]);
    return count === null ? null : Number(count);
  }

  async hashSet(key: string, field: string, value: string) {
    await this.redis.hset(key, field, value);
  }

  async hashGetAll(key: string) {
    return this.redis.hgetall(key);
  }

  async hashGetMany(key: string, fields: readonly string[]) {
    return fields.length === 0 ? [] : this.redis.hmget(key, ...fields);
  }

  async hashDelete(key: string, field: string) {
    await this.redis.hdel(key, field);
  }

  async sortedSetAdd(key: string, entries: readonly SortedSetEntry[], options: { lowerOnly?: boolean } = {}) {
    if (entries.length === 0) return;
    if (entries.some(({ score }) => Number.isNaN(score)))
      throw new Error('A sorted set score is not a number');
    const pairs = entries.flatMap(({ member, score }) => [score, member]);
    if (options.lowerOnly) await this.redis.zadd(key, 'LT', ...pairs);
    else await this.redis.zadd(key, ...pairs);
  }

  async sortedSetRemove(key: string, member: string) {
    return (await this.redis.zrem(key, member)) === 1;
  }

  async sortedSetUpTo(key: string, maxScore: number, limit: number) {
    if (limit <= 0) return [];
    const flat = await this.redis.zrangebyscore(key, '-inf', maxScore, 'WITHSCORES', 'LIMIT', 0, limit);
    const entries: SortedSetEntry[] = [];
    for (let index = 0; index + 1 < flat.length; index += 2)
      entries.push({ member: flat[index]!, score: Number(flat[index + 1]) });
    return entries;
  }

  async streamAppend(key: string, value: string, maxLength: number, ttlMs?: number) {
    // Approximate trimming (~) keeps XADD O(1); a stream holds at least maxLength entries.
    if (ttlMs === undefined) {
      const id = await this.redis.xadd(key, 'MAXLEN', '~', maxLength, '*', 'v', value);
      if (!id) throw new Error('XADD returned no id');
      return id;
    }
    // The append and the renewed expiry in one transaction: a stream never outlives its last entry
    // by more than ttlMs, and a crash between the two cannot leave it without an expiry.
    const results = await this.redis
      .multi()
      .xadd(key, 'MAXLEN', '~', maxLength, '*', 'v', value)
      .pexpire(key, Math.max(1, Math.round(ttlMs)))
      .exec();
    const [error, id] = results?.[0] ?? [new Error('streamAppend failed'), null];
    if (error) throw error;
    if (typeof id !== 'string') throw new Error('XADD returned no id');
    return id;
  }

  async hashUpdateVersioned(update: VersionedHashUpdate): Promise<VersionedHashUpdateResult> {
    const sets = Object.entries(update.set ?? {});
    const { version } = update;
    const [fields, made] = (await this.script(
      'updateVersioned',
      [update.key, version.key],
      [
        String(version.seed),
        ms(version.ttlMs),
        String(sets.length),
        ...sets.flat(),
        ...(update.remove ?? []),
      ],
    )) as [number, number];
    return { fields: Number(fields), version: Number(made) };
  }

  /** Runs a script by its digest (one short command), sending its text once when Redis lacks it. */
  private async script(name: keyof typeof SCRIPTS, scriptKeys: string[], args: string[]): Promise<unknown> {
    try {
      return await this.redis.evalsha(SCRIPT_SHAS[name], scriptKeys.length, ...scriptKeys, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return this.redis.eval(SCRIPTS[name], scriptKeys.length, ...scriptKeys, ...args);
    }
  }

  async streamBefore(key: string, count: number, beforeId?: string) {
    const rows = await this.redis.xrevrange(key, beforeId ? `(${beforeId}` : '+', '-', 'COUNT', count);
    return toEntries(rows).reverse();
  }

  async streamAfter(key: string, afterId: string, count: number) {
    return toEntries(await this.redis.xrange(key, `(${afterId}`, '+', 'COUNT', count));
  }

  async streamDelete(key: string, id: string) {
    return (await this.redis.xdel(key, id)) === 1;
  }

  async subscribe(channel: string, listener: ChannelListener) {
    this.listeners.set(channel, listener);
    const subscribing = this.channels().ssubscribe(channel);
    // While Redis is down the subscription waits for it, and the caller hears so at once, as from
    // any other store call.
    if (this.redis.status !== 'ready') {
      subscribing.catch(() => {});
      throw new Error(`Redis is not connected (${this.redis.status})`);
    }
    await subscribing;
  }

  async unsubscribe(channel: string) {
    if (!this.listeners.delete(channel)) return;
    const subscriber = this.channels();
    if (this.listeners.size > 0) {
      await subscriber.sunsubscribe(channel);
      return;
    }
    // Nothing left to hear: the connection goes (a later subscribe opens one again).
    this.subscriber = null;
    subscriber.disconnect();
  }

  /**
   * The subscribed connection, made on first use and closed when the last channel is left. It waits
   * out an outage (its commands queue) and subscribes again by itself when it is back; listeners are
   * then told (`resumed`), after a subscription of their own so nothing published after the call is
   * missed.
   */
  private channels(): RedisClient {
    if (this.subscriber) return this.subscriber;
    const subscriber =
      this.redis instanceof Cluster
        ? // Sharded pub/sub on a cluster needs a listening connection to each shard.
          this.redis.duplicate(undefined, { enableOfflineQueue: true, shardedSubscribers: true })
        : this.redis.duplicate({
            enableOfflineQueue: true,
            maxRetriesPerRequest: null,
            connectionName: 'tech-touchdown:channels',
            // Its ready check (INFO) is refused once the connection listens, which it may already do
            // when the check goes out; ioredis's own cluster listeners skip it too.
            enableReadyCheck: false,
          });
    subscriber.on('smessage', (channel: string, message: string) =>
      this.listeners.get(channel)?.message(message),
    );
    // Errors are the commands connection's to report: both reach the same Redis.
    subscriber.on('error', () => {});
    let ready = subscriber.status === 'ready';
    subscriber.on('ready', () => {
      if (!ready) {
        ready = true;
        return;
      }
      for (const [channel, listener] of this.listeners) {
        subscriber.ssubscribe(channel).then(
          () => this.listeners.get(channel) === listener && listener.resumed(),
          () => {}, // dropped again: the next 'ready' tells it
        );
      }
    });
    this.subscriber = subscriber;
    return subscriber;
  }

  async ping() {
    try {
      return (await this.redis.ping()) === 'PONG';
    } catch {
      return false;
    }
  }

  async close() {
    this.listeners.clear();
    this.subscriber?.disconnect();
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
