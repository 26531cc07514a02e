export { LeaguesRoutes } from './leagues-routes';
