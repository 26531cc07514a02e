import { getLeague, type LeagueKey, type SportsTeam } from '@shared/data/teams';
import { GAME_STATUS, type Game, type LeagueName, type WatchKind } from '@shared/schemas/sports';

/** The catalogue key of a league name ('NFL' → 'nfl'). */
export const leagueKeyOf = (league: LeagueName) => league.toLowerCase() as LeagueKey;

/** The status label: LIVE, FINAL, UPCOMING, otherwise the uppercase status. */
export function statusLabel(game: Pick<Game, 'gameStatus' | 'isLive' | 'isCompleted'>): string {
  if (game.gameStatus === GAME_STATUS.live) return 'LIVE';
  if (game.gameStatus === GAME_STATUS.completed) return 'FINAL';
  if (game.gameStatus === GAME_STATUS.scheduled) return 'UPCOMING';
  return game.gameStatus.toUpperCase();
}

/** The status badge: 'Live Game', 'Game Complete', 'Scheduled'; another status (postponed…) says itself. */
export function statusBadge(game: Pick<Game, 'gameStatus' | 'isLive' | 'isCompleted'>): string {
  if (game.isLive) return 'Live Game';
  if (game.isCompleted) return 'Game Complete';
  if (game.gameStatus === GAME_STATUS.scheduled) return 'Scheduled';
  return game.gameStatus.charAt(0).toUpperCase() + game.gameStatus.slice(1);
}

// A game that will not start at its listed time: its old start time would read as an upcoming one.
const NOT_STARTING = new Set(['postponed', 'cancelled', 'canceled', 'suspended']);

/** Whether the card shows the game's start time: only for a game still to come. */
export const showsStartTime = (game: Pick<Game, 'gameStatus' | 'isLive' | 'isCompleted'>): boolean =>
  !game.isLive && !game.isCompleted && !NOT_STARTING.has(game.gameStatus.toLowerCase());

export type StatusTone = 'live' | 'completed' | 'other';

/** The status colour: red when live, grey when completed, blue otherwise. */
export const statusTone = (game: Pick<Game, 'isLive' | 'isCompleted'>): StatusTone =>
  game.isLive ? 'live' : game.isCompleted ? 'completed' : 'other';

export const TONE_TEXT: Record<StatusTone, string> = {
  live: 'text-red-600 dark:text-red-400',
  completed: 'text-slate-500 dark:text-slate-400',
  other: 'text-blue-600 dark:text-blue-400',
};

export const TONE_BADGE: Record<StatusTone, string> = {
  live: 'bg-red-100 text-red-700 ring-red-600/20 dark:bg-red-500/15 dark:text-red-300 dark:ring-red-400/30',
  completed:
    'bg-slate-100 text-slate-700 ring-slate-500/20 dark:bg-slate-700/40 dark:text-slate-300 dark:ring-slate-400/20',
  other:
    'bg-blue-100 text-blue-700 ring-blue-600/20 dark:bg-blue-500/15 dark:text-blue-300 dark:ring-blue-400/30',
};

/** An ISO start time in the reader's own zone ('Sun 1:00 PM'); a source's own text ('7:30 PM ET') as is. */
export function formatStartTime(startTime: string | null, now: Date = new Date()): string | null {
  if (!startTime) return null;
  if (!/^\d{4}-\d\d-\d\dT/.test(startTime)) return startTime;
  const time = new Date(startTime);
  if (Number.isNaN(time.getTime())) return startTime;
  const sameDay = time.toDateString() === now.toDateString();
  return time.toLocaleString(undefined, {
    ...(sameDay ? {} : { weekday: 'short', month: 'short', day: 'numeric' }),
    hour: 'numeric',
    minute: '2-digit',
  });
}

/** The last-updated time as the header shows it. */
export function formatUpdated(lastUpdated: string): string {
  const time = new Date(lastUpdated);
  return Number.isNaN(time.getTime())
    ? lastUpdated
    : time.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit', second: '2-digit' });
}

/** A score, or the dialog's dash when there is none. */
export const scoreOrDash = (score: number | null) => (score === null ? '–' : String(score));

/** The catalogue team of a game's team name (games carry catalogue full names where known). */
export function catalogueTeam(league: LeagueName, name: string): SportsTeam | undefined {
  return getLeague(leagueKeyOf(league)).teams.find((team) => team.name === name);
}

/** A team's short name ('KC'), or its full name when the catalogue lacks it. */
export const teamShortName = (league: LeagueName, name: string): string =>
  catalogueTeam(league, name)?.short_name ?? name;

/** The colours of a worth-watching label, one per kind, from the app's badge colours (both themes). */
export const WATCH_BADGE: Record<WatchKind, string> = {
  close: 'bg-brand-50 text-brand-700 ring-brand-600/20 dark:bg-brand-500/15 dark:text-brand-100',
  comeback: TONE_BADGE.other,
  blowout: TONE_BADGE.completed,
};

/** Games of favourite teams first, otherwise the source's order. */
export function favouritesFirst(
  games: readonly Game[],
  isFavourite: ((league: LeagueKey, teamName: string) => boolean) | undefined,
): Game[] {
  if (!isFavourite) return [...games];
  const favourite = (game: Game) =>
    isFavourite(leagueKeyOf(game.league), game.awayTeam) ||
    isFavourite(leagueKeyOf(game.league), game.homeTeam);
  return [...games.filter(favourite), ...games.filter((game) => !favourite(game))];
}
