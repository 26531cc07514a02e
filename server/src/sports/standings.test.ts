import { describe, expect, it } from 'vitest';
import { readEspnStandings } from '../integrations/espn/standings';
import { presentStandings } from './standings';

const stat = (name: string, value: number | undefined, displayValue?: string, abbreviation?: string) => ({
  name,
  abbreviation,
  value,
  displayValue: displayValue ?? (value === undefined ? undefined : String(value)),
});
const team = (displayName: string, stats: ReturnType<typeof stat>[], abbreviation?: string) => ({
  team: { displayName, abbreviation },
  stats,
});

describe('standings as the app shows them', () => {
  it("ranks an NHL division by points, fills the league's columns by statistic name, leaves out none", () => {
    const espn = readEspnStandings({
      children: [
        {
          name: 'Western Conference',
          children: [
            {
              name: 'Central Division',
              standings: {
                seasonDisplayName: '2025-26',
                entries: [
                  team(
                    'Utah Hockey Club',
                    [
                      stat('points', 20),
                      stat('gamesPlayed', 18),
                      stat('wins', 9),
                      stat('losses', 7),
                      stat('overtimeLosses', 2),
                      stat('streak', 1, 'W1'),
                    ],
                    'UTAH',
                  ),
                  team(
                    'Colorado Avalanche',
                    [
                      stat('points', 30),
                      stat('gamesPlayed', 18),
                      stat('wins', 14),
                      stat('losses', 2),
                      stat('overtimeLosses', 2),
                      stat('streak', 3, 'W3'),
                    ],
                    'COL',
                  ),
                  // No statistics at all: last, with a dash in every column.
                  team('Dallas Stars', [], 'DAL'),
                ],
              },
            },
          ],
        },
      ],
    })!;
    const standings = presentStandings('NHL', espn, '2026-11-27T12:00:00.000Z')!;
    expect(standings.columns).toEqual(['GP', 'W', 'L', 'OTL', 'PTS', 'STRK']);
    expect(standings.season).toBe('2025-26');
    expect(standings.groups[0]!.name).toBe('Western Conference');
    expect(standings.groups[0]!.groups![0]!.teams).toEqual([
      { name: 'Colorado Avalanche', abbreviation: 'COL', values: ['18', '14', '2', '2', '30', 'W3'] },
      // The catalogue's name for a team ESPN still calls by its old one.
      { name: 'Utah Mammoth', abbreviation: 'UTAH', values: ['18', '9', '7', '2', '20', 'W1'] },
      { name: 'Dallas Stars', abbreviation: 'DAL', values: ['–', '–', '–', '–', '–', '–'] },
    ]);
  });

  it('drops a column no team has and a group with no team, and finds a stat by its abbreviation', () => {
    const espn = readEspnStandings({
      children: [
        {
          name: 'AFC',
          standings: {
            entries: [
              team('Buffalo Bills', [
                stat('wins', 13),
                stat('losses', 4),
                stat('pct', 0.765, '.765', 'PCT'),
                stat('playoffSeed', 2),
              ]),
              team('Kansas City Chiefs', [
                stat('wins', 15),
                stat('losses', 2),
                stat('pct', 0.882, '.882', 'PCT'),
                stat('playoffSeed', 1),
              ]),
            ],
          },
        },
        { name: 'Empty', standings: { entries: [] } },
      ],
    })!;
    const standings = presentStandings('NFL', espn, '2026-11-27T12:00:00.000Z')!;
    expect(standings.columns).toEqual(['W', 'L', 'PCT']);
    expect(standings.groups.map((group) => group.name)).toEqual(['AFC']);
    expect(
      standings.groups[0]!.teams!.map((entry) => [entry.name, entry.abbreviation, ...entry.values]),
    ).toEqual([
      ['Kansas City Chiefs', null, '15', '2', '.882'],
      ['Buffalo Bills', null, '13', '4', '.765'],
    ]);
  });
});
