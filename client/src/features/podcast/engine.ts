import type { createStore } from '@client/lib/store';
import { readStored, writeStored } from '@client/lib/local-storage';
import type { Playlist } from './playlist';
import {
  DEFAULT_PLAYBACK_RATE,
  DEFAULT_VOLUME,
  PLAY_FAILED_MESSAGE,
  POSITION_SAVE_INTERVAL_SECONDS,
  SKIP_BACK_SECONDS,
  SKIP_FORWARD_SECONDS,
  clamp,
  indexAfterEnd,
  knownDuration,
  nextIndex,
  parsePlaybackRate,
  parseSavedPositions,
  parseVolume,
  previousIndex,
  resumePosition,
  withPosition,
  withoutPosition,
  type SavedPositions,
} from './rules';
import {
  durationAtom,
  isBufferingAtom,
  isMutedAtom,
  isPlayingAtom,
  playErrorAtom,
  playbackRateAtom,
  playlistAtom,
  positionAtom,
  shuffleAtom,
  trackIndexAtom,
  volumeAtom,
} from './state';

/** The player's browser storage keys. */
export const STORAGE_KEYS = {
  volume: 'playerVolume',
  playbackRate: 'podcastPlaybackRate',
  positions: 'podcastPositions',
} as const;

/** Artwork for the lock screen and media notifications. */
export const ARTWORK_URL = '/podcast/cover.svg';

/** What the engine uses of an <audio> element, so tests can hand it a fake. */
export interface AudioElementLike extends EventTarget {
  src: string;
  currentTime: number;
  readonly duration: number;
  readonly paused: boolean;
  readonly ended: boolean;
  readonly error: MediaError | null;
  volume: number;
  muted: boolean;
  playbackRate: number;
  defaultPlaybackRate: number;
  preload: string;
  play(): Promise<void>;
  pause(): void;
  load(): void;
}

export type MediaSessionLike = Pick<
  MediaSession,
  'setActionHandler' | 'metadata' | 'playbackState' | 'setPositionState'
>;

type Store = ReturnType<typeof createStore>;

export interface PodcastEngineOptions {
  store: Store;
  audio: AudioElementLike;
  playlist?: Playlist;
  /** 0 (inclusive) to 1 (exclusive), for shuffle. */
  random?: () => number;
  /** The browser's Media Session (media keys, lock screen); null where there is none. */
  mediaSession?: MediaSessionLike | null;
  createMetadata?: (init: MediaMetadataInit) => MediaMetadata;
  /** Where page-hide is heard, to save the position before the tab goes away. */
  events?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
}

