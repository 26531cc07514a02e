import { useEffect } from 'react';
import { appStore } from '@client/lib/store';
import { createPodcastEngine, type PodcastEngine } from './engine';

let instance: PodcastEngine | null = null;

/** The app's one engine and its one <audio> element, made on first use, in the app's jotai store. */
export function getPodcastEngine(): PodcastEngine {
  instance ??= createPodcastEngine({
    store: appStore,
    audio: new Audio(),
    mediaSession: 'mediaSession' in navigator ? navigator.mediaSession : null,
    createMetadata: typeof MediaMetadata === 'undefined' ? undefined : (init) => new MediaMetadata(init),
    events: window,
  });
  return instance;
}

/** The engine the players drive (tests replace this hook to hand them an engine of their own). */
export function usePodcastEngine(): PodcastEngine {
  return getPodcastEngine();
}

/** Registers a player on screen for as long as it is mounted (see PodcastEngine.attachView). */
export function usePlayerView(engine: PodcastEngine): void {
  useEffect(() => engine.attachView(), [engine]);
}
