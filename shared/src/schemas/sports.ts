import { z } from 'zod/mini';
import { gameIdSchema } from './game-id';

/**
 * The scoreboard: games, grouped by league, and the calls that read and refresh it. The server owns it: it polls the configured source, keeps the dataset
 * in the store and pushes every change to every tab: the games that changed as `sports:games-changed`, the
 * whole dataset as `sportsDataUpdated` when the game list itself changed.
 *
 * Endpoints (signed-in; the POSTs are rate-limited per user; errors are `{ error: { code, message } }`):
 * - GET  /api/sports/scoreboard   → ScoreboardResponse (runs a first refresh when nothing is stored yet)
 * - POST /api/sports/refresh      → ScoreboardResponse (a refresh now; concurrent calls share one)
 * - POST /api/sports/generate     SportsGenerateRequest → SportsGenerateResponse (the page's "Refresh All")
 * - POST /api/game/process        GameProcessRequest    → GameProcessResponse (refreshes one game)
 */

/** The leagues, in the order the page shows them. */
export const SPORTS_LEAGUE_NAMES = ['NFL', 'NBA', 'MLB', 'NHL'] as const;
export const leagueNameSchema = z.enum(SPORTS_LEAGUE_NAMES);
export type LeagueName = z.infer<typeof leagueNameSchema>;

/** The usual values of Game.gameStatus; a source may give other text (postponed, cancelled, delayed…). */
export const GAME_STATUS = { live: 'live', completed: 'completed', scheduled: 'scheduled' } as const;

const httpUrlPattern = /^https?:\/\/[^\s]+$/;

/**
 * Where a live game stands, from the scoreboard (no extra request). Each league fills what it has and
 * leaves the rest null: NFL down and distance, MLB count and runners, NHL power play; all the last play.
 */
export const gameSituationSchema = z.object({
  /** NFL: '3rd & 7 at KC 35'. */
  downDistance: z.nullable(z.string().check(z.maxLength(80))),
  /** NFL: the side with the ball. */
  possession: z.nullable(z.enum(['away', 'home'])),
  /** NFL: the ball is inside the opponent's 20. */
  isRedZone: z.boolean(),
  /** MLB: the count and outs. */
  balls: z.nullable(z.number().check(z.int(), z.minimum(0), z.maximum(4))),
  strikes: z.nullable(z.number().check(z.int(), z.minimum(0), z.maximum(3))),
  outs: z.nullable(z.number().check(z.int(), z.minimum(0), z.maximum(3))),
  /** MLB: runners on base. */
  onFirst: z.boolean(),
  onSecond: z.boolean(),
  onThird: z.boolean(),
  /** NHL: the power-play text the source gives ('Power Play - TOR'), else null. */
  powerPlay: z.nullable(z.string().check(z.maxLength(120))),
  /** The latest play's text. It can tell the score, so Hide scores hides it. */
  lastPlay: z.nullable(z.string().check(z.maxLength(500))),
});
export type GameSituation = z.infer<typeof gameSituationSchema>;

/** The spoiler-free "worth watching" labels, with the sentence the app explains each with. */
export const WATCH_LABELS = {
  close: 'Close game',
  comeback: 'Comeback',
  blowout: 'Blowout',
} as const;
export type WatchKind = keyof typeof WATCH_LABELS;

/**
 * Whether a game is worth watching, told without the score: read from the swings of the win
 * probability and the lead changes. `reason` is one sentence that names no team and no score.
 */
export const watchLabelSchema = z.object({
  kind: z.enum(['close', 'comeback', 'blowout']),
  label: z.string().check(z.maxLength(40)),
  reason: z.string().check(z.maxLength(200)),
});
export type WatchLabel = z.infer<typeof watchLabelSchema>;

/**
 * One game. Every field a source fills is present, unknown values null, so this schema less the two
 * server-filled fields (gameExtractionSchema) is the structured-output schema an LLM must fill (strict
 * JSON schema needs every property required). Output that does not match is rejected, never stored.
 */
