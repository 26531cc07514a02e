export { LeaguesRoutes } from './leagues-routes';
export type { LeaguePageProps } from './league-page';
