import { WATCH_LABELS, type WatchKind, type WatchLabel } from '@shared/schemas/gamecast';
import type { LeagueName } from '@shared/schemas/sports';

/**
 * "Worth watching", told without spoiling: a label from how the game went, never from who leads.
 *
 * Every threshold lives here, per league, in that league's own unit (points, runs, goals):
 * - `closeMargin`: within this at the end (or now, live) the game is a Close game ("one score").
 * - `comebackDeficit`: the side ahead had trailed by at least this: a Comeback. A side whose chance of
 *   winning fell to COMEBACK_WIN_CHANCE % or less and that leads now made one too, unless the lead kept
 *   changing hands (LEAD_CHANGES_FOR_CLOSE or more: that is a close game).
 * - `blowoutMargin`: ahead by at least this: a Blowout (unless it was a comeback).
 * - `judgeFromPeriod`: a live game is not labelled before this period (quarter, inning, period): the
 *   first minutes tell too little.
 * A game with many lead changes (LEAD_CHANGES_FOR_CLOSE) or a favourite that kept changing
 * (FAVOURITE_CHANGES_FOR_CLOSE swings of the win probability from one side's 60% to the other's) is
 * Close up to twice `closeMargin`. Nothing fits, or too little is known (not started, no score): no
 * label.
 */
export const WATCH_THRESHOLDS: Record<
  LeagueName,
  {
    closeMargin: number;
    comebackDeficit: number;
    blowoutMargin: number;
    judgeFromPeriod: number;
    /** How the sentences say `closeMargin`, without a number. */
    within: string;
  }
> = {
  NFL: { closeMargin: 8, comebackDeficit: 10, blowoutMargin: 21, judgeFromPeriod: 2, within: 'one score' },
  NBA: {
    closeMargin: 5,
    comebackDeficit: 15,
    blowoutMargin: 20,
    judgeFromPeriod: 2,
    within: 'two possessions',
  },
  MLB: {
    closeMargin: 2,
    comebackDeficit: 4,
    blowoutMargin: 6,
    judgeFromPeriod: 4,
    within: 'a couple of runs',
  },
  NHL: { closeMargin: 1, comebackDeficit: 2, blowoutMargin: 4, judgeFromPeriod: 2, within: 'one goal' },
};
export const COMEBACK_WIN_CHANCE = 10;
export const LEAD_CHANGES_FOR_CLOSE = 3;
export const FAVOURITE_CHANGES_FOR_CLOSE = 3;
/** A side is the favourite at this chance of winning (or more); between the two, neither is. */
const FAVOURITE_AT = 60;

export interface Score {
  away: number;
  home: number;
}

export interface WatchInput {
  league: LeagueName;
  /** ESPN's state: 'pre', 'in' or 'post'. */
  state: 'pre' | 'in' | 'post';
  /** The period (quarter, inning, period) the game is in, or null. */
  period: number | null;
  /** The score now (or at the end). */
  score: Score | null;
  /** The score after each scoring play, oldest first. */
  progression: Score[];
  /** The home side's chance of winning, 0–100, oldest first; null when the source has none. */
  homeWinPercents: number[] | null;
}

/** How often the side ahead changed (a tie in between does not count as a change by itself). */
export function leadChanges(progression: Score[]): number {
  let leader = 0;
  let changes = 0;
  for (const { away, home } of progression) {
    const now = Math.sign(home - away);
    if (now === 0) continue;
    if (leader !== 0 && now !== leader) changes++;
    leader = now;
  }
  return changes;
}

/**
 * How often the favourite changed: the home side's chance went from FAVOURITE_AT % or more to the away
 * side's FAVOURITE_AT % or more, or back. The jitter of every play around an even game does not count
 * (the sum of every move does, and grows with the number of plays, not with the drama).
 */
export function favouriteChanges(homePercents: number[]): number {
  let favourite = 0;
  let changes = 0;
  for (const home of homePercents) {
    const now = home >= FAVOURITE_AT ? 1 : home <= 100 - FAVOURITE_AT ? -1 : 0;
    if (now === 0) continue;
    if (favourite !== 0 && now !== favourite) changes++;
    favourite = now;
  }
  return changes;
}

const label = (kind: WatchKind, reason: string): WatchLabel => ({ kind, label: WATCH_LABELS[kind], reason });

export function watchLabel(input: WatchInput): WatchLabel | null {
  const { league, state, score, progression } = input;
  const rules = WATCH_THRESHOLDS[league];
  if (state === 'pre' || !score) return null;
  if (state === 'in' && (input.period ?? 0) < rules.judgeFromPeriod) return null;
  const over = state === 'post';
  const margin = Math.abs(score.home - score.away);
  const leader = Math.sign(score.home - score.away);
  const changes = leadChanges(progression);

  if (leader !== 0) {
    // The deepest hole the side now ahead was in.
    const deficit = Math.max(0, ...progression.map(({ away, home }) => (away - home) * leader));
    const percents = input.homeWinPercents ?? [];
    const lowestChance = percents.length
      ? Math.min(...percents.map((home) => (leader > 0 ? home : 100 - home)))
      : null;
    // A chance that low, then the lead, is a comeback too; but in a game where the lead kept changing
    // hands a late dip is part of a close game, not a comeback.
    const fromTheBrink =
      lowestChance !== null && lowestChance <= COMEBACK_WIN_CHANCE && changes < LEAD_CHANGES_FOR_CLOSE;
    if (deficit >= rules.comebackDeficit || fromTheBrink) {
      return label(
        'comeback',
        over
          ? 'One side came back from a big deficit to win it.'
          : 'One side has come back from a big deficit to take the lead.',
      );
    }
  }

  const swings = input.homeWinPercents ? favouriteChanges(input.homeWinPercents) : 0;
  const backAndForth = changes >= LEAD_CHANGES_FOR_CLOSE || swings >= FAVOURITE_CHANGES_FOR_CLOSE;
  if (margin <= rules.closeMargin) {
    const several = changes >= 2;
    if (over) {
      return label(
        'close',
        several
          ? `The lead changed hands several times and it ended within ${rules.within}.`
          : `It stayed within reach and was decided by ${rules.within} or less.`,
      );
    }
    return label(
      'close',
      several
        ? `The lead has changed hands several times and it is within ${rules.within}.`
        : `It is within ${rules.within}.`,
    );
  }
  if (backAndForth && margin <= 2 * rules.closeMargin) {
    return label(
      'close',
      changes >= LEAD_CHANGES_FOR_CLOSE
        ? 'The lead changed hands again and again.'
        : 'The chances of winning swung back and forth.',
    );
  }

  if (margin >= rules.blowoutMargin) {
    return label(
      'blowout',
      over ? 'One side pulled well clear and it was not close.' : 'One side has pulled well clear.',
    );
  }
  return null;
}
