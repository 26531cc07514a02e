import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { weekStartOf, type CompanyPoints, type FantasyPointsResponse } from '@shared/schemas/fantasy';
import { POINTS_COMPANIES } from '@server/fantasy';
import { articleId, type NewsArticle } from '@server/search/local/news-index';
import { createNewsStore } from '@server/search/local/news-store';
import { keys } from '@server/storage/keys';
import { startFakeGitHub, type FakeGitHub } from '../fakes/github';
import { startFakeHnAlgolia, type FakeHnAlgolia } from '../fakes/hn-algolia';
import { unique } from '../helpers/ids';
import { signIn } from '../helpers/sign-in';
import { cookieClient, startTestApp, type TestApp } from '../helpers/test-app';

// Fantasy points: the real app on loopback, the fake Hacker News search and the fake GitHub, news
// articles written into the app's own news index, real sign-in and real HTTP.

/** A run asks the fake Hacker News once per catalogue company (169 real HTTP requests). */
const RUN_TIMEOUT_MS = 30_000;

let hn: FakeHnAlgolia;
let github: FakeGitHub;
const apps: TestApp[] = [];

/** Unix seconds a minute into this week (stories and articles of this week) and a day before it. */
const weekStartSeconds = () => Date.parse(`${weekStartOf(Date.now())}T00:00:00Z`) / 1000;
const thisWeek = () => weekStartSeconds() + 60;
const lastWeek = () => weekStartSeconds() - 24 * 60 * 60;

async function start(env: Record<string, string> = {}, storeKind: 'memory' | 'redis' = 'memory') {
  const app = await startTestApp({
    storeKind,
    env: {
      HN_SEARCH_URL: hn.url,
      GITHUB_API_URL: github.url,
      FETCH_ALLOW_PRIVATE: '1',
      FANTASY_GITHUB_ORGS: 'nox-metals=noxmetals,realroots=realroots-app',
      ...env,
    },
  });
  apps.push(app);
  return app;
}

function article(title: string, description: string, publishedSeconds = thisWeek()): NewsArticle {
  const url = `https://news.example/${encodeURIComponent(title)}`;
  return {
    id: articleId(url),
    url,
    title,
    publishedDate: new Date(publishedSeconds * 1000).toISOString(),
    author: null,
    description,
    content: null,
    image: null,
    categories: [],
    domain: 'news.example',
    source: 'Example News',
    feedUrl: 'https://news.example/feed',
    ingestedAt: new Date(publishedSeconds * 1000).toISOString(),
  };
}

async function writeNews(app: TestApp, articles: NewsArticle[]) {
  const news = createNewsStore(app.store);
  for (const item of articles) await news.saveArticle(item);
}

async function getJson<T>(client: ReturnType<typeof cookieClient>, path: string) {
  const response = await client.request(path);
  return { status: response.status, body: (await response.json()) as T };
}

beforeAll(async () => {
  hn = await startFakeHnAlgolia();
  github = await startFakeGitHub();
});

beforeEach(() => {
  hn.stories.splice(0);
  hn.requests.splice(0);
  hn.fail(null);
  github.orgRepos.clear();
  github.orgRepos.set('noxmetals', [
    { name: 'forge', stargazers_count: 90 },
    { name: 'docs', stargazers_count: 10 },
    { name: 'someone-elses-lib', stargazers_count: 5000, fork: true },
  ]);
  hn.stories.push(
    {
      objectID: '41000001',
      title: 'Show HN: Nox Metals – a factory for metal parts',
      url: 'https://noxmetals.example',
      points: 120,
      created_at_i: thisWeek(),
    },
    {
      objectID: '41000002',
      title: 'Nox Metals raises a seed round',
      url: null,
      points: 30,
      created_at_i: thisWeek(),
    },
    // Found by the search (it matches the words loosely) but not about the company.
    {
      objectID: '41000003',
      title: 'Noxious metals in river water',
      url: 'https://river.example',
      points: 400,
      created_at_i: thisWeek(),
    },
    // Last week's: not this week's points.
    {
      objectID: '40000004',
      title: 'Nox Metals opens its doors',
      url: 'https://old.example',
      points: 900,
      created_at_i: lastWeek(),
    },
  );
});

afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

afterAll(async () => {
  await hn?.close();
  await github?.close();
});

