export { FavouriteTeamsStrip, type FavouriteTeamsStripProps } from './teams-strip';
export { TechInterestsStrip, type TechInterestsStripProps } from './tech-strip';
export { FavouritesQuestionnaires } from './questionnaires';
export { TeamPickerModal, type TeamPickerModalProps } from './team-picker';
export { TechPickerModal, type TechPickerModalProps } from './tech-picker';
export { teamSearchQuery, interestSearchQuery } from './queries';
export { STORAGE_KEYS as FAVOURITES_STORAGE_KEYS, type FavouriteTeams, type FavouriteTech } from './storage';
export { useFavouriteTeams, useFavouriteTech } from './hooks';
