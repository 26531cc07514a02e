import { atom, RESET } from '@client/lib/store';
import type { LeagueKey } from '@shared/data/teams';
import type { TechCategoryKey } from '@shared/data/tech-interests';
import { atomWithValidatedStorage } from '@client/lib/stored-atom';
import {
  EMPTY_TEAMS,
  EMPTY_TECH,
  STORAGE_KEYS,
  migrateStoredFavourites,
  parseFavouriteTeams,
  parseFavouriteTech,
  parseFlag,
  type FavouriteTeams,
  type FavouriteTech,
} from './storage';

let migrated = false;

function migrateOnce() {
  if (migrated) return;
  migrated = true;
  migrateStoredFavourites();
}

/** Favourite teams per league (browser storage key favoriteTeams). */
export const favouriteTeamsAtom = atomWithValidatedStorage<FavouriteTeams>(
  STORAGE_KEYS.favoriteTeams,
  EMPTY_TEAMS,
  parseFavouriteTeams,
  { beforeRead: migrateOnce },
);
export const teamQuestionnaireCompletedAtom = atomWithValidatedStorage<boolean>(
  STORAGE_KEYS.teamQuestionnaireCompleted,
  false,
  parseFlag,
  { beforeRead: migrateOnce },
);
/** Favourite tech per group (browser storage key favoriteTech). */
export const favouriteTechAtom = atomWithValidatedStorage<FavouriteTech>(
  STORAGE_KEYS.favoriteTech,
  EMPTY_TECH,
  parseFavouriteTech,
  { beforeRead: migrateOnce },
);
export const techQuestionnaireCompletedAtom = atomWithValidatedStorage<boolean>(
  STORAGE_KEYS.techQuestionnaireCompleted,
  false,
  parseFlag,
  { beforeRead: migrateOnce },
);

export const teamPickerOpenAtom = atom(false);
export const techPickerOpenAtom = atom(false);
/** The automatic first-visit opening happens once per page load, not on every visit to the page. */
export const autoOpenDoneAtom = atom(false);

/** Opens the questionnaire a first visit needs: teams first, then tech, each until completed. */
export const autoOpenQuestionnairesAtom = atom(null, (get, set) => {
  if (get(autoOpenDoneAtom)) return;
  set(autoOpenDoneAtom, true);
  if (!get(teamQuestionnaireCompletedAtom)) {
    if (!get(techPickerOpenAtom)) set(teamPickerOpenAtom, true);
  } else if (!get(techQuestionnaireCompletedAtom) && !get(teamPickerOpenAtom)) {
    set(techPickerOpenAtom, true);
  }
});

/** Team picker finished ('Complete' or 'Skip for now'): save, mark complete, then the tech one if due. */
export const completeTeamQuestionnaireAtom = atom(null, (get, set, selections: FavouriteTeams) => {
  set(favouriteTeamsAtom, selections);
  set(teamQuestionnaireCompletedAtom, true);
  set(teamPickerOpenAtom, false);
  if (!get(techQuestionnaireCompletedAtom)) set(techPickerOpenAtom, true);
});

export const completeTechQuestionnaireAtom = atom(null, (_get, set, selections: FavouriteTech) => {
  set(favouriteTechAtom, selections);
  set(techQuestionnaireCompletedAtom, true);
  set(techPickerOpenAtom, false);
});

/** Removing a chip saves at once. */
export const removeTeamAtom = atom(null, (get, set, league: LeagueKey, shortName: string) => {
  const current = get(favouriteTeamsAtom);
  set(favouriteTeamsAtom, { ...current, [league]: current[league].filter((name) => name !== shortName) });
});

export const removeInterestAtom = atom(null, (get, set, category: TechCategoryKey, shortName: string) => {
  const current = get(favouriteTechAtom);
  set(favouriteTechAtom, {
    ...current,
    [category]: current[category].filter((name) => name !== shortName),
  });
});

/** Reset clears the stored favourites and the completed flag. */
export const resetTeamsAtom = atom(null, (_get, set) => {
  set(favouriteTeamsAtom, RESET);
  set(teamQuestionnaireCompletedAtom, RESET);
});

export const resetTechAtom = atom(null, (_get, set) => {
  set(favouriteTechAtom, RESET);
  set(techQuestionnaireCompletedAtom, RESET);
});

/** For tests: the next read migrates again. */
export function resetMigrationForTests(): void {
  migrated = false;
}
