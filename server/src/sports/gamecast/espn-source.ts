import {
  GAMECAST_MAX_PLAYS,
  GAMECAST_MAX_PROBABILITY_POINTS,
  gamecastSchema,
  type GamecastLeader,
  type GamecastPlay,
  type GamecastPlayerTable,
  type GamecastSide,
  type WinProbabilityPoint,
} from '@shared/schemas/gamecast';
import type { LeagueName } from '@shared/schemas/sports';
import { z } from 'zod/mini';
import { errors } from '../../errors';
import type { EspnLeagueKey } from '../../integrations/espn/client';
import {
  createEspnSummaryReader,
  SUMMARIES_KEPT,
  winProbabilityPoint,
  type EspnSummary,
  type EspnWinProbabilityPoint,
  type EspnSummaryPlay,
  type EspnSummaryReader,
  type EspnSummaryReaderOptions,
} from '../../integrations/espn/summary';
import type { GamecastReading, GamecastSource } from './source';
import { watchLabel, type Score } from './watch-label';

/**
 * ESPN's game summary as a Gamecast reading: the few fields the dialog shows, each trimmed to the
 * contract's bounds so a reading always parses, whatever ESPN sends.
 */

const LEAGUE_KEYS: Record<LeagueName, EspnLeagueKey> = { NFL: 'nfl', NBA: 'nba', MLB: 'mlb', NHL: 'nhl' };

/** Periods in regulation and what one is called, for plays that give only a number. */
const PERIODS: Record<LeagueName, { regulation: number; unit: string }> = {
  NFL: { regulation: 4, unit: 'Quarter' },
  NBA: { regulation: 4, unit: 'Quarter' },
  MLB: { regulation: Number.POSITIVE_INFINITY, unit: 'Inning' },
  NHL: { regulation: 3, unit: 'Period' },
};

/** The contract's text bounds (shared/src/schemas/gamecast.ts). */
const MAX = {
  id: 64,
  period: 40,
  clock: 20,
  text: 500,
  statLabel: 80,
  statValue: 40,
  tableTitle: 60,
  column: 20,
  columns: 40,
  athlete: 80,
  position: 10,
  athletes: 60,
  teamStats: 60,
  tables: 30,
  leaders: 40,
  category: 60,
  leaderValue: 120,
} as const;

const cut = (text: string | undefined, max: number): string => (text ?? '').trim().slice(0, max);
const cutOrNull = (text: string | undefined, max: number): string | null => cut(text, max) || null;

