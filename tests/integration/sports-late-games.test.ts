import { afterEach, describe, expect, it } from 'vitest';
import pino from 'pino';
import { buildSportsDataset, type Game } from '@shared/schemas/sports';
import { createEspnClient } from '@server/integrations/espn/client';
import { createEspnSource } from '@server/sports/sources/espn';
import { startFakeEspn, type FakeEspn, type FakeGame } from '../fakes/espn';

// ESPN's current day rolls over at midnight US Eastern while games out West are still on. These tests
// move one clock shared by the fake ESPN (which rolls its day over as ESPN does) and the source.

/** 23:30 on Thursday 26 November 2026, US Eastern (UTC-5). */
const BEFORE_MIDNIGHT_ET = Date.parse('2026-11-27T04:30:00Z');

const nbaGame = (game: Partial<FakeGame> & Pick<FakeGame, 'id' | 'away' | 'home'>): FakeGame => ({
  league: 'nba',
  state: 'pre',
  statusName: 'STATUS_SCHEDULED',
  awayScore: '0',
  homeScore: '0',
  period: 0,
  displayClock: '0.0',
  detail: 'Scheduled',
  shortDetail: 'Scheduled',
  startOffsetMinutes: 0,
  broadcasts: [],
  ...game,
});

/** Started 22:30 Eastern, in the 4th quarter at 23:30. */
const LATE = nbaGame({
  id: '401810001',
  away: 'DEN',
  home: 'LAL',
  state: 'in',
  statusName: 'STATUS_IN_PROGRESS',
  awayScore: '88',
  homeScore: '90',
  period: 4,
  displayClock: '5:12',
  detail: '5:12 - 4th Quarter',
  startOffsetMinutes: -60,
});
/** Started 19:00 Eastern, long over by midnight. */
const EARLY = nbaGame({
  id: '401810002',
  away: 'BOS',
  home: 'NY',
  state: 'post',
  statusName: 'STATUS_FINAL',
  awayScore: '101',
  homeScore: '99',
  period: 4,
  detail: 'Final',
  startOffsetMinutes: -270,
});
/** Friday 19:30 Eastern. */
const TOMORROW = nbaGame({ id: '401810003', away: 'LAC', home: 'GS', startOffsetMinutes: 20 * 60 });

let espn: FakeEspn | undefined;
afterEach(async () => {
  await espn?.close();
  espn = undefined;
});

async function board(options: { currentDayOnly: boolean }) {
  let now = BEFORE_MIDNIGHT_ET;
  espn = await startFakeEspn({
    games: [LATE, EARLY, TOMORROW],
    now: () => now,
    currentDayOnly: options.currentDayOnly,
  });
  const source = createEspnSource({
    client: createEspnClient({ baseUrl: espn.url }),
    logger: pino({ level: 'silent' }),
    now: () => now,
  });
  return {
    espn,
    at(time: string) {
      now = Date.parse(time);
    },
    async nba(previous: Game[] = []): Promise<Game[]> {
      const stored = previous.length > 0 ? buildSportsDataset(previous, new Date(now).toISOString()) : null;
      const games = await source.fetchAll({ onProgress: () => {}, previous: Promise.resolve(stored) });
      return games.filter((game) => game.league === 'NBA');
    },
  };
}

const ids = (games: Game[]) => games.map((game) => game.id);

describe('games that run past midnight Eastern', () => {
  it('stay on the board, once, until they end and for a few hours after', async () => {
    const day = await board({ currentDayOnly: true });
    expect(ids(await day.nba()).sort()).toEqual([LATE.id, EARLY.id].sort());

    // 00:10 Eastern: ESPN's current day is Friday now, and the game is in overtime.
    day.at('2026-11-27T05:10:00Z');
    day.espn.updateGame(LATE.id, { period: 5, displayClock: '2:01', detail: '2:01 - OT', awayScore: '104' });
    let games = await day.nba();
    expect(ids(games).sort()).toEqual([LATE.id, EARLY.id, TOMORROW.id].sort());
    expect(games.find((game) => game.id === LATE.id)).toMatchObject({
      isLive: true,
      awayScore: 104,
      homeScore: 90,
      period: '2:01 - OT',
    });

    // 00:40: it ends; the final stays for the fans who watched it.
    day.at('2026-11-27T05:40:00Z');
    day.espn.updateGame(LATE.id, { state: 'post', statusName: 'STATUS_FINAL', detail: 'Final/OT' });
    games = await day.nba();
    expect(games.find((game) => game.id === LATE.id)).toMatchObject({ isCompleted: true, awayScore: 104 });

    // 03:30: the 7 PM game is eight hours old and leaves; the late one is still there.
    day.at('2026-11-27T08:30:00Z');
    expect(ids(await day.nba()).sort()).toEqual([LATE.id, TOMORROW.id].sort());

    // 06:30: the board is Friday's.
    day.at('2026-11-27T11:30:00Z');
    expect(ids(await day.nba())).toEqual([TOMORROW.id]);
  });

  it('keeps the late games last seen while yesterday’s board does not answer', async () => {
    const day = await board({ currentDayOnly: true });
    day.at('2026-11-27T05:10:00Z');
    const seen = await day.nba();
    day.espn.fail({ league: 'nba', datedOnly: true });
    day.at('2026-11-27T05:20:00Z');
    expect(ids(await day.nba(seen)).sort()).toEqual([LATE.id, EARLY.id, TOMORROW.id].sort());
    // Without a last board to keep from, only today's games remain; nothing fails.
    expect(ids(await day.nba())).toEqual([TOMORROW.id]);
  });

  it('lists a game once when the current day and yesterday both hold it', async () => {
    // The fake answers every game for the current day: it overlaps yesterday's board.
    const day = await board({ currentDayOnly: false });
    day.at('2026-11-27T05:10:00Z');
    const games = await day.nba();
    expect(ids(games).sort()).toEqual([LATE.id, EARLY.id, TOMORROW.id].sort());
  });

  it('asks for yesterday only in the small hours, and never for the NFL’s week', async () => {
    const day = await board({ currentDayOnly: true });
    day.at('2026-11-27T16:00:00Z');
    await day.nba();
    expect(day.espn.stats()).toMatchObject({
      scoreboardRequests: { nfl: 1, nba: 1, mlb: 1, nhl: 1 },
      dayRequests: { nfl: 0, nba: 0, mlb: 0, nhl: 0 },
    });
    day.at('2026-11-27T06:00:00Z');
    await day.nba();
    expect(day.espn.stats()).toMatchObject({
      scoreboardRequests: { nfl: 2, nba: 2, mlb: 2, nhl: 2 },
      dayRequests: { nfl: 0, nba: 1, mlb: 1, nhl: 1 },
    });
    expect(day.espn.stats().lastQuery).toEqual({ dates: '20261126' });
  });
});
