/**
 * Real captured payloads (tests/fixtures/real/) through exactly the code the server reads them with:
 * ESPN scoreboards through the ESPN client and the game mapping, feeds through the fetch's decoding and
 * the feed parser. Each file's expectation was written by reading the file, not by running the app; a
 * new payload is one file and one entry in its expectations list. SOURCES.md beside each folder says
 * where every file came from.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createEspnClient,
  espnEventSchema,
  ESPN_LEAGUES,
  type EspnLeagueKey,
} from '@server/integrations/espn/client';
import { createEspnStandingsClient } from '@server/integrations/espn/standings';
import { createEspnSource, mapEspnEvent } from '@server/sports/sources/espn';
import { presentStandings } from '@server/sports/standings';
import { canonicalTeamName } from '@server/sports/team-names';
import { parseFeedBody, FEED_MAX_ITEMS } from '@server/search/local/feed-parser';
import { createEspnGamecastSource } from '@server/sports/gamecast/espn-source';
import { createEspnSummaryReader } from '@server/integrations/espn/summary';
import { gamecastSchema } from '@shared/schemas/gamecast';
import type { Game } from '@shared/schemas/sports';
import { parseOrgRepos } from '@server/integrations/github-repos/client';
import { parseHnSearch } from '@server/integrations/hn-algolia/client';
import { nameMatcher, scoreGithub, scoreHackerNews } from '@server/fantasy/scoring';

const CORPUS = join(import.meta.dirname, 'fixtures/real');
const read = (file: string) => readFileSync(join(CORPUS, file));

const leagueSchema = z.enum(Object.keys(ESPN_LEAGUES) as [EspnLeagueKey, ...EspnLeagueKey[]]);

const espnExpectations = z
  .array(
    z.object({
      file: z.string(),
      league: leagueSchema,
      about: z.string(),
      /** The length of the payload's `events`; null for a file that is one event on its own. */
      events: z.number().int().nullable(),
      singleEvent: z.boolean().optional(),
      games: z.array(
        z.object({
          id: z.string(),
          awayTeam: z.string(),
          homeTeam: z.string(),
          status: z.string(),
          awayScore: z.number().int().nullable(),
          homeScore: z.number().int().nullable(),
          period: z.string().optional(),
          /** Where the live game stands (null when not live); absent where not checked. */
          situation: z.unknown().optional(),
        }),
      ),
    }),
  )
  .parse(JSON.parse(read('espn.expectations.json').toString('utf8')));

const summaryPlay = z.object({
  text: z.string(),
  period: z.string(),
  clock: z.string().nullable(),
  awayScore: z.number().int(),
  homeScore: z.number().int(),
  team: z.enum(['away', 'home']),
});
const summaryExpectations = z
  .array(
    z.object({
      file: z.string(),
      league: z.enum(['NFL', 'NBA', 'MLB', 'NHL']),
      about: z.string(),
      eventId: z.string(),
      state: z.enum(['pre', 'in', 'post']),
      scoringPlays: z.number().int(),
      newestScoringPlay: summaryPlay.nullable(),
      plays: z.number().int(),
      firstTeamStat: z.object({ label: z.string(), away: z.string(), home: z.string() }).nullable(),
      firstPlayerTable: z
        .object({
          team: z.enum(['away', 'home']),
          title: z.string(),
          labels: z.array(z.string()),
          firstAthlete: z.string(),
        })
        .nullable(),
      firstLeader: z
        .object({ team: z.enum(['away', 'home']), category: z.string(), athlete: z.string() })
        .nullable(),
      /** Null when the summary has no win probability (the NHL, a game not started). */
      winProbabilityPoints: z.number().int().nullable(),
      lastHomePercent: z.number().nullable(),
      watch: z.enum(['close', 'comeback', 'blowout']).nullable(),
      watchWhy: z.string(),
    }),
  )
  .parse(JSON.parse(read('espn-summary.expectations.json').toString('utf8')));

const feedExpectations = z
  .array(
    z.object({
      file: z.string(),
      about: z.string(),
      /** The Content-Type the feed is served with (most name no charset, as many servers send). */
      contentType: z.string(),
      feedUrl: z.string(),
      items: z.number().int(),
      /** The first item's title as a reader sees it; null when the item has none. */
      firstTitle: z.string().nullable(),
      /** For a first item without a title: how its description starts (its title comes from it). */
      firstDescriptionStart: z.string().optional(),
      firstLink: z.string(),
    }),
  )
  .parse(JSON.parse(read('feeds.expectations.json').toString('utf8')));

