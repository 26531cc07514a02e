import { createStore } from '@client/lib/store';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, createPodcastEngine, type PodcastEngine } from './engine';
import { FakeAudio, FakeMediaSession } from './__tests__/fake-audio';
import type { Playlist } from './playlist';
import { PLAY_FAILED_MESSAGE } from './rules';
import {
  currentSongAtom,
  durationAtom,
  isMutedAtom,
  isPlayingAtom,
  playErrorAtom,
  playbackRateAtom,
  positionAtom,
  shuffleAtom,
  trackIndexAtom,
  volumeAtom,
} from './state';

const SHOW: Playlist = {
  name: 'Test Show',
  songs: [
    { title: 'One', url: '/one.opus', artist: 'A' },
    { title: 'Two', url: '/two.opus', artist: 'A' },
    { title: 'Three', url: '/three.opus', artist: 'A' },
  ],
};

let engine: PodcastEngine | null = null;

function setup(options: { playlist?: Playlist; random?: () => number } = {}) {
  const store = createStore();
  const audio = new FakeAudio();
  const mediaSession = new FakeMediaSession();
  engine = createPodcastEngine({
    store,
    audio,
    playlist: options.playlist ?? SHOW,
    random: options.random,
    mediaSession,
    createMetadata: (init) => init as unknown as MediaMetadata,
  });
  return { store, audio, mediaSession, engine };
}

