/**
 * The saved league (teams, draft state, timestamp) under one
 * browser storage key. Companies are saved by id and looked up in the directory on load.
 *
 * Loading never trusts what it finds: the shape is checked with zod, then the saved picks are
 * replayed through the engine from the saved initial points; anything that does not replay to the
 * same draft (a hand-edited value, a company no longer in the directory, an older format) discards
 * the save, and the page starts a fresh league.
 */
import { z } from 'zod/mini';
import { readStored, removeStored } from '@client/lib/local-storage';
import type { Company, CompanyId } from './catalogue';
import {
  DRAFT_ORDER,
  INITIAL_POINTS_MAX,
  INITIAL_POINTS_MIN,
  LEAGUE_SIZE,
  SAVED_LEAGUE_MAX_AGE_MS,
  TOTAL_ROUNDS,
  USER_OWNER,
  USER_TEAM_NAME,
  createDraft,
  pickCompany,
  rankTeams,
  teamId,
  type CompanyStats,
  type FantasyTeam,
  type League,
} from './engine';

/** The one browser storage key of the league. */
export const LEAGUE_STORAGE_KEY = 'fantasyLeague';
/** Bumped when the saved shape changes; an older save is discarded. */
export const SAVED_LEAGUE_VERSION = 1;

const int = z.int();
const atLeast = (minimum: number) => z.int().check(z.minimum(minimum));
const companyIds = z.array(z.string());

const savedTeamSchema = z.object({
  id: z.string(),
  name: z.string(),
  owner: z.string(),
  companies: companyIds,
  points: int,
  initialPoints: int,
  rank: int,
});

const savedLeagueSchema = z.object({
  version: z.literal(SAVED_LEAGUE_VERSION),
  /** When it was saved, in milliseconds since the epoch (a finite number: zod refuses Infinity). */
  timestamp: z.number(),
  /**
   * Orders the saves of the tabs sharing the league: each save is numbered above the one it was
   * based on, so a tab can tell a newer league from an older one. Saves made before tabs shared the
   * league have none and count as 0.
   */
  revision: z.optional(atLeast(0)),
  teams: z.array(savedTeamSchema).check(z.length(LEAGUE_SIZE)),
  draft: z.object({
    isActive: z.boolean(),
    isComplete: z.boolean(),
    currentPick: atLeast(1),
    draftOrder: z.array(z.string()),
    availableCompanies: companyIds,
    pickedCompanies: companyIds,
    roundsCompleted: atLeast(0),
    totalRounds: int,
    picks: z.array(z.object({ pick: int, round: int, teamId: z.string(), company: z.string() })),
  }),
  stats: z.record(z.string(), z.object({ projection: int, points: int, delta: int })),
  queue: companyIds,
});

export type SavedLeague = z.infer<typeof savedLeagueSchema>;

/** The league as saved: companies by id, stamped with the time and its revision. */
export function serializeLeague(league: League, now: number, revision = 0): SavedLeague {
  const ids = (companies: Company[]) => companies.map((company) => company.link);
  return {
    version: SAVED_LEAGUE_VERSION,
    timestamp: now,
    revision,
    teams: league.teams.map((team) => ({ ...team, companies: ids(team.companies) })),
    draft: {
      ...league.draft,
      availableCompanies: ids(league.draft.availableCompanies),
      pickedCompanies: ids(league.draft.pickedCompanies),
      picks: league.draft.picks.map((pick) => ({ ...pick, company: pick.company.link })),
    },
    stats: { ...league.stats },
    queue: [...league.queue],
  };
}

const sameIds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, index) => id === b[index]);

/** A league read back from storage, with the revision it was saved as and when. */
export interface StoredLeague {
  league: League;
  revision: number;
  /** The save's timestamp. */
  savedAt: number;
}

/**
 * A saved value back into a league, or null when it is malformed, inconsistent, or not younger
 * than SAVED_LEAGUE_MAX_AGE_MS (a save stamped in the future by a changed clock gets the same window).
 */
export function restoreLeague(value: unknown, companies: readonly Company[], now: number): League | null {
  return restoreStoredLeague(value, companies, now)?.league ?? null;
}

