/**
 * The fantasy startup draft as pure functions: the league, the draft's turns and rounds, the AI
 * teams' picks and the scores. Nothing here touches React, timers or storage, and every random choice comes from the
 * RandomSource passed in, so a seeded source replays a league exactly.
 *
 * Functions that refuse a move (not the user's turn, draft inactive or complete, company taken)
 * return the league they were given, unchanged and identical, so React skips the re-render.
 */
import type { Company, CompanyId } from './catalogue';
import { AI_TEAM_NAMES, chooseBestAvailable, keywordBonus, wordsOf } from '@shared/fantasy/ai-picks';
import { randomInt, type RandomSource } from './random';

// The AI teams' picking rules live in shared/ so the leagues with friends pick the same way.
export {
  AI_BASE_SCORE_MAX,
  AI_BASE_SCORE_MIN,
  AI_DESCRIPTION_KEYWORD_BONUS,
  AI_RANKING_JITTER,
  AI_VERTICAL_BONUS,
  TEAM_KEYWORD_BONUS,
  TEAM_KEYWORDS,
  aiScore,
  aiScoreBonus,
  wordsOf,
} from '@shared/fantasy/ai-picks';

// ---------------------------------------------------------------------------------------------
// Constants

/** Rounds in a draft: each team drafts this many companies. */
export const TOTAL_ROUNDS = 8;
/** How long an AI team takes to pick once the turn passes to it, in milliseconds. */
export const AI_PICK_DELAY_MS = 1500;
/** A saved league older than this is discarded on load, in milliseconds (7 days). */
export const SAVED_LEAGUE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** A new team's points: a random integer in this range, both ends included. */
export const INITIAL_POINTS_MIN = 400;
export const INITIAL_POINTS_MAX = 599;
/** The Draft Room lists at most this many matching companies. */
export const SEARCH_RESULT_LIMIT = 20;
/** League Home's recent draft activity shows this many picks. */
export const RECENT_ACTIVITY_COUNT = 8;
/** League Home's draft order grid shows this many upcoming picks. */
export const DRAFT_ORDER_PREVIEW_COUNT = 5;

/** The owner of the user's team, and its name. */
export const USER_OWNER = 'You';
export const USER_TEAM_NAME = 'My Team';
/** The draft order: the user first, then the nine AI teams (owner names, cycling every round). */
export const DRAFT_ORDER: readonly string[] = [USER_OWNER, ...AI_TEAM_NAMES];
/** Teams in the league. */
export const LEAGUE_SIZE = DRAFT_ORDER.length;
/** Picks in a full draft (80). */
export const TOTAL_PICKS = LEAGUE_SIZE * TOTAL_ROUNDS;

/** Projected score shown in the Draft Room: the random base, both ends included. */
export const PROJECTION_BASE_MIN = 50;
export const PROJECTION_BASE_MAX = 99;
/** Projected score: bonus by vertical. */
export const PROJECTION_VERTICAL_BONUS: Readonly<Record<string, number>> = {
  B2B: 10,
  Healthcare: 15,
  Fintech: 8,
};
/** Projected score: bonus for each of these whole words in the description. */
export const PROJECTION_KEYWORD_BONUS: Readonly<Record<string, number>> = {
  ai: 20,
  automation: 15,
  agent: 12,
};
/** My Team's placeholder fantasy points per company: random 50-149, both ends included. */
export const COMPANY_POINTS_MIN = 50;
export const COMPANY_POINTS_MAX = 149;
/** My Team's placeholder change in points per company: random -10..9, both ends included. */
export const COMPANY_DELTA_MIN = -10;
export const COMPANY_DELTA_MAX = 9;

// ---------------------------------------------------------------------------------------------
// Types

export type TeamId = `team-${number}`;

/** A team of the league. Its points are its initial points plus its companies' fantasy points. */
export interface FantasyTeam {
  id: TeamId;
  name: string;
  /** 'You' for the user's team; an AI team's owner is its name. */
  owner: string;
  companies: Company[];
  points: number;
  /** The random points the team started with (400-599). */
  initialPoints: number;
  /** 1 is first: by points, ties broken by draft order. */
  rank: number;
}

