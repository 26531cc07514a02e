import { useMemo } from 'react';
import { LEAGUES, type LeagueKey } from '@shared/data/teams';
import { PickerModal, type PickerStep } from './picker-modal';
import type { FavouriteTeams } from './storage';
import { TeamLogo } from './team-logo';

export interface TeamPickerModalProps {
  open: boolean;
  initialSelections?: Partial<FavouriteTeams>;
  /** Arrays nfl, nba, mlb, nhl of short names (short names repeat across leagues). */
  onComplete: (selections: FavouriteTeams) => void;
  onClose: () => void;
}

/** 'Select Your Favorite {league} Teams', one step per league: NFL, NBA, MLB, NHL. */
export function TeamPickerModal(props: TeamPickerModalProps) {
  const steps = useMemo<PickerStep<LeagueKey>[]>(
    () =>
      LEAGUES.map((league) => ({
        key: league.key,
        title: `Select Your Favorite ${league.name} Teams`,
        description: 'Choose all teams you want to follow',
        items: league.teams.map((team) => ({
          id: team.short_name,
          name: team.name,
          picture: <TeamLogo team={team} className="h-10 w-10 sm:h-12 sm:w-12" />,
        })),
      })),
    [],
  );
  return <PickerModal {...props} steps={steps} />;
}
