import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COMPANIES } from './catalogue';
import {
  SAVED_LEAGUE_MAX_AGE_MS,
  aiPick,
  createLeague,
  isUserTurn,
  startDraft,
  toggleQueued,
  userPick,
  type League,
} from './engine';
import {
  LEAGUE_STORAGE_KEY,
  clearSavedLeague,
  loadLeague,
  restoreLeague,
  saveLeague,
  serializeLeague,
  type SavedLeague,
} from './persistence';
import { seededRandom } from './random';

const NOW = Date.UTC(2026, 5, 1, 12);
const DAY_MS = 24 * 60 * 60 * 1000;

/** A league some picks into the draft: the user and the AI teams took turns for `picks` picks. */
function draftedLeague(picks: number, seed = 3): League {
  const random = seededRandom(seed);
  let league = toggleQueued(startDraft(createLeague(COMPANIES, random)), COMPANIES[100]!.link);
  while (league.draft.currentPick <= picks && !league.draft.isComplete) {
    league = isUserTurn(league)
      ? userPick(league, league.draft.availableCompanies[0]!.link)
      : aiPick(league, random);
  }
  return league;
}

/** The saved form as it would come back from JSON. */
const saved = (league: League, now = NOW) =>
  JSON.parse(JSON.stringify(serializeLeague(league, now))) as Record<string, unknown>;

describe('restoreLeague', () => {
  it('gives back the same league, mid-draft and complete', () => {
    for (const picks of [0, 1, 13, 80]) {
      const league = draftedLeague(picks);
      expect(restoreLeague(saved(league), COMPANIES, NOW)).toEqual(league);
    }
    const fresh = createLeague(COMPANIES, seededRandom(1));
    expect(restoreLeague(saved(fresh), COMPANIES, NOW)).toEqual(fresh);
  });

  it('restores only a league younger than 7 days', () => {
    const league = draftedLeague(5);
    const value = saved(league, NOW);
    expect(restoreLeague(value, COMPANIES, NOW + 6 * DAY_MS)).toEqual(league);
    expect(restoreLeague(value, COMPANIES, NOW + SAVED_LEAGUE_MAX_AGE_MS - 1)).toEqual(league);
    expect(restoreLeague(value, COMPANIES, NOW + SAVED_LEAGUE_MAX_AGE_MS)).toBeNull();
    expect(restoreLeague(value, COMPANIES, NOW + 30 * DAY_MS)).toBeNull();
  });

  it('discards corrupt or inconsistent saves instead of crashing', () => {
    const good = saved(draftedLeague(12));
    const edit = (change: (value: SavedLeague) => void) => {
      const copy = structuredClone(good) as SavedLeague;
      change(copy);
      return restoreLeague(copy, COMPANIES, NOW);
    };
    expect(restoreLeague(null, COMPANIES, NOW)).toBeNull();
    expect(restoreLeague('league', COMPANIES, NOW)).toBeNull();
    expect(restoreLeague({}, COMPANIES, NOW)).toBeNull();
    expect(edit((v) => ((v as { version: number }).version = 0))).toBeNull();
    expect(edit((v) => delete (v as Partial<SavedLeague>).timestamp)).toBeNull();
    expect(edit((v) => (v.teams = v.teams.slice(1)))).toBeNull();
    expect(edit((v) => (v.teams[0]!.name = 'Hacked'))).toBeNull();
    expect(edit((v) => (v.teams[3]!.initialPoints = 9000))).toBeNull();
    expect(edit((v) => (v.draft.currentPick = 40))).toBeNull();
    expect(edit((v) => (v.draft.isComplete = true))).toBeNull();
    expect(edit((v) => (v.draft.totalRounds = 3))).toBeNull();
    expect(edit((v) => v.draft.draftOrder.reverse())).toBeNull();
    expect(edit((v) => (v.draft.picks[4]!.company = v.draft.picks[2]!.company))).toBeNull();
    expect(edit((v) => (v.draft.picks[4]!.company = '/companies/not-in-the-directory'))).toBeNull();
    expect(edit((v) => (v.draft.picks[4]!.teamId = 'team-0'))).toBeNull();
    expect(edit((v) => v.teams[1]!.companies.pop())).toBeNull();
    expect(edit((v) => v.draft.availableCompanies.pop())).toBeNull();
    expect(edit((v) => delete v.stats[COMPANIES[0]!.link])).toBeNull();
    // Unknown or drafted ids in the queue are dropped, not fatal.
    const queued = edit((v) => v.queue.push('/companies/gone', v.draft.pickedCompanies[0]!));
    expect(queued?.queue).toEqual([COMPANIES[100]!.link]);
  });
});

describe('browser storage', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.restoreAllMocks());

  it('saves under one key and loads it back', () => {
    const league = draftedLeague(7);
    saveLeague(league, NOW);
    expect(Object.keys(localStorage)).toEqual([LEAGUE_STORAGE_KEY]);
    expect(loadLeague(COMPANIES, NOW + DAY_MS)).toEqual(league);
    clearSavedLeague();
    expect(localStorage.getItem(LEAGUE_STORAGE_KEY)).toBeNull();
    expect(loadLeague(COMPANIES, NOW)).toBeNull();
  });

  it('removes an expired or unreadable save', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    saveLeague(draftedLeague(2), NOW);
    expect(loadLeague(COMPANIES, NOW + 8 * DAY_MS)).toBeNull();
    expect(localStorage.getItem(LEAGUE_STORAGE_KEY)).toBeNull();
    localStorage.setItem(LEAGUE_STORAGE_KEY, '{not json');
    expect(loadLeague(COMPANIES, NOW)).toBeNull();
    expect(warn).toHaveBeenCalled();
  });
});
