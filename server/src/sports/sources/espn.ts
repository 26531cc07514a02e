import type { Logger } from 'pino';
import { gameSchema, GAME_STATUS, type Game, type LeagueName } from '@shared/schemas/sports';
import { errors } from '../../errors';
import {
  ESPN_LEAGUES,
  type EspnClient,
  type EspnCompetitor,
  type EspnEvent,
  type EspnLeagueKey,
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
  if (named) {
    // Delayed or suspended: in progress when ESPN says so (a rain delay in the 5th), else not yet started.
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

/** A score as a number, or null (ESPN sends strings, sometimes objects, nothing pregame). */
export function mapScore(score: EspnCompetitor['score']): number | null {
  const raw = typeof score === 'object' && score !== null ? score.value : score;
  if (raw === undefined || raw === null || raw === '') return null;
  const value = typeof raw === 'number' ? raw : Number(raw);
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
  };
  const parsed = gameSchema.safeParse(game);
  return parsed.success ? parsed.data : null;
}

/** YYYYMMDD of a start time in US Eastern time, the day ESPN files a game under. */
export function espnDate(startTime: string | null): string | undefined {
  if (!startTime) return undefined;
  const time = Date.parse(startTime);
  if (Number.isNaN(time)) return undefined;
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/New_York',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(time);
  return parts.replace(/-/g, '');
}

export function createEspnSource(deps: { client: EspnClient; logger: Logger }): SportsSource {
  const { client, logger } = deps;
  const host = new URL(client.baseUrl).host;
  const fetchFailed = (cause?: unknown) =>
    errors.sportsFetchFailed(`Failed to fetch sports data from ${host}`, { cause });

  function mapEvents(league: EspnLeagueKey, events: EspnEvent[]): Game[] {
    const games: Game[] = [];
    for (const event of events) {
      const game = mapEspnEvent(league, event);
      if (game) games.push(game);
      else logger.warn({ league, eventId: event.id }, 'espn: event skipped, it lacks what a game needs');
    }
    return games;
  }

  return {
    name: 'espn',

    async fetchAll({ onProgress, previous, signal }) {
      onProgress({ stage: 'fetching', message: fetchingMessage(host) });
      const results = await Promise.allSettled(
        LEAGUE_KEYS.map((league) => client.scoreboard(league, { signal })),
      );
      if (results.every((result) => result.status === 'rejected')) {
        throw fetchFailed((results[0] as PromiseRejectedResult).reason);
      }
      // Read only when a league failed and keeps its last games.
      const kept = results.some((result) => result.status === 'rejected') ? await previous : null;
      return LEAGUE_KEYS.flatMap((league, index) => {
        const result = results[index]!;
        if (result.status === 'fulfilled') {
          if (result.value.skipped > 0) {
            logger.warn(
              { league, skipped: result.value.skipped },
              'espn: events with an unknown shape skipped',
            );
          }
          return mapEvents(league, result.value.events);
        }
        // One league down: keep what we had for it rather than blanking its games.
        logger.warn({ league, err: result.reason }, 'espn: league scoreboard failed, keeping its last games');
        const last = kept?.leagues.find((group) => group.name === LEAGUE_NAMES[league]);
        return last?.games ?? [];
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
