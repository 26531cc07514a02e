import { z } from 'zod/mini';
import { gameIdSchema } from './game-id';
import { leagueNameSchema, watchLabelSchema } from './sports';

export {
  gameSituationSchema,
  watchLabelSchema,
  WATCH_LABELS,
  type GameSituation,
  type WatchKind,
  type WatchLabel,
} from './sports';

/**
 * The Gamecast of one game: what a fan who opens a game mid-way wants beyond the score. The live
 * situation (down and distance, count and runners, the last play) rides on the scoreboard's Game; the
 * rest comes from the source's game summary, which the server reads only while somebody has the game
 * open, trims to these fields and pushes as it changes. Everything is server-presented: a client reads
 * it through these schemas.
 *
 * Socket events (typed in events.ts):
 * - `gamecast:watch` { gameId } → GamecastWatchAnswer: the latest Gamecast (null until the first read
 *   of the summary arrives, or when the source has none), and from then on `gamecast:changed`.
 * - `gamecast:unwatch` { gameId }.
 * - `gamecast:changed` (server → the game's watchers) GamecastChange.
 */

const side = z.enum(['away', 'home']);
export type GamecastSide = z.infer<typeof side>;

const shortText = (max: number) => z.string().check(z.maxLength(max));
const score = z.nullable(z.number().check(z.int(), z.minimum(0), z.maximum(999)));

/** Most plays a Gamecast keeps (newest first); an NBA game has about 500. */
export const GAMECAST_MAX_PLAYS = 700;
/** Most win-probability points kept (one per play). */
export const GAMECAST_MAX_PROBABILITY_POINTS = 700;

/** One play. `period` is the source's own words ('2nd Quarter', 'Top 3rd', '1st Period'). */
export const gamecastPlaySchema = z.object({
  id: shortText(64),
  period: shortText(40),
  clock: z.nullable(shortText(20)),
  text: shortText(500),
  /** The score after the play. */
  awayScore: score,
  homeScore: score,
  team: z.nullable(side),
  scoring: z.boolean(),
});
export type GamecastPlay = z.infer<typeof gamecastPlaySchema>;

/** A team statistic side by side ('Total Yards', '356', '289'), in the source's order. */
export const gamecastTeamStatSchema = z.object({
  label: shortText(80),
  away: shortText(40),
  home: shortText(40),
});

/**
 * One table of player statistics for one team, with the source's own column labels ('C/ATT', 'YDS';
 * NBA has one table per team with an empty title). Starters come first.
 */
export const gamecastPlayerTableSchema = z.object({
  team: side,
  title: shortText(60),
  labels: z.array(shortText(20)).check(z.maxLength(40)),
  athletes: z
    .array(
      z.object({
        name: shortText(80),
        position: z.nullable(shortText(10)),
        starter: z.boolean(),
        /** One value per label, in the same order. */
        stats: z.array(shortText(20)).check(z.maxLength(40)),
      }),
    )
    .check(z.maxLength(60)),
});
export type GamecastPlayerTable = z.infer<typeof gamecastPlayerTableSchema>;

/** A team's leader in one category ('Passing Yards': 'P. Mahomes', '24/33, 280 YDS, 2 TD'). */
export const gamecastLeaderSchema = z.object({
  team: side,
  category: shortText(60),
  athlete: shortText(80),
  value: shortText(120),
});
export type GamecastLeader = z.infer<typeof gamecastLeaderSchema>;

/** The home side's chance of winning after a play, 0–100 (the away side's is the rest). */
export const winProbabilityPointSchema = z.object({
  playId: z.nullable(shortText(64)),
  period: shortText(40),
  clock: z.nullable(shortText(20)),
  homePercent: z.number().check(z.minimum(0), z.maximum(100)),
});
export type WinProbabilityPoint = z.infer<typeof winProbabilityPointSchema>;

export const gamecastSchema = z.object({
  gameId: gameIdSchema,
  league: leagueNameSchema,
  /** When the server read the summary this came from (ISO 8601). */
  updatedAt: z.string(),
  /** Rises with every change the server pushes for this game. */
  version: z.number().check(z.int(), z.minimum(0)),
  /** Newest first. */
  scoringPlays: z.array(gamecastPlaySchema).check(z.maxLength(GAMECAST_MAX_PLAYS)),
  /** Every play the source lists, newest first; empty when it lists none (NFL lists drives instead). */
  plays: z.array(gamecastPlaySchema).check(z.maxLength(GAMECAST_MAX_PLAYS)),
  teamStats: z.array(gamecastTeamStatSchema).check(z.maxLength(60)),
  playerTables: z.array(gamecastPlayerTableSchema).check(z.maxLength(30)),
  leaders: z.array(gamecastLeaderSchema).check(z.maxLength(40)),
  /** Oldest first; null when the league or game has none (the NHL): the chart is then absent. */
  winProbability: z.nullable(
    z.array(winProbabilityPointSchema).check(z.maxLength(GAMECAST_MAX_PROBABILITY_POINTS)),
  ),
  watch: z.nullable(watchLabelSchema),
});
export type Gamecast = z.infer<typeof gamecastSchema>;

/** `gamecast:watch` and `gamecast:unwatch` payload. */
export const gamecastWatchRequestSchema = z.object({ gameId: gameIdSchema });

