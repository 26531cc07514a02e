/** Autoplay moves to the next slide after this long. */
export const SLIDESHOW_AUTOPLAY_MS = 5000;

/** Slide `index + step`, wrapping at both ends (left/right navigation wraps). */
export function wrapIndex(index: number, step: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + step) % count) + count) % count;
}

/** The counter, 'n / total'. */
export function slideCounter(index: number, count: number): string {
  return `${index + 1} / ${count}`;
}

/**
 * Whether Back leaves the app: react-router numbers this tab's entries in history.state.idx, and 0 is
 * the first one it made (a deep link or a reload), where Back would leave the app or go nowhere.
 */
export function hasInAppHistory(state: unknown): boolean {
  if (typeof state !== 'object' || state === null) return false;
  const idx = (state as { idx?: unknown }).idx;
  return typeof idx === 'number' && idx > 0;
}
