import { isDeepStrictEqual } from 'node:util';
import {
  allGames,
  type Game,
  type GameChange,
  type GameChangeKind,
  type SportsDataset,
} from '@shared/schemas/sports';

/**
 * What a refresh changed, game by game, so the server pushes only that and clients never diff
 * datasets. `null` means the games themselves differ (one added, removed or moved): then the whole
 * dataset is the update. An unchanged refresh gives an empty list.
 */
export function deriveGameChanges(previous: SportsDataset, next: SportsDataset): GameChange[] | null {
  const before = allGames(previous);
  const after = allGames(next);
  if (before.length !== after.length) return null;
  const changes: GameChange[] = [];
  for (let index = 0; index < after.length; index++) {
    const old = before[index]!;
    const game = after[index]!;
    if (old.id !== game.id || old.league !== game.league) return null;
    if (sameGame(old, game)) continue;
    changes.push({
      game,
      previous: {
        awayScore: old.awayScore,
        homeScore: old.homeScore,
        gameStatus: old.gameStatus,
        period: old.period,
      },
      kinds: changeKinds(old, game),
    });
  }
  return changes;
}

const GAME_FIELDS = [
  'url',
  'gameStatus',
  'isLive',
  'isCompleted',
  'awayTeam',
  'homeTeam',
  'awayScore',
  'homeScore',
  'period',
  'startTime',
  'broadcast',
] as const satisfies ReadonlyArray<keyof Game>;

/**
 * Filled by the server (a live game's situation, its worth-watching label): a change of these alone
 * is pushed as a detail, with no kind, so it alerts nobody. Absent and null are the same.
 */
const DETAIL_FIELDS = ['situation', 'watch'] as const satisfies ReadonlyArray<keyof Game>;

function sameGame(a: Game, b: Game): boolean {
  return (
    GAME_FIELDS.every((field) => a[field] === b[field]) &&
    DETAIL_FIELDS.every((field) => isDeepStrictEqual(a[field] ?? null, b[field] ?? null))
  );
}

type Leader = 'away' | 'home' | 'level' | 'none';

function leader(game: Pick<Game, 'awayScore' | 'homeScore'>): Leader {
  if (game.awayScore === null || game.homeScore === null) return 'none';
  if (game.awayScore === game.homeScore) return 'level';
  return game.awayScore > game.homeScore ? 'away' : 'home';
}

const isPostponed = (game: Game) => /^(?:postponed|suspended|delayed|cancell?ed)$/.test(game.gameStatus);

/** The period a game is in, without its clock: '10:17 - 1st Quarter' → '1st quarter'. */
function periodName(period: string | null): string | null {
  if (!period) return null;
  const dash = period.lastIndexOf(' - ');
  return (dash === -1 ? period : period.slice(dash + 3)).trim().toLowerCase() || null;
}

const isBreak = (name: string) => /^(?:end|mid|halftime|intermission)\b/.test(name);

function changeKinds(old: Game, game: Game): GameChangeKind[] {
  const kinds: GameChangeKind[] = [];
  if (isPostponed(game) && !isPostponed(old)) kinds.push('postponed');
  if (game.isLive && !old.isLive && !old.isCompleted) kinds.push('started');
  if (game.awayScore !== old.awayScore || game.homeScore !== old.homeScore) {
    const scoredPoints =
      (game.awayScore ?? 0) > (old.awayScore ?? 0) || (game.homeScore ?? 0) > (old.homeScore ?? 0);
    if (scoredPoints) kinds.push('scored');
    // A lead changes hands when the other team goes ahead; a tie or a first score is not one.
    const before = leader(old);
    const after = leader(game);
    if (
      (before === 'away' || before === 'home') &&
      (after === 'away' || after === 'home') &&
      before !== after
    ) {
      kinds.push('lead-changed');
    }
  }
  if (game.isCompleted && !old.isCompleted) {
    kinds.push('final');
  } else if (game.isLive && old.isLive) {
    const before = periodName(old.period);
    const after = periodName(game.period);
    // Reaching a break (End of 1st Quarter, Halftime, Mid 8th) ends a period; so does a new period
    // when the break was missed between two refreshes. Leaving a break ends nothing.
    if (before && after && before !== after && !isBreak(before)) kinds.push('period-ended');
  }
  return kinds;
}