describe('fantasy points over HTTP', () => {
  it('refuses a signed-out caller', async () => {
    const app = await start();
    const anonymous = cookieClient(app.baseUrl);
    for (const path of ['/api/fantasy/points', '/api/fantasy/points/nox-metals']) {
      const answer = await getJson<{ error: { code: string } }>(anonymous, path);
      expect(answer.status).toBe(401);
      expect(answer.body.error.code).toBe('unauthenticated');
    }
  });

  it('answers a bad company id with 400, an unknown one and one without points with 404', async () => {
    const app = await start();
    const { client } = await signIn(app, unique('fan'));
    expect((await getJson(client, '/api/fantasy/points/Nox_Metals')).status).toBe(400);
    expect((await getJson(client, `/api/fantasy/points/${'a'.repeat(200)}`)).status).toBe(400);
    const unknown = await getJson<{ error: { code: string } }>(client, '/api/fantasy/points/no-such-startup');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('not_found');
    // Nothing computed yet: no points for anyone.
    expect((await getJson(client, '/api/fantasy/points/nox-metals')).status).toBe(404);
    expect((await getJson<FantasyPointsResponse>(client, '/api/fantasy/points')).body).toEqual({
      week: null,
      updatedAt: null,
      points: {},
    });
  });

  it(
    "scores every company from the news, this week's Hacker News stories and GitHub stars, with the why",
    async () => {
      const app = await start();
      await writeNews(app, [
        article('Nox Metals opens a second factory', 'The startup makes metal parts.'),
        article('Factories are back', 'Among them Nox Metals, which casts aluminium.'),
        article('Nox Metals in last week', 'Old news.', lastWeek()),
        // 'Blue' is also a colour: only a story that also says startup or YC counts.
        article('Blue skies over the stadium', 'A blue sky for the final.'),
        article('Blue, the YC startup, ships a voice assistant', 'It controls every app on your phone.'),
      ]);
      const report = await app.app.fantasy.service.compute();
      // The one failure: realroots-app is not an organisation the fake GitHub knows (404).
      expect(report).toMatchObject({ companies: POINTS_COMPANIES.length, failed: 1 });
      // One search per company, one repository list per organisation named.
      expect(hn.requests).toHaveLength(POINTS_COMPANIES.length);
      expect(hn.requests[0]!.get('tags')).toBe('story');
      expect(hn.requests[0]!.get('numericFilters')).toBe(`created_at_i>${weekStartSeconds()}`);

      const { client } = await signIn(app, unique('fan'));
      const one = await getJson<CompanyPoints>(client, '/api/fantasy/points/nox-metals');
      expect(one.status).toBe(200);
      expect(one.body).toMatchObject({
        companyId: 'nox-metals',
        week: weekStartOf(Date.now()),
        breakdown: {
          // One title mention (10) and one summary mention (4).
          news: { count: 2, inTitle: 1, points: 14 },
          // 5 + 120/10 = 17 and 5 + 30/10 = 8; the noxious river and last week's story left out.
          hackerNews: {
            count: 2,
            points: 25,
            storyPoints: 150,
            stories: [
              { title: 'Show HN: Nox Metals – a factory for metal parts', url: 'https://noxmetals.example' },
              {
                title: 'Nox Metals raises a seed round',
                url: 'https://news.ycombinator.com/item?id=41000002',
              },
            ],
          },
          // 100 stars of its own (the fork is not counted): 5 × log2(101) ≈ 33.
          github: {
            org: 'noxmetals',
            stars: 100,
            points: 33,
            repos: [
              { name: 'forge', url: 'https://github.com/noxmetals/forge', stars: 90 },
              { name: 'docs', url: 'https://github.com/noxmetals/docs', stars: 10 },
            ],
          },
        },
        points: 14 + 25 + 33,
      });
      expect(one.body.breakdown.news.stories.map((story) => story.title)).toEqual([
        'Nox Metals opens a second factory',
        'Factories are back',
      ]);

      const blue = await getJson<CompanyPoints>(client, '/api/fantasy/points/blue');
      expect(blue.body.breakdown.news).toMatchObject({ count: 1, inTitle: 1, points: 10 });
      // No organisation named for Blue: no GitHub part.
      expect(blue.body.breakdown.github).toBeNull();

      const all = await getJson<FantasyPointsResponse>(client, '/api/fantasy/points');
      expect(all.status).toBe(200);
      expect(Object.keys(all.body.points)).toHaveLength(POINTS_COMPANIES.length);
      expect(all.body.points['nox-metals']).toBe(72);
      expect(all.body.points.blue).toBe(10);
      expect(all.body.week).toBe(weekStartOf(Date.now()));

      // What the friends' leagues rank by: this week's points of the companies asked.
      const reader = app.app.fantasy.points;
      expect(await reader.pointsFor(['nox-metals', 'blue', 'no-such-startup'])).toEqual(
        new Map([
          ['nox-metals', 72],
          ['blue', 10],
        ]),
      );
    },
    RUN_TIMEOUT_MS,
  );

  it(
    'an outside signal that fails leaves that part empty and the rest counted',
    async () => {
      const app = await start();
      await writeNews(app, [article('Nox Metals opens a second factory', 'Metal parts.')]);
      hn.fail(503);
      // Every search fails, and realroots-app is not an organisation GitHub knows (404).
      const report = await app.app.fantasy.service.compute();
      expect(report.failed).toBe(POINTS_COMPANIES.length + 1);
      const { client } = await signIn(app, unique('fan'));
      const nox = (await getJson<CompanyPoints>(client, '/api/fantasy/points/nox-metals')).body;
      expect(nox.breakdown.hackerNews).toBeNull();
      expect(nox.breakdown.github).toMatchObject({ stars: 100, points: 33 });
      expect(nox.breakdown.news.points).toBe(10);
      expect(nox.points).toBe(43);
      const realroots = (await getJson<CompanyPoints>(client, '/api/fantasy/points/realroots')).body;
      expect(realroots.breakdown.github).toBeNull();
      expect(realroots.breakdown.hackerNews).toBeNull();
    },
    RUN_TIMEOUT_MS,
  );

  it('with outside signals off, asks nobody outside and counts the news alone', async () => {
    const app = await start({ FANTASY_OUTSIDE_SIGNALS: 'false' });
    await writeNews(app, [article('Nox Metals opens a second factory', 'Metal parts.')]);
    const report = await app.app.fantasy.service.compute();
    expect(report.requests).toBe(0);
    expect(hn.requests).toHaveLength(0);
    const { client } = await signIn(app, unique('fan'));
    const nox = (await getJson<CompanyPoints>(client, '/api/fantasy/points/nox-metals')).body;
    expect(nox).toMatchObject({ points: 10, breakdown: { hackerNews: null, github: null } });
  });
});

