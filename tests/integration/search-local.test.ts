import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { GetContentsResponse, SearchResponse } from '@shared/schemas/search';
import { keys } from '@server/storage/keys';
import { startFakeNewsFeeds, type FakeNewsFeeds } from '../fakes/news-feeds';
import { signIn } from '../helpers/sign-in';
import { cookieClient, startTestApp, type TestApp } from '../helpers/test-app';
import { unique } from '../helpers/ids';

// The local news index (no EXA_API_KEY): feeds from the fake feed server, real sign-in, real HTTP.

let feeds: FakeNewsFeeds;
let app: TestApp;
let client: Awaited<ReturnType<typeof signIn>>['client'];
const extraApps: TestApp[] = [];

const DAY_MS = 24 * 60 * 60 * 1000;

async function startLocal(env: Record<string, string> = {}, storeKind: 'memory' | 'redis' = 'memory') {
  const started = await startTestApp({
    storeKind,
    env: {
      NEWS_FEEDS: [feeds.feeds.tech, feeds.feeds.sports, feeds.feeds.broken].join(','),
      FETCH_ALLOW_PRIVATE: '1',
      ...env,
    },
  });
  return started;
}

beforeAll(async () => {
  feeds = await startFakeNewsFeeds();
  app = await startLocal();
  const report = await app.app.news!.refresh();
  expect(report.ingested).toBe(true);
  expect(
    report.feeds
      .filter((feed) => feed.ok)
      .map((feed) => feed.feedUrl)
      .sort(),
  ).toEqual([feeds.feeds.sports, feeds.feeds.tech].sort());
  expect(report.feeds.find((feed) => feed.feedUrl === feeds.feeds.broken)?.ok).toBe(false);
  client = (await signIn(app, unique('reader'))).client;
});

afterAll(async () => {
  await app?.close();
  await feeds?.close();
});

afterEach(async () => {
  await Promise.all(extraApps.splice(0).map((extra) => extra.close()));
});

async function post<T>(path: string, body: unknown, as = client): Promise<{ status: number; body: T }> {
  const response = await as.json(path, body);
  return { status: response.status, body: (await response.json()) as T };
}

const search = (body: Record<string, unknown>) => post<SearchResponse>('/api/exa/search-with-content', body);
const titles = (answer: SearchResponse) => answer.results.map((result) => result.title);

