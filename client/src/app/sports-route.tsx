import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { findTeam, LEAGUE_KEYS, type LeagueKey } from '@shared/data/teams';
import { RoomUnreadBadge, useUnreadFollower } from '@client/features/chat';
import { useFavouriteTeams } from '@client/features/favourites/hooks';
import { SportsPage } from '@client/features/sports';
import { useAuth } from '@client/lib/auth';
import { GameRoom } from './game-room';

/**
 * The Sports route: the sports feature with the game room (chat + voice) in its game dialog, each
 * card's unread badge for rooms the user has opened, and the user's favourite teams first, following
 * edits live. Favourites are kept by short name; games carry catalogue full names. `?game=<id>` (an
 * alert's link) opens that game's dialog; closing it drops the parameter.
 */
export function SportsRoute() {
  const { user } = useAuth();
  // One follower for the page: every card's badge and the dialog's chat read the counts it keeps.
  useUnreadFollower(user?.login ?? null);
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

  const [params, setParams] = useSearchParams();
  const dropGameLink = useCallback(
    () =>
      setParams(
        (current) => {
          current.delete('game');
          return current;
        },
        { replace: true },
      ),
    [setParams],
  );

  return (
    <SportsPage
      openGameId={params.get('game')}
      onOpenGameClosed={dropGameLink}
      isFavouriteTeam={(league, teamName) => favouriteNames.get(league)?.has(teamName) ?? false}
      renderGameBadge={(game) => <RoomUnreadBadge gameId={game.id} />}
      renderGameChat={(game) => (
        <GameRoom gameId={game.id} awayTeam={game.awayTeam} homeTeam={game.homeTeam} />
      )}
    />
  );
}
