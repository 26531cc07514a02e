import { getLeague, type LeagueKey } from '@shared/data/teams';
import type { LeagueName } from '@shared/schemas/sports';

/**
 * Scoreboard team names in the catalogue's spelling, so favourites (kept by catalogue team) match
 * games by full name. Never by abbreviation: ESPN's differ from the catalogue's in places (NHL `NJ`,
 * `TB`, `LA`, `SJ`; `WSH`), and short names repeat across leagues (shared/data README).
 */

// Names sources use that differ from the catalogue's by more than accents or case.
const ALIASES: Record<LeagueName, Record<string, string>> = {
  NFL: { 'washington football team': 'Washington Commanders' },
  NBA: { 'la clippers': 'Los Angeles Clippers' },
  MLB: { 'oakland athletics': 'Athletics', 'las vegas athletics': 'Athletics' },
  NHL: { 'utah hockey club': 'Utah Mammoth', 'arizona coyotes': 'Utah Mammoth' },
};

const normalise = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '') // Montréal → Montreal
    .toLowerCase()
    .replace(/[^a-z0-9 ]+/g, ' ') // St. Louis → st louis
    .replace(/\s+/g, ' ')
    .trim();

const leagueKey = (league: LeagueName) => league.toLowerCase() as LeagueKey;

/** The catalogue's name of a team given by full name (or its unique nickname), else the name as given. */
export function canonicalTeamName(league: LeagueName, name: string): string {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  const wanted = normalise(trimmed);
  if (!wanted) return trimmed;
  const teams = getLeague(leagueKey(league)).teams;
  const exact = teams.find((team) => normalise(team.name) === wanted);
  if (exact) return exact.name;
  const alias = ALIASES[league][wanted];
  if (alias) return alias;
  // "Red Sox" or "Golden Knights": the end of exactly one full name in this league ("Sox" is two).
  const bySuffix = teams.filter((team) => normalise(team.name).endsWith(` ${wanted}`));
  return bySuffix.length === 1 ? bySuffix[0]!.name : trimmed;
}