export interface PodcastEngine {
  play(): void;
  pause(): void;
  togglePlay(): void;
  next(): void;
  previous(): void;
  /** Jumps to a track of the playlist, keeping on playing if it was. */
  selectTrack(index: number): void;
  /** Seconds into the track. */
  seek(seconds: number): void;
  /** 0 to 1 of the track's length (a click on the progress bar). */
  seekToFraction(fraction: number): void;
  /** Moves by this many seconds (negative: back). */
  skip(seconds: number): void;
  setVolume(volume: number): void;
  toggleMute(): void;
  toggleShuffle(): void;
  setPlaybackRate(rate: number): void;
  /** Hides the play failure message (it also goes on the next play or track change). */
  dismissError(): void;
  /** A new playlist starts at its first track, paused, without an error. */
  setPlaylist(playlist: Playlist): void;
  /**
   * A player on screen registers itself; when the last one goes (sign-out), playback pauses so audio
   * never plays without a control to stop it. Returns the unregister function.
   */
  attachView(): () => void;
  dispose(): void;
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * The one audio engine: it owns the <audio> element, outside React, and mirrors its state into jotai
 * atoms. Both players call it and read the atoms, so they cannot disagree.
 */
export function createPodcastEngine(options: PodcastEngineOptions): PodcastEngine {
  const { store, audio, random = Math.random, mediaSession = null, createMetadata, events } = options;
  if (options.playlist) store.set(playlistAtom, options.playlist);

  let positions: SavedPositions = readStored(STORAGE_KEYS.positions, parseSavedPositions, {});
  let pendingResume: number | undefined;
  let lastSavedPosition = 0;
  /** Each play() gets a number, so the late failure of a superseded one is not reported. */
  let playRequest = 0;
  let views = 0;
  const cleanups: Array<() => void> = [];

  const song = () => store.get(playlistAtom).songs[store.get(trackIndexAtom)] ?? null;
  const duration = () => store.get(durationAtom);

  // Settings kept across visits.
  const volume = readStored(STORAGE_KEYS.volume, parseVolume, DEFAULT_VOLUME);
  const rate = readStored(STORAGE_KEYS.playbackRate, parsePlaybackRate, DEFAULT_PLAYBACK_RATE);
  store.set(volumeAtom, volume);
  store.set(playbackRateAtom, rate);
  audio.volume = volume;
  audio.muted = store.get(isMutedAtom);
  audio.defaultPlaybackRate = rate;
  audio.playbackRate = rate;
  // Only the header: the length shows before the first play, without downloading the episode.
  audio.preload = 'metadata';

  function savePosition() {
    const current = song();
    if (!current) return;
    lastSavedPosition = audio.currentTime;
    positions = withPosition(positions, current.url, audio.currentTime);
    writeStored(STORAGE_KEYS.positions, positions);
  }

  function forgetPosition(url: string) {
    positions = withoutPosition(positions, url);
    writeStored(STORAGE_KEYS.positions, positions);
  }

  function fail() {
    playRequest += 1;
    audio.pause();
    store.set(isPlayingAtom, false);
    store.set(isBufferingAtom, false);
    store.set(playErrorAtom, PLAY_FAILED_MESSAGE);
    updatePlaybackState();
  }

  function play() {
    if (!song()) return;
    const request = ++playRequest;
    store.set(isPlayingAtom, true);
    store.set(playErrorAtom, null);
    // After a failed load, "try again" means load it again (from the saved place).
    if (audio.error) {
      pendingResume = positions[song()!.url];
      audio.load();
    }
    let started: Promise<void> | undefined;
    try {
      started = audio.play();
    } catch {
      fail();
      return;
    }
    // Older engines return undefined; a rejection is a failure unless a newer request replaced it.
    Promise.resolve(started).then(undefined, (error: unknown) => {
      if (request !== playRequest || isAbort(error)) return;
      fail();
    });
    updatePlaybackState();
  }

  function pause() {
    playRequest += 1;
    audio.pause();
    store.set(isPlayingAtom, false);
    store.set(isBufferingAtom, false);
    updatePlaybackState();
  }

  function loadTrack(index: number, autoplay: boolean) {
    const songs = store.get(playlistAtom).songs;
    store.set(trackIndexAtom, index);
    store.set(positionAtom, 0);
    store.set(durationAtom, 0);
    store.set(playErrorAtom, null);
    store.set(isBufferingAtom, false);
    const next = songs[index];
    if (!next) {
      pause();
      return;
    }
    pendingResume = positions[next.url];
    lastSavedPosition = pendingResume ?? 0;
    audio.src = next.url;
    // Loading a source resets the rate to the default one, which is kept equal to the chosen rate.
    audio.playbackRate = store.get(playbackRateAtom);
    updateMetadata();
    if (autoplay) play();
    else pause();
  }

  function seek(seconds: number) {
    const length = duration();
    const target = clamp(seconds, 0, length > 0 ? length : Math.max(0, seconds));
    pendingResume = undefined; // the listener chose a place; do not jump to the saved one later
    audio.currentTime = target;
    store.set(positionAtom, target);
    savePosition();
    updatePositionState();
  }

  function setVolume(value: number) {
    const next = clamp(Number.isFinite(value) ? value : DEFAULT_VOLUME, 0, 1);
    audio.volume = next;
    store.set(volumeAtom, next);
    writeStored(STORAGE_KEYS.volume, next);
    // Turning the volume up is a request to hear it.
    if (next > 0 && store.get(isMutedAtom)) setMuted(false);
  }

  function setMuted(muted: boolean) {
    audio.muted = muted;
    store.set(isMutedAtom, muted);
  }

  // Media Session: the track on the lock screen and media notifications, and media keys.
  function updateMetadata() {
    const current = song();
    if (!mediaSession || !createMetadata || !current) return;
    try {
      mediaSession.metadata = createMetadata({
        title: current.title,
        artist: current.artist,
        album: store.get(playlistAtom).name,
        artwork: [{ src: ARTWORK_URL, sizes: '512x512', type: 'image/svg+xml' }],
      });
    } catch (error) {
      console.warn('podcast: could not set media metadata', error);
    }
  }

  function updatePlaybackState() {
    if (!mediaSession) return;
    mediaSession.playbackState = store.get(isPlayingAtom) ? 'playing' : 'paused';
  }

  function updatePositionState() {
    const length = duration();
    if (!mediaSession?.setPositionState || length <= 0) return;
    try {
      mediaSession.setPositionState({
        duration: length,
        playbackRate: store.get(playbackRateAtom),
        position: clamp(audio.currentTime, 0, length),
      });
    } catch (error) {
      console.warn('podcast: could not set the media position', error);
    }
  }

  function setActionHandlers(handler: (action: MediaSessionAction) => MediaSessionActionHandler | null) {
    if (!mediaSession) return;
    const actions: MediaSessionAction[] = [
      'play',
      'pause',
      'stop',
      'previoustrack',
      'nexttrack',
      'seekbackward',
      'seekforward',
      'seekto',
    ];
    for (const action of actions) {
      try {
        mediaSession.setActionHandler(action, handler(action));
      } catch {
        // This browser does not know the action; the others still work.
      }
    }
  }

  const engine: PodcastEngine = {
    play,
    pause,
    togglePlay: () => (store.get(isPlayingAtom) ? pause() : play()),
    next: () => {
      const length = store.get(playlistAtom).songs.length;
      loadTrack(
        nextIndex(store.get(trackIndexAtom), length, store.get(shuffleAtom), random),
        store.get(isPlayingAtom),
      );
    },
    previous: () => {
      const length = store.get(playlistAtom).songs.length;
      loadTrack(previousIndex(store.get(trackIndexAtom), length), store.get(isPlayingAtom));
    },
    selectTrack: (index) => {
      const length = store.get(playlistAtom).songs.length;
      if (!Number.isInteger(index) || index < 0 || index >= length) return;
      loadTrack(index, store.get(isPlayingAtom));
    },
    seek,
    seekToFraction: (fraction) => {
      if (duration() > 0) seek(clamp(fraction, 0, 1) * duration());
    },
    skip: (seconds) => seek(audio.currentTime + seconds),
    setVolume,
    toggleMute: () => {
      const muted = !store.get(isMutedAtom);
      setMuted(muted);
      // Unmuting at volume 0 would still be silent.
      if (!muted && store.get(volumeAtom) === 0) setVolume(DEFAULT_VOLUME);
    },
    toggleShuffle: () => store.set(shuffleAtom, !store.get(shuffleAtom)),
    setPlaybackRate: (value) => {
      const next = parsePlaybackRate(value);
      if (next === null) return;
      audio.defaultPlaybackRate = next;
      audio.playbackRate = next;
      store.set(playbackRateAtom, next);
      writeStored(STORAGE_KEYS.playbackRate, next);
      updatePositionState();
    },
    dismissError: () => store.set(playErrorAtom, null),
    setPlaylist: (playlist) => {
      if (store.get(isPlayingAtom)) savePosition();
      store.set(playlistAtom, playlist);
      loadTrack(0, false);
    },
    attachView: () => {
      views += 1;
      let attached = true;
      return () => {
        if (!attached) return;
        attached = false;
        views -= 1;
        // Wait a tick: a player that unmounts and mounts again (StrictMode, a re-render) is still there.
        setTimeout(() => {
          if (views === 0 && store.get(isPlayingAtom)) pause();
        }, 0);
      };
    },
    dispose: () => {
      pause();
      for (const cleanup of cleanups) cleanup();
      setActionHandlers(() => null);
    },
  };

  // The element's events keep the atoms true to what is heard.
  const listen = (type: string, listener: () => void) => {
    audio.addEventListener(type, listener);
    cleanups.push(() => audio.removeEventListener(type, listener));
  };
  listen('loadedmetadata', () => {
    const length = knownDuration(audio.duration);
    store.set(durationAtom, length);
    const resume = resumePosition(pendingResume, length);
    pendingResume = undefined;
    if (resume > 0) {
      audio.currentTime = resume;
      store.set(positionAtom, resume);
    }
    updatePositionState();
  });
  listen('durationchange', () => {
    const length = knownDuration(audio.duration);
    if (length > 0) store.set(durationAtom, length);
  });
  listen('timeupdate', () => {
    store.set(positionAtom, audio.currentTime);
    if (
      store.get(isPlayingAtom) &&
      Math.abs(audio.currentTime - lastSavedPosition) >= POSITION_SAVE_INTERVAL_SECONDS
    ) {
      savePosition();
    }
  });
  listen('play', () => {
    if (!store.get(isPlayingAtom)) store.set(isPlayingAtom, true);
    updatePlaybackState();
  });
  listen('playing', () => {
    store.set(isBufferingAtom, false);
    store.set(playErrorAtom, null);
    updatePositionState();
  });
  listen('waiting', () => {
    if (store.get(isPlayingAtom)) store.set(isBufferingAtom, true);
  });
  // Paused from outside the players (the OS, a headset): show it.
  listen('pause', () => {
    if (audio.ended) return; // 'ended' decides what comes next
    if (store.get(isPlayingAtom)) {
      playRequest += 1;
      store.set(isPlayingAtom, false);
      store.set(isBufferingAtom, false);
      updatePlaybackState();
    }
    savePosition();
  });
  listen('ratechange', () => updatePositionState());
  listen('ended', () => {
    const current = song();
    if (current) forgetPosition(current.url);
    const length = store.get(playlistAtom).songs.length;
    const { index, keepPlaying } = indexAfterEnd(
      store.get(trackIndexAtom),
      length,
      store.get(shuffleAtom),
      random,
    );
    loadTrack(index, keepPlaying);
  });
  listen('error', () => {
    if (store.get(isPlayingAtom)) fail();
  });

  if (events) {
    const onHide = () => {
      if (song() && audio.currentTime > 0) savePosition();
    };
    events.addEventListener('pagehide', onHide);
    cleanups.push(() => events.removeEventListener('pagehide', onHide));
  }

  setActionHandlers((action) => {
    switch (action) {
      case 'play':
        return () => play();
      case 'pause':
      case 'stop':
        return () => pause();
      case 'previoustrack':
        return () => engine.previous();
      case 'nexttrack':
        return () => engine.next();
      case 'seekbackward':
        return (details) => engine.skip(-(details.seekOffset ?? SKIP_BACK_SECONDS));
      case 'seekforward':
        return (details) => engine.skip(details.seekOffset ?? SKIP_FORWARD_SECONDS);
      case 'seekto':
        return (details) => {
          if (details.seekTime !== undefined) seek(details.seekTime);
        };
      default:
        return null;
    }
  });

  loadTrack(
    Math.min(store.get(trackIndexAtom), Math.max(0, store.get(playlistAtom).songs.length - 1)),
    false,
  );
  return engine;
}
