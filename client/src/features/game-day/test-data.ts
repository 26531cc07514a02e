import type { Game, GameChange, GameChangeKind } from '@shared/schemas/sports';

/** A live NFL game in the third quarter, as the tests of the game-day alerts start from. */
export const game = (patch: Partial<Game> = {}): Game => ({
  id: '401',
  url: null,
  league: 'NFL',
  gameStatus: 'live',
  isLive: true,
  isCompleted: false,
  awayTeam: 'Kansas City Chiefs',
  homeTeam: 'Buffalo Bills',
  awayScore: 21,
  homeScore: 17,
  period: '4:02 - 3rd Quarter',
  startTime: null,
  broadcast: null,
  ...patch,
});

/** A change of that game (with `patch` applied) from 14-17 earlier in the quarter. */
export const change = (kinds: GameChangeKind[], patch: Partial<Game> = {}): GameChange => ({
  game: game(patch),
  previous: { awayScore: 14, homeScore: 17, gameStatus: 'live', period: '9:00 - 3rd Quarter' },
  kinds,
});