export interface GamecastWatchAnswer {
  gamecast: Gamecast | null;
}

/**
 * `gamecast:changed`: what changed since `previousVersion`. A section present replaces the client's
 * whole section, except `playsAdded` and `scoringPlaysAdded` (new plays, newest first, to put before
 * the ones the client has) and `winProbabilityAdded` (new points, oldest first, to append). A client
 * whose version is not `previousVersion` missed a change and watches again to get the whole Gamecast.
 */
export const gamecastChangeSchema = z.object({
  gameId: gameIdSchema,
  previousVersion: z.number().check(z.int(), z.minimum(0)),
  version: z.number().check(z.int(), z.minimum(0)),
  updatedAt: z.string(),
  scoringPlays: z.optional(gamecastSchema.shape.scoringPlays),
  scoringPlaysAdded: z.optional(gamecastSchema.shape.scoringPlays),
  plays: z.optional(gamecastSchema.shape.plays),
  playsAdded: z.optional(gamecastSchema.shape.plays),
  teamStats: z.optional(gamecastSchema.shape.teamStats),
  playerTables: z.optional(gamecastSchema.shape.playerTables),
  leaders: z.optional(gamecastSchema.shape.leaders),
  winProbability: z.optional(gamecastSchema.shape.winProbability),
  winProbabilityAdded: z.optional(
    z.array(winProbabilityPointSchema).check(z.maxLength(GAMECAST_MAX_PROBABILITY_POINTS)),
  ),
  watch: z.optional(gamecastSchema.shape.watch),
});
export type GamecastChange = z.infer<typeof gamecastChangeSchema>;

/**
 * A Gamecast with a change applied. Null when the change does not follow the version held (a change
 * was missed): the caller then watches again for the whole Gamecast.
 */
export function applyGamecastChange(gamecast: Gamecast, change: GamecastChange): Gamecast | null {
  if (change.gameId !== gamecast.gameId || change.previousVersion !== gamecast.version) return null;
  const cap = <T>(list: T[], max: number) => (list.length > max ? list.slice(0, max) : list);
  const scoringPlays =
    change.scoringPlays ??
    (change.scoringPlaysAdded
      ? [...change.scoringPlaysAdded, ...gamecast.scoringPlays]
      : gamecast.scoringPlays);
  const plays =
    change.plays ?? (change.playsAdded ? [...change.playsAdded, ...gamecast.plays] : gamecast.plays);
  let winProbability = change.winProbability !== undefined ? change.winProbability : gamecast.winProbability;
  if (change.winProbabilityAdded) {
    const joined = [...(winProbability ?? []), ...change.winProbabilityAdded];
    winProbability = joined.slice(Math.max(0, joined.length - GAMECAST_MAX_PROBABILITY_POINTS));
  }
  return {
    ...gamecast,
    version: change.version,
    updatedAt: change.updatedAt,
    scoringPlays: cap(scoringPlays, GAMECAST_MAX_PLAYS),
    plays: cap(plays, GAMECAST_MAX_PLAYS),
    teamStats: change.teamStats ?? gamecast.teamStats,
    playerTables: change.playerTables ?? gamecast.playerTables,
    leaders: change.leaders ?? gamecast.leaders,
    winProbability,
    watch: change.watch !== undefined ? change.watch : gamecast.watch,
  };
}

/**
 * Standings of one league (GET /api/sports/standings/:league), as the source groups them: conferences
 * holding divisions (the NFL, MLB, NHL), or conferences alone (the NBA). `columns` are the league's own
 * ('W', 'L', 'PCT', 'GB', 'STRK'; the NHL 'GP', 'W', 'L', 'OTL', 'PTS'); each team's `values` follow
 * them. Teams are ranked within a group as the league ranks them (ESPN lists them in an order of its
 * own): by playoff seed in the NFL and NBA, by points in the NHL, by percentage in MLB.
 */
export const standingsTeamSchema = z.object({
  /** Full name, the catalogue's where known ('Kansas City Chiefs'): what favourites are matched by. */
  name: shortText(80),
  abbreviation: z.nullable(shortText(10)),
  values: z.array(shortText(20)).check(z.maxLength(20)),
});
export type StandingsTeam = z.infer<typeof standingsTeamSchema>;

export interface StandingsGroup {
  /** 'AFC East', 'Eastern Conference'. */
  name: string;
  /** Divisions of a conference; absent where the group lists teams. */
  groups?: StandingsGroup[];
  teams?: StandingsTeam[];
}

export const standingsGroupSchema: z.ZodMiniType<StandingsGroup> = z.object({
  name: shortText(80),
  get groups() {
    return z.optional(z.array(standingsGroupSchema).check(z.maxLength(20)));
  },
  teams: z.optional(z.array(standingsTeamSchema).check(z.maxLength(40))),
});

export const standingsSchema = z.object({
  league: leagueNameSchema,
  /** The season the source names ('2025-26'), or null. */
  season: z.nullable(shortText(40)),
  columns: z.array(shortText(20)).check(z.maxLength(20)),
  groups: z.array(standingsGroupSchema).check(z.maxLength(10)),
  /** When the server read them (ISO 8601). */
  updatedAt: z.string(),
});
export type Standings = z.infer<typeof standingsSchema>;