const standingsTeam = z.object({ name: z.string(), abbreviation: z.string(), values: z.array(z.string()) });
const standingsExpectations = z
  .array(
    z.object({
      file: z.string(),
      league: z.enum(['NFL', 'NBA', 'MLB', 'NHL']),
      about: z.string(),
      season: z.string(),
      columns: z.array(z.string()),
      /** The groups in order: how many teams, the first ones in rank order, and the last. */
      groups: z.array(
        z.object({
          name: z.string(),
          teams: z.number().int(),
          top: z.array(standingsTeam),
          last: z.string(),
        }),
      ),
    }),
  )
  .parse(JSON.parse(read('espn-standings.expectations.json').toString('utf8')));

const LEAGUE_NAME = { nfl: 'NFL', nba: 'NBA', mlb: 'MLB', nhl: 'NHL' } as const;
/** Noon US Eastern: no late games of the day before are asked for. */
const NOON_EASTERN = () => Date.parse('2026-11-27T17:00:00Z');

/** The source reading one captured scoreboard for its league, the other leagues empty. */
async function boardOf(league: EspnLeagueKey, payload: Buffer) {
  const path = `/${ESPN_LEAGUES[league].sport}/${ESPN_LEAGUES[league].league}/scoreboard`;
  const client = createEspnClient({
    baseUrl: 'https://site.api.espn.com',
    fetch: async (input) =>
      new Response(String(input).includes(path) ? payload : '{"events":[]}', {
        headers: { 'content-type': 'application/json;charset=UTF-8' },
      }),
  });
  const source = createEspnSource({ client, logger: pino({ level: 'silent' }), now: NOON_EASTERN });
  return source.fetchAll({ onProgress: () => {}, previous: Promise.resolve(null) });
}

describe('real ESPN payloads', () => {
  it.each(espnExpectations.map((expectation) => [expectation.file, expectation] as const))(
    '%s',
    async (_file, expectation) => {
      const payload = read(expectation.file);
      const league = LEAGUE_NAME[expectation.league];
      const games = expectation.singleEvent
        ? [mapEspnEvent(expectation.league, espnEventSchema.parse(JSON.parse(payload.toString('utf8'))))]
        : await boardOf(expectation.league, payload);
      if (expectation.events !== null) expect(games).toHaveLength(expectation.events);
      for (const expected of expectation.games) {
        const game = games.find((candidate) => candidate?.id === expected.id);
        expect(game, `game ${expected.id}`).toMatchObject({
          league,
          awayTeam: canonicalTeamName(league, expected.awayTeam),
          homeTeam: canonicalTeamName(league, expected.homeTeam),
          gameStatus: expected.status,
          awayScore: expected.awayScore,
          homeScore: expected.homeScore,
          ...(expected.period === undefined ? {} : { period: expected.period }),
        });
        if (expected.situation !== undefined) expect(game!.situation ?? null).toEqual(expected.situation);
        // Never a lie about state: a stopped game is not live, and only a final one is completed.
        if (['postponed', 'cancelled', 'suspended'].includes(expected.status))
          expect(game!.isLive).toBe(false);
        expect(game!.isCompleted).toBe(expected.status === 'completed');
      }
    },
  );
});

