import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CATALOGUE_VERSION,
  STORAGE_KEYS,
  migrateStoredFavourites,
  parseFavouriteTeams,
  parseFavouriteTech,
  parseFlag,
} from './storage';

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('stored favourites validation', () => {
  it('reads teams per league, keeping only catalogue short names once each', () => {
    expect(parseFavouriteTeams({ nfl: ['KC', 'KC', 'NOPE'], nba: ['ATL'], mlb: [], nhl: ['TOR'] })).toEqual({
      nfl: ['KC'],
      nba: ['ATL'],
      mlb: [],
      nhl: ['TOR'],
    });
  });

  it('keeps short names apart per league (ATL is in three leagues, not in the NHL)', () => {
    expect(parseFavouriteTeams({ nfl: ['ATL'], nhl: ['ATL'] })).toEqual({
      nfl: ['ATL'],
      nba: [],
      mlb: [],
      nhl: [],
    });
  });

  it('drops one malformed league without losing the others, and fills missing leagues', () => {
    expect(parseFavouriteTeams({ nfl: 'KC', nba: [1, 2], mlb: ['NYY'] })).toEqual({
      nfl: [],
      nba: [],
      mlb: ['NYY'],
      nhl: [],
    });
  });

  it('refuses values that are not a favourites object', () => {
    for (const value of [null, 'KC', 42, ['KC'], true]) expect(parseFavouriteTeams(value)).toBeNull();
    expect(parseFavouriteTech([])).toBeNull();
  });

  it('reads tech per group by short name', () => {
    expect(parseFavouriteTech({ languages: ['TS', 'REACT'], stacks: ['REACT'], companies: ['HF'] })).toEqual({
      languages: ['TS'],
      stacks: ['REACT'],
      industries: [],
      companies: ['HF'],
    });
  });

  it('reads the completed flags', () => {
    expect(parseFlag(true)).toBe(true);
    expect(parseFlag(false)).toBe(false);
    expect(parseFlag('true')).toBe(true);
    expect(parseFlag(1)).toBeNull();
  });
});

describe('lastMajorUpdate', () => {
  it('carries renamed teams over once and records the catalogue version', () => {
    localStorage.setItem(STORAGE_KEYS.favoriteTeams, JSON.stringify({ mlb: ['OAK', 'NYY'], nhl: ['ARI'] }));
    migrateStoredFavourites();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.favoriteTeams)!)).toEqual({
      mlb: ['ATH', 'NYY'],
      nhl: ['UTA'],
    });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.lastMajorUpdate)!)).toBe(CATALOGUE_VERSION);

    // Once recorded, stored values are left alone.
    localStorage.setItem(STORAGE_KEYS.favoriteTeams, JSON.stringify({ mlb: ['OAK'] }));
    migrateStoredFavourites();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.favoriteTeams)!)).toEqual({ mlb: ['OAK'] });
  });

  it('only logs when storage fails, and leaves corrupt values to validation', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    localStorage.setItem(STORAGE_KEYS.favoriteTeams, '{not json');
    expect(() => migrateStoredFavourites()).not.toThrow();
    expect(warn).toHaveBeenCalled();
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
    } as unknown as Storage;
    expect(() => migrateStoredFavourites(broken)).not.toThrow();
  });
});