/** One pick of the draft, for the board and the recent activity. */
export interface DraftPick {
  /** 1-based pick number. */
  pick: number;
  /** 1-based round. */
  round: number;
  teamId: TeamId;
  company: Company;
}

/** The draft's state (turn, rounds, who is left), plus the history of picks the board is drawn from. */
export interface DraftState {
  isActive: boolean;
  isComplete: boolean;
  /** 1-based number of the pick on the clock. */
  currentPick: number;
  /** Owner names in pick order; pick n belongs to index (n - 1) mod length. */
  draftOrder: string[];
  availableCompanies: Company[];
  pickedCompanies: Company[];
  roundsCompleted: number;
  totalRounds: number;
  picks: DraftPick[];
}

/** Placeholder numbers drawn once per company when the league is made, so they stay put. */
export interface CompanyStats {
  /** Projected score (random plus bonuses); the Draft Room ranks and shows by it. */
  projection: number;
  /** Fantasy points once drafted (50-149). */
  points: number;
  /** Latest change in points (-10..9). */
  delta: number;
}

export interface League {
  teams: FantasyTeam[];
  draft: DraftState;
  stats: Record<CompanyId, CompanyStats>;
  /** The user's starred companies, in the order they were starred. */
  queue: CompanyId[];
}

// ---------------------------------------------------------------------------------------------
// Scoring

/** The projected score's bonus: by vertical, plus the description's keywords. */
export function projectionBonus(company: Company): number {
  return (
    (PROJECTION_VERTICAL_BONUS[company.vertical] ?? 0) +
    keywordBonus(wordsOf(company.description), PROJECTION_KEYWORD_BONUS)
  );
}

function drawStats(company: Company, random: RandomSource): CompanyStats {
  return {
    projection: randomInt(random, PROJECTION_BASE_MIN, PROJECTION_BASE_MAX) + projectionBonus(company),
    points: randomInt(random, COMPANY_POINTS_MIN, COMPANY_POINTS_MAX),
    delta: randomInt(random, COMPANY_DELTA_MIN, COMPANY_DELTA_MAX),
  };
}

// ---------------------------------------------------------------------------------------------
// League

export function teamId(index: number): TeamId {
  return `team-${index}`;
}

/** The ten teams, fresh: no companies, random initial points, ranked. */
export function createTeams(random: RandomSource): FantasyTeam[] {
  const teams = DRAFT_ORDER.map((owner, index): FantasyTeam => {
    const initialPoints = randomInt(random, INITIAL_POINTS_MIN, INITIAL_POINTS_MAX);
    return {
      id: teamId(index),
      name: owner === USER_OWNER ? USER_TEAM_NAME : owner,
      owner,
      companies: [],
      points: initialPoints,
      initialPoints,
      rank: 0,
    };
  });
  return rankTeams(teams);
}

/** The draft before Start Draft: inactive, incomplete, at pick 1, every company available. */
export function createDraft(companies: readonly Company[]): DraftState {
  return {
    isActive: false,
    isComplete: false,
    currentPick: 1,
    draftOrder: [...DRAFT_ORDER],
    availableCompanies: [...companies],
    pickedCompanies: [],
    roundsCompleted: 0,
    totalRounds: TOTAL_ROUNDS,
    picks: [],
  };
}

/** A fresh league over the directory: new teams, a draft not started, placeholder stats drawn. */
export function createLeague(companies: readonly Company[], random: RandomSource): League {
  const teams = createTeams(random);
  const stats: Record<CompanyId, CompanyStats> = {};
  for (const company of companies) stats[company.link] = drawStats(company, random);
  return { teams, draft: createDraft(companies), stats, queue: [] };
}

/** Ranks by points (highest first), ties by draft order; returns new team objects. */
export function rankTeams(teams: readonly FantasyTeam[]): FantasyTeam[] {
  const order = [...teams].sort((a, b) => b.points - a.points || teams.indexOf(a) - teams.indexOf(b));
  return teams.map((team) => ({ ...team, rank: order.indexOf(team) + 1 }));
}

