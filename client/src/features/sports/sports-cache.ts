import { sportsDatasetSchema, type SportsDataset } from '@shared/schemas/sports';
import { removeStored, writeStored } from '@client/lib/local-storage';

/** Browser storage key of the last dataset, for an instant first paint. */
export const SPORTS_CACHE_KEY = 'generatedSportsData';

/** The cached dataset if it is readable; a corrupt one is removed. */
export function readCachedSports(): SportsDataset | null {
  let raw: string | null;
  try {
    raw = localStorage.getItem(SPORTS_CACHE_KEY);
  } catch (error) {
    console.warn(`storage: could not read "${SPORTS_CACHE_KEY}"`, error);
    return null;
  }
  if (raw === null) return null;
  try {
    const parsed = sportsDatasetSchema.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
  } catch {
    // not JSON: removed below
  }
  console.warn(`storage: removing the unreadable "${SPORTS_CACHE_KEY}"`);
  removeStored(SPORTS_CACHE_KEY);
  return null;
}

export function writeCachedSports(dataset: SportsDataset): void {
  writeStored(SPORTS_CACHE_KEY, dataset);
}
