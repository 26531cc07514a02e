import { atom } from '@client/lib/store';
import { TECH_TOUCHDOWN_PODCAST, type Playlist } from './playlist';
import { DEFAULT_PLAYBACK_RATE, DEFAULT_VOLUME } from './rules';

/**
 * The player's state. Only the audio engine (engine.ts) writes these; both players read them from the
 * same store, so the sidebar player and the mini player always show the same thing.
 */
export const playlistAtom = atom<Playlist>(TECH_TOUCHDOWN_PODCAST);
export const trackIndexAtom = atom(0);
export const currentSongAtom = atom((get) => get(playlistAtom).songs[get(trackIndexAtom)] ?? null);
export const isPlayingAtom = atom(false);
/** Playing, but waiting for data. */
export const isBufferingAtom = atom(false);
export const isMutedAtom = atom(false);
export const shuffleAtom = atom(false);
/** 0 to 1. */
export const volumeAtom = atom(DEFAULT_VOLUME);
export const playbackRateAtom = atom(DEFAULT_PLAYBACK_RATE);
/** Seconds into the current track. */
export const positionAtom = atom(0);
/** Seconds; 0 while unknown. */
export const durationAtom = atom(0);
export const playErrorAtom = atom<string | null>(null);
