import { describe, expect, it } from 'vitest';
import { buildSportsDataset, type Game } from '@shared/schemas/sports';
import { nextPollDelayMs } from './poller';

const game = (isLive: boolean): Game => ({
  id: isLive ? 'live' : 'later',
  url: null,
  league: 'NBA',
  gameStatus: isLive ? 'live' : 'scheduled',
  isLive,
  isCompleted: false,
  awayTeam: 'Boston Celtics',
  homeTeam: 'New York Knicks',
  awayScore: null,
  homeScore: null,
  period: null,
  startTime: null,
  broadcast: null,
});

describe('poll schedule', () => {
  it('polls every SPORTS_POLL_SECONDS, and every min(15, that) while a game is live', () => {
    const quiet = buildSportsDataset([game(false)], '2026-01-01T00:00:00.000Z');
    const live = buildSportsDataset([game(false), game(true)], '2026-01-01T00:00:00.000Z');
    expect(nextPollDelayMs(60, quiet)).toBe(60_000);
    expect(nextPollDelayMs(60, live)).toBe(15_000);
    expect(nextPollDelayMs(5, live)).toBe(5_000);
    expect(nextPollDelayMs(60, null)).toBe(60_000);
  });
});
