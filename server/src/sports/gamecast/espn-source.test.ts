import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gamecastSchema } from '@shared/schemas/gamecast';
import type { Game } from '@shared/schemas/sports';
import { AppError } from '../../errors';
import { newSummaryMemo, parseEspnSummary, readEspnSummary } from '../../integrations/espn/summary';
import {
  createEspnGamecastSource,
  createGamecastMapper,
  mapEspnSummary,
  noGamecastSource,
  periodText,
  readingParses,
} from './espn-source';

const CORPUS = join(import.meta.dirname, '../../../../tests/fixtures/real/espn-summary');
/** Real JSON reached into at any depth to take sections out or put odd values in: any is the point. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type RawJson = any;
/** A real summary as parsed JSON. */
const realSummary = (file: string): RawJson => JSON.parse(readFileSync(join(CORPUS, file), 'utf8'));
const NBA_FINAL = 'nba-final-2024-01-08.json';

const read = (league: Game['league'], body: unknown) =>
  mapEspnSummary(league, '401585135', parseEspnSummary(JSON.stringify(body)));
const parses = (reading: ReturnType<typeof read>) =>
  gamecastSchema.safeParse({ ...reading, version: 0, updatedAt: '2026-11-27T12:00:00.000Z' }).success;

describe('ESPN summary → Gamecast', () => {
  it('gives empty sections, and no error, for a summary without box score, plays, leaders or win probability', () => {
    const summary = realSummary(NBA_FINAL);
    delete summary.boxscore;
    delete summary.plays;
    delete summary.leaders;
    delete summary.winprobability;
    const reading = read('NBA', summary);
    expect(reading).toMatchObject({
      scoringPlays: [],
      plays: [],
      teamStats: [],
      playerTables: [],
      leaders: [],
      winProbability: null,
    });
    expect(parses(reading)).toBe(true);
    // Even a summary that is only an empty object reads, as nothing.
    expect(read('NFL', {})).toMatchObject({ plays: [], winProbability: null, watch: null });
  });

  it('reads the same whatever odd values sit in fields it does not read', () => {
    const clean = read('NBA', realSummary(NBA_FINAL));
    const odd = realSummary(NBA_FINAL);
    odd.news = 5;
    odd.header.competitions[0].venue = 'nowhere';
    odd.header.competitions[0].competitors[0].team.logos = { broken: true };
    odd.plays[0].coordinate = 'off the court';
    odd.plays[1].participants = null;
    odd.boxscore.teams[0].team.color = 42;
    odd.boxscore.players[0].statistics[0].athletes[0].athlete.headshot = [1, 2];
    odd.winprobability[0].tiePercentage = 'none';
    expect(read('NBA', odd)).toEqual(clean);
  });

  it('lets a wrong value in a field it reads cost only that value', () => {
    const summary = realSummary(NBA_FINAL);
    summary.plays[0].awayScore = 'lots';
    summary.plays[1] = 'not a play';
    summary.winprobability[0].homeWinPercentage = 'likely';
    summary.winprobability[1].homeWinPercentage = 7;
    summary.boxscore.players[0].statistics[0].labels = 'MIN FG';
    const reading = read('NBA', summary);
    expect(reading.plays).toHaveLength(473);
    expect(reading.plays.at(-1)).toMatchObject({ awayScore: null, homeScore: 0 });
    // Two points left out: one not a number, one not a chance between 0 and 1.
    expect(reading.winProbability).toHaveLength(472);
    // A table without labels is left out; the other team's stays.
    expect(reading.playerTables.map((table) => table.team)).toEqual(['home']);
    expect(parses(reading)).toBe(true);
  });

  it('cuts a megabyte-long text to what the Gamecast holds', () => {
    const summary = realSummary(NBA_FINAL);
    const huge = 'x'.repeat(1024 * 1024);
    summary.plays[0].text = huge;
    summary.plays[0].id = huge;
    summary.boxscore.players[0].statistics[0].athletes[0].athlete.displayName = huge;
    summary.boxscore.teams[0].statistics[0].label = huge;
    summary.boxscore.teams[1].statistics[0].label = huge;
    summary.leaders[0].leaders[0].leaders[0].displayValue = huge;
    const reading = read('NBA', summary);
    expect(reading.plays.at(-1)!.text).toHaveLength(500);
    expect(reading.plays.at(-1)!.id).toHaveLength(64);
    expect(
      reading.playerTables[0]!.athletes.find((athlete) => athlete.name.startsWith('x'))!.name,
    ).toHaveLength(80);
    expect(reading.teamStats[0]!.label).toHaveLength(80);
    expect(parses(reading)).toBe(true);
    expect(JSON.stringify(reading).length).toBeLessThan(400_000);
  });

  it('reads a game in progress (a real final cut back to the third quarter) and labels it only once it can tell', () => {
    const summary = realSummary('nfl-final-comeback-2023-09-17.json');
    const competition = summary.header.competitions[0];
    competition.status.type = { state: 'in', completed: false };
    competition.status.period = 3;
    // After the 7th scoring play: 24-12 to the away side, late in the third quarter.
    summary.scoringPlays = summary.scoringPlays.slice(0, 7);
    for (const competitor of competition.competitors)
      competitor.score = competitor.homeAway === 'home' ? '12' : '24';
    const lastId: string = summary.scoringPlays[6].id;
    const drives = summary.drives.previous;
    const cut = drives.findIndex((drive: RawJson) => drive.plays.some((play: RawJson) => play.id === lastId));
    summary.drives = { previous: drives.slice(0, cut + 1) };
    const ids = new Set(
      summary.drives.previous.flatMap((drive: RawJson) => drive.plays.map((play: RawJson) => play.id)),
    );
    summary.winprobability = summary.winprobability.filter(
      (point: RawJson) => ids.has(point.playId) || point.playId === '4015474171',
    );

    const reading = read('NFL', summary);
    expect(reading.scoringPlays[0]).toMatchObject({ awayScore: 24, homeScore: 12, period: '3rd Quarter' });
    expect(reading.plays[0]!.period).toBe('3rd Quarter');
    expect(reading.winProbability!.length).toBe(summary.winprobability.length);
    // Twelve apart and nobody came back yet: no label, neither close nor a blowout.
    expect(reading.watch).toBeNull();
    expect(parses(reading)).toBe(true);
    // The same game in its first quarter is not labelled at all.
    competition.status.period = 1;
    for (const competitor of competition.competitors) competitor.score = '0';
    expect(read('NFL', summary).watch).toBeNull();
  });

  it('maps a game read round after round as each summary alone maps, what did not change as the same objects', () => {
    for (const [league, file] of [
      ['NBA', NBA_FINAL],
      ['NFL', 'nfl-final-comeback-2023-09-17.json'],
      ['MLB', 'mlb-final-2023-07-19.json'],
    ] as const) {
      const memo = newSummaryMemo();
      const mapper = createGamecastMapper();
      const round = (summary: RawJson) => {
        const body = Buffer.from(JSON.stringify(summary));
        const reading = mapper(league, '401585135', readEspnSummary(body, 'ESPN summary', memo));
        expect(reading).toStrictEqual(read(league, summary));
        expect(parses(reading)).toBe(true);
        return reading;
      };
      const summary = realSummary(file);
      const first = round(summary);
      const plays = summary.plays ?? summary.scoringPlays;
      plays.push({ ...plays.at(-1), id: 'bench-1', text: 'One more', scoringPlay: true });
      summary.winprobability?.push({ playId: 'bench-1', homeWinPercentage: 0.25 });
      const second = round(summary);
      expect(second.playerTables).toBe(first.playerTables);
      expect(second.teamStats).toBe(first.teamStats);
      expect(second.leaders).toBe(first.leaders);
      const kept = league === 'NFL' ? 'scoringPlays' : 'plays';
      expect(second[kept][1]).toBe(first[kept][0]);
      if (first.winProbability) expect(second.winProbability!.at(-2)).toBe(first.winProbability.at(-1));
      // The teams swap sides: every play and table is mapped anew.
      for (const competitor of summary.header.competitions[0].competitors)
        competitor.homeAway = competitor.homeAway === 'home' ? 'away' : 'home';
      const swapped = round(summary);
      const side = { home: 'away', away: 'home' } as const;
      const withTeam = second[kept].findIndex((play) => play.team !== null);
      expect(swapped[kept][withTeam]!.team).toBe(side[second[kept][withTeam]!.team!]);
      expect(swapped.playerTables).not.toBe(second.playerTables);
      delete summary.boxscore;
      expect(round(summary).playerTables).toEqual([]);
    }
  });

  it('checks a reading as the Gamecast contract does, each part once, and still refuses a bad part added later', () => {
    const reading = read('NBA', realSummary(NBA_FINAL));
    expect(readingParses(reading)).toBe(true);
    const play = reading.plays[0]!;
    const bad: Array<Partial<typeof reading>> = [
      { gameId: 'not an id!' },
      { plays: [{ ...play, text: 'x'.repeat(501) }, ...reading.plays] },
      { plays: [...reading.plays, { ...play, homeScore: 1000 }] },
      { scoringPlays: Array.from({ length: 701 }, () => play) },
      { teamStats: [...reading.teamStats, { label: 'x'.repeat(81), away: '1', home: '2' }] },
      { playerTables: [{ ...reading.playerTables[0]!, labels: Array.from({ length: 41 }, () => 'A') }] },
      { leaders: [...reading.leaders, { ...reading.leaders[0]!, team: 'nobody' as 'home' }] },
      { winProbability: [...reading.winProbability!, { ...reading.winProbability![0]!, homePercent: 101 }] },
      { watch: { ...reading.watch!, kind: 'thriller' as 'close' } },
    ];
    for (const change of bad) {
      const changed = { ...reading, ...change };
      expect(parses(changed)).toBe(false);
      expect(readingParses(changed)).toBe(false);
    }
    // The parts that passed pass again without change, in a new list too.
    expect(readingParses({ ...reading, plays: [...reading.plays] })).toBe(true);
  });

  it('names periods in the league’s words', () => {
    expect(periodText('MLB', { number: 4, type: 'Top', displayValue: '4th Inning' })).toBe('Top 4th');
    expect(periodText('NHL', { number: 2, displayValue: '2nd' })).toBe('2nd Period');
    expect(periodText('NFL', { number: 3 })).toBe('3rd Quarter');
    expect(periodText('NFL', { number: 5 })).toBe('OT');
    expect(periodText('NBA', { number: 6 })).toBe('2OT');
    expect(periodText('NBA', { number: 5, displayValue: 'OT' })).toBe('OT');
    expect(periodText('NBA', { number: 2, displayValue: '2nd Quarter' })).toBe('2nd Quarter');
    expect(periodText('NHL', undefined)).toBe('');
  });
});

describe('ESPN Gamecast source', () => {
  const game = { id: '401585135', league: 'NBA' } as Game;

  it('fails with the sports fetch error when ESPN fails, and never for the text source', async () => {
    const source = createEspnGamecastSource({
      baseUrl: 'https://site.api.espn.com',
      fetch: async () => new Response('upstream down', { status: 503 }),
    });
    const failure = await source.fetchGamecast(game).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ code: 'sports_fetch_failed' });
    await expect(noGamecastSource.fetchGamecast(game)).resolves.toBeNull();
  });

  it('reads a real summary through its own fetch into a reading the Gamecast schema accepts', async () => {
    const body = readFileSync(join(CORPUS, NBA_FINAL));
    const source = createEspnGamecastSource({
      baseUrl: 'https://site.api.espn.com/',
      fetch: async () => new Response(body, { headers: { 'content-type': 'application/json' } }),
    });
    const reading = await source.fetchGamecast(game);
    expect(reading).toMatchObject({ gameId: '401585135', league: 'NBA', watch: { kind: 'close' } });
    expect(parses(reading!)).toBe(true);
  });
});