/** restoreLeague, keeping the save's revision and timestamp. */
export function restoreStoredLeague(
  value: unknown,
  companies: readonly Company[],
  now: number,
): StoredLeague | null {
  const parsed = savedLeagueSchema.safeParse(value);
  if (!parsed.success) return null;
  const saved = parsed.data;
  if (Math.abs(now - saved.timestamp) >= SAVED_LEAGUE_MAX_AGE_MS) return null;
  if (saved.draft.totalRounds !== TOTAL_ROUNDS || !sameIds(saved.draft.draftOrder, DRAFT_ORDER)) return null;

  const byId = new Map(companies.map((company) => [company.link, company]));
  const stats: Record<CompanyId, CompanyStats> = {};
  for (const company of companies) {
    const entry = saved.stats[company.link];
    if (!entry) return null;
    stats[company.link] = entry;
  }

  // The teams as they were before the first pick, then every pick replayed in order.
  const teams: FantasyTeam[] = [];
  for (const [index, owner] of DRAFT_ORDER.entries()) {
    const team = saved.teams[index]!;
    const name = owner === USER_OWNER ? USER_TEAM_NAME : owner;
    if (team.id !== teamId(index) || team.owner !== owner || team.name !== name) return null;
    if (team.initialPoints < INITIAL_POINTS_MIN || team.initialPoints > INITIAL_POINTS_MAX) return null;
    teams.push({
      id: teamId(index),
      name,
      owner,
      companies: [],
      points: team.initialPoints,
      initialPoints: team.initialPoints,
      rank: 0,
    });
  }
  let league: League = {
    teams: rankTeams(teams),
    draft: { ...createDraft(companies), isActive: true },
    stats,
    queue: [],
  };
  for (const [index, pick] of saved.draft.picks.entries()) {
    if (pick.pick !== index + 1) return null;
    const next = pickCompany(league, pick.company);
    const made = next.draft.picks.at(-1);
    if (next === league || made?.teamId !== pick.teamId || made.round !== pick.round) return null;
    league = next;
  }

  const { draft } = league;
  const started = saved.draft.isActive || saved.draft.picks.length > 0 || saved.draft.isComplete;
  const consistent =
    saved.draft.currentPick === draft.currentPick &&
    saved.draft.roundsCompleted === draft.roundsCompleted &&
    saved.draft.isComplete === draft.isComplete &&
    saved.draft.isActive === (draft.isActive && started) &&
    sameIds(
      saved.draft.pickedCompanies,
      draft.pickedCompanies.map((company) => company.link),
    ) &&
    sameIds(
      saved.draft.availableCompanies,
      draft.availableCompanies.map((company) => company.link),
    ) &&
    saved.teams.every((team, index) =>
      sameIds(
        team.companies,
        league.teams[index]!.companies.map((c) => c.link),
      ),
    );
  if (!consistent) return null;

  const queue = saved.queue.filter((id, index) => byId.has(id) && saved.queue.indexOf(id) === index);
  const available = new Set(draft.availableCompanies.map((company) => company.link));
  return {
    league: {
      ...league,
      draft: { ...draft, isActive: draft.isActive && started },
      queue: queue.filter((id) => available.has(id)),
    },
    revision: saved.revision ?? 0,
    savedAt: saved.timestamp,
  };
}

/** The saved league, if there is a usable one; an unusable one is removed (and logged). */
export function loadLeague(companies: readonly Company[], now: number): League | null {
  return loadStoredLeague(companies, now)?.league ?? null;
}

/** loadLeague, keeping the save's revision and timestamp. */
export function loadStoredLeague(companies: readonly Company[], now: number): StoredLeague | null {
  return readStored(LEAGUE_STORAGE_KEY, (value) => restoreStoredLeague(value, companies, now), null);
}

/**
 * What storage holds right now, read without changing it (another tab may have written it, possibly
 * a newer version of the app whose save this one cannot read): the league, `'none'` when nothing is
 * saved, or `'unusable'`.
 */
export function peekStoredLeague(
  companies: readonly Company[],
  now: number,
): StoredLeague | 'none' | 'unusable' {
  let raw: string | null;
  try {
    raw = localStorage.getItem(LEAGUE_STORAGE_KEY);
  } catch (error) {
    console.warn(`storage: could not read "${LEAGUE_STORAGE_KEY}"`, error);
    return 'unusable';
  }
  if (raw === null) return 'none';
  try {
    return restoreStoredLeague(JSON.parse(raw), companies, now) ?? 'unusable';
  } catch {
    return 'unusable';
  }
}

/** Saves the league; false when the browser refused (private mode, quota), which is only logged. */
export function saveLeague(league: League, now: number, revision = 0): boolean {
  try {
    localStorage.setItem(LEAGUE_STORAGE_KEY, JSON.stringify(serializeLeague(league, now, revision)));
    return true;
  } catch (error) {
    console.warn(`storage: could not write "${LEAGUE_STORAGE_KEY}"`, error);
    return false;
  }
}

export function clearSavedLeague(): void {
  removeStored(LEAGUE_STORAGE_KEY);
}