describe('the points schedule on two instances behind one Redis', () => {
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(process.env.TEST_REDIS_URL!);
  });
  afterAll(async () => {
    await redis.quit();
  });
  beforeEach(async () => {
    await redis.del(keys.fantasyLastRun(), keys.lock('fantasy-points'), keys.fantasyPoints());
  });

  it(
    'computes once across both instances, then not again until the interval has passed',
    async () => {
      const [first, second] = await Promise.all([start({}, 'redis'), start({}, 'redis')]);
      const outcomes = await Promise.all([
        first!.app.fantasy.schedule.tick(),
        second!.app.fantasy.schedule.tick(),
      ]);
      expect(outcomes.filter((outcome) => outcome === 'computed')).toHaveLength(1);
      expect(outcomes.filter((outcome) => outcome !== 'computed')).toEqual([
        expect.stringMatching(/^(busy|not-due)$/),
      ]);
      expect(hn.requests).toHaveLength(POINTS_COMPANIES.length);

      // Both check again: the points are fresh, nobody computes.
      expect(
        await Promise.all([first!.app.fantasy.schedule.tick(), second!.app.fantasy.schedule.tick()]),
      ).toEqual(['not-due', 'not-due']);
      expect(hn.requests).toHaveLength(POINTS_COMPANIES.length);
      // Either instance serves what the other computed.
      const { client } = await signIn(second!, unique('fan'));
      const all = await getJson<FantasyPointsResponse>(client, '/api/fantasy/points');
      expect(all.body.points['nox-metals']).toBeGreaterThanOrEqual(25 + 33);
    },
    RUN_TIMEOUT_MS,
  );

  it(
    'a lapsed interval is computed again, by one instance',
    async () => {
      const [first, second] = await Promise.all([start({}, 'redis'), start({}, 'redis')]);
      // The last computation seven hours ago (the interval is six).
      await redis.set(keys.fantasyLastRun(), String(Date.now() - 7 * 60 * 60 * 1000));
      const outcomes = await Promise.all([
        first!.app.fantasy.schedule.tick(),
        second!.app.fantasy.schedule.tick(),
      ]);
      expect(outcomes.filter((outcome) => outcome === 'computed')).toHaveLength(1);
      expect(hn.requests).toHaveLength(POINTS_COMPANIES.length);
    },
    RUN_TIMEOUT_MS,
  );
});
