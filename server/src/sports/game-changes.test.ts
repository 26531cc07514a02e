import { describe, expect, it } from 'vitest';
import { buildSportsDataset, type Game, type SportsDataset } from '@shared/schemas/sports';
import { deriveGameChanges } from './game-changes';

const game = (patch: Partial<Game> = {}): Game => ({
  id: '401',
  url: null,
  league: 'NFL',
  gameStatus: 'scheduled',
  isLive: false,
  isCompleted: false,
  awayTeam: 'Buffalo Bills',
  homeTeam: 'Kansas City Chiefs',
  awayScore: null,
  homeScore: null,
  period: null,
  startTime: '2026-11-23T18:00:00Z',
  broadcast: 'CBS',
  ...patch,
});
const live = (away: number, home: number, period = '10:17 - 1st Quarter', patch: Partial<Game> = {}) =>
  game({ gameStatus: 'live', isLive: true, awayScore: away, homeScore: home, period, ...patch });
const dataset = (...games: Game[]): SportsDataset => buildSportsDataset(games, '2026-11-23T18:00:00Z');
const kindsOf = (before: Game, after: Game) => deriveGameChanges(dataset(before), dataset(after))![0]?.kinds;

describe('deriveGameChanges', () => {
  it('gives nothing when a refresh changed nothing', () => {
    expect(deriveGameChanges(dataset(live(7, 3)), dataset(live(7, 3)))).toEqual([]);
  });

  it('names a kick-off as started', () => {
    expect(kindsOf(game(), live(0, 0))).toEqual(['started']);
  });

  it('names points as scored, with the score before', () => {
    const [change] = deriveGameChanges(dataset(live(0, 7)), dataset(live(3, 7)))!;
    expect(change).toMatchObject({
      game: { awayScore: 3, homeScore: 7 },
      previous: { awayScore: 0, homeScore: 7, gameStatus: 'live', period: '10:17 - 1st Quarter' },
      kinds: ['scored'],
    });
  });

  it('names an overtake as a lead change, but not a tie or a first score', () => {
    expect(kindsOf(live(3, 7), live(10, 7))).toEqual(['scored', 'lead-changed']);
    expect(kindsOf(live(0, 7), live(7, 7))).toEqual(['scored']);
    expect(kindsOf(live(7, 7), live(7, 14))).toEqual(['scored']);
    expect(kindsOf(live(0, 0), live(0, 3))).toEqual(['scored']);
  });

  it('names a corrected (lowered) score as a change without an alert', () => {
    expect(kindsOf(live(10, 7), live(7, 7))).toEqual([]);
  });

  it('names reaching a break or the next period as period-ended, once', () => {
    expect(kindsOf(live(7, 3, '0:12 - 1st Quarter'), live(7, 3, 'End of 1st Quarter'))).toEqual([
      'period-ended',
    ]);
    expect(kindsOf(live(7, 3, 'End of 1st Quarter'), live(7, 3, '15:00 - 2nd Quarter'))).toEqual([]);
    expect(kindsOf(live(7, 3, '0:40 - 2nd Quarter'), live(7, 3, 'Halftime'))).toEqual(['period-ended']);
    // The break fell between two refreshes.
    expect(kindsOf(live(7, 3, '1:02 - 3rd Quarter'), live(7, 3, '14:10 - 4th Quarter'))).toEqual([
      'period-ended',
    ]);
    expect(kindsOf(live(0, 0, 'Top 8th'), live(0, 0, 'Mid 8th'))).toEqual(['period-ended']);
  });

  it('treats a clock tick as a change with no kind', () => {
    const [change] = deriveGameChanges(
      dataset(live(7, 3, '10:17 - 1st Quarter')),
      dataset(live(7, 3, '9:40 - 1st Quarter')),
    )!;
    expect(change).toMatchObject({ game: { period: '9:40 - 1st Quarter' }, kinds: [] });
  });

  it('pushes a new situation or worth-watching label as a change with no kind, and ignores absent vs null', () => {
    const situation = {
      downDistance: '3rd & 7 at KC 35',
      possession: 'away' as const,
      isRedZone: false,
      balls: null,
      strikes: null,
      outs: null,
      onFirst: false,
      onSecond: false,
      onThird: false,
      powerPlay: null,
      lastPlay: 'J.Allen pass short right to K.Shakir for 6 yards',
    };
    const close = { kind: 'close' as const, label: 'Close game', reason: 'The lead changed hands late.' };
    const before = live(7, 3, '10:17 - 1st Quarter', { situation, watch: null });
    const moved = live(7, 3, '10:17 - 1st Quarter', {
      situation: { ...situation, downDistance: '4th & 1 at KC 29' },
      watch: null,
    });
    expect(kindsOf(before, moved)).toEqual([]);
    expect(kindsOf(before, { ...before, watch: close })).toEqual([]);
    expect(
      deriveGameChanges(
        dataset(live(7, 3)),
        dataset(live(7, 3, undefined, { situation: null, watch: null })),
      ),
    ).toEqual([]);
    expect(
      deriveGameChanges(dataset({ ...before, watch: close }), dataset({ ...before, watch: { ...close } })),
    ).toEqual([]);
  });

  it('names the end of a game as final, with the winning score', () => {
    const finished = game({
      gameStatus: 'completed',
      isCompleted: true,
      awayScore: 21,
      homeScore: 24,
      period: 'Final',
    });
    expect(kindsOf(live(21, 17, '0:30 - 4th Quarter'), finished)).toEqual([
      'scored',
      'lead-changed',
      'final',
    ]);
    expect(kindsOf(live(21, 24, '0:01 - 4th Quarter'), finished)).toEqual(['final']);
  });

  it('names a postponement, and a game back on the schedule as a plain change', () => {
    const postponed = game({ gameStatus: 'postponed' });
    expect(kindsOf(game(), postponed)).toEqual(['postponed']);
    expect(kindsOf(postponed, game())).toEqual([]);
    expect(kindsOf(postponed, live(0, 0))).toEqual(['started']);
    expect(kindsOf(live(3, 0), game({ gameStatus: 'suspended', awayScore: 3, homeScore: 0 }))).toEqual([
      'postponed',
    ]);
  });

  it('lists only the games that changed, in dataset order', () => {
    const other = (patch: Partial<Game>) => game({ id: '402', league: 'NBA', ...patch });
    const changes = deriveGameChanges(
      dataset(live(0, 0), other({}), game({ id: '403', league: 'NHL' })),
      dataset(live(0, 3), other({}), game({ id: '403', league: 'NHL', broadcast: 'ESPN+' })),
    )!;
    expect(changes.map((change) => [change.game.id, change.kinds])).toEqual([
      ['401', ['scored']],
      ['403', []],
    ]);
  });

  it('asks for the whole dataset when games were added, removed or moved', () => {
    const second = game({ id: '402' });
    expect(deriveGameChanges(dataset(game()), dataset(game(), second))).toBeNull();
    expect(deriveGameChanges(dataset(game(), second), dataset(game()))).toBeNull();
    expect(deriveGameChanges(dataset(game(), second), dataset(second, game()))).toBeNull();
  });
});
