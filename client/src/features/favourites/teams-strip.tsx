import { useAtomValue, useSetAtom } from '@client/lib/store';
import { LEAGUES, findTeam, type LeagueKey } from '@shared/data/teams';
import { FavouriteChip } from './chip';
import { teamSearchQuery } from './queries';
import { favouriteTeamsAtom, removeTeamAtom } from './state';
import { FavouritesStrip } from './strip';
import { countFavourites } from './storage';
import { TeamLogo } from './team-logo';

/** League colour dots: NFL blue, NBA orange, MLB green, NHL red. */
export const LEAGUE_DOT: Record<LeagueKey, string> = {
  nfl: 'bg-blue-500',
  nba: 'bg-orange-500',
  mlb: 'bg-green-500',
  nhl: 'bg-red-500',
};

export interface FavouriteTeamsStripProps {
  /** A chip was clicked: run this query in the sports search. */
  onSearch: (query: string) => void;
}

/** 'Your Favorite Teams' with 'Edit Teams', one chip per team, or the empty state. */
export function FavouriteTeamsStrip({ onSearch }: FavouriteTeamsStripProps) {
  const favourites = useAtomValue(favouriteTeamsAtom);
  const removeTeam = useSetAtom(removeTeamAtom);

  return (
    <FavouritesStrip kind="teams" count={countFavourites(favourites)}>
      <ul className="flex flex-wrap gap-2">
        {LEAGUES.flatMap((league) =>
          favourites[league.key].map((shortName) => {
            const team = findTeam(league.key, shortName);
            if (!team) return null;
            return (
              <FavouriteChip
                key={`${league.key}:${shortName}`}
                name={team.name}
                label={team.short_name}
                leading={<TeamLogo team={team} className="h-6 w-6" />}
                trailing={
                  <span
                    title={league.name}
                    aria-hidden="true"
                    className={`h-2 w-2 shrink-0 rounded-full ${LEAGUE_DOT[league.key]}`}
                  />
                }
                onSelect={() => onSearch(teamSearchQuery(team, league))}
                onRemove={() => removeTeam(league.key, shortName)}
              />
            );
          }),
        )}
      </ul>
    </FavouritesStrip>
  );
}
