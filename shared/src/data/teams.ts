import teamsJson from './teams.json';

/** The four leagues, in the order the team picker walks them. */
export const LEAGUE_KEYS = ['nfl', 'nba', 'mlb', 'nhl'] as const;
export type LeagueKey = (typeof LEAGUE_KEYS)[number];

/** A sports team of the catalogue. */
export interface SportsTeam {
  name: string;
  /** Unique within its league only: ATL is a Falcon, a Hawk and a Brave. */
  short_name: string;
  logo_url: string;
  url: string;
  /** Hex colours, `#RRGGBB`. */
  primary_color: string;
  secondary_color: string;
}

/** A league with its teams. */
export interface League {
  key: LeagueKey;
  /** The league label: NFL, NBA, MLB, NHL. */
  name: string;
  teams: readonly SportsTeam[];
}

const raw = teamsJson as Record<LeagueKey, { name: string; teams: SportsTeam[] }>;

/** Every league in picker order. */
export const LEAGUES: readonly League[] = LEAGUE_KEYS.map((key) => ({ key, ...raw[key] }));

const byLeague = new Map(LEAGUES.map((league) => [league.key, league]));

/** The league of a key. */
export function getLeague(key: LeagueKey): League {
  return byLeague.get(key)!;
}

/** A team by league and short name; short names repeat across leagues, so both are needed. */
export function findTeam(league: LeagueKey, shortName: string): SportsTeam | undefined {
  return byLeague.get(league)?.teams.find((team) => team.short_name === shortName);
}