function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${{ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th'}`;
}

const BARE_ORDINAL = /^\d+(?:st|nd|rd|th)$/;

/** A play's period in words: 'Top 4th', '2nd Quarter', '3rd Period', 'OT'. */
export function periodText(league: LeagueName, period: EspnSummaryPlay['period']): string {
  const number = period?.number;
  const shown = period?.displayValue?.trim();
  if (league === 'MLB' && period?.type && number !== undefined) {
    return cut(`${period.type} ${ordinal(number)}`, MAX.period);
  }
  const { regulation, unit } = PERIODS[league];
  if (number !== undefined && Number.isInteger(number) && number > regulation) {
    // Overtime: ESPN's words when it gives some ('OT', '2OT'), else counted from regulation.
    if (shown && !BARE_ORDINAL.test(shown)) return cut(shown, MAX.period);
    const extra = number - regulation;
    return extra === 1 ? 'OT' : `${extra}OT`;
  }
  if (shown && !BARE_ORDINAL.test(shown)) return cut(shown, MAX.period);
  const base =
    shown ?? (number !== undefined && Number.isInteger(number) && number > 0 ? ordinal(number) : '');
  return base ? cut(`${base} ${unit}`, MAX.period) : '';
}

const scoreOf = (value: number | undefined) =>
  value !== undefined && Number.isInteger(value) && value >= 0 && value <= 999 ? value : null;

interface Sides {
  byTeamId: Map<string, GamecastSide>;
  /** The same pairs as text: what a mapping that used them is compared by. */
  key: string;
}

function sideOf(sides: Sides, teamId: string | undefined): GamecastSide | null {
  return teamId === undefined ? null : (sides.byTeamId.get(teamId) ?? null);
}

function mapPlay(
  league: LeagueName,
  sides: Sides,
  play: EspnSummaryPlay,
  fallbackId: string,
  scoring: boolean,
): GamecastPlay {
  return {
    id: cut(play.id, MAX.id) || fallbackId,
    period: periodText(league, play.period),
    clock: cutOrNull(play.clock?.displayValue, MAX.clock),
    text: cut(play.text, MAX.text),
    awayScore: scoreOf(play.awayScore),
    homeScore: scoreOf(play.homeScore),
    team: sideOf(sides, play.team?.id ?? play.start?.team?.id),
    scoring,
  };
}

/** Newest first, at most `max`, keeping the newest. */
const newestFirst = <T>(oldestFirst: T[], max: number): T[] => oldestFirst.slice(-max).reverse();

/** Every play the summary has, oldest first: the NFL lists its plays by drive. */
function sourcePlays(summary: EspnSummary): EspnSummaryPlay[] {
  const drives = summary.drives;
  if (summary.plays.length > 0 || !drives) return summary.plays;
  return [...drives.previous.flatMap((drive) => drive.plays), ...(drives.current?.plays ?? [])];
}

/**
 * The plays the dialog lists, oldest first: those with words. MLB lists every pitch and batter change
 * too: only the innings and the at-bats' results are kept.
 */
function listedPlays(league: LeagueName, plays: EspnSummaryPlay[]): EspnSummaryPlay[] {
  const seen = new Set<string>();
  return plays.filter((play) => {
    if (!play.text?.trim()) return false;
    if (league === 'MLB' && (play.summaryType === 'P' || play.summaryType === 'A')) return false;
    // The current drive repeats the last of the previous ones while it is being played.
    if (play.id !== undefined) {
      if (seen.has(play.id)) return false;
      seen.add(play.id);
    }
    return true;
  });
}

/**
 * Scoring plays, oldest first: the NFL's own list, else the plays flagged as scoring. MLB flags every
 * pitch of a scoring at-bat too: only the at-bat's result ('play-result') is the scoring play there.
 */
function scoringPlaysOf(summary: EspnSummary): EspnSummaryPlay[] {
  if (summary.scoringPlays.length > 0) return summary.scoringPlays;
  const flagged = summary.plays.filter((play) => play.scoringPlay === true);
  const results = flagged.filter((play) => play.type?.type === 'play-result');
  return results.length > 0 ? results : flagged;
}

/** MLB's grouped team statistics the box score shows, with the words it shows them under. */
const GROUPED_TEAM_STATS: ReadonlyArray<[group: string, name: string, label: string]> = [
  ['batting', 'runs', 'Runs'],
  ['batting', 'hits', 'Hits'],
  ['batting', 'homeRuns', 'Home runs'],
  ['batting', 'RBIs', 'Runs batted in'],
  ['batting', 'walks', 'Walks'],
  ['batting', 'strikeouts', 'Strikeouts'],
  ['batting', 'stolenBases', 'Stolen bases'],
  ['batting', 'runnersLeftOnBase', 'Left on base'],
  ['batting', 'avg', 'Batting average'],
  ['pitching', 'pitches', 'Pitches thrown'],
  ['pitching', 'strikeouts', 'Strikeouts by pitchers'],
  ['pitching', 'walks', 'Walks allowed'],
  ['pitching', 'earnedRuns', 'Earned runs allowed'],
  ['fielding', 'errors', 'Errors'],
  ['fielding', 'doublePlays', 'Double plays'],
];

type BoxscoreTeam = NonNullable<EspnSummary['boxscore']>['teams'][number];

/** One team's statistics as label → value, in ESPN's order. */
function teamStatValues(team: BoxscoreTeam): Map<string, string> {
  const values = new Map<string, string>();
  const grouped = team.statistics.some((stat) => stat.stats.length > 0);
  if (grouped) {
    for (const [group, name, label] of GROUPED_TEAM_STATS) {
      const stat = team.statistics
        .find((candidate) => candidate.name === group)
        ?.stats.find((candidate) => candidate.name === name);
      if (stat?.displayValue !== undefined) values.set(label, stat.displayValue);
    }
    return values;
  }
  for (const stat of team.statistics) {
    const label = cut(stat.label ?? stat.displayName ?? stat.name, MAX.statLabel);
    if (label && stat.displayValue !== undefined && !values.has(label)) values.set(label, stat.displayValue);
  }
  return values;
}

function mapTeamStats(summary: EspnSummary, sides: Sides) {
  const teams = summary.boxscore?.teams ?? [];
  const teamOf = (side: GamecastSide) =>
    teams.find((team) => team.homeAway === side) ??
    teams.find((team) => sideOf(sides, team.team?.id) === side);
  const away = teamOf('away');
  const home = teamOf('home');
  if (!away || !home) return [];
  const awayValues = teamStatValues(away);
  const homeValues = teamStatValues(home);
  const rows: Array<{ label: string; away: string; home: string }> = [];
  for (const [label, awayValue] of awayValues) {
    const homeValue = homeValues.get(label);
    if (homeValue === undefined) continue;
    rows.push({ label, away: cut(awayValue, MAX.statValue), home: cut(homeValue, MAX.statValue) });
    if (rows.length === MAX.teamStats) break;
  }
  return rows;
}

/** 'kickReturns' → 'Kick returns'. */
function titleOf(name: string): string {
  const words = name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function mapPlayerTables(summary: EspnSummary, sides: Sides): GamecastPlayerTable[] {
  const tables: GamecastPlayerTable[] = [];
  const groups = summary.boxscore?.players ?? [];
  // Away first, as the dialog lists the sides.
  const ordered = (['away', 'home'] as const).flatMap((side) =>
    groups.filter((group) => sideOf(sides, group.team?.id) === side).map((group) => ({ side, group })),
  );
  for (const { side, group } of ordered) {
    for (const table of group.statistics) {
      if (tables.length === MAX.tables) return tables;
      const labels = table.labels.slice(0, MAX.columns).map((label) => cut(label, MAX.column));
      if (labels.length === 0) continue;
      const played = table.athletes.filter((row) => row.didNotPlay !== true && row.stats.length > 0);
      // A table nobody has a line in (no fumbles yet) would be an empty section.
      if (played.length === 0) continue;
      // Starters first, each group in ESPN's order (a stable sort keeps it).
      const rows = [...played].sort((a, b) => Number(b.starter === true) - Number(a.starter === true));
      const name = table.name ?? table.type;
      tables.push({
        team: side,
        title: cut(name ? titleOf(name) : table.text, MAX.tableTitle),
        labels,
        athletes: rows.slice(0, MAX.athletes).map((row) => ({
          name: cut(row.athlete?.displayName ?? row.athlete?.shortName, MAX.athlete),
          position: cutOrNull(row.athlete?.position?.abbreviation, MAX.position),
          starter: row.starter === true,
          stats: row.stats.slice(0, labels.length).map((value) => cut(value, MAX.column)),
        })),
      });
    }
  }
  return tables;
}

function mapLeaders(summary: EspnSummary, sides: Sides): GamecastLeader[] {
  const leaders: GamecastLeader[] = [];
  const ordered = (['away', 'home'] as const).flatMap((side) =>
    summary.leaders.filter((team) => sideOf(sides, team.team?.id) === side).map((team) => ({ side, team })),
  );
  for (const { side, team } of ordered) {
    for (const category of team.leaders) {
      const top = category.leaders[0];
      const athlete = cut(top?.athlete?.displayName ?? top?.athlete?.shortName, MAX.athlete);
      const label = cut(category.displayName ?? category.name, MAX.category);
      if (!top || !athlete || !label) continue;
      leaders.push({ team: side, category: label, athlete, value: cut(top.displayValue, MAX.leaderValue) });
      if (leaders.length === MAX.leaders) return leaders;
    }
  }
  return leaders;
}

/** One win-probability point as the chart shows it, or null when it has no chance between 0 and 1. */
function mapPoint(
  league: LeagueName,
  point: EspnWinProbabilityPoint,
  play: EspnSummaryPlay | undefined,
): WinProbabilityPoint | null {
  const chance = point.homeWinPercentage;
  if (chance === undefined || chance < 0 || chance > 1) return null;
  return {
    playId: cutOrNull(point.playId, MAX.id),
    period: play ? periodText(league, play.period) : '',
    clock: cutOrNull(play?.clock?.displayValue, MAX.clock),
    // 0–1 upstream; one decimal is all a chart or a table shows.
    homePercent: Math.round(chance * 1000) / 10,
  };
}

function mapWinProbability(
  league: LeagueName,
  summary: EspnSummary,
  playsById: Map<string, EspnSummaryPlay>,
  lists: {
    read: ListMapper<unknown, EspnWinProbabilityPoint | null>;
    shown: ListMapper<EspnWinProbabilityPoint | null, WinProbabilityPoint | null>;
  } = {
    read: listMapper(),
    shown: listMapper(),
  },
): WinProbabilityPoint[] | null {
  if (league === 'NHL' || !summary.winprobability) return null;
  const points = lists.read(summary.winprobability, () => null, winProbabilityPoint);
  const playOf = (point: EspnWinProbabilityPoint | null) =>
    point?.playId === undefined ? undefined : playsById.get(point.playId);
  const shown = lists.shown(points, playOf, (point) =>
    point ? mapPoint(league, point, playOf(point)) : null,
  );
  const mapped = shown.filter((point) => point !== null);
  if (mapped.length === 0) return null;
  return mapped.slice(-GAMECAST_MAX_PROBABILITY_POINTS);
}

/**
 * Maps a list entry by entry, remembering its last call: an entry that is the very object at the same
 * place last time, with the same key, gives the same output without being mapped again (the summary
 * reader gives the same object for what did not change, so a list that grew maps only its new entries).
 */
type ListMapper<I, O> = (
  list: readonly I[],
  keyOf: (item: I, index: number) => unknown,
  mapOne: (item: I, index: number) => O,
) => O[];

function listMapper<I, O>(): ListMapper<I, O> {
  let inputs: readonly I[] = [];
  let keys: unknown[] = [];
  let outputs: O[] = [];
  return (list, keyOf, mapOne) => {
    const nextKeys = new Array<unknown>(list.length);
    const nextOutputs = new Array<O>(list.length);
    for (let i = 0; i < list.length; i++) {
      const item = list[i]!;
      const key = keyOf(item, i);
      nextKeys[i] = key;
      nextOutputs[i] =
        i < inputs.length && inputs[i] === item && keys[i] === key ? outputs[i]! : mapOne(item, i);
    }
    inputs = list;
    keys = nextKeys;
    outputs = nextOutputs;
    return nextOutputs;
  };
}

/** The summary's game state, the side of each team id, and the score now. */
function readHeader(summary: EspnSummary) {
  const competition = summary.header?.competitions[0];
  const byTeamId = new Map<string, GamecastSide>();
  const score: Partial<Score> = {};
  for (const competitor of competition?.competitors ?? []) {
    const side =
      competitor.homeAway === 'home' || competitor.homeAway === 'away' ? competitor.homeAway : null;
    if (!side) continue;
    const id = competitor.team?.id ?? competitor.id;
    if (id !== undefined) byTeamId.set(id, side);
    if (competitor.id !== undefined) byTeamId.set(competitor.id, side);
    const value = scoreOf(competitor.score);
    if (value !== null) score[side] = value;
  }
  const rawState = competition?.status?.type?.state;
  const state: 'pre' | 'in' | 'post' =
    rawState === 'in' || rawState === 'post'
      ? rawState
      : competition?.status?.type?.completed
        ? 'post'
        : 'pre';
  return {
    sides: { byTeamId, key: [...byTeamId].flat().join(' ') },
    state,
    period: competition?.status?.period ?? null,
    score: score.away !== undefined && score.home !== undefined ? (score as Score) : null,
  };
}

/**
 * A value computed again only when one of its inputs is not the very one it was computed from (the
 * summary reader gives the same objects for what did not change).
 */
function memoSlot<T>() {
  let inputs: readonly unknown[] | null = null;
  let output: T;
  return (next: readonly unknown[], compute: () => T): T => {
    if (inputs === null || inputs.length !== next.length || inputs.some((input, i) => input !== next[i])) {
      output = compute();
      inputs = next;
    }
    return output;
  };
}

/**
 * Maps one game's summaries as they are read, each section only when what it is made from changed
 * since the last summary; a section that did not change is the very object it was (which keeps the
 * check of the reading and the comparison with the stored Gamecast cheap).
 */
export function createGamecastMapper() {
  const slot = {
    allPlays: memoSlot<EspnSummaryPlay[]>(),
    listed: memoSlot<EspnSummaryPlay[]>(),
    playsById: memoSlot<Map<string, EspnSummaryPlay>>(),
    scoring: memoSlot<EspnSummaryPlay[]>(),
    scoringIds: memoSlot<Set<string>>(),
    progression: memoSlot<Score[]>(),
    winProbability: memoSlot<WinProbabilityPoint[] | null>(),
    scoringPlays: memoSlot<GamecastPlay[]>(),
    plays: memoSlot<GamecastPlay[]>(),
    teamStats: memoSlot<GamecastReading['teamStats']>(),
    playerTables: memoSlot<GamecastPlayerTable[]>(),
    leaders: memoSlot<GamecastLeader[]>(),
    watch: memoSlot<GamecastReading['watch']>(),
  };
  /** Each list's entries as last mapped, for the league and sides they were mapped with. */
  let lists = newLists();
  let listsFor = '';
  function newLists() {
    return {
      scoringPlays: listMapper<EspnSummaryPlay, GamecastPlay>(),
      plays: listMapper<EspnSummaryPlay, GamecastPlay>(),
      points: {
        read: listMapper<unknown, EspnWinProbabilityPoint | null>(),
        shown: listMapper<EspnWinProbabilityPoint | null, WinProbabilityPoint | null>(),
      },
    };
  }

  return (league: LeagueName, gameId: string, summary: EspnSummary): GamecastReading => {
    const header = readHeader(summary);
    const { sides } = header;
    const started = header.state !== 'pre';
    if (listsFor !== `${league} ${sides.key}`) {
      lists = newLists();
      listsFor = `${league} ${sides.key}`;
    }

    const allPlays = slot.allPlays([summary.plays, summary.drives], () => sourcePlays(summary));
    const plays = slot.listed([league, allPlays], () => listedPlays(league, allPlays));
    const playsById = slot.playsById([allPlays], () => {
      const byId = new Map<string, EspnSummaryPlay>();
      for (const play of allPlays) if (play.id !== undefined) byId.set(play.id, play);
      return byId;
    });

    const scoring = slot.scoring([summary.scoringPlays, summary.plays], () => scoringPlaysOf(summary));
    const scoringIds = slot.scoringIds(
      [scoring],
      () => new Set(scoring.flatMap((play) => (play.id === undefined ? [] : [play.id]))),
    );
    const winProbability = slot.winProbability([league, summary.winprobability, playsById], () =>
      mapWinProbability(league, summary, playsById, lists.points),
    );

    const progression = slot.progression([scoring], () =>
      scoring.flatMap((play) =>
        play.awayScore !== undefined && play.homeScore !== undefined
          ? [{ away: play.awayScore, home: play.homeScore }]
          : [],
      ),
    );
    const score = header.score;
    const watch = slot.watch(
      [league, header.state, header.period, score?.away, score?.home, progression, winProbability],
      () => {
        const lastScoring = progression.at(-1);
        return watchLabel({
          league,
          state: header.state,
          period: header.period,
          score: score ?? (started && lastScoring ? lastScoring : null),
          progression,
          homeWinPercents: winProbability?.map((point) => point.homePercent) ?? null,
        });
      },
    );

    return {
      gameId,
      league,
      scoringPlays: slot.scoringPlays([league, sides.key, scoring], () =>
        newestFirst(
          lists.scoringPlays(
            scoring,
            () => true,
            (play, index) => mapPlay(league, sides, play, `scoring-${index}`, true),
          ),
          GAMECAST_MAX_PLAYS,
        ),
      ),
      plays: slot.plays([league, sides.key, plays, scoringIds], () =>
        newestFirst(
          lists.plays(
            plays,
            (play) => play.id !== undefined && scoringIds.has(play.id),
            (play, index) =>
              mapPlay(league, sides, play, `play-${index}`, play.id !== undefined && scoringIds.has(play.id)),
          ),
          GAMECAST_MAX_PLAYS,
        ),
      ),
      // Before the game ESPN fills the box score and leaders with season figures: not this game's.
      teamStats: slot.teamStats([started, sides.key, summary.boxscore?.teams], () =>
        started ? mapTeamStats(summary, sides) : [],
      ),
      playerTables: slot.playerTables([started, sides.key, summary.boxscore?.players], () =>
        started ? mapPlayerTables(summary, sides) : [],
      ),
      leaders: slot.leaders([started, sides.key, summary.leaders], () =>
        started ? mapLeaders(summary, sides) : [],
      ),
      winProbability,
      watch,
    };
  };
}

/** One ESPN summary as what the Gamecast shows. */
export function mapEspnSummary(league: LeagueName, gameId: string, summary: EspnSummary): GamecastReading {
  return createGamecastMapper()(league, gameId, summary);
}

/**
 * How the contract's lists are checked element by element: each list section (`z.array(element)`
 * bounded by `z.maxLength`, possibly nullable) with its element schema and its most elements. Sections
 * of any other make are checked whole.
 */
const LIST_SECTIONS = new Map(
  Object.entries(gamecastSchema.shape).flatMap(([key, section]) => {
    const list = section.def.type === 'nullable' ? section.def.innerType : section;
    if (!(list instanceof z.ZodMiniArray) || list.def.checks?.length !== 1) return [];
    const { maxItems, minItems } = z.toJSONSchema(list) as { maxItems?: number; minItems?: number };
    if (maxItems === undefined || minItems !== undefined) return [];
    // Each list its own record of the elements that passed: a list's schema vouches for its own only.
    return [
      [
        key,
        { element: list.def.element as z.ZodMiniType, most: maxItems, checked: new WeakSet<object>() },
      ] as const,
    ];
  }),
);

/** By section, the ones that are not lists and passed whole (readings and their parts are read-only). */
const SECTIONS_CHECKED = new Map(
  Object.keys(gamecastSchema.shape).map((key) => [key, new WeakSet<object>()]),
);

/**
 * Whether a reading parses as the contract's Gamecast once versioned (what
 * `gamecastSchema.safeParse({ ...reading, version, updatedAt })` says), each play, point, table or
 * label checked once: the mapper gives what did not change as the very object it gave before.
 */
export function readingParses(reading: GamecastReading): boolean {
  for (const [key, schema] of Object.entries(gamecastSchema.shape)) {
    if (key === 'version' || key === 'updatedAt') continue;
    const value: unknown = reading[key as keyof GamecastReading];
    const list = LIST_SECTIONS.get(key);
    if (!list || !Array.isArray(value)) {
      const checked = SECTIONS_CHECKED.get(key)!;
      const known = typeof value === 'object' && value !== null;
      if (known && checked.has(value)) continue;
      if (!schema.safeParse(value).success) return false;
      if (known) checked.add(value);
      continue;
    }
    if (value.length > list.most) return false;
    for (const element of value as unknown[]) {
      const known = typeof element === 'object' && element !== null;
      if (known && list.checked.has(element)) continue;
      if (!list.element.safeParse(element).success) return false;
      if (known) list.checked.add(element);
    }
  }
  return true;
}

export interface EspnGamecastSourceOptions extends EspnSummaryReaderOptions {
  /** Tests give a reader of their own; by default one is made from the options. */
  reader?: EspnSummaryReader;
}

/**
 * The Gamecast of ESPN games, from ESPN's summary endpoint. Construct it with the scoreboard client's
 * base URL: `createEspnGamecastSource({ baseUrl: providers.scoreboard.espn.baseUrl })`.
 */
export function createEspnGamecastSource(options: EspnGamecastSourceOptions): GamecastSource {
  const reader = options.reader ?? createEspnSummaryReader(options);
  const host = new URL(reader.baseUrl).host;
  /** Each game's mapper, the game read longest ago first (as many as the reader keeps summaries of). */
  const mappers = new Map<string, ReturnType<typeof createGamecastMapper>>();
  const mapperOf = (gameId: string) => {
    const mapper = mappers.get(gameId) ?? createGamecastMapper();
    mappers.delete(gameId);
    mappers.set(gameId, mapper);
    if (mappers.size > SUMMARIES_KEPT) mappers.delete(mappers.keys().next().value!);
    return mapper;
  };
  return {
    async fetchGamecast(game, signal) {
      let summary: EspnSummary;
      try {
        summary = await reader.summary(LEAGUE_KEYS[game.league], game.id, signal);
      } catch (error) {
        throw errors.sportsFetchFailed(`Failed to read the game summary from ${host}`, { cause: error });
      }
      const reading = mapperOf(game.id)(game.league, game.id, summary);
      // Every field was cut to its bound above; a reading that still does not parse is a bug here,
      // and it must not reach the fans.
      if (!readingParses(reading)) {
        const checked = gamecastSchema.safeParse({ ...reading, version: 0, updatedAt: '' });
        throw errors.sportsFetchFailed(`The game summary from ${host} could not be read`, {
          cause: checked.success ? undefined : checked.error,
        });
      }
      return reading;
    },
  };
}

/** The source for a scoreboard without summaries (the text-LLM source): never a Gamecast. */
export const noGamecastSource: GamecastSource = {
  fetchGamecast: () => Promise.resolve(null),
};