/** Lets the rejected play() promise reach the engine. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const stored = (key: string) => JSON.parse(localStorage.getItem(key) ?? 'null') as unknown;

beforeEach(() => localStorage.clear());
afterEach(() => {
  engine?.dispose();
  engine = null;
  vi.restoreAllMocks();
});

describe('the podcast engine', () => {
  it('starts paused on the first track, loading only its header', () => {
    const { store, audio } = setup();
    expect(store.get(currentSongAtom)?.title).toBe('One');
    expect(store.get(isPlayingAtom)).toBe(false);
    expect(audio.src).toBe('/one.opus');
    expect(audio.preload).toBe('metadata');
    audio.loadMetadata(57);
    expect(store.get(durationAtom)).toBe(57);
  });

  it('plays and pauses', () => {
    const { store, audio, engine, mediaSession } = setup();
    engine.togglePlay();
    expect(audio.paused).toBe(false);
    expect(store.get(isPlayingAtom)).toBe(true);
    expect(mediaSession.playbackState).toBe('playing');
    engine.togglePlay();
    expect(audio.paused).toBe(true);
    expect(store.get(isPlayingAtom)).toBe(false);
    expect(mediaSession.playbackState).toBe('paused');
  });

  it('next and previous wrap around, and keep playing if it was', () => {
    const { store, audio, engine } = setup();
    engine.previous();
    expect(store.get(trackIndexAtom)).toBe(2);
    expect(audio.src).toBe('/three.opus');
    expect(store.get(isPlayingAtom)).toBe(false);
    engine.play();
    engine.next();
    expect(store.get(trackIndexAtom)).toBe(0);
    expect(audio.src).toBe('/one.opus');
    expect(store.get(isPlayingAtom)).toBe(true);
    expect(audio.paused).toBe(false);
  });

  it('with shuffle on, next picks a random other track', () => {
    const { store, engine } = setup({ random: () => 0.99 });
    engine.toggleShuffle();
    expect(store.get(shuffleAtom)).toBe(true);
    engine.next();
    expect(store.get(trackIndexAtom)).toBe(2); // from 0, the last of the two others
    engine.next();
    expect(store.get(trackIndexAtom)).toBe(1);
  });

  it('advances when a track ends, and stops after the last one', () => {
    const { store, audio, engine } = setup();
    engine.play();
    audio.loadMetadata(30);
    audio.finish();
    expect(store.get(trackIndexAtom)).toBe(1);
    expect(store.get(isPlayingAtom)).toBe(true);
    expect(audio.paused).toBe(false);
    engine.selectTrack(2);
    audio.finish();
    expect(store.get(trackIndexAtom)).toBe(0);
    expect(store.get(isPlayingAtom)).toBe(false);
  });

  it('seeks in proportion, by seconds and by skips, within the track', () => {
    const { store, audio, engine } = setup();
    audio.loadMetadata(60);
    engine.seekToFraction(0.25);
    expect(audio.currentTime).toBe(15);
    expect(store.get(positionAtom)).toBe(15);
    engine.skip(30);
    expect(audio.currentTime).toBe(45);
    engine.skip(30);
    expect(audio.currentTime).toBe(60);
    engine.skip(-15);
    expect(audio.currentTime).toBe(45);
    engine.seek(-5);
    expect(audio.currentTime).toBe(0);
  });

  it("says 'Failed to play audio. Please try again.' and stays paused when play fails", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { store, audio, engine } = setup();
    audio.failNextPlay = 'NotAllowedError';
    engine.play();
    await settle();
    expect(store.get(playErrorAtom)).toBe(PLAY_FAILED_MESSAGE);
    expect(store.get(isPlayingAtom)).toBe(false);
    expect(audio.paused).toBe(true);
    // Trying again clears the message.
    engine.play();
    await settle();
    expect(store.get(playErrorAtom)).toBeNull();
    expect(store.get(isPlayingAtom)).toBe(true);
  });

  it('does not report a play that a pause interrupted', async () => {
    const { store, audio, engine } = setup();
    audio.failNextPlay = 'AbortError';
    engine.play();
    engine.pause();
    await settle();
    expect(store.get(playErrorAtom)).toBeNull();
  });

  it('a load error while playing is a play failure', () => {
    const { store, audio, engine } = setup();
    engine.play();
    audio.dispatchEvent(new Event('error'));
    expect(store.get(playErrorAtom)).toBe(PLAY_FAILED_MESSAGE);
    expect(store.get(isPlayingAtom)).toBe(false);
  });

  it('changing the playlist goes to its first track, pauses and clears the error', async () => {
    const { store, audio, engine } = setup();
    engine.selectTrack(1);
    audio.failNextPlay = 'NotSupportedError';
    engine.play();
    await settle();
    expect(store.get(playErrorAtom)).toBe(PLAY_FAILED_MESSAGE);
    engine.play();
    engine.setPlaylist({
      name: 'Other',
      songs: [{ title: 'Solo', url: '/solo.opus', artist: 'B' }, SHOW.songs[0]!],
    });
    expect(store.get(trackIndexAtom)).toBe(0);
    expect(store.get(currentSongAtom)?.title).toBe('Solo');
    expect(store.get(isPlayingAtom)).toBe(false);
    expect(audio.paused).toBe(true);
    expect(store.get(playErrorAtom)).toBeNull();
  });

  it('keeps the volume (default 1) across visits, and mute apart from it', () => {
    const first = setup();
    expect(first.store.get(volumeAtom)).toBe(1);
    expect(first.audio.volume).toBe(1);
    first.engine.setVolume(0.4);
    expect(first.audio.volume).toBe(0.4);
    expect(stored(STORAGE_KEYS.volume)).toBe(0.4);
    first.engine.toggleMute();
    expect(first.audio.muted).toBe(true);
    expect(first.store.get(isMutedAtom)).toBe(true);
    expect(first.store.get(volumeAtom)).toBe(0.4);
    first.engine.setVolume(0.6); // turning it up unmutes
    expect(first.audio.muted).toBe(false);
    first.engine.dispose();

    const second = setup();
    expect(second.store.get(volumeAtom)).toBe(0.6);
    expect(second.audio.volume).toBe(0.6);
  });

  it('falls back to volume 1 when the stored one is not a volume', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    localStorage.setItem(STORAGE_KEYS.volume, '7');
    const { store, audio } = setup();
    expect(store.get(volumeAtom)).toBe(1);
    expect(audio.volume).toBe(1);
  });

  it('unmuting at volume 0 brings the volume back', () => {
    const { store, engine } = setup();
    engine.setVolume(0);
    engine.toggleMute();
    engine.toggleMute();
    expect(store.get(isMutedAtom)).toBe(false);
    expect(store.get(volumeAtom)).toBe(1);
  });

  it('keeps the playback speed, also across a track change', () => {
    const first = setup();
    first.engine.setPlaybackRate(1.5);
    expect(first.audio.playbackRate).toBe(1.5);
    first.engine.next();
    expect(first.audio.playbackRate).toBe(1.5);
    first.engine.setPlaybackRate(9); // not offered: ignored
    expect(first.store.get(playbackRateAtom)).toBe(1.5);
    first.engine.dispose();
    expect(setup().store.get(playbackRateAtom)).toBe(1.5);
  });

  it('resumes an episode where it was left, and starts over once it was finished', () => {
    const first = setup();
    first.engine.play();
    first.audio.loadMetadata(60);
    first.audio.advanceTo(12);
    first.engine.pause();
    expect(stored(STORAGE_KEYS.positions)).toEqual({ '/one.opus': 12 });
    first.engine.dispose();

    const second = setup();
    second.audio.loadMetadata(60);
    expect(second.audio.currentTime).toBe(12);
    expect(second.store.get(positionAtom)).toBe(12);
    second.engine.play();
    second.audio.finish();
    expect(stored(STORAGE_KEYS.positions)).not.toHaveProperty('/one.opus');
  });

  it('saves the position every few seconds while playing', () => {
    const { audio, engine } = setup();
    engine.play();
    audio.loadMetadata(60);
    audio.advanceTo(2);
    expect(stored(STORAGE_KEYS.positions)).toBeNull();
    audio.advanceTo(5);
    expect(stored(STORAGE_KEYS.positions)).toEqual({ '/one.opus': 5 });
  });

  it('answers the media keys and shows the episode on the lock screen', () => {
    const { store, audio, engine, mediaSession } = setup();
    expect(mediaSession.metadata).toMatchObject({ title: 'One', artist: 'A', album: 'Test Show' });
    audio.loadMetadata(60);
    mediaSession.trigger('play');
    expect(store.get(isPlayingAtom)).toBe(true);
    mediaSession.trigger('seekforward');
    expect(audio.currentTime).toBe(30);
    mediaSession.trigger('seekbackward', { seekOffset: 10 });
    expect(audio.currentTime).toBe(20);
    mediaSession.trigger('seekto', { seekTime: 42 });
    expect(audio.currentTime).toBe(42);
    expect(mediaSession.positions.at(-1)).toEqual({ duration: 60, playbackRate: 1, position: 42 });
    mediaSession.trigger('nexttrack');
    expect(mediaSession.metadata).toMatchObject({ title: 'Two' });
    mediaSession.trigger('previoustrack');
    expect(store.get(trackIndexAtom)).toBe(0);
    mediaSession.trigger('pause');
    expect(store.get(isPlayingAtom)).toBe(false);
    engine.dispose();
    expect(mediaSession.handlers.size).toBe(0);
  });

  it('shows a pause that came from outside the players', () => {
    const { store, audio, engine } = setup();
    engine.play();
    audio.pause(); // a headset button, the OS
    expect(store.get(isPlayingAtom)).toBe(false);
  });

  it('pauses once no player is on screen any more', () => {
    vi.useFakeTimers();
    try {
      const { store, engine } = setup();
      const detachSidebar = engine.attachView();
      const detachMini = engine.attachView();
      engine.play();
      detachSidebar();
      vi.runAllTimers();
      expect(store.get(isPlayingAtom)).toBe(true);
      detachMini();
      vi.runAllTimers();
      expect(store.get(isPlayingAtom)).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});
