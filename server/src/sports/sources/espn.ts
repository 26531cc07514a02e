import type { Logger } from 'pino';
import {
  gameSchema,
  GAME_STATUS,
  type Game,
  type GameSituation,
  type LeagueName,
} from '@shared/schemas/sports';
import { errors } from '../../errors';
import {
  ESPN_LEAGUES,
  type EspnClient,
  type EspnCompetitor,
  type EspnEvent,
  type EspnLeagueKey,
  type EspnSituation,
  type EspnStatus,
} from '../../integrations/espn/client';
import { fetchingMessage, type SportsSource } from '../source';
import { canonicalTeamName } from '../team-names';

/**
 * The default source: ESPN's public scoreboard JSON for the four leagues, mapped to the shared Game
 * without any AI.
 */

const LEAGUE_NAMES: Record<EspnLeagueKey, LeagueName> = { nfl: 'NFL', nba: 'NBA', mlb: 'MLB', nhl: 'NHL' };
const LEAGUE_KEYS = Object.keys(ESPN_LEAGUES) as EspnLeagueKey[];
const leagueKeyOf = (name: LeagueName) => name.toLowerCase() as EspnLeagueKey;

// Statuses whose `state` disagrees between fixtures (pre or post): branch on the name for these.
const NAMED_STATUSES: Record<string, string> = {
  STATUS_POSTPONED: 'postponed',
  STATUS_CANCELED: 'cancelled',
  STATUS_CANCELLED: 'cancelled',
  STATUS_SUSPENDED: 'suspended',
  STATUS_DELAYED: 'delayed',
  STATUS_RAIN_DELAY: 'delayed',
};
const NOT_PLAYED = new Set(['postponed', 'cancelled']);

const PERIOD_UNIT: Record<EspnLeagueKey, string> = {
  nfl: 'Quarter',
  nba: 'Quarter',
  mlb: 'Inning',
  nhl: 'Period',
};

