import { findTeam, getLeague, type LeagueKey } from '@shared/data/teams';
import type { Game, GameChange, GameChangeKind } from '@shared/schemas/sports';
import type { AlertKind, GameDaySettings, TeamRef } from '@client/lib/game-day-settings';

/** What a toast and a desktop notification say about one change. */
export interface GameAlert {
  /** Stable per change, so every tab (and the notification leader) agrees on what was already said. */
  id: string;
  gameId: string;
  title: string;
  body: string;
}

/** Which setting lets a change kind alert; kinds with none (a period ending, a postponement) never do. */
const SETTING_OF: Partial<Record<GameChangeKind, AlertKind>> = {
  started: 'started',
  scored: 'scored',
  'lead-changed': 'leadChanged',
  final: 'final',
};

/** When one change has several kinds, the alert speaks of the weightiest the fan wants. */
const WEIGHT: GameChangeKind[] = ['final', 'lead-changed', 'scored', 'started'];

const TITLES: Record<AlertKind, string> = {
  started: 'Game started',
  scored: 'Score',
  leadChanged: 'Lead change',
  final: 'Final',
};

const leagueKeyOf = (game: Pick<Game, 'league'>) => game.league.toLowerCase() as LeagueKey;

/** The catalogue short name of a team ('KC'), or a short form of its name when it is not listed. */
export function teamShortName(league: LeagueKey, teamName: string): string {
  const known = getLeague(league).teams.find((team) => team.name === teamName);
  if (known) return known.short_name;
  const words = teamName.trim().split(/\s+/);
  return (words[words.length - 1] ?? teamName).slice(0, 3).toUpperCase();
}

/** The period without its clock ('10:17 - 3rd Quarter' → '3rd Quarter'); 'Final' once it is over. */
function periodText(game: Game): string | null {
  if (game.isCompleted) return game.period?.trim() || 'Final';
  if (!game.period) return null;
  const dash = game.period.lastIndexOf(' - ');
  return (dash === -1 ? game.period : game.period.slice(dash + 3)).trim() || null;
}

/** "KC 21 – 17 BUF · 3rd Quarter": away first, as the scoreboard lists them. */
export function scoreLine(game: Game): string {
  const league = leagueKeyOf(game);
  const away = teamShortName(league, game.awayTeam);
  const home = teamShortName(league, game.homeTeam);
  const score = `${away} ${game.awayScore ?? 0} – ${game.homeScore ?? 0} ${home}`;
  const period = periodText(game);
  return period ? `${score} · ${period}` : score;
}

/** The favourite teams a game involves, as settings name them. */
export function favouriteTeamsIn(game: Game, favourites: Record<LeagueKey, string[]>): TeamRef[] {
  const league = leagueKeyOf(game);
  const chosen = favourites[league] ?? [];
  return [game.awayTeam, game.homeTeam]
    .map((name) => chosen.find((short) => findTeam(league, short)?.name === name))
    .filter((short): short is string => short !== undefined)
    .map((short) => `${league}:${short}` as const);
}

/**
 * The alert a change deserves for this fan, or null: only games of a favourite team that is not
 * muted, only kinds the fan switched on. With scores hidden it says what happened, never the score.
 */
export function alertFor(
  change: GameChange,
  favourites: Record<LeagueKey, string[]>,
  settings: GameDaySettings,
): GameAlert | null {
  const teams = favouriteTeamsIn(change.game, favourites);
  if (teams.length === 0 || teams.every((team) => settings.mutedTeams.includes(team))) return null;
  const kind = WEIGHT.find((candidate) => {
    const setting = SETTING_OF[candidate];
    return change.kinds.includes(candidate) && setting !== undefined && settings.alerts[setting];
  });
  if (!kind) return null;
  const setting = SETTING_OF[kind]!;
  const { game } = change;
  const league = leagueKeyOf(game);
  const matchup = `${teamShortName(league, game.awayTeam)} vs ${teamShortName(league, game.homeTeam)}`;
  const body = settings.hideScores
    ? `${setting === 'scored' || setting === 'leadChanged' ? 'Score change' : TITLES[setting]}: ${matchup}`
    : scoreLine(game);
  return {
    id: `${game.id}:${kind}:${game.awayScore ?? '-'}-${game.homeScore ?? '-'}:${game.gameStatus}`,
    gameId: game.id,
    title: TITLES[setting],
    body,
  };
}
