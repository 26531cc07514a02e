import { describe, expect, it } from 'vitest';
import { buildSportsDataset, gameSchema, mergeGameIntoDataset, type Game } from './sports';

const game = (id: string, league: Game['league'], awayScore: number | null = null): Game => ({
  id,
  url: `https://www.espn.com/${league.toLowerCase()}/game/_/gameId/${id}`,
  league,
  gameStatus: 'live',
  isLive: true,
  isCompleted: false,
  awayTeam: 'Away Team',
  homeTeam: 'Home Team',
  awayScore,
  homeScore: 0,
  period: 'Q1',
  startTime: '2026-01-01T00:00:00.000Z',
  broadcast: null,
});

describe('sports dataset', () => {
  it('groups by league in NFL, NBA, MLB, NHL order, leaves empty leagues out and counts', () => {
    const dataset = buildSportsDataset([game('1', 'NHL'), game('2', 'NFL'), game('3', 'NHL')], 'T');
    expect(dataset.leagues.map((league) => [league.name, league.games.length])).toEqual([
      ['NFL', 1],
      ['NHL', 2],
    ]);
    expect(dataset).toMatchObject({ totalGames: 3, totalLeagues: 2, lastUpdated: 'T' });
  });

  it('merges a game update by id, keeping its id and league, and refreshes lastUpdated', () => {
    const dataset = buildSportsDataset([game('1', 'NFL', 3), game('2', 'NBA', 10)], 'T0');
    const merged = mergeGameIntoDataset(dataset, { id: '2', awayScore: 12, league: 'NFL' }, 'T1')!;
    expect(merged.game).toMatchObject({ id: '2', league: 'NBA', awayScore: 12, homeScore: 0 });
    expect(merged.sportsData.lastUpdated).toBe('T1');
    expect(merged.sportsData.leagues[0]!.games[0]!.awayScore).toBe(3);
    expect(mergeGameIntoDataset(dataset, { id: 'nope' }, 'T1')).toBeNull();
  });

  it('is strict about what a model may answer', () => {
    expect(gameSchema.safeParse(game('1', 'NFL')).success).toBe(true);
    expect(gameSchema.safeParse({ ...game('1', 'NFL'), league: 'XFL' }).success).toBe(false);
    expect(gameSchema.safeParse({ ...game('1', 'NFL'), awayScore: 'ten' }).success).toBe(false);
    expect(gameSchema.safeParse({ ...game('1', 'NFL'), url: 'javascript:alert(1)' }).success).toBe(false);
    const { broadcast: _broadcast, ...missing } = game('1', 'NFL');
    expect(gameSchema.safeParse(missing).success).toBe(false);
  });
});
