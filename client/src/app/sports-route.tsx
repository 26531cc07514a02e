import { useMemo } from 'react';
import { findTeam, LEAGUE_KEYS, type LeagueKey } from '@shared/data/teams';
import { useFavouriteTeams } from '@client/features/favourites';
import { SportsPage } from '@client/features/sports';
import { GameRoom } from './game-room';

/**
 * The Sports route: the sports feature with the game room (chat + voice) in its game dialog and the
 * user's favourite teams first, following edits live. Favourites are kept by short name; games carry
 * catalogue full names.
 */
export function SportsRoute() {
  const favourites = useFavouriteTeams();
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
