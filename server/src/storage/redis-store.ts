import type { Redis } from 'ioredis';
import type { StreamEntry, Store } from './store';

const toEntries = (rows: Array<[string, string[]]>): StreamEntry[] =>
  rows.map(([id, fields]) => ({ id, value: fields[1] ?? '' }));

// Compare-and-delete in one round trip, so a lock is never released by an instance that lost it.
const DELETE_IF_EQUALS = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/** Store on a shared Redis: the state every instance sees. */
export class RedisStore implements Store {
  readonly kind = 'redis';

  constructor(private readonly redis: Redis) {}

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

  async hashSet(key: string, field: string, value: string) {
    await this.redis.hset(key, field, value);
  }

  async hashGetAll(key: string) {
    return this.redis.hgetall(key);
  }

  async hashDelete(key: string, field: string) {
    await this.redis.hdel(key, field);
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

  async ping() {
    try {
      return (await this.redis.ping()) === 'PONG';
    } catch {
      return false;
    }
  }

  async close() {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
