import { LEAGUE_KEYS, findTeam, type LeagueKey } from '@shared/data/teams';
import { TECH_CATEGORY_KEYS, findInterest, type TechCategoryKey } from '@shared/data/tech-interests';
import { z } from 'zod/mini';

/** Browser-storage keys of the favourites (docs/product.md, Browser storage). */
export const STORAGE_KEYS = {
  favoriteTeams: 'favoriteTeams',
  teamQuestionnaireCompleted: 'teamQuestionnaireCompleted',
  favoriteTech: 'favoriteTech',
  techQuestionnaireCompleted: 'techQuestionnaireCompleted',
  lastMajorUpdate: 'lastMajorUpdate',
} as const;

/** Favourite teams: per league, the short names chosen (short names repeat across leagues). */
export type FavouriteTeams = Record<LeagueKey, string[]>;
/** Favourite tech: per group, the short names chosen. */
export type FavouriteTech = Record<TechCategoryKey, string[]>;

export const EMPTY_TEAMS: FavouriteTeams = { nfl: [], nba: [], mlb: [], nhl: [] };
export const EMPTY_TECH: FavouriteTech = { languages: [], stacks: [], industries: [], companies: [] };

const shortNameList = z.array(z.string());
const keyedLists = z.record(z.string(), z.unknown());

/**
 * Keeps the short names still in the catalogue, once each, in the order stored. A list that is not a
 * list of strings is dropped on its own, so one bad league does not cost the others.
 */
function parseKeyedLists<K extends string>(
  value: unknown,
  keys: readonly K[],
  exists: (key: K, shortName: string) => boolean,
): Record<K, string[]> | null {
  const parsed = keyedLists.safeParse(value);
  if (!parsed.success || Array.isArray(value)) return null;
  const result = {} as Record<K, string[]>;
  for (const key of keys) {
    const list = shortNameList.safeParse(parsed.data[key]);
    const names = list.success ? list.data : [];
    result[key] = [...new Set(names)].filter((shortName) => exists(key, shortName));
  }
  return result;
}

/** The stored favoriteTeams value, validated; null when it is not a favourites object at all. */
export function parseFavouriteTeams(value: unknown): FavouriteTeams | null {
  return parseKeyedLists(
    value,
    LEAGUE_KEYS,
    (league, shortName) => findTeam(league, shortName) !== undefined,
  );
}

/** The stored favoriteTech value, validated; null when it is not a favourites object at all. */
export function parseFavouriteTech(value: unknown): FavouriteTech | null {
  return parseKeyedLists(
    value,
    TECH_CATEGORY_KEYS,
    (category, shortName) => findInterest(category, shortName) !== undefined,
  );
}

/** A questionnaire's completed flag; older builds stored the string 'true'. */
export function parseFlag(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === 'false') return value === 'true';
  return null;
}

/**
 * `lastMajorUpdate` holds the catalogue version the stored favourites were last brought up to. When
 * the catalogue renames a short name (a team moves, a league renames it), favourites stored under
 * the old name are carried over once instead of silently disappearing.
 */
export const CATALOGUE_VERSION = '2025-07-01';

/** Short-name renames per league since favourites were first stored. */
const TEAM_RENAMES: Partial<Record<LeagueKey, Record<string, string>>> = {
  mlb: { OAK: 'ATH' }, // the Oakland Athletics became the Athletics
  nhl: { ARI: 'UTA' }, // the Arizona Coyotes' franchise moved to Utah
};

/** Applies the renames to a raw stored favoriteTeams value (anything not a favourites object passes). */
export function renameStoredTeams(value: unknown): unknown {
  const parsed = keyedLists.safeParse(value);
  if (!parsed.success || Array.isArray(value)) return value;
  const next: Record<string, unknown> = { ...parsed.data };
  for (const [league, renames] of Object.entries(TEAM_RENAMES)) {
    const list = shortNameList.safeParse(next[league]);
    if (list.success) next[league] = list.data.map((shortName) => renames[shortName] ?? shortName);
  }
  return next;
}

/**
 * Brings stored favourites up to CATALOGUE_VERSION once, then records it under lastMajorUpdate.
 * Storage failures are only logged; the page carries on.
 */
export function migrateStoredFavourites(storage: Storage = localStorage): void {
  try {
    if (storage.getItem(STORAGE_KEYS.lastMajorUpdate) === JSON.stringify(CATALOGUE_VERSION)) return;
    const raw = storage.getItem(STORAGE_KEYS.favoriteTeams);
    if (raw !== null) {
      try {
        storage.setItem(STORAGE_KEYS.favoriteTeams, JSON.stringify(renameStoredTeams(JSON.parse(raw))));
      } catch (error) {
        console.warn('favourites: could not migrate stored teams', error);
      }
    }
    storage.setItem(STORAGE_KEYS.lastMajorUpdate, JSON.stringify(CATALOGUE_VERSION));
  } catch (error) {
    console.warn('favourites: could not check lastMajorUpdate', error);
  }
}

/** How many favourites a map holds in all. */
export function countFavourites(favourites: Record<string, readonly string[]>): number {
  return Object.values(favourites).reduce((total, list) => total + list.length, 0);
}
