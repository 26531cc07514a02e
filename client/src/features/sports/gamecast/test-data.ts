/**
 * Gamecasts for the tests, in the contract's shape, with figures taken from ESPN's summary of the
 * Celtics at the Pacers on 8 January 2024 (tests/fixtures/real/espn-summary/nba-final-2024-01-08.json):
 * its column labels, starters, plays and statistics, cut down to a few of each.
 */
import type { Gamecast, GamecastChange, GamecastPlay } from '@shared/schemas/gamecast';
import type { Game } from '@shared/schemas/sports';

export const NBA_GAME: Game = {
  id: '401585083',
  url: null,
  league: 'NBA',
  gameStatus: 'live',
  isLive: true,
  isCompleted: false,
  awayTeam: 'Boston Celtics',
  homeTeam: 'Indiana Pacers',
  awayScore: 131,
  homeScore: 131,
  period: '0:43 - 4th Quarter',
  startTime: '2024-01-09T00:00:00.000Z',
  broadcast: 'NBA TV',
  situation: {
    downDistance: null,
    possession: null,
    isRedZone: false,
    balls: null,
    strikes: null,
    outs: null,
    onFirst: false,
    onSecond: false,
    onThird: false,
    powerPlay: null,
    lastPlay: 'T.J. McConnell makes 3-foot two point shot',
  },
  watch: {
    kind: 'close',
    label: 'Close game',
    reason: 'The lead changed hands often and it is still in the balance.',
  },
};

const play = (
  id: string,
  clock: string,
  text: string,
  awayScore: number,
  homeScore: number,
  team: 'away' | 'home',
  scoring = true,
): GamecastPlay => ({ id, period: '4th Quarter', clock, text, awayScore, homeScore, team, scoring });

export const TIE_SHOT = play(
  '4015850830584',
  '43.1',
  'T.J. McConnell makes 3-foot two point shot',
  131,
  131,
  'home',
);
export const MISSED_THREE = play(
  '4015850830590',
  '20.2',
  'Jayson Tatum misses 26-foot three point jumper',
  131,
  131,
  'away',
  false,
);
export const FREE_THROW = play(
  '4015850830601',
  '0.1',
  'Bennedict Mathurin makes free throw 1 of 3',
  131,
  132,
  'home',
);

/** One player's row in a player table, the figures written as in the table, space-separated. */
const athlete = (name: string, position: string, starter: boolean, stats: string) => ({
  name,
  position,
  starter,
  stats: stats.split(' '),
});

/** The column labels of both teams' player tables in that summary. */
const NBA_PLAYER_COLUMNS = 'MIN FG 3PT FT OREB DREB REB AST STL BLK TO PF +/- PTS'.split(' ');

export const NBA_GAMECAST: Gamecast = {
  gameId: NBA_GAME.id,
  league: 'NBA',
  updatedAt: '2024-01-09T02:31:00.000Z',
  version: 7,
  scoringPlays: [TIE_SHOT],
  plays: [MISSED_THREE, TIE_SHOT],
  teamStats: [
    { label: 'FG', away: '47-90', home: '50-94' },
    { label: 'Field Goal %', away: '52.2', home: '53.2' },
    { label: '3PT', away: '17-35', home: '12-31' },
  ],
  playerTables: [
    {
      team: 'away',
      title: '',
      labels: NBA_PLAYER_COLUMNS,
      athletes: [
        athlete('Al Horford', 'C', true, '32 4-5 3-4 0-0 0 6 6 0 0 1 1 1 -9 11'),
        athlete('Kristaps Porzingis', 'C', true, '38 6-13 1-4 6-7 2 3 5 7 0 3 1 2 +1 19'),
        athlete('Sam Hauser', 'F', false, '14 2-4 2-4 0-0 0 1 1 0 0 0 0 0 +4 6'),
      ],
    },
    {
      team: 'home',
      title: '',
      labels: NBA_PLAYER_COLUMNS,
      athletes: [
        athlete('Tyrese Haliburton', 'G', true, '35 8-17 4-9 6-6 0 3 3 13 1 0 2 1 +5 26'),
        athlete('T.J. McConnell', 'G', false, '21 6-8 0-0 0-0 1 2 3 5 1 0 1 2 +7 12'),
      ],
    },
  ],
  leaders: [
    { team: 'away', category: 'Points', athlete: 'Jayson Tatum', value: '38' },
    { team: 'home', category: 'Points', athlete: 'Tyrese Haliburton', value: '26' },
    { team: 'home', category: 'Assists', athlete: 'Tyrese Haliburton', value: '13' },
  ],
  winProbability: [
    { playId: '4015850830004', period: '1st Quarter', clock: '11:40', homePercent: 38.2 },
    { playId: '4015850830150', period: '2nd Quarter', clock: '11:48', homePercent: 31.5 },
    { playId: '4015850830330', period: '3rd Quarter', clock: '11:45', homePercent: 44.9 },
    { playId: '4015850830584', period: '4th Quarter', clock: '43.1', homePercent: 57.3 },
  ],
  watch: NBA_GAME.watch ?? null,
};

/** The Pacers go ahead from the line: version 7 → 8. */
export const FREE_THROW_CHANGE: GamecastChange = {
  gameId: NBA_GAME.id,
  previousVersion: 7,
  version: 8,
  updatedAt: '2024-01-09T02:31:10.000Z',
  scoringPlaysAdded: [FREE_THROW],
  playsAdded: [FREE_THROW],
  teamStats: [
    { label: 'FG', away: '47-90', home: '50-94' },
    { label: 'Field Goal %', away: '52.2', home: '53.2' },
    { label: '3PT', away: '17-35', home: '12-31' },
    { label: 'FT', away: '20-24', home: '21-25' },
  ],
  winProbabilityAdded: [{ playId: '4015850830601', period: '4th Quarter', clock: '0.1', homePercent: 96.1 }],
};

export const NHL_GAME: Game = {
  ...NBA_GAME,
  id: '401774292',
  league: 'NHL',
  awayTeam: 'Florida Panthers',
  homeTeam: 'Carolina Hurricanes',
  awayScore: 4,
  homeScore: 3,
  period: '12:02 - 3rd Period',
  situation: { ...NBA_GAME.situation!, lastPlay: 'Goal by Sam Reinhart', powerPlay: 'Power Play - FLA' },
  watch: null,
};

/** The NHL's summary has no win probability: the chart is absent. */
export const NHL_GAMECAST: Gamecast = {
  ...NBA_GAMECAST,
  gameId: NHL_GAME.id,
  league: 'NHL',
  scoringPlays: [
    {
      id: '1',
      period: '3rd Period',
      clock: '07:58',
      text: 'Sam Reinhart Goal (7) Wrist Shot, assists: Aleksander Barkov (10)',
      awayScore: 4,
      homeScore: 3,
      team: 'away',
      scoring: true,
    },
  ],
  plays: [],
  playerTables: [],
  leaders: [],
  winProbability: null,
  watch: null,
};
