import { createHash } from 'node:crypto';
import { Cluster } from 'ioredis';
import type { RedisClient } from './redis-clients';
import type {
  ChannelListener,
  GuardedAppend,
  GuardedAppendResult,
  GuardedToggle,
  GuardedToggleResult,
  StreamEntry,
  Store,
  ToggledGroup,
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

// streamAppendGuarded. KEYS: the stream, then one per guard given, in this order: blockedBy; the
// spacing's settings and last-append keys; the limit counter; the version; the publish counter and
// channel; once. ARGV: value, maxLength, ttlMs or '', blockedBy '1' or '', spacing now or '', spacing
// keepMs, allowed seconds (',5,15,'), limit max or '', window ms, version '1' or '', once ttl ms or '',
// publish '1' or ''.
const APPEND_GUARDED = `if ARGV[11] ~= '' then
  local first = redis.call('get', KEYS[#KEYS])
  if first then return {'ok', first} end
end
local k = 1
if ARGV[4] == '1' then
  k = k + 1
  local value = redis.call('get', KEYS[k])
  if value then return {'blocked', value} end
end
local spacingMs, lastKey = 0, nil
if ARGV[5] ~= '' then
  local settings = redis.call('get', KEYS[k + 1])
  lastKey = KEYS[k + 2]
  k = k + 2
  if settings then
    local ok, decoded = pcall(cjson.decode, settings)
    local seconds = ok and type(decoded) == 'table' and tonumber(decoded.slowModeSeconds)
    if seconds and string.find(ARGV[7], ',' .. seconds .. ',', 1, true) then spacingMs = seconds * 1000 end
  end
  if spacingMs > 0 then
    local last = tonumber(redis.call('get', lastKey))
    if last and last + spacingMs > tonumber(ARGV[5]) then return {'spacing', last + spacingMs - tonumber(ARGV[5])} end
  end
end
if ARGV[8] ~= '' then
  k = k + 1
  local count = redis.call('incr', KEYS[k])
  redis.call('pexpire', KEYS[k], ARGV[9], 'NX')
  if count > tonumber(ARGV[8]) then return {'limit'} end
end
local id = redis.call('xadd', KEYS[1], 'MAXLEN', '~', ARGV[2], '*', 'v', ARGV[1])
if ARGV[3] ~= '' then redis.call('pexpire', KEYS[1], ARGV[3]) end
if ARGV[10] == '1' then
  k = k + 1
  redis.call('incr', KEYS[k])
  if ARGV[3] ~= '' then redis.call('pexpire', KEYS[k], ARGV[3]) end
end
if spacingMs > 0 then redis.call('set', lastKey, ARGV[5], 'PX', ARGV[6]) end
if ARGV[12] == '1' then
  local n = redis.call('incr', KEYS[k + 1])
  if ARGV[3] ~= '' then redis.call('pexpire', KEYS[k + 1], ARGV[3]) end
  redis.call('spublish', KEYS[k + 2], n .. ' ' .. id .. ' ' .. ARGV[1])
end
if ARGV[11] ~= '' then redis.call('set', KEYS[#KEYS], id, 'PX', ARGV[11]) end
return {'ok', id}`;

// hashToggleGuarded. KEYS: the hash, the required stream, the version, then blockedBy (when ARGV[6]
// is '1'), the limit counter (when ARGV[7] is set) and the channel (when ARGV[11] is '1'). ARGV:
// field, group, member, on '1' or '', ttlMs, blockedBy '1' or '', limit max or '', window ms, the
// required entry's id, shown or '', publish '1' or ''.
// Answers 'ok', the version, the hash's size, then per group: its name, size, how many members
// follow (the first shown) and those members; a long list never travels back whole.
const TOGGLE_GUARDED = `local k = 3
if ARGV[6] == '1' then
  k = k + 1
  local value = redis.call('get', KEYS[k])
  if value then return {'blocked', value} end
end
if #redis.call('xrange', KEYS[2], ARGV[9], ARGV[9]) == 0 then return {'missing'} end
if ARGV[7] ~= '' then
  k = k + 1
  local count = redis.call('incr', KEYS[k])
  redis.call('pexpire', KEYS[k], ARGV[8], 'NX')
  if count > tonumber(ARGV[7]) then return {'limit'} end
end
local raw = redis.call('hget', KEYS[1], ARGV[1])
local groups = {}
if raw then
  local ok, decoded = pcall(cjson.decode, raw)
  if ok and type(decoded) == 'table' then groups = decoded end
end
local members = groups[ARGV[2]]
if type(members) ~= 'table' then members = {} end
local at
for i, member in ipairs(members) do if member == ARGV[3] then at = i break end end
local version
if (ARGV[4] == '1') == (at == nil) then
  if at then table.remove(members, at) else members[#members + 1] = ARGV[3] end
  if #members == 0 then groups[ARGV[2]] = nil else groups[ARGV[2]] = members end
  if next(groups) == nil then
    redis.call('hdel', KEYS[1], ARGV[1])
  else
    redis.call('hset', KEYS[1], ARGV[1], cjson.encode(groups))
  end
  redis.call('pexpire', KEYS[1], ARGV[5])
  version = redis.call('incr', KEYS[3])
  redis.call('pexpire', KEYS[3], ARGV[5])
  if ARGV[11] == '1' then
    local shownGroups = {}
    for group, list in pairs(groups) do
      if type(list) == 'table' and #list > 0 then
        local first = {}
        for i = 1, (ARGV[10] ~= '' and math.min(#list, tonumber(ARGV[10])) or #list) do first[i] = list[i] end
        shownGroups[group] = {count = #list, members = first}
      end
    end
    redis.call('spublish', KEYS[#KEYS], cjson.encode({field = ARGV[1], group = ARGV[2], member = ARGV[3],
      on = ARGV[4] == '1', version = version, groups = shownGroups}))
  end
else
  version = tonumber(redis.call('get', KEYS[3]) or '0')
end
local answer = {'ok', version, redis.call('hlen', KEYS[1])}
for group, list in pairs(groups) do
  if type(list) == 'table' and #list > 0 then
    local shown = #list
    if ARGV[10] ~= '' then shown = math.min(shown, tonumber(ARGV[10])) end
    answer[#answer + 1] = group
    answer[#answer + 1] = #list
    answer[#answer + 1] = shown
    for i = 1, shown do answer[#answer + 1] = list[i] end
  end
end
return answer`;

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

/** TOGGLE_GUARDED's 'ok' answer: the version, the hash's size, then each group's name, size and first members. */
function toggled(answer: Array<string | number>): GuardedToggleResult {
  const groups: Record<string, ToggledGroup> = {};
  let at = 3;
  while (at < answer.length) {
    const group = String(answer[at]);
    const count = Number(answer[at + 1]);
    const shown = Number(answer[at + 2]);
    groups[group] = { count, members: answer.slice(at + 3, at + 3 + shown).map(String) };
    at += 3 + shown;
  }
  return { groups, version: Number(answer[1]), fields: Number(answer[2]) };
}

const sha1 = (script: string) => createHash('sha1').update(script).digest('hex');
const SCRIPTS = {
  add: ADD,
  appendGuarded: APPEND_GUARDED,
  toggleGuarded: TOGGLE_GUARDED,
  updateVersioned: UPDATE_VERSIONED,
};
const SCRIPT_SHAS = {
  add: sha1(ADD),
  appendGuarded: sha1(APPEND_GUARDED),
  toggleGuarded: sha1(TOGGLE_GUARDED),
  updateVersioned: sha1(UPDATE_VERSIONED),
};
const ms = (value: number | undefined) => (value === undefined ? '' : String(Math.max(1, Math.round(value))));

/**
 * Store on a shared Redis, or a Redis Cluster: the state every instance sees. On a cluster a
 * transaction or script must touch keys of one hash slot: each one here takes one key, except
 * streamAppendGuarded, hashToggleGuarded and hashUpdateVersioned, whose keys are all one game's
 * (keys.ts gives them the game's hash tag).
 */
export class RedisStore implements Store {
  readonly kind = 'redis';

  /** Where channels are heard (a subscribed connection takes no other command), while any is. */
  private subscriber: RedisClient | null = null;
  private readonly listeners = new Map<string, ChannelListener>();

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

  async hashGetMany(key: string, fields: readonly string[]) {
    return fields.length === 0 ? [] : this.redis.hmget(key, ...fields);
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

  async streamAppendGuarded(
    key: string,
    value: string,
    options: GuardedAppend,
  ): Promise<GuardedAppendResult> {
    const { blockedBy, spacing, limit, version, once, publish } = options;
    // A channel is named like a key: with the stream's hash tag it lives on the stream's shard.
    const scriptKeys = [
      key,
      ...(blockedBy ? [blockedBy] : []),
      ...(spacing ? [spacing.settingsKey, spacing.lastKey] : []),
      ...(limit ? [limit.key] : []),
      ...(version ? [version] : []),
      ...(publish ? [publish.counter, publish.channel] : []),
      ...(once ? [once.key] : []),
    ];
    const answer = (await this.script('appendGuarded', scriptKeys, [
      value,
      String(options.maxLength),
      ms(options.ttlMs),
      blockedBy ? '1' : '',
      spacing ? String(Math.round(spacing.now)) : '',
      ms(spacing?.keepMs),
      spacing ? `,${spacing.allowedSeconds.join(',')},` : '',
      limit ? String(limit.max) : '',
      ms(limit?.windowMs),
      version ? '1' : '',
      ms(once?.ttlMs),
      publish ? '1' : '',
    ])) as [string, string | number | undefined];
    const [outcome, detail] = answer;
    if (outcome === 'ok') return { id: String(detail) };
    if (outcome === 'blocked') return { refused: 'blocked', value: String(detail) };
    if (outcome === 'spacing') return { refused: 'spacing', retryAfterMs: Number(detail) };
    return { refused: 'limit' };
  }

  async hashToggleGuarded(options: GuardedToggle): Promise<GuardedToggleResult> {
    const { blockedBy, limit } = options;
    const scriptKeys = [
      options.key,
      options.requires.stream,
      options.version,
      ...(blockedBy ? [blockedBy] : []),
      ...(limit ? [limit.key] : []),
      ...(options.publish ? [options.publish] : []),
    ];
    const answer = (await this.script('toggleGuarded', scriptKeys, [
      options.field,
      options.group,
      options.member,
      options.on ? '1' : '',
      ms(options.ttlMs),
      blockedBy ? '1' : '',
      limit ? String(limit.max) : '',
      ms(limit?.windowMs),
      options.requires.id,
      options.shown === undefined ? '' : String(Math.max(0, Math.floor(options.shown))),
      options.publish ? '1' : '',
    ])) as Array<string | number>;
    const [outcome, detail] = answer;
    if (outcome === 'ok') return toggled(answer);
    if (outcome === 'blocked') return { refused: 'blocked', value: String(detail) };
    if (outcome === 'missing') return { refused: 'missing' };
    return { refused: 'limit' };
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
