import { describe, expect, it } from 'vitest';
import { EspnError } from './client';
import { createEspnStandingsClient, readEspnStandings } from './standings';

const entry = (name: string, wins: unknown) => ({
  team: { displayName: name, abbreviation: name.slice(0, 3).toUpperCase() },
  stats: [{ name: 'wins', abbreviation: 'W', value: wins, displayValue: String(wins) }],
});

function clientAnswering(
  body: ConstructorParameters<typeof Response>[0],
  init: ResponseInit = {},
  seen: string[] = [],
) {
  return createEspnStandingsClient({
    baseUrl: 'https://espn.test/',
    maxBytes: 4096,
    fetch: async (input) => {
      seen.push(String(input));
      return new Response(body, init);
    },
  });
}

describe('ESPN standings reader', () => {
  it('asks the scoreboard host, with divisions for the NFL, MLB and NHL and conferences for the NBA', async () => {
    const seen: string[] = [];
    const body = JSON.stringify({
      children: [{ name: 'East', standings: { entries: [entry('A Team', 1)] } }],
    });
    for (const league of ['nfl', 'nba', 'mlb', 'nhl'] as const)
      await clientAnswering(body, {}, seen).standings(league);
    expect(seen).toEqual([
      'https://espn.test/apis/v2/sports/football/nfl/standings?level=3',
      'https://espn.test/apis/v2/sports/basketball/nba/standings',
      'https://espn.test/apis/v2/sports/baseball/mlb/standings?level=3',
      'https://espn.test/apis/v2/sports/hockey/nhl/standings?level=3',
    ]);
  });

  it('keeps nested groups and skips the odd ones: a bad child, a bad entry, a stat of another shape', () => {
    const standings = readEspnStandings({
      name: 'League',
      children: [
        'not a group',
        {
          name: 'Conference',
          children: [
            {
              name: 'Division',
              standings: {
                seasonDisplayName: 2025,
                entries: [entry('One Team', '12'), { team: 'nobody' }, entry('Two Team', { odd: true })],
              },
            },
          ],
        },
      ],
    });
    expect(standings!.groups).toHaveLength(1);
    const division = standings!.groups[0]!.children[0]!;
    expect(division).toMatchObject({ name: 'Division', seasonDisplayName: '2025' });
    expect(division.entries.map((team) => [team.team.displayName, team.stats[0]?.value])).toEqual([
      ['One Team', 12],
      ['Two Team', undefined],
    ]);
  });

  it('is null for an answer that holds no table', () => {
    expect(readEspnStandings({ name: 'League', children: [] })).toBeNull();
    expect(readEspnStandings([])).toBeNull();
    expect(readEspnStandings(null)).toBeNull();
  });

  it('reads an answer that starts with a byte order mark', async () => {
    const body = `\uFEFF${JSON.stringify({ children: [{ name: 'East', standings: { entries: [entry('A Team', 3)] } }] })}`;
    const standings = await clientAnswering(body).standings('nba');
    expect(standings.groups[0]!.entries[0]!.team.displayName).toBe('A Team');
  });

  it('refuses an error status, something not JSON, no standings, and an answer past the size cap', async () => {
    const failures = [
      clientAnswering('{}', { status: 503 }).standings('nfl'),
      clientAnswering('<html>ESPN</html>').standings('nfl'),
      clientAnswering('{"events":[]}').standings('nfl'),
      clientAnswering(`{"children":[${'1,'.repeat(3000)}1]}`).standings('nfl'),
      clientAnswering('{}', { headers: { 'content-length': '999999' } }).standings('nfl'),
    ];
    const errors = await Promise.all(failures.map((failure) => failure.catch((error: unknown) => error)));
    for (const error of errors) expect(error).toBeInstanceOf(EspnError);
    expect(errors.map((error) => (error as EspnError).message)).toEqual([
      'ESPN nfl standings answered 503',
      'ESPN nfl standings is not JSON',
      'ESPN nfl standings: the answer holds no standings',
      'ESPN nfl standings is larger than 4096 bytes',
      'ESPN nfl standings is larger than 4096 bytes',
    ]);
  });

  it('says ESPN could not be reached when the request fails', async () => {
    const client = createEspnStandingsClient({
      baseUrl: 'https://espn.test',
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    });
    await expect(client.standings('nba')).rejects.toThrow('ESPN nba standings could not be reached');
  });
});