describe('local news index: search', () => {
  it('finds a team chip query with the article first, with text and a summary', async () => {
    const { status, body } = await search({
      query: 'Kansas City Chiefs NFL news articles latest updates',
      numResults: 10,
      type: 'neural',
      text: true,
      highlights: true,
      summary: true,
    });
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.provider).toBe('local');
    const first = body.results[0]!;
    expect(first.title).toBe('Kansas City Chiefs rally past the Bills in overtime thriller');
    expect(first.url).toBe(feeds.articleUrl('chiefs-rally-past-bills'));
    expect(first.author).toBe('Jordan Hale');
    const published = feeds.articles.find(
      (article) => article.slug === 'chiefs-rally-past-bills',
    )!.publishedDate;
    expect(Math.abs(Date.parse(first.publishedDate!) - Date.parse(published))).toBeLessThan(1000);
    expect(first.summary).toBe(
      'Patrick Mahomes led a late drive and the Chiefs won in overtime at Arrowhead.',
    );
    expect(first.text).toContain('Patrick Mahomes');
    expect(Array.isArray(first.highlights)).toBe(true);
    expect(typeof first.score).toBe('number');
  });

  it('drops tracking parameters from feed links and reads RSS content:encoded', async () => {
    const { body } = await search({ query: 'TypeScript compiler', text: true, summary: false });
    const typescript = body.results.find((result) => result.title.startsWith('TypeScript 6'))!;
    expect(typescript.url).toBe(feeds.articleUrl('typescript-release'));
    expect(typescript.text).toContain('monorepos'); // from content:encoded, not only the description
    expect(typescript.summary).toBeUndefined();
  });

  it('answers metadata only on /search', async () => {
    const { status, body } = await post<SearchResponse>('/api/exa/search', { query: 'Lakers LeBron' });
    expect(status).toBe(200);
    expect(body.results[0]!.title).toContain('Lakers');
    expect(body.results[0]).not.toHaveProperty('text');
    expect(body.results[0]).not.toHaveProperty('summary');
  });

  it('honours numResults, and lists the newest stories for a query of filler words', async () => {
    const { body } = await search({ query: 'latest news headlines', numResults: 3 });
    expect(body.results).toHaveLength(3);
    const times = body.results.map((result) => Date.parse(result.publishedDate!));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const { body: five } = await search({ query: 'latest news', numResults: 5 });
    expect(five.results).toHaveLength(5);
  });

  it('matches loosely for neural and exactly for keyword', async () => {
    const prefix = await search({ query: 'Mahom', type: 'neural' });
    expect(titles(prefix.body)[0]).toContain('Chiefs');
    const typo = await search({ query: 'McDavdi assists', type: 'neural' });
    expect(titles(typo.body)[0]).toContain('McDavid');

    const exact = await search({ query: 'Mahomes', type: 'keyword' });
    expect(titles(exact.body)).toEqual(['Kansas City Chiefs rally past the Bills in overtime thriller']);
    expect((await search({ query: 'Mahom', type: 'keyword' })).body.results).toEqual([]);
    // keyword needs every term
    expect((await search({ query: 'Mahomes Lakers', type: 'keyword' })).body.results).toEqual([]);
    expect((await search({ query: 'Mahomes Lakers', type: 'neural' })).body.results.length).toBe(2);
  });

  it('filters by published date range', async () => {
    const fiveDaysAgo = new Date(Date.now() - 5 * DAY_MS).toISOString();
    const { body } = await search({ query: 'latest news', numResults: 50, startPublishedDate: fiveDaysAgo });
    expect(titles(body)).not.toContain('Yankees sign free-agent ace to five-year deal'); // 10 days old
    expect(titles(body)).not.toContain('React Compiler reaches stable release for full stack apps'); // 20 days
    expect(titles(body)).toContain('Kansas City Chiefs rally past the Bills in overtime thriller');

    const old = new Date(Date.now() - 15 * DAY_MS).toISOString().slice(0, 10);
    const { body: older } = await search({ query: 'latest news', numResults: 50, endPublishedDate: old });
    expect(titles(older)).toEqual(['React Compiler reaches stable release for full stack apps']);
  });

  it('filters by included and excluded domains (subdomains included)', async () => {
    const { body: onlyLocalhost } = await search({
      query: 'latest news',
      numResults: 50,
      includeDomains: ['localhost'],
    });
    expect(onlyLocalhost.results.length).toBeGreaterThan(0);
    expect(onlyLocalhost.results.every((result) => new URL(result.url).hostname === 'localhost')).toBe(true);

    const { body: withoutLocalhost } = await search({
      query: 'latest news',
      numResults: 50,
      excludeDomains: ['localhost'],
    });
    expect(withoutLocalhost.results.some((result) => new URL(result.url).hostname === 'localhost')).toBe(
      false,
    );

    const { body: typed } = await search({
      query: 'Rust kernel',
      includeDomains: ['https://infra-news.test/'],
    });
    expect(titles(typed)).toEqual(['Rust drivers land in the Linux kernel mainline']);
  });

  it('answers an empty list when nothing matches', async () => {
    const { status, body } = await search({ query: 'curling championship zamboni' });
    expect(status).toBe(200);
    expect(body.results).toEqual([]);
  });

  it('finds similar articles, leaving out the page itself', async () => {
    const url = feeds.articleUrl('ai-startup-raises-series-b');
    const { status, body } = await post<SearchResponse>('/api/exa/find-similar', { url, numResults: 5 });
    expect(status).toBe(200);
    expect(body.results.length).toBeGreaterThan(0);
    expect(body.results.map((result) => result.url)).not.toContain(url);
  });
});

