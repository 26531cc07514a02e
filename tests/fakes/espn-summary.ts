/**
 * Game summaries for the fake ESPN (`/apis/site/v2/sports/{sport}/{league}/summary?event={id}`), in
 * ESPN's real shape: each league's summary is a real one captured from ESPN
 * (tests/fixtures/real/espn-summary/, see its SOURCES.md), re-keyed to the fake game: its event id,
 * its two teams (ids, names, home and away) wherever the summary names a team, its status and score.
 * A live game keeps the plays up to its period, a game not started none of its plays, box score,
 * leaders or win probability. Tests add scoring plays (appended to `plays`, or to `scoringPlays` for
 * the NFL, with a win-probability point except in the NHL, which has none) and can leave sections out.
 * Also the live situation the fake scoreboard carries (`competitions[].situation`), shaped like the
 * real live scoreboards in tests/fixtures/real/espn/.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

type League = 'nfl' | 'nba' | 'mlb' | 'nhl';

/** The real summary each league's fake games are built from. */
const BASE_SUMMARIES: Record<League, string> = {
  nfl: 'nfl-final-comeback-2023-09-17.json',
  nba: 'nba-final-2024-01-08.json',
  mlb: 'mlb-final-2023-07-19.json',
  nhl: 'nhl-final-2023-11-18.json',
};

const FIXTURES = join(import.meta.dirname, '../fixtures/real/espn-summary');

/** The sections a test can leave out of a summary (a game ESPN has little for). */
export const SUMMARY_SECTIONS = [
  'plays',
  'scoringPlays',
  'drives',
  'boxscore',
  'leaders',
  'winprobability',
] as const;
export type SummarySection = (typeof SUMMARY_SECTIONS)[number];

/** A scoring play a test adds at the fake: `points` go to `team` in the scoreboard too. */
export interface FakeScoringPlay {
  id?: string;
  team: 'home' | 'away';
  points: number;
  text: string;
}

/** What the summary needs of a fake game and its two teams. */
export interface SummaryGame {
  id: string;
  league: League;
  state: 'pre' | 'in' | 'post';
  statusName: string;
  awayScore: string | null;
  homeScore: string | null;
  period: number;
  displayClock: string;
  detail: string;
  shortDetail: string;
}
export interface SummaryTeam {
  id: string;
  abbreviation: string;
  location: string;
  name: string;
  displayName: string;
}

type Json = Record<string, unknown>;

const baseCache = new Map<League, Json>();

function baseSummary(league: League): Json {
  let base = baseCache.get(league);
  if (!base) {
    base = JSON.parse(readFileSync(join(FIXTURES, BASE_SUMMARIES[league]), 'utf8')) as Json;
    baseCache.set(league, base);
  }
  return base;
}

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every team object the summary holds (`team: { id, … }`), renamed to the fake game's teams by id. */
function renameTeams(value: unknown, teams: Map<string, SummaryTeam>): void {
  if (Array.isArray(value)) {
    for (const entry of value) renameTeams(entry, teams);
    return;
  }
  if (!isObject(value)) return;
  for (const [key, child] of Object.entries(value)) {
    if (key === 'team' && isObject(child) && typeof child.id === 'string' && teams.has(child.id)) {
      const fake = teams.get(child.id)!;
      child.id = fake.id;
      for (const field of ['abbreviation', 'location', 'name', 'displayName'] as const)
        if (field in child) child[field] = fake[field];
      if ('shortDisplayName' in child) child.shortDisplayName = fake.name;
    }
    renameTeams(child, teams);
  }
}

/** A summary's plays: its `plays`, or the NFL's, listed by drive. */
function playsOf(summary: Json): Json[] {
  if (Array.isArray(summary.plays)) return summary.plays as Json[];
  const drives = summary.drives as { previous?: Array<{ plays?: Json[] }> } | undefined;
  return drives?.previous?.flatMap((drive) => drive.plays ?? []) ?? [];
}

/** The period number of a summary play (`period.number`), or 0. */
const periodOf = (play: unknown) =>
  isObject(play) && isObject(play.period) && typeof play.period.number === 'number' ? play.period.number : 0;

/** The summary's league-specific words for a period, for the plays a test adds. */
function periodText(league: League, period: number): Json {
  const ordinal = (n: number) =>
    `${n}${n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th'}`;
  if (league === 'mlb') return { type: 'Top', number: period, displayValue: `${ordinal(period)} Inning` };
  if (league === 'nhl') return { number: period, displayValue: ordinal(period) };
  if (league === 'nba') return { number: period, displayValue: `${ordinal(period)} Quarter` };
  return { number: period };
}