function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${{ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th'}`;
}

interface MappedStatus {
  gameStatus: string;
  isLive: boolean;
  isCompleted: boolean;
  /** The game has been played, at least in part, so its scores mean something. */
  scored: boolean;
}

export function mapStatus(status: EspnStatus | undefined): MappedStatus {
  const type = status?.type;
  const state = type?.state;
  const named = type?.name ? NAMED_STATUSES[type.name] : undefined;
  if (named && NOT_PLAYED.has(named)) {
    return { gameStatus: named, isLive: false, isCompleted: false, scored: false };
  }
  if (named === 'suspended') {
    // Stopped, to be finished another day: never live, whatever the state says; the score so far stands.
    return { gameStatus: named, isLive: false, isCompleted: false, scored: state !== 'pre' };
  }
  if (named) {
    // Delayed: still in progress when ESPN says so (a rain delay in the 5th), else not yet started.
    return { gameStatus: named, isLive: state === 'in', isCompleted: false, scored: state !== 'pre' };
  }
  if (state === 'in') return { gameStatus: GAME_STATUS.live, isLive: true, isCompleted: false, scored: true };
  if (state === 'post' || type?.completed) {
    return { gameStatus: GAME_STATUS.completed, isLive: false, isCompleted: true, scored: true };
  }
  if (state === 'pre' || !type?.description) {
    return { gameStatus: GAME_STATUS.scheduled, isLive: false, isCompleted: false, scored: false };
  }
  return {
    gameStatus: type.description.toLowerCase().slice(0, 40),
    isLive: false,
    isCompleted: false,
    scored: false,
  };
}

/** A score as a number, or null (ESPN sends strings, sometimes numbers or objects, nothing pregame). */
export function mapScore(score: EspnCompetitor['score']): number | null {
  if (score === undefined || score === '') return null;
  const value = typeof score === 'number' ? score : Number(score);
  return Number.isInteger(value) && value >= 0 && value <= 999 ? value : null;
}

function mapPeriod(
  league: EspnLeagueKey,
  status: EspnStatus | undefined,
  mapped: MappedStatus,
): string | null {
  const type = status?.type;
  if (
    mapped.isLive ||
    mapped.isCompleted ||
    mapped.gameStatus === 'delayed' ||
    mapped.gameStatus === 'suspended'
  ) {
    const detail = type?.detail?.trim() || type?.shortDetail?.trim();
    if (detail) return detail.slice(0, 80);
    if (mapped.isLive && status?.period) {
      const clock = status.displayClock && league !== 'mlb' ? `${status.displayClock} - ` : '';
      return `${clock}${ordinal(status.period)} ${PERIOD_UNIT[league]}`;
    }
  }
  return null;
}

function mapBroadcast(event: EspnEvent): string | null {
  const competition = event.competitions[0]!;
  const names = (competition.broadcasts ?? []).flatMap((broadcast) => broadcast.names ?? []);
  if (names.length === 0) {
    for (const geo of competition.geoBroadcasts ?? []) {
      if (geo.media?.shortName) names.push(geo.media.shortName);
    }
  }
  const unique = [...new Set(names.map((name) => name.trim()).filter(Boolean))];
  return unique.length > 0 ? unique.join(', ').slice(0, 200) : null;
}

function mapUrl(league: EspnLeagueKey, event: EspnEvent): string {
  const links = event.links ?? [];
  const summary =
    links.find((link) => link.rel?.includes('summary') && link.rel.includes('desktop')) ??
    links.find((link) => link.rel?.includes('event'));
  const href = summary?.href;
  if (href && /^https?:\/\//.test(href) && href.length <= 2048) return href;
  // ESPN's own game page address, when the event lists no link.
  return `https://www.espn.com/${league}/game/_/gameId/${event.id}`;
}

function mapStartTime(event: EspnEvent): string | null {
  const raw = event.competitions[0]?.date ?? event.date;
  if (!raw) return null;
  const time = Date.parse(raw);
  return Number.isNaN(time) ? raw.slice(0, 80) : new Date(time).toISOString();
}

const teamName = (competitor: EspnCompetitor) =>
  competitor.team.displayName ||
  [competitor.team.location, competitor.team.name].filter(Boolean).join(' ') ||
  competitor.team.abbreviation ||
  '';

/** A whole number within bounds, else null (a count of 5 balls is a misread, not a count). */
const countOf = (value: number | undefined, max: number) =>
  value !== undefined && Number.isInteger(value) && value >= 0 && value <= max ? value : null;

const trimmed = (text: string | undefined, max: number) => {
  const value = text?.trim();
  return value ? value.slice(0, max) : null;
};

/**
 * Where a live game stands, from the scoreboard's own `situation` (no extra request): null when the game
 * is not live or ESPN tells nothing of it. The side with the ball is matched by team id, never guessed.
 */
export function mapSituation(
  situation: EspnSituation | undefined,
  competitors: { home: EspnCompetitor; away: EspnCompetitor },
  isLive: boolean,
): GameSituation | null {
  if (!isLive || !situation) return null;
  const possession =
    situation.possession === undefined
      ? null
      : situation.possession === competitors.home.id
        ? 'home'
        : situation.possession === competitors.away.id
          ? 'away'
          : null;
  const mapped: GameSituation = {
    downDistance: trimmed(situation.downDistanceText, 80),
    possession,
    isRedZone: situation.isRedZone === true,
    balls: countOf(situation.balls, 4),
    strikes: countOf(situation.strikes, 3),
    outs: countOf(situation.outs, 3),
    onFirst: situation.onFirst === true,
    onSecond: situation.onSecond === true,
    onThird: situation.onThird === true,
    // ESPN's scoreboard names no power play in its situation; the field stays for a source that does.
    powerPlay: null,
    lastPlay: trimmed(situation.lastPlay?.text, 500),
  };
  const tellsSomething =
    mapped.downDistance !== null ||
    mapped.possession !== null ||
    mapped.balls !== null ||
    mapped.strikes !== null ||
    mapped.outs !== null ||
    mapped.lastPlay !== null;
  return tellsSomething ? mapped : null;
}

/** One ESPN event as a Game; null when it lacks what a Game needs (logged by the caller). */
export function mapEspnEvent(league: EspnLeagueKey, event: EspnEvent): Game | null {
  const competition = event.competitions[0]!;
  // homeAway, never array order.
  const home = competition.competitors.find((competitor) => competitor.homeAway === 'home');
  const away = competition.competitors.find((competitor) => competitor.homeAway === 'away');
  if (!home || !away) return null;
  const status = competition.status ?? event.status;
  const mapped = mapStatus(status);
  const leagueName = LEAGUE_NAMES[league];
  const situation = mapSituation(competition.situation, { home, away }, mapped.isLive);
  const game = {
    id: event.id,
    url: mapUrl(league, event),
    league: leagueName,
    gameStatus: mapped.gameStatus,
    isLive: mapped.isLive,
    isCompleted: mapped.isCompleted,
    awayTeam: canonicalTeamName(leagueName, teamName(away)),
    homeTeam: canonicalTeamName(leagueName, teamName(home)),
    awayScore: mapped.scored ? mapScore(away.score) : null,
    homeScore: mapped.scored ? mapScore(home.score) : null,
    period: mapPeriod(league, status, mapped),
    startTime: mapStartTime(event),
    broadcast: mapBroadcast(event),
    // Only a live game has one: the others carry no key, as before situations existed.
    ...(situation ? { situation } : {}),
  };
  const parsed = gameSchema.safeParse(game);
  return parsed.success ? parsed.data : null;
}

const EASTERN = 'America/New_York';
const easternDayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: EASTERN,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const easternHourFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: EASTERN,
  hour: '2-digit',
  hourCycle: 'h23',
});

