export { PodcastPlayer } from './podcast-player';
export { MiniPlayer } from './mini-player';
export { usePlayer } from './use-player';
