import { describe, expect, it } from 'vitest';
import {
  formatStartTime,
  scoreOrDash,
  showsStartTime,
  statusBadge,
  statusLabel,
  statusTone,
} from './game-format';

const status = (gameStatus: string, isLive = false, isCompleted = false) => ({
  gameStatus,
  isLive,
  isCompleted,
});

describe('game display rules', () => {
  it('labels LIVE, FINAL, UPCOMING, otherwise the uppercase status', () => {
    expect(statusLabel(status('live', true))).toBe('LIVE');
    expect(statusLabel(status('completed', false, true))).toBe('FINAL');
    expect(statusLabel(status('scheduled'))).toBe('UPCOMING');
    expect(statusLabel(status('postponed'))).toBe('POSTPONED');
  });

  it('badges Live Game, Game Complete, Scheduled', () => {
    expect(statusBadge(status('live', true))).toBe('Live Game');
    expect(statusBadge(status('delayed', true))).toBe('Live Game');
    expect(statusBadge(status('completed', false, true))).toBe('Game Complete');
    expect(statusBadge(status('scheduled'))).toBe('Scheduled');
    expect(statusBadge(status('cancelled'))).toBe('Cancelled');
  });

  it('shows a start time only for a game still to come, never for one postponed, cancelled or suspended', () => {
    expect(showsStartTime(status('scheduled'))).toBe(true);
    expect(showsStartTime(status('delayed'))).toBe(true);
    expect(showsStartTime(status('delayed', true))).toBe(false);
    expect(showsStartTime(status('completed', false, true))).toBe(false);
    for (const stopped of ['postponed', 'cancelled', 'suspended'])
      expect(showsStartTime(status(stopped))).toBe(false);
  });

  it('colours red when live, grey when completed, blue otherwise', () => {
    expect(statusTone(status('live', true))).toBe('live');
    expect(statusTone(status('completed', false, true))).toBe('completed');
    expect(statusTone(status('postponed'))).toBe('other');
  });

  it('shows a dash for a missing score, and a source’s own time text as is', () => {
    expect(scoreOrDash(null)).toBe('–');
    expect(scoreOrDash(0)).toBe('0');
    expect(formatStartTime('7:30 PM ET')).toBe('7:30 PM ET');
    expect(formatStartTime(null)).toBeNull();
    expect(formatStartTime('2026-10-11T17:00:00.000Z')).toMatch(/\d{1,2}:00/);
  });
});
