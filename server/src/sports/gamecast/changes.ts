import { isDeepStrictEqual } from 'node:util';
import {
  applyGamecastChange,
  type Gamecast,
  type GamecastChange,
  type GamecastPlay,
  type WinProbabilityPoint,
} from '@shared/schemas/gamecast';
import type { GamecastReading } from './source';

/** A new read of a summary against the Gamecast stored before it. */
export interface GamecastUpdate {
  /** What to store: the previous one when nothing changed. */
  gamecast: Gamecast;
  /** What to push to the game's watchers, or null when nothing changed. */
  change: GamecastChange | null;
}

/** The sections replaced whole when they differ (plays and win probability may only grow). */
const REPLACED = ['teamStats', 'playerTables', 'leaders', 'watch'] as const;

/**
 * What a fresh read of a game's summary changes in its stored Gamecast, as the smallest change a
 * client can apply: new plays (newest first, before the ones it has) and new win-probability points
 * (appended), the other sections only when they differ. A play revised, removed or reordered (the
 * source corrects its play-by-play now and then) sends that whole section. With nothing stored the
 * change goes from version 0 and carries every section. Every change is checked by applying it: if
 * what a client would get is not the new Gamecast, every section is sent instead.
 */
export function updateGamecast(
  previous: Gamecast | null,
  reading: GamecastReading,
  updatedAt: string,
): GamecastUpdate {
  const version = (previous?.version ?? 0) + 1;
  const next: Gamecast = { ...reading, version, updatedAt };
  const whole: GamecastChange = {
    gameId: next.gameId,
    previousVersion: previous?.version ?? 0,
    version,
    updatedAt,
    scoringPlays: next.scoringPlays,
    plays: next.plays,
    teamStats: next.teamStats,
    playerTables: next.playerTables,
    leaders: next.leaders,
    winProbability: next.winProbability,
    watch: next.watch,
  };
  if (previous === null) return { gamecast: next, change: whole };

  const change: GamecastChange = {
    gameId: next.gameId,
    previousVersion: previous.version,
    version,
    updatedAt,
  };
  let changed = false;
  const plays = newPlays(previous.plays, next.plays);
  if (plays === 'replaced') [change.plays, changed] = [next.plays, true];
  else if (plays.length > 0) [change.playsAdded, changed] = [plays, true];
  const scoring = newPlays(previous.scoringPlays, next.scoringPlays);
  if (scoring === 'replaced') [change.scoringPlays, changed] = [next.scoringPlays, true];
  else if (scoring.length > 0) [change.scoringPlaysAdded, changed] = [scoring, true];
  const points = newPoints(previous.winProbability, next.winProbability);
  if (points === 'replaced') [change.winProbability, changed] = [next.winProbability, true];
  else if (points.length > 0) [change.winProbabilityAdded, changed] = [points, true];
  for (const section of REPLACED) {
    if (same(previous[section], next[section])) continue;
    Object.assign(change, { [section]: next[section] });
    changed = true;
  }
  if (!changed) return { gamecast: previous, change: null };

  const applied = applyGamecastChange(previous, change);
  return { gamecast: next, change: applied !== null && sameGamecast(applied, next) ? change : whole };
}

/**
 * isDeepStrictEqual for the Gamecast's plain data, quicker where a fresh read shares what it did not
 * change with the one held (the same play and point objects in new lists): an element that is the
 * very same object is not walked.
 */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!Array.isArray(a) || !Array.isArray(b)) return isDeepStrictEqual(a, b);
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    if (a[i] !== b[i] && !isDeepStrictEqual(a[i], b[i])) return false;
  }
  return true;
}

function sameGamecast(a: Gamecast, b: Gamecast): boolean {
  const keys = Object.keys(a) as Array<keyof Gamecast>;
  return keys.length === Object.keys(b).length && keys.every((key) => key in b && same(a[key], b[key]));
}

/**
 * The plays put before the ones held (both newest first), or 'replaced' when the held ones are not
 * what follows them: a play was revised or removed.
 */
function newPlays(held: GamecastPlay[], fresh: GamecastPlay[]): GamecastPlay[] | 'replaced' {
  if (held.length === 0) return fresh;
  const start = fresh.findIndex((play) => play.id === held[0]!.id);
  if (start === -1) return 'replaced';
  const kept = fresh.slice(start);
  if (!same(kept, held.slice(0, kept.length))) return 'replaced';
  return fresh.slice(0, start);
}

/** The points appended to the ones held (both oldest first), or 'replaced' when they are not a prefix. */
function newPoints(
  held: WinProbabilityPoint[] | null,
  fresh: WinProbabilityPoint[] | null,
): WinProbabilityPoint[] | 'replaced' {
  if (held === null || fresh === null) return held === fresh ? [] : 'replaced';
  if (fresh.length < held.length) return 'replaced';
  // Points fall off the front once the most kept is reached: find where the held ones sit.
  const offset = held.length === 0 ? 0 : fresh.findIndex((point) => same(point, held[0]));
  if (offset === -1) return 'replaced';
  if (!same(fresh.slice(offset, offset + held.length), held)) return 'replaced';
  return fresh.slice(offset + held.length);
}
