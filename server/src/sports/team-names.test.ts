import { describe, expect, it } from 'vitest';
import { canonicalTeamName } from './team-names';

describe('catalogue team names', () => {
  it('matches by full name, ignoring accents, case and punctuation', () => {
    expect(canonicalTeamName('NHL', 'Montréal Canadiens')).toBe('Montreal Canadiens');
    expect(canonicalTeamName('MLB', 'st louis cardinals')).toBe('St. Louis Cardinals');
    expect(canonicalTeamName('NBA', 'LA Clippers')).toBe('Los Angeles Clippers');
  });

  it('accepts a nickname only when it names one team of the league', () => {
    expect(canonicalTeamName('MLB', 'Red Sox')).toBe('Boston Red Sox');
    expect(canonicalTeamName('MLB', 'Sox')).toBe('Sox');
    expect(canonicalTeamName('NFL', 'Cardinals')).toBe('Arizona Cardinals');
    expect(canonicalTeamName('MLB', 'Cardinals')).toBe('St. Louis Cardinals');
  });

  it('never matches by abbreviation, and keeps unknown names as given', () => {
    expect(canonicalTeamName('NHL', 'NJ')).toBe('NJ');
    expect(canonicalTeamName('NFL', 'London Monarchs')).toBe('London Monarchs');
  });
});
