export { FantasyPage, type FantasyPageProps } from './fantasy-page';
export { useFantasyLeague, type FantasyLeagueOptions } from './use-fantasy-league';