describe('real ESPN game summaries', () => {
  it.each(summaryExpectations.map((expectation) => [expectation.file, expectation] as const))(
    '%s',
    async (_file, expectation) => {
      const payload = read(expectation.file);
      const asked: string[] = [];
      const reader = createEspnSummaryReader({
        baseUrl: 'https://site.api.espn.com',
        fetch: async (input) => {
          asked.push(String(input));
          return new Response(payload, { headers: { 'content-type': 'application/json;charset=UTF-8' } });
        },
      });
      const source = createEspnGamecastSource({ baseUrl: reader.baseUrl, reader });
      const game = { id: expectation.eventId, league: expectation.league } as Game;
      const reading = (await source.fetchGamecast(game))!;
      const { sport, league } = ESPN_LEAGUES[expectation.league.toLowerCase() as EspnLeagueKey];
      expect(asked).toEqual([
        `https://site.api.espn.com/apis/site/v2/sports/${sport}/${league}/summary?event=${expectation.eventId}`,
      ]);
      // What is pushed to fans parses as a Gamecast once the server versions it.
      expect(
        gamecastSchema.safeParse({ ...reading, version: 1, updatedAt: '2026-11-27T12:00:00.000Z' }).success,
      ).toBe(true);

      expect(reading.scoringPlays).toHaveLength(expectation.scoringPlays);
      if (expectation.newestScoringPlay)
        expect(reading.scoringPlays[0]).toMatchObject(expectation.newestScoringPlay);
      expect(reading.plays).toHaveLength(expectation.plays);
      // Newest first: the scores never rise going down the list.
      for (let index = 1; index < reading.plays.length; index++) {
        const [newer, older] = [reading.plays[index - 1]!, reading.plays[index]!];
        if (newer.homeScore !== null && older.homeScore !== null)
          expect(older.homeScore).toBeLessThanOrEqual(newer.homeScore);
      }

      expect(reading.teamStats[0] ?? null).toEqual(expectation.firstTeamStat);
      const table = reading.playerTables[0];
      if (expectation.firstPlayerTable) {
        const { firstAthlete, ...shape } = expectation.firstPlayerTable;
        expect(table).toMatchObject(shape);
        expect(table!.athletes[0]!.name).toBe(firstAthlete);
        // ESPN's own column labels, each athlete one value per label, starters first.
        for (const athlete of table!.athletes) expect(athlete.stats).toHaveLength(table!.labels.length);
        const starters = table!.athletes.map((athlete) => athlete.starter);
        expect(starters).toEqual([...starters].sort((a, b) => Number(b) - Number(a)));
      } else {
        expect(reading.playerTables).toEqual([]);
      }
      // No empty sections: a table nobody has a line in is left out.
      for (const playerTable of reading.playerTables) expect(playerTable.athletes.length).toBeGreaterThan(0);
      if (expectation.firstLeader) expect(reading.leaders[0]).toMatchObject(expectation.firstLeader);
      else expect(reading.leaders).toEqual([]);

      if (expectation.winProbabilityPoints === null) {
        expect(reading.winProbability).toBeNull();
      } else {
        expect(reading.winProbability).toHaveLength(expectation.winProbabilityPoints);
        expect(reading.winProbability!.at(-1)!.homePercent).toBe(expectation.lastHomePercent);
      }

      expect(reading.watch?.kind ?? null).toBe(expectation.watch);
    },
  );
});

describe('real feeds', () => {
  it.each(feedExpectations.map((expectation) => [expectation.file, expectation] as const))(
    '%s',
    (_file, expectation) => {
      const feed = parseFeedBody(read(expectation.file), expectation.contentType, expectation.feedUrl);
      expect(feed.items).toHaveLength(Math.min(expectation.items, FEED_MAX_ITEMS));
      const first = feed.items[0]!;
      expect(first.url).toBe(expectation.firstLink);
      if (expectation.firstTitle !== null) {
        expect(first.title).toBe(expectation.firstTitle);
      } else {
        // Titled from its description's opening words.
        expect(first.description.startsWith(expectation.firstDescriptionStart!)).toBe(true);
        expect(first.title.length).toBeGreaterThan(0);
        expect(first.description.startsWith(first.title.replace(/…$/, ''))).toBe(true);
      }
      // No text decoded in the wrong charset: a replacement character means bytes were misread.
      for (const item of feed.items) expect(item.title).not.toContain('\ufffd');
    },
  );
});

describe('real ESPN standings', () => {
  it.each(standingsExpectations.map((expectation) => [expectation.file, expectation] as const))(
    '%s',
    async (_file, expectation) => {
      const payload = read(expectation.file);
      const client = createEspnStandingsClient({
        baseUrl: 'https://site.api.espn.com',
        fetch: async () => new Response(payload, { headers: { 'content-type': 'application/json' } }),
      });
      const league = expectation.league.toLowerCase() as EspnLeagueKey;
      const standings = presentStandings(
        expectation.league,
        await client.standings(league),
        '2026-11-27T12:00:00.000Z',
      );
      expect(standings).toMatchObject({ league: expectation.league, season: expectation.season });
      expect(standings!.columns).toEqual(expectation.columns);
      expect(standings!.groups.map((group) => group.name)).toEqual(
        expectation.groups.map((group) => group.name),
      );
      for (const [index, expected] of expectation.groups.entries()) {
        const teams = standings!.groups[index]!.teams!;
        expect(teams).toHaveLength(expected.teams);
        expect(teams.slice(0, expected.top.length)).toEqual(expected.top);
        expect(teams.at(-1)!.name).toBe(expected.last);
        // Every team a catalogue team, so a favourite is found by its full name.
        for (const team of teams) expect(canonicalTeamName(expectation.league, team.name)).toBe(team.name);
      }
    },
  );
});