/** YYYYMMDD of an instant in US Eastern time, the day ESPN files a game under. */
const easternDay = (time: number) => easternDayFormat.format(time).replace(/-/g, '');

/** YYYYMMDD of a start time in US Eastern time, the day ESPN files a game under. */
export function espnDate(startTime: string | null): string | undefined {
  if (!startTime) return undefined;
  const time = Date.parse(startTime);
  return Number.isNaN(time) ? undefined : easternDay(time);
}

const HOUR_MS = 3_600_000;
/**
 * ESPN's current day rolls over at midnight US Eastern while games out West are still being played, so
 * until this hour the board also reads yesterday's games of the leagues that play by the day (the
 * NFL's scoreboard is its current week, which holds Monday night whole).
 */
const LATE_GAMES_UNTIL_EASTERN_HOUR = 6;
const DAILY_LEAGUES: ReadonlySet<EspnLeagueKey> = new Set(['nba', 'mlb', 'nhl']);
/**
 * A game of yesterday stays on the board while it is live, and otherwise this long after its start: a
 * game that began at 10 PM Eastern and ended after midnight is still there for a few hours.
 */
const YESTERDAY_GAME_KEPT_MS = 8 * HOUR_MS;

/** Whether a game from before today's board still belongs on it at `now`. */
export function lateGameStillShown(game: Game, now: number): boolean {
  if (game.isLive) return true;
  const start = game.startTime ? Date.parse(game.startTime) : Number.NaN;
  return !Number.isNaN(start) && now - start < YESTERDAY_GAME_KEPT_MS;
}

/** The days to ask one league for at `now`: its current day (no `dates`), and yesterday in the small hours. */
export function scoreboardDays(league: EspnLeagueKey, now: number): Array<string | undefined> {
  const hour = Number(easternHourFormat.format(now));
  if (!DAILY_LEAGUES.has(league) || hour >= LATE_GAMES_UNTIL_EASTERN_HOUR) return [undefined];
  // Noon of yesterday is yesterday's Eastern date whatever the daylight-saving change in between.
  return [undefined, easternDay(now - (hour + 12) * HOUR_MS)];
}

interface LeagueBoard {
  games: Game[];
  /** Yesterday's board was asked for and did not answer: the late games last seen are kept. */
  lateGamesMissing: boolean;
}

