import { createHash } from 'node:crypto';
import type { RedisClient } from './redis-clients';
import type { GuardedAppend, StreamEntry, Store } from './store';

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

// streamAppendGuarded. KEYS: the stream, then the limit counter (when ARGV[4] is set), then the
// version (when ARGV[6] is '1'). ARGV: value, maxLength, ttlMs or '', limit max or '', window ms.
const APPEND_GUARDED = `local k = 1
if ARGV[4] ~= '' then
  k = k + 1
  local count = redis.call('incr', KEYS[k])
  redis.call('pexpire', KEYS[k], ARGV[5], 'NX')
  if count > tonumber(ARGV[4]) then return false end
end
local id = redis.call('xadd', KEYS[1], 'MAXLEN', '~', ARGV[2], '*', 'v', ARGV[1])
if ARGV[3] ~= '' then redis.call('pexpire', KEYS[1], ARGV[3]) end
if ARGV[6] == '1' then
  k = k + 1
  redis.call('incr', KEYS[k])
  if ARGV[3] ~= '' then redis.call('pexpire', KEYS[k], ARGV[3]) end
end
return id`;

const sha1 = (script: string) => createHash('sha1').update(script).digest('hex');
const SCRIPTS = { add: ADD, appendGuarded: APPEND_GUARDED };
const SCRIPT_SHAS = { add: sha1(ADD), appendGuarded: sha1(APPEND_GUARDED) };
const ms = (value: number | undefined) => (value === undefined ? '' : String(Math.max(1, Math.round(value))));

/**
 * Store on a shared Redis, or a Redis Cluster: the state every instance sees. On a cluster a
 * transaction or script must touch keys of one hash slot: each one here takes one key, except
 * streamAppendGuarded, whose keys are all one game's (keys.ts gives them the game's hash tag).
 */
export class RedisStore implements Store {
  readonly kind = 'redis';

  constructor(private readonly redis: RedisClient) {}

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

  async streamAppendGuarded(key: string, value: string, options: GuardedAppend) {
    const { limit, version } = options;
    const scriptKeys = [key, ...(limit ? [limit.key] : []), ...(version ? [version] : [])];
    const id = await this.script('appendGuarded', scriptKeys, [
      value,
      String(options.maxLength),
      ms(options.ttlMs),
      limit ? String(limit.max) : '',
      ms(limit?.windowMs),
      version ? '1' : '',
    ]);
    return typeof id === 'string' ? id : null;
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
