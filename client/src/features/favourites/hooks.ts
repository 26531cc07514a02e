import { useAtomValue } from '@client/lib/store';
import { favouriteTeamsAtom, favouriteTechAtom } from './state';
import type { FavouriteTeams, FavouriteTech } from './storage';

/**
 * The favourite teams (short names per league), live: a change from the picker, a chip or another
 * tab shows at once.
 */
export function useFavouriteTeams(): FavouriteTeams {
  return useAtomValue(favouriteTeamsAtom);
}

/** The favourite tech interests per group, live like the teams. */
export function useFavouriteTech(): FavouriteTech {
  return useAtomValue(favouriteTechAtom);
}
