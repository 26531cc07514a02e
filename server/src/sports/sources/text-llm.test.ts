import { describe, expect, it } from 'vitest';
import { textGameId } from './text-llm';

describe('textGameId', () => {
  it('makes a stable id from the league and the teams', () => {
    expect(textGameId('NFL', 'Buffalo Bills', 'Kansas City Chiefs')).toBe(
      'nfl-buffalo-bills-at-kansas-city-chiefs',
    );
    expect(textGameId('NHL', '  Montréal  Canadiens!', '--Boston Bruins--')).toBe(
      'nhl-montreal-canadiens-at-boston-bruins',
    );
  });

  it('passes over team names of megabytes of dashes', () => {
    expect(textGameId('NBA', `${'-'.repeat(2_000_000)}x`, 'Lakers')).toBe('nba--at-lakers');
  });
});
