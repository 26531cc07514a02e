import { describe, expect, it } from 'vitest';
import teams from '@shared/data/teams.json';

type Catalogue = Record<string, { teams: Array<{ primary_color: string }> }>;
import { contrast, textOn } from './colour-contrast';

describe('text on a team colour', () => {
  it('meets WCAG AA (4.5:1) on every team colour of the catalogue', () => {
    const colours = Object.values(teams as Catalogue).flatMap((league) =>
      league.teams.map((team) => team.primary_color),
    );
    expect(colours.length).toBeGreaterThan(100);
    const failing = colours.filter((colour) => contrast(colour, textOn(colour)) < 4.5);
    expect(failing).toEqual([]);
  });

  it('picks dark text on the bright colours white text used to fail on', () => {
    expect(textOn('#fb4f14')).toBe('#000000'); // Bengals and Broncos orange: white was 3.37:1
    expect(textOn('#008e97')).toBe('#000000'); // Dolphins aqua: white was 3.95:1
    expect(textOn('#0085ca')).toBe('#000000'); // Panthers blue: neither white nor slate-900 reached 4.5:1
    expect(textOn('#002244')).toBe('#ffffff');
  });
});
