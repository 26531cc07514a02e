export { SportsPage, type SportsPageProps } from './sports-page';
export { GameCard, type GameCardProps } from './game-card';
export { SPORTS_CACHE_KEY } from './sports-cache';
export { useSportsData, type SportsData } from './use-sports-data';
export { useGameChangeStream } from './score-feed';
