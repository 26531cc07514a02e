import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { storeImplementations } from '../../../tests/helpers/store-implementations';
import { compareStreamIds, isStreamId, type Store, type VersionedHashUpdate } from './store';

/**
 * One contract, two implementations: whatever a feature relies on behaves the same in memory, on
 * Redis and on a Redis Cluster (where an operation over several keys needs them on one shard: the
 * tests give such keys one hash tag, as keys.ts does a game's). Each test uses its own key namespace
 * so runs never see each other's data.
 */
const implementations = storeImplementations({
  memory: 'MemoryStore',
  redis: 'RedisStore',
  cluster: 'RedisStore on a cluster',
});

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

  it('keeps a sorted set in score order, moves and removes members, and reads the lowest up to a score', async () => {
    const key = `${ns}due`;
    expect(await store.sortedSetUpTo(key, Number.MAX_SAFE_INTEGER, 10)).toEqual([]);
    const at = 1_790_000_000_000; // times in ms are scores
    await store.sortedSetAdd(key, [
      { member: 'carol', score: at + 300 },
      { member: 'alice', score: at + 100 },
      { member: 'bob', score: at + 200 },
    ]);
    await store.sortedSetAdd(key, [{ member: 'dave', score: at + 200 }]);
    await store.sortedSetAdd(key, []);
    // Lowest first, equal scores by member; nothing above the score, and no more than the limit.
    expect(await store.sortedSetUpTo(key, at + 200, 10)).toEqual([
      { member: 'alice', score: at + 100 },
      { member: 'bob', score: at + 200 },
      { member: 'dave', score: at + 200 },
    ]);
    expect(await store.sortedSetUpTo(key, at + 1000, 2)).toEqual([
      { member: 'alice', score: at + 100 },
      { member: 'bob', score: at + 200 },
    ]);
    expect(await store.sortedSetUpTo(key, at + 99, 10)).toEqual([]);
    expect(await store.sortedSetUpTo(key, at + 1000, 0)).toEqual([]);
    // Adding a member again moves it; another instance sees the same set.
    await store.sortedSetAdd(key, [{ member: 'alice', score: at + 400 }]);
    expect(await elsewhere(store).sortedSetUpTo(key, at + 1000, 10)).toEqual([
      { member: 'bob', score: at + 200 },
      { member: 'dave', score: at + 200 },
      { member: 'carol', score: at + 300 },
      { member: 'alice', score: at + 400 },
    ]);
    // Lower only: a member moves down, never up, and a new one is added.
    await store.sortedSetAdd(
      key,
      [
        { member: 'alice', score: at + 50 },
        { member: 'carol', score: at + 900 },
        { member: 'erin', score: at + 250 },
      ],
      { lowerOnly: true },
    );
    expect(await store.sortedSetUpTo(key, at + 1000, 10)).toEqual([
      { member: 'alice', score: at + 50 },
      { member: 'bob', score: at + 200 },
      { member: 'dave', score: at + 200 },
      { member: 'erin', score: at + 250 },
      { member: 'carol', score: at + 300 },
    ]);
    expect(await store.sortedSetRemove(key, 'erin')).toBe(true);
    expect(await store.sortedSetRemove(key, 'bob')).toBe(true);
    expect(await store.sortedSetRemove(key, 'bob')).toBe(false);
    expect(await store.sortedSetRemove(`${ns}none`, 'bob')).toBe(false);
    expect((await store.sortedSetUpTo(key, at + 1000, 10)).map((entry) => entry.member)).toEqual([
      'alice',
      'dave',
      'carol',
    ]);
    for (const member of ['dave', 'carol', 'alice']) await store.sortedSetRemove(key, member);
    // A set left empty is gone.
    expect(await store.expire(key, 60_000)).toBe(false);
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