export const gameSchema = z.object({
  /** Stable within the day: ESPN's event id, or one the server derives from league and teams. */
  id: z.string().check(z.minLength(1), z.maxLength(64)),
  /** The game's page (box score, stats), or null when the source has none. */
  url: z.nullable(z.string().check(z.maxLength(2048), z.regex(httpUrlPattern, 'must be an http(s) URL'))),
  league: leagueNameSchema,
  /** 'live', 'completed', 'scheduled', or other lower-case text such as 'postponed' or 'cancelled'. */
  gameStatus: z.string().check(z.minLength(1), z.maxLength(40)),
  isLive: z.boolean(),
  isCompleted: z.boolean(),
  /** Full team names ('Kansas City Chiefs'), the catalogue's where the team is known. */
  awayTeam: z.string().check(z.minLength(1), z.maxLength(80)),
  homeTeam: z.string().check(z.minLength(1), z.maxLength(80)),
  /** Null until the game has a score. */
  awayScore: z.nullable(z.number().check(z.int(), z.minimum(0), z.maximum(999))),
  homeScore: z.nullable(z.number().check(z.int(), z.minimum(0), z.maximum(999))),
  /** Where the game stands ('10:17 - 1st Quarter', 'Top 8th', 'Halftime', 'Final/OT'), or null. */
  period: z.nullable(z.string().check(z.maxLength(80))),
  /** Start time: ISO 8601 from ESPN, or the page's own text ('7:30 PM ET') from the text source. */
  startTime: z.nullable(z.string().check(z.maxLength(80))),
  /** TV or streaming networks, comma separated, or null. */
  broadcast: z.nullable(z.string().check(z.maxLength(200))),
  /**
   * Filled by the server, never by a source's LLM (gameExtractionSchema leaves them out); absent in
   * data stored before they existed. Where a live game stands, from the scoreboard, or null.
   */
  situation: z.optional(z.nullable(gameSituationSchema)),
  /** Whether the game is worth watching, told without the score, or null until it can be told. */
  watch: z.optional(z.nullable(watchLabelSchema)),
});
export type Game = z.infer<typeof gameSchema>;

/** One league's games. */
export const leagueGroupSchema = z.object({ name: leagueNameSchema, games: z.array(gameSchema) });
export type LeagueGroup = z.infer<typeof leagueGroupSchema>;

/** The whole scoreboard: only leagues with games are listed, in SPORTS_LEAGUE_NAMES order. */
export const sportsDatasetSchema = z.object({
  leagues: z.array(leagueGroupSchema),
  /** ISO 8601. */
  lastUpdated: z.string(),
  totalGames: z.number().check(z.int(), z.minimum(0)),
  totalLeagues: z.number().check(z.int(), z.minimum(0)),
});
export type SportsDataset = z.infer<typeof sportsDatasetSchema>;

/** What a text source's LLM must answer: every game it found on the page. */
export const gameExtractionSchema = z.object({
  games: z.array(z.omit(gameSchema, { situation: true, watch: true })),
});
export type GameExtraction = z.infer<typeof gameExtractionSchema>;

/** The scoreboard request asks for 50 games. */
export const SPORTS_DEFAULT_MAX_GAMES = 50;
export const SPORTS_MAX_GAMES = 500;
export const SPORTS_PROMPT_MAX_CHARS = 20_000;

/**
 * POST /api/sports/generate body. The scoreboard is shared by every user, so the
 * server extracts games with its own instructions: `prompt` is accepted for compatibility and ignored.
 * The include flags and maxGames shape this answer's `data` only, never the stored scoreboard.
 */
export const sportsGenerateRequestSchema = z.object({
  prompt: z.optional(z.string().check(z.maxLength(SPORTS_PROMPT_MAX_CHARS))),
  maxGames: z._default(
    z.number().check(z.int(), z.minimum(1), z.maximum(SPORTS_MAX_GAMES)),
    SPORTS_DEFAULT_MAX_GAMES,
  ),
  includeCompleted: z._default(z.boolean(), true),
  includeScheduled: z._default(z.boolean(), true),
  includeLive: z._default(z.boolean(), true),
});
export type SportsGenerateRequest = z.input<typeof sportsGenerateRequestSchema>;

export interface SportsGenerateResponse {
  success: true;
  /** JSON text of LeagueGroup[]: a list of games, grouped by league, as a string. */
  data: string;
  /** The full stored dataset after the refresh. */
  sportsData: SportsDataset;
}

/** POST /api/game/process body: refreshing a game needs its id and url. */
export const gameProcessRequestSchema = z.object({
  gameId: gameIdSchema,
  url: z.string().check(z.trim(), z.maxLength(2048), z.regex(httpUrlPattern, 'must be an http(s) URL')),
});
export type GameProcessRequest = z.infer<typeof gameProcessRequestSchema>;

export interface GameProcessResponse {
  success: true;
  /** The refreshed game, merged into the stored scoreboard. */
  gameData: Game;
  sportsData: SportsDataset;
}

export interface ScoreboardResponse {
  sportsData: SportsDataset;
}

/**
 * `sportsDataUpdated` (server → every client): the full dataset, after a refresh changed the games
 * themselves (one added, removed or moved). A change within the same games is `sports:games-changed`.
 */
export interface SportsDataUpdatedPayload {
  sportsData: SportsDataset;
}

