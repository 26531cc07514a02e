import { describe, expect, it } from 'vitest';
import {
  applyGamecastChange,
  GAMECAST_MAX_PLAYS,
  gamecastChangeSchema,
  type Gamecast,
  type GamecastPlay,
  type WinProbabilityPoint,
} from '@shared/schemas/gamecast';
import { updateGamecast } from './changes';
import type { GamecastReading } from './source';

const play = (id: number, patch: Partial<GamecastPlay> = {}): GamecastPlay => ({
  id: String(id),
  period: '1st Quarter',
  clock: '10:00',
  text: `Play ${id}`,
  awayScore: 0,
  homeScore: 0,
  team: 'home',
  scoring: false,
  ...patch,
});
const point = (id: number, homePercent: number): WinProbabilityPoint => ({
  playId: String(id),
  period: '1st Quarter',
  clock: '10:00',
  homePercent,
});

/** Plays newest first, as a Gamecast keeps them. */
const plays = (count: number, from = 1) =>
  Array.from({ length: count }, (_, index) => play(from + count - 1 - index));

const reading = (patch: Partial<GamecastReading> = {}): GamecastReading => ({
  gameId: '401671002',
  league: 'NFL',
  scoringPlays: [],
  plays: plays(3),
  teamStats: [{ label: 'Total Yards', away: '120', home: '98' }],
  playerTables: [],
  leaders: [],
  winProbability: [point(1, 50), point(2, 52), point(3, 55)],
  watch: null,
  ...patch,
});

const AT = '2026-11-27T13:00:00.000Z';
const LATER = '2026-11-27T13:00:05.000Z';

function first(patch: Partial<GamecastReading> = {}): Gamecast {
  return updateGamecast(null, reading(patch), AT).gamecast;
}

describe('updateGamecast', () => {
  it('starts at version 1 with every section when nothing was stored', () => {
    const { gamecast, change } = updateGamecast(null, reading(), AT);
    expect(gamecast).toMatchObject({ version: 1, updatedAt: AT, plays: plays(3) });
    expect(change).toMatchObject({
      previousVersion: 0,
      version: 1,
      plays: plays(3),
      teamStats: gamecast.teamStats,
    });
    expect(change).toHaveProperty('watch', null);
    expect(change).toHaveProperty('winProbability', gamecast.winProbability);
  });

  it('changes nothing and pushes nothing when a read is the same', () => {
    const stored = first();
    expect(updateGamecast(stored, reading(), LATER)).toEqual({ gamecast: stored, change: null });
  });

  it('sends a scoring play as plays and scoring plays added, and the new win-probability point appended', () => {
    const stored = first();
    const touchdown = play(4, { scoring: true, text: 'J.Allen 12 yd pass to K.Shakir', awayScore: 7 });
    const next = reading({
      plays: [touchdown, ...plays(3)],
      scoringPlays: [touchdown],
      winProbability: [...stored.winProbability!, point(4, 41)],
      teamStats: [{ label: 'Total Yards', away: '132', home: '98' }],
    });
    const { gamecast, change } = updateGamecast(stored, next, LATER);
    expect(change).toEqual({
      gameId: '401671002',
      previousVersion: 1,
      version: 2,
      updatedAt: LATER,
      playsAdded: [touchdown],
      scoringPlaysAdded: [touchdown],
      winProbabilityAdded: [point(4, 41)],
      teamStats: [{ label: 'Total Yards', away: '132', home: '98' }],
    });
    expect(gamecastChangeSchema.safeParse(change).success).toBe(true);
    expect(applyGamecastChange(stored, change!)).toEqual(gamecast);
  });

  it('sends the whole play list when an earlier play was revised', () => {
    const stored = first();
    const revised = [play(4), play(3), play(2, { text: 'Play 2 (reversed on review)' }), play(1)];
    const { gamecast, change } = updateGamecast(stored, reading({ plays: revised }), LATER);
    expect(change).toMatchObject({ plays: revised });
    expect(change).not.toHaveProperty('playsAdded');
    expect(change).not.toHaveProperty('teamStats');
    expect(applyGamecastChange(stored, change!)).toEqual(gamecast);
  });

  it('replaces the win probability when it disappears or is rewritten, and a label when it changes', () => {
    const stored = first();
    const close = { kind: 'close' as const, label: 'Close game', reason: 'The lead changed hands late.' };
    const gone = updateGamecast(stored, reading({ winProbability: null, watch: close }), LATER);
    expect(gone.change).toMatchObject({ winProbability: null, watch: close });
    expect(applyGamecastChange(stored, gone.change!)).toEqual(gone.gamecast);
    const rewritten = updateGamecast(
      stored,
      reading({ winProbability: [point(1, 50), point(2, 60)] }),
      LATER,
    );
    expect(rewritten.change?.winProbability).toEqual([point(1, 50), point(2, 60)]);
  });

  it('keeps the change small past the most plays kept, where the oldest fall off', () => {
    const full = plays(GAMECAST_MAX_PLAYS);
    const stored = first({ plays: full });
    const next = reading({ plays: [play(GAMECAST_MAX_PLAYS + 1), ...full.slice(0, -1)] });
    const { gamecast, change } = updateGamecast(stored, next, LATER);
    expect(change?.playsAdded).toEqual([play(GAMECAST_MAX_PLAYS + 1)]);
    expect(applyGamecastChange(stored, change!)).toEqual(gamecast);
  });
});