export interface FakeSummaries {
  /** The game's summary in ESPN's shape (a fresh object). */
  summary(game: SummaryGame, away: SummaryTeam, home: SummaryTeam): Json;
  /** Adds a scoring play to the game's summary; answers the play's id. */
  addScoringPlay(game: SummaryGame, away: SummaryTeam, home: SummaryTeam, play: FakeScoringPlay): string;
  /** Leaves these sections out of the game's summary (an empty list puts them back). */
  omit(gameId: string, sections: readonly SummarySection[]): void;
  /** The live situation of a game for the scoreboard, or null when it is not live. */
  situation(game: SummaryGame, away: SummaryTeam, home: SummaryTeam): Json | null;
  reset(): void;
}

interface Added extends Required<FakeScoringPlay> {
  period: number;
  clock: string;
  awayScore: number;
  homeScore: number;
  homePercent: number;
}

export function createFakeSummaries(): FakeSummaries {
  const added = new Map<string, Added[]>();
  const omitted = new Map<string, Set<SummarySection>>();

  /** The win probability before the plays a test added: the base summary's last point kept. */
  function lastPercent(game: SummaryGame, away: SummaryTeam, home: SummaryTeam): number {
    const plays = added.get(game.id);
    if (plays?.length) return plays.at(-1)!.homePercent;
    const points = build(game, away, home).winprobability;
    const last = Array.isArray(points) ? (points.at(-1) as Json | undefined) : undefined;
    return typeof last?.homeWinPercentage === 'number'
      ? Math.min(0.9, Math.max(0.1, last.homeWinPercentage))
      : 0.5;
  }

  function build(game: SummaryGame, away: SummaryTeam, home: SummaryTeam): Json {
    const base = baseSummary(game.league);
    const summary = structuredClone(base);
    const header = summary.header as Json;
    const competition = (header.competitions as Json[])[0]!;
    const realCompetitors = competition.competitors as Json[];
    const realId = (side: 'home' | 'away') => String(realCompetitors.find((c) => c.homeAway === side)?.id);
    const teams = new Map([
      [realId('home'), home],
      [realId('away'), away],
    ]);
    renameTeams(summary, teams);
    header.id = game.id;
    competition.id = game.id;
    for (const competitor of realCompetitors) {
      const fake = competitor.homeAway === 'home' ? home : away;
      competitor.id = fake.id;
      const score = competitor.homeAway === 'home' ? game.homeScore : game.awayScore;
      if (score === null || game.state === 'pre') delete competitor.score;
      else competitor.score = score;
      if (game.state !== 'post') delete competitor.winner;
    }
    competition.status = {
      displayClock: game.displayClock,
      period: game.period,
      type: {
        id: game.state === 'in' ? '2' : game.state === 'post' ? '3' : '1',
        name: game.statusName,
        state: game.state,
        completed: game.state === 'post',
        description: game.state === 'in' ? 'In Progress' : game.state === 'post' ? 'Final' : 'Scheduled',
        detail: game.detail,
        shortDetail: game.shortDetail,
      },
    };

    if (game.state === 'pre') {
      for (const section of ['plays', 'scoringPlays', 'drives', 'leaders'] as const) delete summary[section];
      summary.winprobability = [];
      const boxscore = summary.boxscore as Json | undefined;
      if (boxscore) {
        delete boxscore.players;
        for (const team of (boxscore.teams as Json[] | undefined) ?? []) team.statistics = [];
      }
    } else if (game.state === 'in') {
      // A live game has been played up to its period.
      const keep = (list: unknown) =>
        Array.isArray(list) ? list.filter((play) => periodOf(play) <= game.period) : list;
      if (summary.plays) summary.plays = keep(summary.plays);
      if (summary.scoringPlays) summary.scoringPlays = keep(summary.scoringPlays);
      const drives = summary.drives as { previous?: Json[]; current?: Json } | undefined;
      if (drives?.previous) {
        drives.previous = drives.previous
          .map((drive) => ({ ...drive, plays: keep(drive.plays) }))
          .filter((drive) => Array.isArray(drive.plays) && drive.plays.length > 0);
        delete drives.current;
      }
      if (Array.isArray(summary.winprobability)) {
        const ids = new Set(playsOf(summary).map((play) => play.id));
        summary.winprobability = (summary.winprobability as Json[]).filter((point) => ids.has(point.playId));
      }
    }

    for (const play of added.get(game.id) ?? [])
      appendPlay(summary, game, play, play.team === 'home' ? home : away);

    for (const section of omitted.get(game.id) ?? []) delete summary[section];
    return summary;
  }

  /** A scoring play in the league's own shape: a copy of its last real scoring play, rewritten. */
  function appendPlay(summary: Json, game: SummaryGame, play: Added, team: SummaryTeam) {
    const list = game.league === 'nfl' ? 'scoringPlays' : 'plays';
    const plays = (summary[list] as Json[] | undefined) ?? [];
    const base = baseSummary(game.league)[list] as Json[];
    // MLB flags every pitch of a scoring at-bat: its result ('play-result') is the play to copy.
    const model = structuredClone(
      [...base]
        .reverse()
        .find(
          (entry) =>
            game.league === 'nfl' ||
            (entry.scoringPlay === true &&
              (game.league !== 'mlb' || (isObject(entry.type) && entry.type.type === 'play-result'))),
        ) ?? {},
    );
    const scoring: Json = {
      ...model,
      id: play.id,
      ...(game.league === 'nfl' ? {} : { sequenceNumber: String(plays.length + 1), scoringPlay: true }),
      text: play.text,
      awayScore: play.awayScore,
      homeScore: play.homeScore,
      period: periodText(game.league, play.period),
      clock: { displayValue: play.clock },
      scoreValue: play.points,
      team: {
        ...(isObject(model.team) ? model.team : {}),
        id: team.id,
        ...(game.league === 'nfl' ? { displayName: team.displayName, abbreviation: team.abbreviation } : {}),
      },
    };
    if (game.league === 'mlb') {
      delete scoring.clock;
      scoring.atBatId = play.id;
    }
    summary[list] = [...plays, scoring];
    if (game.league !== 'nhl' && Array.isArray(summary.winprobability)) {
      summary.winprobability = [
        ...(summary.winprobability as Json[]),
        { homeWinPercentage: play.homePercent, tiePercentage: 0, playId: play.id },
      ];
    }
  }

  return {
    summary: build,
    addScoringPlay(game, away, home, play) {
      const list = added.get(game.id) ?? [];
      const id = play.id ?? `${game.id}${String(900 + list.length).padStart(4, '0')}`;
      const before = lastPercent(game, away, home);
      // The side that scored gains: ten points of win probability, kept within 1–99 %.
      const homePercent =
        Math.round(Math.min(0.99, Math.max(0.01, before + (play.team === 'home' ? 0.1 : -0.1))) * 1000) /
        1000;
      list.push({
        id,
        team: play.team,
        points: play.points,
        text: play.text,
        period: Math.max(1, game.period),
        clock: game.displayClock,
        awayScore: Number(game.awayScore ?? 0),
        homeScore: Number(game.homeScore ?? 0),
        homePercent,
      });
      added.set(game.id, list);
      return id;
    },
    omit(gameId, sections) {
      if (sections.length === 0) omitted.delete(gameId);
      else omitted.set(gameId, new Set(sections));
    },
    situation(game, away, home) {
      if (game.state !== 'in') return null;
      const last = added.get(game.id)?.at(-1);
      const homePercent = last?.homePercent ?? 0.5;
      const lastPlay = {
        id: last?.id ?? `${game.id}0001`,
        type: last ? { id: '67', text: 'Scoring Play' } : { id: '0', text: 'Play' },
        text: last?.text ?? `${home.displayName} ball`,
        scoreValue: last?.points ?? 0,
        team: { id: (last?.team === 'away' ? away : home).id },
        ...(game.league === 'nfl' || game.league === 'nba'
          ? {
              probability: {
                tiePercentage: 0,
                homeWinPercentage: homePercent,
                awayWinPercentage: Math.round((1 - homePercent) * 1000) / 1000,
              },
            }
          : {}),
      };
      if (game.league === 'nfl') {
        return {
          lastPlay,
          down: 3,
          yardLine: 65,
          distance: 7,
          downDistanceText: `3rd & 7 at ${home.abbreviation} 35`,
          shortDownDistanceText: '3rd & 7',
          possessionText: `${home.abbreviation} 35`,
          isRedZone: false,
          homeTimeouts: 3,
          awayTimeouts: 2,
          possession: away.id,
        };
      }
      if (game.league === 'mlb') {
        return { lastPlay, balls: 1, strikes: 2, outs: 2, onFirst: true, onSecond: false, onThird: false };
      }
      return { lastPlay };
    },
    reset() {
      added.clear();
      omitted.clear();
    },
  };
}