export function createEspnSource(deps: {
  client: EspnClient;
  logger: Logger;
  /** The clock that decides ESPN's day; tests set it. */
  now?: () => number;
}): SportsSource {
  const { client, logger } = deps;
  const now = deps.now ?? Date.now;
  const host = new URL(client.baseUrl).host;
  const fetchFailed = (cause?: unknown) =>
    errors.sportsFetchFailed(`Failed to fetch sports data from ${host}`, { cause });

  function mapEvents(league: EspnLeagueKey, events: EspnEvent[], skipped: number): Game[] {
    if (skipped > 0) logger.warn({ league, skipped }, 'espn: events with an unknown shape skipped');
    const games: Game[] = [];
    for (const event of events) {
      const game = mapEspnEvent(league, event);
      if (game) games.push(game);
      else logger.warn({ league, eventId: event.id }, 'espn: event skipped, it lacks what a game needs');
    }
    return games;
  }

  /** One league's board: its current day, with yesterday's games that still belong, each game once. */
  async function readLeague(league: EspnLeagueKey, at: number, signal?: AbortSignal): Promise<LeagueBoard> {
    const [current, ...earlier] = await Promise.allSettled(
      scoreboardDays(league, at).map((dates) => client.scoreboard(league, { dates, signal })),
    );
    if (current!.status === 'rejected') throw current!.reason;
    // By id, the current day's answer last so its state wins (a suspended game resumed today is listed
    // on both days).
    const byId = new Map<string, Game>();
    let lateGamesMissing = false;
    for (const board of earlier) {
      if (board.status === 'rejected') {
        lateGamesMissing = true;
        logger.warn(
          { league, err: board.reason },
          "espn: yesterday's scoreboard failed, keeping its late games",
        );
        continue;
      }
      for (const game of mapEvents(league, board.value.events, board.value.skipped)) {
        if (lateGameStillShown(game, at)) byId.set(game.id, game);
      }
    }
    for (const game of mapEvents(league, current!.value.events, current!.value.skipped)) {
      byId.delete(game.id);
      byId.set(game.id, game);
    }
    return { games: [...byId.values()], lateGamesMissing };
  }

  return {
    name: 'espn',

    async fetchAll({ onProgress, previous, signal }) {
      onProgress({ stage: 'fetching', message: fetchingMessage(host) });
      const at = now();
      const results = await Promise.allSettled(LEAGUE_KEYS.map((league) => readLeague(league, at, signal)));
      if (results.every((result) => result.status === 'rejected')) {
        throw fetchFailed((results[0] as PromiseRejectedResult).reason);
      }
      // Read only when some board failed and the last games stand in for it.
      const needsPrevious = results.some(
        (result) => result.status === 'rejected' || result.value.lateGamesMissing,
      );
      const kept = needsPrevious ? await previous : null;
      const lastGames = (league: EspnLeagueKey) =>
        kept?.leagues.find((group) => group.name === LEAGUE_NAMES[league])?.games ?? [];
      return LEAGUE_KEYS.flatMap((league, index) => {
        const result = results[index]!;
        if (result.status === 'rejected') {
          // One league down: keep what we had for it rather than blanking its games.
          logger.warn(
            { league, err: result.reason },
            'espn: league scoreboard failed, keeping its last games',
          );
          return lastGames(league);
        }
        const { games, lateGamesMissing } = result.value;
        if (!lateGamesMissing) return games;
        const fresh = new Set(games.map((game) => game.id));
        const late = lastGames(league).filter((game) => !fresh.has(game.id) && lateGameStillShown(game, at));
        return [...late, ...games];
      });
    },

    async fetchGame(game, signal) {
      const league = leagueKeyOf(game.league);
      const dates = espnDate(game.startTime);
      let board;
      try {
        board = await client.scoreboard(league, { dates, signal });
      } catch (error) {
        throw errors.gameRefreshFailed(undefined, { cause: error });
      }
      const event = board.events.find((candidate) => candidate.id === game.id);
      const fresh = event ? mapEspnEvent(league, event) : null;
      if (!fresh) throw errors.gameProcessFailed();
      return fresh;
    },
  };
}
