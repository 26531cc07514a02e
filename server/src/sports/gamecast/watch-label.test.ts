import { describe, expect, it } from 'vitest';
import { WATCH_LABELS } from '@shared/schemas/gamecast';
import { favouriteChanges, leadChanges, watchLabel, type WatchInput } from './watch-label';

const final = (overrides: Partial<WatchInput>): WatchInput => ({
  league: 'NFL',
  state: 'post',
  period: 4,
  score: { away: 0, home: 0 },
  progression: [],
  homeWinPercents: null,
  ...overrides,
});

/** Words a spoiler-free sentence must not hold: a digit (a score) or a side. */
const SPOILERS = /\d|home|away/i;

describe('worth-watching label', () => {
  it('calls a one-score game with the lead changing hands a Close game, without naming a team or a score', () => {
    const label = watchLabel(
      final({
        score: { away: 24, home: 27 },
        progression: [
          { away: 7, home: 0 },
          { away: 7, home: 10 },
          { away: 14, home: 10 },
          { away: 14, home: 17 },
          { away: 24, home: 17 },
          { away: 24, home: 27 },
        ],
      }),
    );
    expect(label).toEqual({
      kind: 'close',
      label: WATCH_LABELS.close,
      reason: 'The lead changed hands several times and it ended within one score.',
    });
    expect(label!.reason).not.toMatch(SPOILERS);
  });

  it('calls a win from a deficit at the league mark a Comeback, by the scores alone when there is no win probability (the NHL)', () => {
    const input = final({
      league: 'NHL',
      period: 3,
      score: { away: 5, home: 3 },
      progression: [
        { away: 0, home: 1 },
        { away: 0, home: 2 },
        { away: 1, home: 2 },
        { away: 2, home: 2 },
        { away: 3, home: 2 },
        { away: 4, home: 2 },
        { away: 5, home: 3 },
      ],
    });
    const label = watchLabel(input);
    expect(label?.kind).toBe('comeback');
    expect(label!.reason).not.toMatch(SPOILERS);
    // One goal down is not a comeback in hockey.
    expect(
      watchLabel({ ...input, progression: [{ away: 0, home: 1 }, ...input.progression.slice(3)] })?.kind,
    ).not.toBe('comeback');
  });

  it('counts a side whose chance fell to 10% and that won as a comeback, unless the lead kept changing hands', () => {
    const dip = [50, 30, 12, 8, 40, 80, 100];
    const oneChange = final({
      score: { away: 20, home: 23 },
      progression: [
        { away: 7, home: 0 },
        { away: 10, home: 3 },
        { away: 20, home: 23 },
      ],
      homeWinPercents: dip,
    });
    expect(watchLabel(oneChange)?.kind).toBe('comeback');
    // Seven down is under the NFL's mark: without the dip it is only a close game.
    expect(watchLabel({ ...oneChange, homeWinPercents: null })?.kind).toBe('close');
    const seesaw = final({
      score: { away: 20, home: 23 },
      progression: [
        { away: 3, home: 0 },
        { away: 3, home: 7 },
        { away: 10, home: 7 },
        { away: 10, home: 14 },
        { away: 20, home: 14 },
        { away: 20, home: 23 },
      ],
      homeWinPercents: dip,
    });
    expect(watchLabel(seesaw)?.kind).toBe('close');
  });

  it('calls a game whose favourite kept changing Close up to twice the margin, and says why without a score', () => {
    const seesaw = final({
      league: 'NBA',
      score: { away: 100, home: 108 },
      progression: [
        { away: 2, home: 0 },
        { away: 2, home: 4 },
      ],
      homeWinPercents: [50, 65, 30, 70, 35, 75, 90, 100],
    });
    expect(watchLabel(seesaw)).toMatchObject({
      kind: 'close',
      reason: 'The chances of winning swung back and forth.',
    });
    expect(watchLabel({ ...seesaw, score: { away: 100, home: 111 } })).toBeNull();
  });

  it('calls a wide margin a Blowout, league by league', () => {
    expect(watchLabel(final({ score: { away: 20, home: 43 } }))?.kind).toBe('blowout');
    expect(watchLabel(final({ league: 'MLB', period: 9, score: { away: 9, home: 1 } }))?.kind).toBe(
      'blowout',
    );
    // Six points is a blowout in no league but baseball.
    expect(watchLabel(final({ league: 'NBA', score: { away: 100, home: 112 } }))).toBeNull();
    expect(watchLabel(final({ league: 'MLB', period: 9, score: { away: 1, home: 7 } }))?.kind).toBe(
      'blowout',
    );
  });

  it('gives no label before the game, without a score, or in its first minutes', () => {
    expect(watchLabel(final({ state: 'pre', score: null }))).toBeNull();
    expect(watchLabel(final({ state: 'post', score: null }))).toBeNull();
    expect(watchLabel(final({ state: 'in', period: 1, score: { away: 0, home: 3 } }))).toBeNull();
    expect(watchLabel(final({ state: 'in', period: 2, score: { away: 0, home: 3 } }))).toMatchObject({
      kind: 'close',
      reason: 'It is within one score.',
    });
    expect(
      watchLabel(final({ league: 'MLB', state: 'in', period: 3, score: { away: 0, home: 1 } })),
    ).toBeNull();
  });

  it('counts lead changes past ties, and changes of favourite past the jitter around an even game', () => {
    expect(
      leadChanges([
        { away: 1, home: 0 },
        { away: 1, home: 1 },
        { away: 1, home: 2 },
        { away: 3, home: 2 },
      ]),
    ).toBe(2);
    expect(favouriteChanges([50, 70, 45, 55, 41, 39, 52, 61, 100])).toBe(2);
    expect(favouriteChanges([48, 52, 47, 53, 49, 51])).toBe(0);
  });
});
