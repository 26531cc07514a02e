import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LEAGUES, findTeam } from './teams';
import { TECH_CATEGORIES, findInterest } from './tech-interests';

const hex = z.string().regex(/^#[0-9A-Fa-f]{6}$/);
const httpsUrl = z.url({ protocol: /^https$/ });
const teamSchema = z.strictObject({
  name: z.string().min(1),
  short_name: z.string().min(1),
  logo_url: httpsUrl,
  url: httpsUrl,
  primary_color: hex,
  secondary_color: hex,
});
const itemSchema = z.strictObject({
  name: z.string().min(1),
  short_name: z.string().min(1),
  icon_url: httpsUrl.optional(),
  color: hex,
  description: z.string().min(1).optional(),
});

/** Every entry matches its schema, and no short name appears twice in one list. */
function expectWellFormedUnique<T extends { short_name: string }>(entries: readonly T[], schema: z.ZodType) {
  for (const entry of entries) schema.parse(entry);
  const shortNames = entries.map((entry) => entry.short_name);
  expect(new Set(shortNames).size).toBe(shortNames.length);
}

describe('team catalogue', () => {
  it('has the four leagues in picker order with their team counts', () => {
    expect(LEAGUES.map((league) => [league.key, league.name, league.teams.length])).toEqual([
      ['nfl', 'NFL', 32],
      ['nba', 'NBA', 30],
      ['mlb', 'MLB', 30],
      ['nhl', 'NHL', 32],
    ]);
  });

  it('has well-formed teams with short names unique within a league', () => {
    for (const league of LEAGUES) expectWellFormedUnique(league.teams, teamSchema);
  });

  it('gives every team its own logo (the source gave Washington the Titans logo)', () => {
    const logos = LEAGUES.flatMap((league) => league.teams.map((team) => team.logo_url));
    expect(new Set(logos).size).toBe(logos.length);
    expect(findTeam('nfl', 'WAS')?.logo_url).not.toBe(findTeam('nfl', 'TEN')?.logo_url);
  });

  it('looks teams up per league, since short names repeat', () => {
    expect(findTeam('nfl', 'ATL')?.name).toBe('Atlanta Falcons');
    expect(findTeam('nba', 'ATL')?.name).toBe('Atlanta Hawks');
    expect(findTeam('mlb', 'ATL')?.name).toBe('Atlanta Braves');
    expect(findTeam('nhl', 'ATL')).toBeUndefined();
  });
});

describe('tech catalogue', () => {
  it('has the four groups in picker order with their titles and the counts shipped', () => {
    expect(TECH_CATEGORIES.map((category) => [category.key, category.title, category.items.length])).toEqual([
      ['languages', 'Programming Languages', 15],
      ['stacks', 'Tech Stacks & Frameworks', 16],
      ['industries', 'Industries & Verticals', 16],
      // The picker once listed 24; the catalogue holds 28 real companies and we ship what is there.
      ['companies', 'Companies & AI Startups', 28],
    ]);
  });

  it('has well-formed items with unique short names; industries have no icon', () => {
    for (const category of TECH_CATEGORIES) expectWellFormedUnique(category.items, itemSchema);
    const industries = TECH_CATEGORIES.find((category) => category.key === 'industries')!;
    expect(industries.items.every((item) => item.icon_url === undefined)).toBe(true);
  });

  it('looks items up by short name', () => {
    expect(findInterest('languages', 'TS')?.name).toBe('TypeScript');
    expect(findInterest('languages', 'REACT')).toBeUndefined();
  });
});
