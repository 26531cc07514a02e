import { useAtomValue } from '@client/lib/store';
import { usePlayerView, usePodcastEngine } from './instance';
import {
  currentSongAtom,
  durationAtom,
  isBufferingAtom,
  isMutedAtom,
  isPlayingAtom,
  playErrorAtom,
  playbackRateAtom,
  playlistAtom,
  positionAtom,
  shuffleAtom,
  volumeAtom,
} from './state';

/** Everything a player shows, and the engine to act on; registers the player as on screen. */
export function usePlayer() {
  const engine = usePodcastEngine();
  usePlayerView(engine);
  return {
    engine,
    playlist: useAtomValue(playlistAtom),
    song: useAtomValue(currentSongAtom),
    isPlaying: useAtomValue(isPlayingAtom),
    isBuffering: useAtomValue(isBufferingAtom),
    isMuted: useAtomValue(isMutedAtom),
    shuffle: useAtomValue(shuffleAtom),
    volume: useAtomValue(volumeAtom),
    playbackRate: useAtomValue(playbackRateAtom),
    position: useAtomValue(positionAtom),
    duration: useAtomValue(durationAtom),
    error: useAtomValue(playErrorAtom),
  };
}
