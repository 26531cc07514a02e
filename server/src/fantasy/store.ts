import { companyPointsSchema, type CompanyPoints } from '@shared/schemas/fantasy';
import { keys } from '../storage/keys';
import { storeLock } from '../storage/lock';
import type { Store } from '../storage/store';

/** How long one instance may hold the computing lock (a crashed holder frees it after this). */
export const POINTS_LOCK_TTL_MS = 15 * 60 * 1000;

/**
 * The fantasy points as every instance shares them: company id → that company's CompanyPoints (a
 * hash), when they were last computed, and the lock that lets one instance at a time compute them.
 */
export function createFantasyStore(store: Store) {
  const pointsKey = keys.fantasyPoints();
  const parse = (raw: string | null): CompanyPoints | null => {
    if (raw === null) return null;
    try {
      const parsed = companyPointsSchema.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  };
  return {
    lock: storeLock(store, keys.lock('fantasy-points'), POINTS_LOCK_TTL_MS),
    /** When the points were last computed (ms), or null. */
    async lastRun(): Promise<number | null> {
      const raw = await store.get(keys.fantasyLastRun());
      const time = raw === null ? NaN : Number(raw);
      return Number.isFinite(time) ? time : null;
    },
    setLastRun: (time: number) => store.set(keys.fantasyLastRun(), String(time)),
    save: (points: CompanyPoints) => store.hashSet(pointsKey, points.companyId, JSON.stringify(points)),
    /** Every stored company's points; an unreadable entry is left out (the next run rewrites it). */
    async all(): Promise<CompanyPoints[]> {
      return Object.values(await store.hashGetAll(pointsKey)).flatMap((raw) => parse(raw) ?? []);
    },
    async many(companyIds: readonly string[]): Promise<Array<CompanyPoints | null>> {
      if (companyIds.length === 0) return [];
      return (await store.hashGetMany(pointsKey, companyIds)).map(parse);
    },
  };
}

export type FantasyStore = ReturnType<typeof createFantasyStore>;