// Fantasy points. The expectations were written by reading the files (hn-algolia/SOURCES.md,
// github-repos/SOURCES.md): what each answer holds and what it is worth by the shared weights.
describe('real Hacker News search answers', () => {
  const saved = z
    .array(z.object({ url: z.string(), reply: z.unknown() }))
    .parse(JSON.parse(read('hn-algolia/search-fixtures-2014.json').toString('utf8')));
  const reply = (url: string) => saved.find((entry) => entry.url === url)!.reply;

  it('a story search: the story, its points and time; a plain-word name needs startup context', () => {
    const answer = parseHnSearch(reply('/api/v1/search?hitsPerPage=1&tags=(story)&query=apple'));
    expect(answer.total).toBe(27714);
    expect(answer.stories).toEqual([
      {
        id: '2922756',
        title: 'Steve Jobs Resigns as CEO of Apple',
        url: 'http://finance.yahoo.com/news/Steve-Jobs-Resigns-as-CEO-of-bw-19285464.html?x=0&.v=1',
        points: 1638,
        comments: 308,
        createdAt: 1314225455,
      },
    ]);
    // 'Apple' could be a fruit: without YC, startup or Launch HN beside it the story does not count.
    expect(scoreHackerNews(nameMatcher('Apple'), answer.stories, 0)).toMatchObject({ count: 0, points: 0 });
    // A name of two words counts anywhere in the title: 5 + 1638 / 10, capped at 25 for one story.
    expect(scoreHackerNews(nameMatcher('Steve Jobs'), answer.stories, 0)).toEqual({
      count: 1,
      points: 25,
      storyPoints: 1638,
      stories: [{ title: 'Steve Jobs Resigns as CEO of Apple', url: answer.stories[0]!.url }],
    });
    // Stories before the week starts do not count.
    expect(scoreHackerNews(nameMatcher('Steve Jobs'), answer.stories, 1314225456).count).toBe(0);
  });

  it('a text post without a link points to its Hacker News page', () => {
    const answer = parseHnSearch(reply('/api/v1/search?hitsPerPage=1&tags=(story)%2Cauthor_pg'));
    expect(answer.stories).toMatchObject([
      { id: '5239673', title: 'Why HN was down', url: null, points: 1027 },
    ]);
    expect(scoreHackerNews(nameMatcher('Why HN'), answer.stories, 0).stories).toEqual([
      { title: 'Why HN was down', url: 'https://news.ycombinator.com/item?id=5239673' },
    ]);
  });

  it('comments have no title of their own and are not stories', () => {
    const answer = parseHnSearch(reply('/api/v1/search?hitsPerPage=1&tags=(comment)&query=apple'));
    expect(answer.total).toBe(191248);
    expect(answer.stories).toEqual([]);
  });
});

describe('real GitHub repository lists', () => {
  /** The answer's body: the tenth line of a PyGithub replay file. */
  const body = (file: string) => JSON.parse(read(file).toString('utf8').split('\n')[9]!) as unknown;

  it("a user's repositories (2020): stars summed, the most starred listed", () => {
    const repos = parseOrgRepos(body('github-repos/users-jacquev6-repos-2020.txt'));
    expect(repos).toHaveLength(10);
    expect(repos[0]).toEqual({
      name: 'DrawTurksHead',
      url: 'https://github.com/jacquev6/DrawTurksHead',
      stars: 3,
      fork: false,
      archived: false,
    });
    // 3 + 0 + 5 + 0 + 3 + 3 + 0 + 0 + 0 + 2 = 16 stars; 5 points per doubling: 5 × log2(17) ≈ 20.
    expect(scoreGithub('jacquev6', repos)).toEqual({
      org: 'jacquev6',
      stars: 16,
      points: 20,
      repos: [
        { name: 'IpMap', url: 'https://github.com/jacquev6/IpMap', stars: 5 },
        { name: 'DrawTurksHead', url: 'https://github.com/jacquev6/DrawTurksHead', stars: 3 },
        { name: 'ActionTree', url: 'https://github.com/jacquev6/ActionTree', stars: 3 },
      ],
    });
  });

  it("an organisation's public repositories (2012): stars under their old name, a fork left out", () => {
    const repos = parseOrgRepos(body('github-repos/orgs-beaversoftware-repos-type-public-2012.txt'));
    expect(repos.map(({ name, stars, fork }) => ({ name, stars, fork }))).toEqual([
      { name: 'FatherBeaver', stars: 2, fork: false },
      { name: 'PyGithub', stars: 1, fork: true },
    ]);
    // Only FatherBeaver's 2 stars: 5 × log2(3) ≈ 8.
    expect(scoreGithub('BeaverSoftware', repos)).toMatchObject({ stars: 2, points: 8 });
  });
});