describe('local news index: validation', () => {
  const cases: [string, string, Record<string, unknown>, string][] = [
    ['blank query', '/api/exa/search', { query: '   ' }, 'query: Enter a search query'],
    ['numResults 0', '/api/exa/search', { query: 'x', numResults: 0 }, 'numResults'],
    ['unknown type', '/api/exa/search-with-content', { query: 'x', type: 'semantic' }, 'type'],
    ['bad date', '/api/exa/search', { query: 'x', startPublishedDate: 'yesterday' }, 'startPublishedDate'],
    [
      'dates out of order',
      '/api/exa/search',
      { query: 'x', startPublishedDate: '2024-05-02', endPublishedDate: '2024-05-01' },
      'The start date must not be after the end date',
    ],
    [
      'domain with spaces',
      '/api/exa/search',
      { query: 'x', includeDomains: ['not a domain'] },
      'includeDomains.0',
    ],
    [
      'non-http URL',
      '/api/exa/get-contents',
      { urls: ['ftp://example.com/file'] },
      'Must be an http or https URL',
    ],
    ['no URLs', '/api/exa/get-contents', { urls: [] }, 'Name at least one URL'],
    ['find-similar without url', '/api/exa/find-similar', {}, 'url'],
    ['answer without query', '/api/exa/answer', {}, 'query'],
  ];
  it.each(cases)('refuses %s with a 400 naming the field', async (_name, path, body, fragment) => {
    const { status, body: answer } = await post<{ error: { code: string; message: string } }>(path, body);
    expect(status).toBe(400);
    expect(answer.error.code).toBe('bad_request');
    expect(answer.error.message).toContain(fragment);
  });

  it('needs a signed-in user', async () => {
    const anonymous = cookieClient(app.baseUrl);
    const response = await anonymous.json('/api/exa/search', { query: 'Chiefs' });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('unauthenticated');
  });
});

describe('local news index: contents', () => {
  it('reads the article page: text without page furniture, a summary and highlights', async () => {
    const url = feeds.articleUrl('lakers-extend-win-streak');
    const { status, body } = await post<GetContentsResponse>('/api/exa/get-contents', {
      urls: [url],
      text: true,
      highlights: true,
      summary: true,
    });
    expect(status).toBe(200);
    expect(body.statuses).toEqual([{ id: url, status: 'success' }]);
    const [page] = body.results;
    expect(page!.title).toBe('Lakers extend win streak to six behind LeBron James triple-double');
    expect(page!.author).toBe('Maya Chen');
    expect(page!.text).toContain('Anthony Davis added 24 points');
    expect(page!.text).not.toContain('All rights reserved');
    expect(page!.text).not.toContain('Subscribe');
    expect(page!.text).not.toContain('window.analytics');
    expect(page!.summary).toMatch(/^LeBron James recorded 28 points/);
    expect(page!.highlights!.length).toBeGreaterThan(0);
    for (const highlight of page!.highlights!) expect(page!.text).toContain(highlight.replace(/…$/, ''));
  });

  it('answers 502 with the reason when the page cannot be read', async () => {
    const { status, body } = await post<{ error: { code: string; message: string } }>(
      '/api/exa/get-contents',
      {
        urls: [`${feeds.url}/articles/missing`],
      },
    );
    expect(status).toBe(502);
    expect(body.error.code).toBe('content_failed');
    expect(body.error.message).toBe('Failed to load content: The page was not found (HTTP 404).');
  });

  it('refuses a PDF as content it cannot read', async () => {
    const { status, body } = await post<{ error: { message: string } }>('/api/exa/get-contents', {
      urls: [`${feeds.url}/files/report.pdf`],
    });
    expect(status).toBe(502);
    expect(body.error.message).toContain('application/pdf');
  });

  it('keeps per-URL outcomes when one of several pages fails', async () => {
    const good = feeds.articleUrl('typescript-release');
    const bad = `${feeds.url}/articles/missing`;
    const { status, body } = await post<GetContentsResponse>('/api/exa/get-contents', { urls: [bad, good] });
    expect(status).toBe(200);
    expect(body.results.map((result) => result.id)).toEqual([good]);
    expect(body.statuses[0]).toMatchObject({
      id: bad,
      status: 'error',
      error: { tag: 'CRAWL_NOT_FOUND', httpStatusCode: 404 },
    });
    expect(body.statuses[1]).toEqual({ id: good, status: 'success' });
  });

  it('falls back to the feed text for an indexed story whose site cannot be reached', async () => {
    const rust = feeds.articles.find((article) => article.slug === 'rust-linux-kernel')!;
    const { status, body } = await post<GetContentsResponse>('/api/exa/get-contents', { urls: [rust.url] });
    expect(status).toBe(200);
    expect(body.results[0]!.title).toBe(rust.title);
    expect(body.results[0]!.text).toContain('Rust');
  });
});