/** Start Draft: activates a draft that has not started (or finished). */
export function startDraft(league: League): League {
  const { draft } = league;
  if (draft.isActive || draft.isComplete) return league;
  return { ...league, draft: { ...draft, isActive: true } };
}

/** The draft order index of pick n: (n - 1) mod the order's length. */
export function orderIndexOfPick(pick: number, orderLength: number = LEAGUE_SIZE): number {
  return (pick - 1) % orderLength;
}

/** The 1-based round pick n falls in. */
export function roundOfPick(pick: number, orderLength: number = LEAGUE_SIZE): number {
  return Math.floor((pick - 1) / orderLength) + 1;
}

/** The team that owns pick n. */
export function teamForPick(league: League, pick: number): FantasyTeam {
  const owner = league.draft.draftOrder[orderIndexOfPick(pick, league.draft.draftOrder.length)];
  const team = league.teams.find((candidate) => candidate.owner === owner);
  if (!team) throw new Error(`No team owns pick ${pick}`);
  return team;
}

/** The team on the clock (the last pick's team once the draft is complete). */
export function teamOnTurn(league: League): FantasyTeam {
  const { currentPick, isComplete } = league.draft;
  return teamForPick(league, isComplete ? Math.max(1, currentPick - 1) : currentPick);
}

export function userTeam(league: League): FantasyTeam {
  const team = league.teams.find((candidate) => candidate.owner === USER_OWNER);
  if (!team) throw new Error('The league has no user team');
  return team;
}

/** Whether picks are being taken now: started, not complete, companies left. */
export function isDrafting(league: League): boolean {
  const { draft } = league;
  return draft.isActive && !draft.isComplete && draft.availableCompanies.length > 0;
}

/** The user may pick now. */
export function isUserTurn(league: League): boolean {
  return isDrafting(league) && teamOnTurn(league).owner === USER_OWNER;
}

/** An AI team is on the clock and will pick after AI_PICK_DELAY_MS. */
export function isAiTurn(league: League): boolean {
  return isDrafting(league) && teamOnTurn(league).owner !== USER_OWNER;
}

/** The round shown in the header: the one being drafted, or the last once complete. */
export function displayRound(draft: DraftState): number {
  return Math.min(draft.roundsCompleted + 1, draft.totalRounds);
}

/**
 * Gives a company to the team on the clock and advances the pick. Ignored when the draft is
 * inactive or complete or the company is not available. Rounds completed counts full cycles of the
 * order; after the last round (or when no company is left) the draft is complete and inactive.
 */
export function pickCompany(league: League, companyId: CompanyId): League {
  const { draft } = league;
  if (!isDrafting(league)) return league;
  const company = draft.availableCompanies.find((candidate) => candidate.link === companyId);
  if (!company) return league;

  const team = teamOnTurn(league);
  const pick: DraftPick = {
    pick: draft.currentPick,
    round: roundOfPick(draft.currentPick, draft.draftOrder.length),
    teamId: team.id,
    company,
  };
  const currentPick = draft.currentPick + 1;
  const roundsCompleted = Math.floor((currentPick - 1) / draft.draftOrder.length);
  const availableCompanies = draft.availableCompanies.filter((candidate) => candidate !== company);
  const isComplete = roundsCompleted >= draft.totalRounds || availableCompanies.length === 0;
  const points = league.stats[company.link]?.points ?? 0;

  return {
    ...league,
    teams: rankTeams(
      league.teams.map((candidate) =>
        candidate.id === team.id
          ? { ...candidate, companies: [...candidate.companies, company], points: candidate.points + points }
          : candidate,
      ),
    ),
    draft: {
      ...draft,
      isActive: isComplete ? false : draft.isActive,
      isComplete,
      currentPick,
      availableCompanies,
      pickedCompanies: [...draft.pickedCompanies, company],
      roundsCompleted,
      picks: [...draft.picks, pick],
    },
    queue: league.queue.filter((id) => id !== company.link),
  };
}

