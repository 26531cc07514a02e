/**
 * The player's rules (wrapping next/previous, shuffle, seeking) as pure functions, so they are tested without
 * an audio element.
 */

export const DEFAULT_VOLUME = 1;
export const PLAYBACK_RATES = [0.75, 1, 1.25, 1.5, 1.75, 2] as const;
export const DEFAULT_PLAYBACK_RATE = 1;
export const SKIP_BACK_SECONDS = 15;
export const SKIP_FORWARD_SECONDS = 30;
/** Arrow keys on the progress bar move this far; Page Up/Down move SKIP_FORWARD_SECONDS. */
export const SEEK_KEY_STEP_SECONDS = 5;
/** A saved position is written at most this often while playing (and on pause and page hide). */
export const POSITION_SAVE_INTERVAL_SECONDS = 5;
/** Positions closer to the start than this are not worth resuming. */
export const RESUME_MIN_SECONDS = 3;
/** An episode left this close to its end counts as finished and starts over. */
export const RESUME_END_MARGIN_SECONDS = 5;
/** Saved positions kept at most (the oldest are dropped), so storage stays small. */
export const SAVED_POSITIONS_MAX = 50;
export const PLAY_FAILED_MESSAGE = 'Failed to play audio. Please try again.';

/** Next wraps to the first track after the last; with shuffle on it picks a random other track. */
export function nextIndex(current: number, length: number, shuffle: boolean, random: () => number): number {
  if (length <= 0) return 0;
  if (shuffle && length > 1) {
    // A random track other than the one playing, each with the same chance.
    const pick = Math.floor(random() * (length - 1));
    const offset = Math.min(pick, length - 2);
    return (current + 1 + offset) % length;
  }
  return (current + 1) % length;
}

/** Previous wraps to the last track from the first. */
export function previousIndex(current: number, length: number): number {
  if (length <= 0) return 0;
  return (current - 1 + length) % length;
}

/**
 * Where a track goes when one ends: it advances like Next, but playback stops (on the first track)
 * once an in-order playlist has played through, instead of looping a one-episode show forever.
 */
export function indexAfterEnd(
  current: number,
  length: number,
  shuffle: boolean,
  random: () => number,
): { index: number; keepPlaying: boolean } {
  const index = nextIndex(current, length, shuffle, random);
  const wrapped = shuffle ? length <= 1 : index <= current;
  return { index, keepPlaying: !wrapped };
}

/** The fraction of the bar left of a click, 0 to 1: seeking puts the position in proportion to the click. */
export function seekFraction(clientX: number, barLeft: number, barWidth: number): number {
  if (!(barWidth > 0)) return 0;
  return clamp((clientX - barLeft) / barWidth, 0, 1);
}

/** Seconds as minutes:seconds, e.g. 65.4 → '1:05'; unknown or negative times show 0:00. */
export function formatTime(seconds: number): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  return `${minutes}:${String(rest).padStart(2, '0')}`;
}

/** A duration the element reports (NaN before metadata, Infinity for streams) as seconds or 0. */
export function knownDuration(duration: number): number {
  return Number.isFinite(duration) && duration > 0 ? duration : 0;
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** A stored volume, if it is one (0 to 1). */
export function parseVolume(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 1 ? value : null;
}

/** A stored playback rate, if it is one the speed menu offers. */
export function parsePlaybackRate(value: unknown): number | null {
  return typeof value === 'number' && (PLAYBACK_RATES as readonly number[]).includes(value) ? value : null;
}

export type SavedPositions = Record<string, number>;

/** Stored positions by episode url; entries that are not finite, non-negative seconds are dropped. */
export function parseSavedPositions(value: unknown): SavedPositions | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const positions: SavedPositions = {};
  for (const [url, seconds] of Object.entries(value)) {
    if (typeof seconds === 'number' && Number.isFinite(seconds) && seconds >= 0) positions[url] = seconds;
  }
  return positions;
}

/** Records a position, most recent last, keeping at most SAVED_POSITIONS_MAX episodes. */
export function withPosition(positions: SavedPositions, url: string, seconds: number): SavedPositions {
  const { [url]: _previous, ...others } = positions;
  const entries = Object.entries(others);
  const kept = entries.slice(Math.max(0, entries.length - (SAVED_POSITIONS_MAX - 1)));
  return { ...Object.fromEntries(kept), [url]: seconds };
}

export function withoutPosition(positions: SavedPositions, url: string): SavedPositions {
  const { [url]: _removed, ...others } = positions;
  return others;
}

/** Where to resume a track of this duration from a saved position, or 0 to start over. */
export function resumePosition(saved: number | undefined, duration: number): number {
  if (saved === undefined || saved < RESUME_MIN_SECONDS) return 0;
  if (duration > 0 && saved > duration - RESUME_END_MARGIN_SECONDS) return 0;
  return saved;
}

/** '1×', '1.25×' for the speed control. */
export function formatRate(rate: number): string {
  return `${rate}×`;
}