describe('local news index: answers and limits', () => {
  it('answers 503 not configured for answer and stream-answer without AI', async () => {
    for (const path of ['/api/exa/answer', '/api/exa/stream-answer']) {
      const { status, body } = await post<{ error: { code: string; message: string } }>(path, {
        query: 'Who won?',
      });
      expect(status).toBe(503);
      expect(body.error).toEqual({
        code: 'answer_not_configured',
        message:
          'AI answers are not configured on this server. Set EXA_API_KEY or OPENAI_API_KEY to enable them.',
      });
    }
  });

  it('rate-limits each user on its own', async () => {
    const limited = await startLocal({ API_RATE_LIMIT: '3', API_RATE_WINDOW_SECONDS: '60' });
    extraApps.push(limited);
    const alice = (await signIn(limited, unique('alice'))).client;
    const bob = (await signIn(limited, unique('bob'))).client;
    for (let i = 0; i < 3; i++)
      expect((await alice.json('/api/exa/search', { query: 'Chiefs' })).status).toBe(200);
    const refused = await alice.json('/api/exa/search', { query: 'Chiefs' });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('rate_limited');
    expect((await bob.json('/api/exa/search', { query: 'Chiefs' })).status).toBe(200);
  });

  it('says search failed, not "no results", when every feed fails', async () => {
    const outage = await startTestApp({
      storeKind: 'memory',
      env: { NEWS_FEEDS: `${feeds.url}/feeds/broken.xml,${feeds.url}/nowhere.xml`, FETCH_ALLOW_PRIVATE: '1' },
    });
    extraApps.push(outage);
    await outage.app.news!.refresh();
    const user = (await signIn(outage, unique('carol'))).client;
    const { status, body } = await post<{ error: { code: string; message: string } }>(
      '/api/exa/search',
      { query: 'Chiefs' },
      user,
    );
    expect(status).toBe(503);
    expect(body.error.code).toBe('news_unavailable');
    expect(body.error.message).toBe(
      'Search failed: the news feeds could not be read. Please try again later.',
    );
  });

  it('refuses feeds on private addresses unless FETCH_ALLOW_PRIVATE', async () => {
    const strict = await startTestApp({ storeKind: 'memory', env: { NEWS_FEEDS: feeds.feeds.tech } });
    extraApps.push(strict);
    const before = feeds.stats().feedRequests;
    const report = await strict.app.news!.refresh();
    expect(report.feeds[0]).toMatchObject({ ok: false });
    expect(report.feeds[0]!.error).toContain('private or local network');
    expect(feeds.stats().feedRequests).toBe(before);
  });
});

describe('local news index in Redis: instances share what one ingested', () => {
  it('serves on a second instance the articles the first ingested', async () => {
    const first = await startLocal({}, 'redis');
    extraApps.push(first);
    await first.store.del(keys.newsArticles());
    await first.store.del(keys.newsVersion());
    await first.app.news!.refresh();
    const second = await startLocal({}, 'redis');
    extraApps.push(second);
    const user = (await signIn(second, unique('dave'))).client;
    const { body } = await post<SearchResponse>('/api/exa/search', { query: 'McDavid Oilers' }, user);
    expect(body.results[0]!.title).toBe('Connor McDavid sets Oilers assist record in win over Flames');

    // A newly published story reaches the second instance after the first re-ingests.
    feeds.addArticle({
      slug: 'jets-new-coach',
      title: 'Jets name new head coach after long search',
      author: 'Pat Lee',
      daysAgo: 0,
      feed: 'sports',
      categories: ['NFL', 'New York Jets'],
      host: 'loopback',
      framing: 'none',
      description: 'The New York Jets hired a new head coach on Monday.',
      paragraphs: [
        'The New York Jets hired a new head coach on Monday after a six-week search that included ten candidates.',
      ],
    });
    await first.app.news!.refresh();
    const { body: after } = await post<SearchResponse>('/api/exa/search', { query: 'Jets coach' }, user);
    expect(after.results[0]!.title).toBe('Jets name new head coach after long search');
  });
});