/** Stages of a scoreboard refresh: fetching page text, AI processing, data saved (or failed). */
export const SPORTS_REFRESH_STAGES = ['fetching', 'processing', 'saved', 'failed'] as const;
export type SportsRefreshStage = (typeof SPORTS_REFRESH_STAGES)[number];

/** `sports:refresh-progressed` (server → the tabs of whoever asked) while a requested refresh runs. */
export interface SportsRefreshProgress {
  stage: SportsRefreshStage;
  message: string;
}

/** Every game of a dataset, league by league. */
export function allGames(dataset: Pick<SportsDataset, 'leagues'>): Game[] {
  return dataset.leagues.flatMap((league) => league.games);
}

/** Groups games by league (SPORTS_LEAGUE_NAMES order, empty leagues left out) and counts them. */
export function buildSportsDataset(games: readonly Game[], lastUpdated: string): SportsDataset {
  const leagues = SPORTS_LEAGUE_NAMES.map((name) => ({
    name,
    games: games.filter((game) => game.league === name),
  })).filter((league) => league.games.length > 0);
  return {
    leagues,
    lastUpdated,
    totalGames: leagues.reduce((sum, league) => sum + league.games.length, 0),
    totalLeagues: leagues.length,
  };
}

/**
 * A game update replaces the matching game (by id) by merging its fields and
 * refreshes lastUpdated. Null when the dataset has no such game (the caller logs a warning).
 */
export function mergeGameIntoDataset(
  dataset: SportsDataset,
  update: Partial<Game> & Pick<Game, 'id'>,
  lastUpdated: string,
): { sportsData: SportsDataset; game: Game } | null {
  let merged: Game | null = null;
  const leagues = dataset.leagues.map((league) => ({
    ...league,
    games: league.games.map((game) => {
      if (game.id !== update.id) return game;
      merged = { ...game, ...update, id: game.id, league: game.league };
      return merged;
    }),
  }));
  if (!merged) return null;
  return { sportsData: { ...dataset, leagues, lastUpdated }, game: merged };
}

/** What a refresh changed in one game, as fans notice it. A clock tick alone has no kind. */
export const GAME_CHANGE_KINDS = [
  'started',
  'scored',
  'lead-changed',
  'period-ended',
  'final',
  'postponed',
] as const;
export type GameChangeKind = (typeof GAME_CHANGE_KINDS)[number];

/** The parts of a game an alert speaks of, before the change. */
export const gameStandingSchema = z.pick(gameSchema, {
  awayScore: true,
  homeScore: true,
  gameStatus: true,
  period: true,
});
export type GameStanding = z.infer<typeof gameStandingSchema>;

export const gameChangeSchema = z.object({
  /** The game as it is now (every field). */
  game: gameSchema,
  /** How it stood before the refresh. */
  previous: gameStandingSchema,
  /** Empty when only a detail changed (the clock, the broadcast): clients update, nobody is alerted. */
  kinds: z.array(z.enum(GAME_CHANGE_KINDS)).check(z.maxLength(GAME_CHANGE_KINDS.length)),
});
export type GameChange = z.infer<typeof gameChangeSchema>;

/**
 * `sports:games-changed` (server → every client): the games a refresh changed, in dataset order,
 * and the dataset's new lastUpdated. Sent only when the refresh kept the same games in the same
 * order; otherwise the whole dataset goes out as `sportsDataUpdated`. The server presents it through
 * this schema (only published fields leave) and clients read it through it too.
 */
export const sportsGamesChangedPayloadSchema = z.object({
  lastUpdated: z.string(),
  changes: z.array(gameChangeSchema).check(z.minLength(1), z.maxLength(SPORTS_MAX_GAMES)),
});
export type SportsGamesChangedPayload = z.infer<typeof sportsGamesChangedPayloadSchema>;

/**
 * The dataset with a games-changed push applied: each changed game replaced by id, lastUpdated
 * moved on. Null when a changed game is not in the dataset (this copy missed a change of the game
 * list): the caller then reads the whole scoreboard again.
 */
export function applyGameChanges(
  dataset: SportsDataset,
  payload: SportsGamesChangedPayload,
): SportsDataset | null {
  const changed = new Map(payload.changes.map((change) => [change.game.id, change.game]));
  let found = 0;
  const leagues = dataset.leagues.map((league) => ({
    ...league,
    games: league.games.map((game) => {
      const next = changed.get(game.id);
      if (!next || next.league !== game.league) return game;
      found++;
      return next;
    }),
  }));
  if (found !== changed.size) return null;
  return { ...dataset, leagues, lastUpdated: payload.lastUpdated };
}
