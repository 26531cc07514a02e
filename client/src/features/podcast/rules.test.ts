import { describe, expect, it } from 'vitest';
import {
  RESUME_END_MARGIN_SECONDS,
  SAVED_POSITIONS_MAX,
  formatTime,
  indexAfterEnd,
  nextIndex,
  parsePlaybackRate,
  parseSavedPositions,
  parseVolume,
  previousIndex,
  resumePosition,
  seekFraction,
  withPosition,
} from './rules';

/** Random numbers from a list, for deterministic shuffle tests. */
const sequence = (...values: number[]) => {
  let i = 0;
  return () => values[i++ % values.length]!;
};

describe('next and previous', () => {
  it('next wraps to the first track after the last', () => {
    expect(nextIndex(0, 3, false, Math.random)).toBe(1);
    expect(nextIndex(2, 3, false, Math.random)).toBe(0);
    expect(nextIndex(0, 1, false, Math.random)).toBe(0);
  });

  it('previous wraps to the last track before the first', () => {
    expect(previousIndex(2, 3)).toBe(1);
    expect(previousIndex(0, 3)).toBe(2);
    expect(previousIndex(0, 1)).toBe(0);
  });

  it('with shuffle on, next picks a random track other than the current one', () => {
    // random() 0 → the track after the current one; just under 1 → the one before it.
    expect(nextIndex(1, 4, true, () => 0)).toBe(2);
    expect(nextIndex(1, 4, true, () => 0.999)).toBe(0);
    expect(nextIndex(3, 4, true, () => 0.5)).toBe(1);
    const seen = new Set<number>();
    const random = sequence(0, 0.2, 0.4, 0.6, 0.8, 0.99);
    for (let i = 0; i < 6; i += 1) seen.add(nextIndex(2, 5, true, random));
    expect([...seen].sort()).toEqual([0, 1, 3, 4]);
  });

  it('shuffle over a single track stays on it', () => {
    expect(nextIndex(0, 1, true, () => 0.7)).toBe(0);
  });

  it('an ended track advances, but an in-order playlist stops after its last track', () => {
    expect(indexAfterEnd(0, 3, false, Math.random)).toEqual({ index: 1, keepPlaying: true });
    expect(indexAfterEnd(2, 3, false, Math.random)).toEqual({ index: 0, keepPlaying: false });
    expect(indexAfterEnd(0, 1, false, Math.random)).toEqual({ index: 0, keepPlaying: false });
    expect(indexAfterEnd(2, 3, true, () => 0)).toEqual({ index: 0, keepPlaying: true });
    expect(indexAfterEnd(0, 1, true, () => 0)).toEqual({ index: 0, keepPlaying: false });
  });
});

describe('seeking and times', () => {
  it('puts the position in proportion to the click on the bar', () => {
    expect(seekFraction(150, 100, 200)).toBe(0.25);
    expect(seekFraction(300, 100, 200)).toBe(1);
    expect(seekFraction(50, 100, 200)).toBe(0); // before the bar
    expect(seekFraction(400, 100, 200)).toBe(1); // past it (a drag)
    expect(seekFraction(150, 100, 0)).toBe(0); // a bar with no width
  });

  it('shows times as minutes:seconds', () => {
    expect(formatTime(0)).toBe('0:00');
    expect(formatTime(5.9)).toBe('0:05');
    expect(formatTime(57.015)).toBe('0:57');
    expect(formatTime(65)).toBe('1:05');
    expect(formatTime(600)).toBe('10:00');
    expect(formatTime(3725)).toBe('62:05');
    expect(formatTime(Number.NaN)).toBe('0:00');
    expect(formatTime(Number.POSITIVE_INFINITY)).toBe('0:00');
    expect(formatTime(-3)).toBe('0:00');
  });
});

describe('stored settings', () => {
  it('accepts only volumes from 0 to 1', () => {
    expect(parseVolume(0)).toBe(0);
    expect(parseVolume(0.35)).toBe(0.35);
    expect(parseVolume(1)).toBe(1);
    for (const bad of [1.5, -0.1, '0.5', null, Number.NaN]) expect(parseVolume(bad)).toBeNull();
  });

  it('accepts only the offered playback rates', () => {
    expect(parsePlaybackRate(1.5)).toBe(1.5);
    expect(parsePlaybackRate(3)).toBeNull();
    expect(parsePlaybackRate('1')).toBeNull();
  });

  it('keeps valid saved positions and drops the rest', () => {
    expect(parseSavedPositions({ '/a.opus': 12, '/b.opus': -1, '/c.opus': 'x' })).toEqual({ '/a.opus': 12 });
    expect(parseSavedPositions([1])).toBeNull();
    expect(parseSavedPositions(null)).toBeNull();
  });

  it('keeps at most the most recent saved positions', () => {
    let positions = {};
    for (let i = 0; i < SAVED_POSITIONS_MAX + 5; i += 1)
      positions = withPosition(positions, `/e${i}.opus`, i);
    const urls = Object.keys(positions);
    expect(urls).toHaveLength(SAVED_POSITIONS_MAX);
    expect(urls[0]).toBe('/e5.opus');
    expect(urls.at(-1)).toBe(`/e${SAVED_POSITIONS_MAX + 4}.opus`);
  });

  it('resumes from a saved position unless it is at the very start or the end', () => {
    expect(resumePosition(undefined, 57)).toBe(0);
    expect(resumePosition(1, 57)).toBe(0);
    expect(resumePosition(20, 57)).toBe(20);
    expect(resumePosition(57 - RESUME_END_MARGIN_SECONDS + 1, 57)).toBe(0);
    expect(resumePosition(20, 0)).toBe(20); // length not known yet
  });
});
