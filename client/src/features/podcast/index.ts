export { PodcastPlayer } from './podcast-player';
export { MiniPlayer } from './mini-player';
