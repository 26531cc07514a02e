import type { Game } from '@shared/schemas/sports';

/** A live NFL game in the third quarter, Bills 17 at Dolphins 10, with what `overrides` changes. */
export const game = (overrides: Partial<Game> & Pick<Game, 'id'>): Game => ({
  url: `https://www.espn.com/nfl/game/_/gameId/${overrides.id}`,
  league: 'NFL',
  gameStatus: 'live',
  isLive: true,
  isCompleted: false,
  awayTeam: 'Buffalo Bills',
  homeTeam: 'Miami Dolphins',
  awayScore: 17,
  homeScore: 10,
  period: '10:17 - 3rd Quarter',
  startTime: '2026-10-11T17:00:00.000Z',
  broadcast: 'CBS',
  ...overrides,
});
