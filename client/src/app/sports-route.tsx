import { useMemo } from 'react';
import { findTeam, LEAGUE_KEYS, type LeagueKey } from '@shared/data/teams';
import { FAVOURITES_STORAGE_KEYS, type FavouriteTeams } from '@client/features/favourites';
import { SportsPage } from '@client/features/sports';
import { readStored } from '@client/lib/local-storage';
import { GameRoom } from './game-room';

const EMPTY_TEAMS: FavouriteTeams = { nfl: [], nba: [], mlb: [], nhl: [] };

/** The stored favourite teams (short names per league); anything unreadable counts as none. */
function parseTeams(value: unknown): FavouriteTeams | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  const teams = { ...EMPTY_TEAMS };
  for (const league of LEAGUE_KEYS) {
    const list = record[league];
    teams[league] = Array.isArray(list)
      ? list.filter((item): item is string => typeof item === 'string')
      : [];
  }
  return teams;
}

/**
 * The Sports route: the sports feature with the game room (chat + voice) in its game dialog and the
 * user's favourite teams first. Favourites are kept by short name; games carry catalogue full names.
 */
export function SportsRoute() {
  const favourites = useMemo(
    () => readStored(FAVOURITES_STORAGE_KEYS.favoriteTeams, parseTeams, EMPTY_TEAMS),
    [],
  );
  const favouriteNames = useMemo(() => {
    const names = new Map<LeagueKey, Set<string>>();
    for (const league of LEAGUE_KEYS) {
      names.set(
        league,
        new Set(
          favourites[league]
            .map((short) => findTeam(league, short)?.name)
            .filter((name) => name !== undefined),
        ),
      );
    }
    return names;
  }, [favourites]);

  return (
    <SportsPage
      isFavouriteTeam={(league, teamName) => favouriteNames.get(league)?.has(teamName) ?? false}
      renderGameChat={(game) => (
        <GameRoom gameId={game.id} awayTeam={game.awayTeam} homeTeam={game.homeTeam} />
      )}
    />
  );
}
