import type { AudioElementLike, MediaSessionLike } from '../engine';

/**
 * An <audio> element for tests: it keeps the properties the engine sets, plays when told to (or
 * fails, with `failNextPlay`), and lets the test fire what the browser would (metadata, time, end).
 */
export class FakeAudio extends EventTarget implements AudioElementLike {
  src = '';
  currentTime = 0;
  duration = Number.NaN;
  paused = true;
  ended = false;
  error: MediaError | null = null;
  volume = 1;
  muted = false;
  playbackRate = 1;
  defaultPlaybackRate = 1;
  preload = 'auto';
  loads = 0;
  /** The next play() rejects with this DOMException name. */
  failNextPlay: string | null = null;

  play(): Promise<void> {
    if (this.failNextPlay) {
      const name = this.failNextPlay;
      this.failNextPlay = null;
      return Promise.reject(new DOMException('play() failed', name));
    }
    this.paused = false;
    this.ended = false;
    this.dispatchEvent(new Event('play'));
    this.dispatchEvent(new Event('playing'));
    return Promise.resolve();
  }

  pause(): void {
    if (this.paused) return;
    this.paused = true;
    this.dispatchEvent(new Event('pause'));
  }

  load(): void {
    this.loads += 1;
    this.error = null;
  }

  /** The browser read the file's header. */
  loadMetadata(seconds: number): void {
    this.duration = seconds;
    this.dispatchEvent(new Event('loadedmetadata'));
    this.dispatchEvent(new Event('durationchange'));
  }

  /** Playback reached this time. */
  advanceTo(seconds: number): void {
    this.currentTime = seconds;
    this.dispatchEvent(new Event('timeupdate'));
  }

  /** Playback reached the end: the browser pauses, then says it ended. */
  finish(): void {
    this.currentTime = this.duration;
    this.ended = true;
    this.paused = true;
    this.dispatchEvent(new Event('pause'));
    this.dispatchEvent(new Event('ended'));
  }
}

export class FakeMediaSession implements MediaSessionLike {
  metadata: MediaMetadata | null = null;
  playbackState: MediaSessionPlaybackState = 'none';
  handlers = new Map<MediaSessionAction, MediaSessionActionHandler>();
  positions: MediaPositionState[] = [];

  setActionHandler(action: MediaSessionAction, handler: MediaSessionActionHandler | null): void {
    if (handler) this.handlers.set(action, handler);
    else this.handlers.delete(action);
  }

  setPositionState(state?: MediaPositionState): void {
    if (state) this.positions.push(state);
  }

  trigger(action: MediaSessionAction, details: Partial<MediaSessionActionDetails> = {}): void {
    this.handlers.get(action)?.({ action, ...details });
  }
}