/** The user's pick: only on their turn. */
export function userPick(league: League, companyId: CompanyId): League {
  return isUserTurn(league) ? pickCompany(league, companyId) : league;
}

/**
 * The company the AI team on the clock would take: each available company's aiScore plus a jitter
 * of up to ±10, highest wins (the first on a tie). Null when it is not an AI team's turn.
 */
export function chooseAiPick(league: League, random: RandomSource): CompanyId | null {
  if (!isAiTurn(league)) return null;
  return chooseBestAvailable(league.draft.availableCompanies, teamOnTurn(league).name, random);
}

/** The AI team on the clock picks; ignored on the user's turn or when not drafting. */
export function aiPick(league: League, random: RandomSource): League {
  const choice = chooseAiPick(league, random);
  return choice === null ? league : pickCompany(league, choice);
}

/** Stars or unstars a company in the user's queue; drafted companies cannot be starred. */
export function toggleQueued(league: League, companyId: CompanyId): League {
  if (league.queue.includes(companyId)) {
    return { ...league, queue: league.queue.filter((id) => id !== companyId) };
  }
  if (!league.draft.availableCompanies.some((company) => company.link === companyId)) return league;
  return { ...league, queue: [...league.queue, companyId] };
}

// ---------------------------------------------------------------------------------------------
// Views

export interface CompanyFilter {
  /** Matched against name or description, case-insensitively. */
  query: string;
  /** A vertical as shown (empty shows as Other), or null for all. */
  vertical: string | null;
}

/**
 * The Draft Room's list: available companies matching the search and vertical, best projection
 * first; on the user's turn their starred companies come first. `total` counts every match, `shown`
 * holds at most SEARCH_RESULT_LIMIT.
 */
export function searchAvailable(
  league: League,
  filter: CompanyFilter,
  verticalOf: (company: Company) => string,
): { shown: Company[]; total: number } {
  const query = filter.query.trim().toLowerCase();
  const matches = league.draft.availableCompanies.filter(
    (company) =>
      (!query ||
        company.name.toLowerCase().includes(query) ||
        company.description.toLowerCase().includes(query)) &&
      (filter.vertical === null || verticalOf(company) === filter.vertical),
  );
  const starredFirst = isUserTurn(league);
  const queued = new Set(league.queue);
  const projection = (company: Company) => league.stats[company.link]?.projection ?? 0;
  matches.sort(
    (a, b) =>
      (starredFirst ? Number(queued.has(b.link)) - Number(queued.has(a.link)) : 0) ||
      projection(b) - projection(a) ||
      a.name.localeCompare(b.name),
  );
  return { shown: matches.slice(0, SEARCH_RESULT_LIMIT), total: matches.length };
}

/** The latest picks, newest first. */
export function recentPicks(draft: DraftState, count: number = RECENT_ACTIVITY_COUNT): DraftPick[] {
  return draft.picks.slice(-count).reverse();
}

/** The next picks from the one on the clock (empty once complete). */
export function upcomingPicks(
  league: League,
  count: number = DRAFT_ORDER_PREVIEW_COUNT,
): { pick: number; round: number; team: FantasyTeam }[] {
  const { draft } = league;
  if (draft.isComplete) return [];
  const last = Math.min(draft.currentPick + count - 1, draft.draftOrder.length * draft.totalRounds);
  const upcoming = [];
  for (let pick = draft.currentPick; pick <= last; pick += 1) {
    upcoming.push({
      pick,
      round: roundOfPick(pick, draft.draftOrder.length),
      team: teamForPick(league, pick),
    });
  }
  return upcoming;
}

/** The user's rank, 1-based. */
export function userRank(league: League): number {
  return userTeam(league).rank;
}

/** Teams ordered by rank, for the leaderboard. */
export function standings(league: League): FantasyTeam[] {
  return [...league.teams].sort((a, b) => a.rank - b.rank);
}
