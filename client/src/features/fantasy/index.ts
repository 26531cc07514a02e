export { FantasyPage, type FantasyPageProps } from './fantasy-page';
