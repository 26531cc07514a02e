import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startRedisCluster, type RedisCluster } from '../../../tests/helpers/redis-cluster';
import { MemoryStore } from './memory-store';
import { RedisStore } from './redis-store';
import {
  compareStreamIds,
  isStreamId,
  type GuardedAppendResult,
  type Store,
  type VersionedHashUpdate,
} from './store';

/**
 * One contract, two implementations: whatever a feature relies on behaves the same in memory, on
 * Redis and on a Redis Cluster (where an operation over several keys needs them on one shard: the
 * tests give such keys one hash tag, as keys.ts does a game's). Each test uses its own key namespace
 * so runs never see each other's data.
 */
const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl)
  throw new Error('TEST_REDIS_URL is not set: run through vitest (tests/helpers/redis-global-setup.ts)');
const redis = new Redis(redisUrl, { lazyConnect: false });
const otherRedis = redis.duplicate();
let cluster: RedisCluster;
let otherCluster: RedisCluster['client'];
beforeAll(async () => {
  cluster = await startRedisCluster();
  otherCluster = cluster.client.duplicate();
}, 30_000);
afterAll(async () => {
  await Promise.all([redis.quit(), otherRedis.quit(), otherCluster?.quit()]);
  await cluster?.stop();
});

/**
 * Each implementation, and the same data as another instance reaches it: through a connection of
 * its own to Redis; in memory there is no other instance, so it is the one store itself.
 */
const implementations: Array<[string, () => Store, (store: Store) => Store]> = [
  ['MemoryStore', () => new MemoryStore(), (store) => store],
  ['RedisStore', () => new RedisStore(redis), () => new RedisStore(otherRedis)],
  ['RedisStore on a cluster', () => new RedisStore(cluster.client), () => new RedisStore(otherCluster)],
];

const idOf = (result: GuardedAppendResult) => {
  if (!('id' in result)) throw new Error(`refused: ${result.refused}`);
  return result.id;
};

describe.each(implementations)('%s', (_name, make, elsewhere) => {
  let store: Store;
  let ns: string;
  beforeEach(() => {
    store = make();
    ns = `contract:${randomUUID()}:`;
  });

  it('gets, sets, overwrites and deletes strings', async () => {
    expect(await store.get(`${ns}a`)).toBeNull();
    await store.set(`${ns}a`, 'one');
    await store.set(`${ns}a`, 'two');
    expect(await store.get(`${ns}a`)).toBe('two');
    await store.del(`${ns}a`);
    expect(await store.get(`${ns}a`)).toBeNull();
  });

  it('expires values after their time to live', async () => {
    await store.set(`${ns}ttl`, 'soon gone', 30);
    await store.set(`${ns}kept`, 'stays');
    await expect.poll(() => store.get(`${ns}ttl`), { interval: 10, timeout: 2000 }).toBeNull();
    expect(await store.get(`${ns}kept`)).toBe('stays');
  });

  it('refreshes a time to live with expire, and reports absent keys', async () => {
    expect(await store.expire(`${ns}none`, 1000)).toBe(false);
    await store.set(`${ns}k`, 'v', 50);
    expect(await store.expire(`${ns}k`, 60_000)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(await store.get(`${ns}k`)).toBe('v');
  });

  it('acts as a lock: only the first setIfAbsent wins, and only the owner releases', async () => {
    expect(await store.setIfAbsent(`${ns}lock`, 'owner-1', 10_000)).toBe(true);
    expect(await store.setIfAbsent(`${ns}lock`, 'owner-2', 10_000)).toBe(false);
    expect(await store.deleteIfEquals(`${ns}lock`, 'owner-2')).toBe(false);
    expect(await store.get(`${ns}lock`)).toBe('owner-1');
    expect(await store.deleteIfEquals(`${ns}lock`, 'owner-1')).toBe(true);
    expect(await store.setIfAbsent(`${ns}lock`, 'owner-2', 10_000)).toBe(true);
  });

  it('a lock frees itself when its holder vanishes (expiry)', async () => {
    expect(await store.setIfAbsent(`${ns}lock`, 'crashed', 30)).toBe(true);
    await expect
      .poll(() => store.setIfAbsent(`${ns}lock`, 'next', 10_000), { interval: 10, timeout: 2000 })
      .toBe(true);
  });

  it('counts hits in a fixed window that restarts after it ends', async () => {
    expect(await store.increment(`${ns}rate`, 60)).toBe(1);
    expect(await store.increment(`${ns}rate`, 60)).toBe(2);
    expect(await store.increment(`${ns}rate`, 60)).toBe(3);
    await expect.poll(() => store.get(`${ns}rate`), { interval: 10, timeout: 2000 }).toBeNull();
    expect(await store.increment(`${ns}rate`, 60)).toBe(1);
  });

  it('adds to a counter that never goes below zero, and lets it lapse when its ttl is not renewed', async () => {
    expect(await store.add(`${ns}count`, 1, 60_000)).toBe(1);
    expect(await store.add(`${ns}count`, 2, 60_000)).toBe(3);
    expect(await store.add(`${ns}count`, -1)).toBe(2);
    expect(await store.add(`${ns}count`, -5)).toBe(0);
    expect(await store.get(`${ns}count`)).toBeNull();
    // Taking from a counter that lapsed (or never was) leaves nothing behind, not a debt.
    expect(await store.add(`${ns}gone`, -1, 60_000)).toBe(0);
    expect(await store.add(`${ns}gone`, 1, 60_000)).toBe(1);
    // Without a ttl the one set before stays: an add without ttlMs does not keep a counter alive.
    await store.add(`${ns}short`, 1, 30);
    await store.add(`${ns}short`, 1);
    await expect.poll(() => store.get(`${ns}short`), { interval: 10, timeout: 2000 }).toBeNull();
  });

  it('adds up to a maximum, changing nothing (not even the ttl) past it', async () => {
    expect(await store.addUpTo(`${ns}cap`, 1, 2, 60_000)).toBe(1);
    expect(await store.addUpTo(`${ns}cap`, 1, 2, 60_000)).toBe(2);
    expect(await store.addUpTo(`${ns}cap`, 1, 2, 60_000)).toBeNull();
    expect(await store.get(`${ns}cap`)).toBe('2');
    expect(await store.add(`${ns}cap`, -1, 60_000)).toBe(1);
    expect(await store.addUpTo(`${ns}cap`, 1, 2, 60_000)).toBe(2);
    // Refused attempts do not keep a full counter alive: it lapses with the ttl it had.
    await store.addUpTo(`${ns}full`, 1, 1, 50);
    await expect.poll(() => store.addUpTo(`${ns}full`, 1, 1, 60_000), { interval: 5, timeout: 2000 }).toBe(1);
  });

  it('appends guarded by a fixed-window limit and bumps a version, in one step', async () => {
    // One hash tag for all three keys: on a Redis Cluster they must live on one shard.
    const tag = `${ns}{game}`;
    const options = {
      maxLength: 100,
      ttlMs: 60_000,
      limit: { key: `${tag}:rate`, max: 2, windowMs: 60_000 },
      version: `${tag}:version`,
    };
    const first = idOf(await store.streamAppendGuarded(`${tag}:stream`, 'one', options));
    const second = idOf(await store.streamAppendGuarded(`${tag}:stream`, 'two', options));
    expect(isStreamId(first)).toBe(true);
    expect(compareStreamIds(second, first)).toBeGreaterThan(0);
    expect(await store.get(`${tag}:version`)).toBe('2');
    // Past the limit nothing is stored and the version stays.
    expect(await store.streamAppendGuarded(`${tag}:stream`, 'three', options)).toEqual({ refused: 'limit' });
    expect((await store.streamBefore(`${tag}:stream`, 10)).map((e) => e.value)).toEqual(['one', 'two']);
    expect(await store.get(`${tag}:version`)).toBe('2');
    // Without a limit or a version it is a plain append.
    const plain = idOf(await store.streamAppendGuarded(`${tag}:stream`, 'four', { maxLength: 100 }));
    expect((await store.streamBefore(`${tag}:stream`, 1))[0]).toEqual({ id: plain, value: 'four' });
  });

  it('appends once: the same append made again answers the first id and stores nothing', async () => {
    // What a Redis client does when a connection drops after the script ran but before its answer
    // came: it sends the same command again once reconnected.
    const tag = `${ns}{once}`;
    const options = {
      maxLength: 100,
      limit: { key: `${tag}:rate`, max: 1, windowMs: 60_000 },
      version: `${tag}:version`,
      once: { key: `${tag}:sent:1`, ttlMs: 60_000 },
    };
    const first = idOf(await store.streamAppendGuarded(`${tag}:stream`, 'touchdown', options));
    // Past the limit too: the resend is the same send, not a new one.
    expect(await store.streamAppendGuarded(`${tag}:stream`, 'touchdown', options)).toEqual({ id: first });
    expect(await store.streamBefore(`${tag}:stream`, 10)).toEqual([{ id: first, value: 'touchdown' }]);
    expect(await store.get(`${tag}:version`)).toBe('1');
    // Another send (its own key) is its own append, held by the limit as usual.
    expect(
      await store.streamAppendGuarded(`${tag}:stream`, 'again', {
        ...options,
        once: { key: `${tag}:sent:2`, ttlMs: 60_000 },
      }),
    ).toEqual({ refused: 'limit' });
    // A refused append remembers nothing: made again within the limit, it is stored.
    expect(await store.get(`${tag}:sent:2`)).toBeNull();
  });

  it('publishes each guarded append to every instance listening, in the order stored, counted', async () => {
    // The channels carry the stream's hash tag: on a cluster the script publishes on its own shard.
    const tag = `${ns}{feed}`;
    const listening = elsewhere(store);
    const heard: string[] = [];
    const listener = { message: (message: string) => heard.push(message), resumed: () => {} };
    await listening.subscribe(`${tag}:feed`, listener);
    await listening.subscribe(`${tag}:other`, listener);
    const options = {
      maxLength: 100,
      ttlMs: 60_000,
      limit: { key: `${tag}:rate`, max: 2, windowMs: 60_000 },
      publish: { channel: `${tag}:feed`, counter: `${tag}:count` },
    };
    const first = idOf(await store.streamAppendGuarded(`${tag}:stream`, '{"text":"kick-off"}', options));
    const second = idOf(await store.streamAppendGuarded(`${tag}:stream`, 'a b c', options));
    // A refused append publishes nothing and counts nothing.
    expect(await store.streamAppendGuarded(`${tag}:stream`, 'refused', options)).toEqual({
      refused: 'limit',
    });
    // Another stream's append, published on the other channel: it arrives after them.
    const other = { maxLength: 10, publish: { channel: `${tag}:other`, counter: `${tag}:other-count` } };
    const after = idOf(await store.streamAppendGuarded(`${tag}:other-stream`, 'after them', other));
    await expect
      .poll(() => heard, { interval: 10, timeout: 2000 })
      .toEqual([`1 ${first} {"text":"kick-off"}`, `2 ${second} a b c`, `1 ${after} after them`]);
    expect(await store.get(`${tag}:count`)).toBe('2');

    // Left: nothing more reaches it, while the channel still listened to does.
    await listening.unsubscribe(`${tag}:feed`);
    idOf(await store.streamAppendGuarded(`${tag}:stream`, 'unheard', { ...options, limit: undefined }));
    const still = idOf(await store.streamAppendGuarded(`${tag}:other-stream`, 'still heard', other));
    await expect.poll(() => heard.at(-1), { interval: 10, timeout: 2000 }).toBe(`2 ${still} still heard`);
    expect(heard).toHaveLength(4);
    expect(await store.get(`${tag}:count`)).toBe('3');
    await listening.unsubscribe(`${tag}:other`);
  });

  it('starts the limit window of a guarded append anew once it ends', async () => {
    const limit = { key: `${ns}{g}:rate`, max: 1, windowMs: 40 };
    expect(await store.streamAppendGuarded(`${ns}{g}:stream`, 'a', { maxLength: 10, limit })).toHaveProperty(
      'id',
    );
    expect(await store.streamAppendGuarded(`${ns}{g}:stream`, 'b', { maxLength: 10, limit })).toEqual({
      refused: 'limit',
    });
    await expect
      .poll(() => store.streamAppendGuarded(`${ns}{g}:stream`, 'c', { maxLength: 10, limit }), {
        interval: 10,
        timeout: 2000,
      })
      .toHaveProperty('id');
  });

  it('refuses a guarded append while blocked, and within the spacing in force, counting nothing', async () => {
    const tag = `${ns}{spaced}`;
    const spacing = (now: number) => ({
      settingsKey: `${tag}:settings`,
      lastKey: `${tag}:last`,
      now,
      keepMs: 60_000,
      allowedSeconds: [0, 5, 30],
    });
    const limit = { key: `${tag}:rate`, max: 4, windowMs: 60_000 };
    const append = (value: string, now: number) =>
      store.streamAppendGuarded(`${tag}:stream`, value, {
        maxLength: 10,
        blockedBy: `${tag}:muted`,
        spacing: spacing(now),
        limit,
      });
    // No spacing in force: appends follow each other, and none is remembered.
    expect(await append('a', 1_000)).toHaveProperty('id');
    expect(await store.get(`${tag}:last`)).toBeNull();
    // A setting not offered counts as none.
    await store.set(`${tag}:settings`, '{"slowModeSeconds":7}');
    expect(await append('b', 1_001)).toHaveProperty('id');
    await store.set(`${tag}:settings`, '{"slowModeSeconds":30}');
    expect(await append('c', 2_000)).toHaveProperty('id');
    expect(await append('d', 12_000)).toEqual({ refused: 'spacing', retryAfterMs: 20_000 });
    // Shortened: the next append is held to the new setting.
    await store.set(`${tag}:settings`, '{"slowModeSeconds":5}');
    expect(await append('e', 7_000)).toHaveProperty('id');
    // Blocked (a time-out): refused with the blocking value, before anything else.
    await store.set(`${tag}:muted`, '2030-01-01T00:00:00.000Z', 60_000);
    expect(await append('f', 99_000)).toEqual({ refused: 'blocked', value: '2030-01-01T00:00:00.000Z' });
    expect((await store.streamBefore(`${tag}:stream`, 10)).map((e) => e.value)).toEqual(['a', 'b', 'c', 'e']);
    // Refusals before the limit spent none of it: the fifth append counted is the one refused.
    await store.del(`${tag}:muted`);
    expect(await append('g', 99_000)).toEqual({ refused: 'limit' });
  });

  it('toggles a member of a hash field in one guarded step, answering the field and its version', async () => {
    const tag = `${ns}{toggled}`;
    const entry = idOf(await store.streamAppendGuarded(`${tag}:stream`, 'message', { maxLength: 10 }));
    const toggle = (group: string, member: string, on: boolean, id = entry) =>
      store.hashToggleGuarded({
        key: `${tag}:hash`,
        field: id,
        group,
        member,
        on,
        ttlMs: 60_000,
        version: `${tag}:version`,
        requires: { stream: `${tag}:stream`, id },
        blockedBy: `${tag}:muted`,
        limit: { key: `${tag}:rate`, max: 6, windowMs: 60_000 },
      });
    const group = (...members: string[]) => ({ count: members.length, members });
    expect(await toggle('🔥', 'ann', true)).toEqual({
      groups: { '🔥': group('ann') },
      version: 1,
      fields: 1,
    });
    expect(await toggle('🔥', 'ben', true)).toEqual({
      groups: { '🔥': group('ann', 'ben') },
      version: 2,
      fields: 1,
    });
    // Already so: nothing changes, and the answer is current at the version now.
    expect(await toggle('🔥', 'ben', true)).toEqual({
      groups: { '🔥': group('ann', 'ben') },
      version: 2,
      fields: 1,
    });
    expect(await toggle('👍', 'ben', true)).toEqual({
      groups: { '🔥': group('ann', 'ben'), '👍': group('ben') },
      version: 3,
      fields: 1,
    });
    expect(await toggle('🔥', 'ann', false)).toMatchObject({ version: 4 });
    expect(await toggle('missing', 'x', true, '1-1')).toEqual({ refused: 'missing' });
    await store.set(`${tag}:muted`, 'until', 60_000);
    expect(await toggle('🔥', 'ann', true)).toEqual({ refused: 'blocked', value: 'until' });
    await store.del(`${tag}:muted`);
    // The last member of the last group removes the field.
    await toggle('🔥', 'ben', false);
    expect(await store.hashGetAll(`${tag}:hash`)).toEqual({ [entry]: '{"👍":["ben"]}' });
    // Six counted (the refusals for a missing entry and a block were not): the seventh is refused.
    expect(await toggle('👍', 'ben', false)).toEqual({ refused: 'limit' });
    expect(await store.get(`${tag}:version`)).toBe('5');
  });

  it("answers a toggled field with each group's size and only its first members when asked", async () => {
    const tag = `${ns}{shown}`;
    const entry = idOf(await store.streamAppendGuarded(`${tag}:stream`, 'message', { maxLength: 10 }));
    const toggle = (group: string, member: string, on: boolean, shown?: number) =>
      store.hashToggleGuarded({
        key: `${tag}:hash`,
        field: entry,
        group,
        member,
        on,
        ttlMs: 60_000,
        version: `${tag}:version`,
        requires: { stream: `${tag}:stream`, id: entry },
        shown,
      });
    const fans = Array.from({ length: 6 }, (_, i) => `fan-${i}`);
    for (const fan of fans) await toggle('🔥', fan, true, 3);
    expect(await toggle('👍', 'ann', true, 3)).toEqual({
      groups: { '🔥': { count: 6, members: fans.slice(0, 3) }, '👍': { count: 1, members: ['ann'] } },
      version: 7,
      fields: 1,
    });
    // Taking back one of the first names the next in line; the store still holds every member.
    expect(await toggle('🔥', 'fan-1', false, 3)).toMatchObject({
      groups: { '🔥': { count: 5, members: ['fan-0', 'fan-2', 'fan-3'] } },
    });
    expect(await toggle('🔥', 'fan-9', false, 0)).toMatchObject({
      groups: { '🔥': { count: 5, members: [] }, '👍': { count: 1, members: [] } },
      version: 8,
    });
    expect(await toggle('🔥', 'fan-9', false)).toMatchObject({
      groups: { '🔥': { count: 5, members: ['fan-0', 'fan-2', 'fan-3', 'fan-4', 'fan-5'] } },
    });
  });

  it('publishes a toggle that changed the field, with its groups as answered, and no other', async () => {
    const tag = `${ns}{toggled}`;
    const listening = elsewhere(store);
    const heard: unknown[] = [];
    await listening.subscribe(`${tag}:feed`, {
      message: (message) => heard.push(message.startsWith('{') ? JSON.parse(message) : message),
      resumed: () => {},
    });
    const entry = idOf(await store.streamAppendGuarded(`${tag}:stream`, 'message', { maxLength: 10 }));
    const toggle = (member: string, on: boolean) =>
      store.hashToggleGuarded({
        key: `${tag}:hash`,
        field: entry,
        group: '🔥',
        member,
        on,
        ttlMs: 60_000,
        version: `${tag}:version`,
        requires: { stream: `${tag}:stream`, id: entry },
        shown: 1,
        publish: `${tag}:feed`,
      });
    await toggle('ann', true);
    await toggle('bob', true);
    await toggle('bob', true); // no change: nothing published
    await toggle('ann', false);
    // An append published on the same channel after them arrives after them.
    const feed = { channel: `${tag}:feed`, counter: `${tag}:count` };
    const after = idOf(
      await store.streamAppendGuarded(`${tag}:stream`, 'after', { maxLength: 10, publish: feed }),
    );
    await expect
      .poll(() => heard, { interval: 10, timeout: 2000 })
      .toEqual([
        {
          field: entry,
          group: '🔥',
          member: 'ann',
          on: true,
          version: 1,
          groups: { '🔥': { count: 1, members: ['ann'] } },
        },
        {
          field: entry,
          group: '🔥',
          member: 'bob',
          on: true,
          version: 2,
          groups: { '🔥': { count: 2, members: ['ann'] } },
        },
        {
          field: entry,
          group: '🔥',
          member: 'ann',
          on: false,
          version: 3,
          groups: { '🔥': { count: 1, members: ['bob'] } },
        },
        `1 ${after} after`,
      ]);
    await listening.unsubscribe(`${tag}:feed`);
  });

  it('updates a hash and bumps a version in one step, the version seeded once and only rising', async () => {
    // One hash tag for both keys: on a Redis Cluster they must live on one shard.
    const tag = `${ns}{versioned}`;
    const update = (change: Pick<VersionedHashUpdate, 'remove' | 'set'>, seed: number, ttlMs = 60_000) =>
      store.hashUpdateVersioned({
        key: `${tag}:hash`,
        ...change,
        version: { key: `${tag}:version`, seed, ttlMs },
      });
    // The first update starts the version at its seed; later ones add one, whatever seed they bring.
    expect(await update({ set: { ann: 'a', ben: 'b' } }, 1_000)).toEqual({ fields: 2, version: 1_001 });
    expect(await update({ remove: ['ann'] }, 5_000)).toEqual({ fields: 1, version: 1_002 });
    expect(await update({ remove: ['nobody', 'ben'], set: { ben: 'b2', cat: 'c' } }, 10)).toEqual({
      fields: 2,
      version: 1_003,
    });
    expect(await store.hashGetAll(`${tag}:hash`)).toEqual({ ben: 'b2', cat: 'c' });
    // The last fields removed remove the hash; the version stays until its ttl ends.
    expect(await update({ remove: ['ben', 'cat'] }, 1_000, 40)).toEqual({ fields: 0, version: 1_004 });
    expect(await store.hashGetAll(`${tag}:hash`)).toEqual({});
    expect(await store.get(`${tag}:version`)).toBe('1004');
    // Once it lapsed, the next update seeds it anew. A seed near the clock in microseconds is kept exact.
    await expect.poll(() => store.get(`${tag}:version`), { interval: 10, timeout: 2000 }).toBeNull();
    expect(await update({ set: { dan: 'd' } }, 1_764_000_000_000_000)).toEqual({
      fields: 1,
      version: 1_764_000_000_000_001,
    });
  });

  it('answers updates made at once by two clients a version each, in the order they applied', async () => {
    const tag = `${ns}{raced}`;
    const clients = [store, elsewhere(store)];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        clients[i % 2]!.hashUpdateVersioned({
          key: `${tag}:hash`,
          set: { [`fan-${i}`]: 'in' },
          version: { key: `${tag}:version`, seed: 100, ttlMs: 60_000 },
        }),
      ),
    );
    // Seeded once, then one step each: twenty distinct versions, none lost or repeated.
    const byVersion = answers.sort((a, b) => a.version - b.version);
    expect(byVersion.map((answer) => answer.version)).toEqual(Array.from({ length: 20 }, (_, i) => 101 + i));
    // Each answer's size is the hash's at its version: the higher the version, the more fans in.
    expect(byVersion.map((answer) => answer.fields)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('stores hash fields, reads some of them, and removes them', async () => {
    expect(await store.hashGetAll(`${ns}hash`)).toEqual({});
    await store.hashSet(`${ns}hash`, 'alice', '1');
    await store.hashSet(`${ns}hash`, 'bob', '2');
    await store.hashSet(`${ns}hash`, 'alice', '3');
    expect(await store.hashGetAll(`${ns}hash`)).toEqual({ alice: '3', bob: '2' });
    expect(await store.hashGetMany(`${ns}hash`, ['bob', 'nobody', 'alice'])).toEqual(['2', null, '3']);
    expect(await store.hashGetMany(`${ns}hash`, [])).toEqual([]);
    expect(await store.hashGetMany(`${ns}none`, ['alice'])).toEqual([null]);
    await store.hashDelete(`${ns}hash`, 'alice');
    await store.hashDelete(`${ns}hash`, 'bob');
    expect(await store.hashGetAll(`${ns}hash`)).toEqual({});
  });

  it('appends to a stream with ordered ids and pages backwards and forwards', async () => {
    const ids: string[] = [];
    for (let i = 1; i <= 5; i++) ids.push(await store.streamAppend(`${ns}stream`, `m${i}`, 100));
    expect([...ids].sort(compareStreamIds)).toEqual(ids);
    expect(ids.every(isStreamId)).toBe(true);

    const latest = await store.streamBefore(`${ns}stream`, 2);
    expect(latest.map((e) => e.value)).toEqual(['m4', 'm5']);
    const older = await store.streamBefore(`${ns}stream`, 2, latest[0]!.id);
    expect(older.map((e) => e.value)).toEqual(['m2', 'm3']);
    const after = await store.streamAfter(`${ns}stream`, ids[2]!, 10);
    expect(after.map((e) => e.value)).toEqual(['m4', 'm5']);
    expect(await store.streamAfter(`${ns}stream`, ids[4]!, 10)).toEqual([]);
    expect(await store.streamBefore(`${ns}none`, 10)).toEqual([]);
  });

  it('deletes stream entries by id', async () => {
    const first = await store.streamAppend(`${ns}stream`, 'keep', 100);
    const second = await store.streamAppend(`${ns}stream`, 'drop', 100);
    expect(await store.streamDelete(`${ns}stream`, second)).toBe(true);
    expect(await store.streamDelete(`${ns}stream`, second)).toBe(false);
    expect(await store.streamBefore(`${ns}stream`, 10)).toEqual([{ id: first, value: 'keep' }]);
  });

  it('keeps at least the newest maxLength stream entries', async () => {
    for (let i = 0; i < 300; i++) await store.streamAppend(`${ns}capped`, String(i), 100);
    const kept = await store.streamBefore(`${ns}capped`, 1000);
    expect(kept.length).toBeGreaterThanOrEqual(100);
    expect(kept.length).toBeLessThan(300);
    expect(kept.at(-1)!.value).toBe('299');
  });

  it('expires a stream its time to live after the last append, each append renewing it', async () => {
    await store.streamAppend(`${ns}quiet`, 'only message', 100, 30);
    await store.streamAppend(`${ns}busy`, 'first', 100, 30);
    await store.streamAppend(`${ns}busy`, 'second', 100, 60_000);
    await store.streamAppend(`${ns}forever`, 'no ttl', 100);
    // The quiet stream lapses on its own, nobody reading it in between counts as activity.
    await expect
      .poll(() => store.streamBefore(`${ns}quiet`, 10), { interval: 10, timeout: 2000 })
      .toEqual([]);
    // By then the first append's 30 ms are long gone: the second append renewed the busy stream.
    expect((await store.streamBefore(`${ns}busy`, 10)).map((e) => e.value)).toEqual(['first', 'second']);
    expect((await store.streamBefore(`${ns}forever`, 10)).map((e) => e.value)).toEqual(['no ttl']);
  });

  it('answers ping while up', async () => {
    expect(await store.ping()).toBe(true);
  });
});
