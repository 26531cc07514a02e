import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DASHBOARD_DEFAULT_QUERIES,
  KEPT_HEADLINES_LIMITS,
  dashboardDefaultRequest,
  keptHeadlinesResponseSchema,
  type KeptHeadlinesResponse,
} from '@shared/schemas/headlines';
import type { SearchResponse } from '@shared/schemas/search';
import { keys } from '@server/storage/keys';
import { startFakeNewsFeeds, type FakeNewsFeeds } from '../fakes/news-feeds';
import { signIn } from '../helpers/sign-in';
import { cookieClient, startTestApp, type TestApp } from '../helpers/test-app';
import { unique } from '../helpers/ids';

// The dashboard's default headlines kept for fans with none of their own: two instances on one
// Redis, the local news index from the fake feeds, real sign-in, real HTTP.

let feeds: FakeNewsFeeds;
let first: TestApp;
let second: TestApp;

const start = () =>
  startTestApp({
    storeKind: 'redis',
    env: { NEWS_FEEDS: [feeds.feeds.tech, feeds.feeds.sports].join(','), FETCH_ALLOW_PRIVATE: '1' },
  });

beforeAll(async () => {
  feeds = await startFakeNewsFeeds();
  first = await start();
  second = await start();
  await first.app.news!.refresh();
  await second.app.news!.refresh();
  // Another run's answers must not count here.
  await first.store.del(keys.searchHeadlines('tech'));
  await first.store.del(keys.searchHeadlines('sports'));
});

afterAll(async () => {
  await first?.close();
  await second?.close();
  await feeds?.close();
});

async function headlinesOf(client: Awaited<ReturnType<typeof signIn>>['client']) {
  const response = await client.request('/api/exa/headlines');
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-store');
  return keptHeadlinesResponseSchema.parse(await response.json()) as KeptHeadlinesResponse;
}

describe('GET /api/exa/headlines', () => {
  it("has both panels' headlines as soon as the local index has ingested, before any fan searched", async () => {
    await first.store.del(keys.searchHeadlines('tech'));
    await first.store.del(keys.searchHeadlines('sports'));
    const report = await first.app.news!.refresh();
    expect(report.ingested).toBe(true);
    const newcomer = (await signIn(second, unique('first-ever'))).client;
    const kept = (await headlinesOf(newcomer)).headlines;
    expect(kept.map((headline) => headline.query).sort()).toEqual(
      [DASHBOARD_DEFAULT_QUERIES.sports, DASHBOARD_DEFAULT_QUERIES.tech].sort(),
    );
    for (const headline of kept) expect(headline.results.length).toBeGreaterThan(0);
    // What a fan's own default search answers, article for article.
    const fan = (await signIn(first, unique('compare'))).client;
    const own = await fan.json(
      '/api/exa/search-with-content',
      dashboardDefaultRequest(DASHBOARD_DEFAULT_QUERIES.tech),
    );
    const answer = (await own.json()) as SearchResponse;
    expect(
      kept.find((headline) => headline.query === DASHBOARD_DEFAULT_QUERIES.tech)!.results.map((r) => r.url),
    ).toEqual(answer.results.map((result) => result.url));
    // The other tests start from a server nobody has searched on.
    await first.store.del(keys.searchHeadlines('tech'));
    await first.store.del(keys.searchHeadlines('sports'));
  });

  it('refuses a visitor who is not signed in', async () => {
    const response = await cookieClient(first.baseUrl).request('/api/exa/headlines');
    expect(response.status).toBe(401);
  });

  it('gives a new fan on another instance the answer another fan’s default search got, and only that', async () => {
    const early = (await signIn(first, unique('early'))).client;
    const newcomer = (await signIn(second, unique('newcomer'))).client;
    expect((await headlinesOf(newcomer)).headlines).toEqual([]);

    // A fan's own search, even of the default query with other filters, is not shared.
    const own = await early.json('/api/exa/search-with-content', {
      ...dashboardDefaultRequest(DASHBOARD_DEFAULT_QUERIES.tech),
      numResults: 3,
    });
    expect(own.status).toBe(200);
    expect((await headlinesOf(newcomer)).headlines).toEqual([]);

    const answered = await early.json(
      '/api/exa/search-with-content',
      dashboardDefaultRequest(DASHBOARD_DEFAULT_QUERIES.tech),
    );
    expect(answered.status).toBe(200);
    const answer = (await answered.json()) as SearchResponse;
    expect(answer.results.length).toBeGreaterThan(0);

    // Kept after the answer went out: the newcomer may ask before it is written.
    await expect
      .poll(async () => (await headlinesOf(newcomer)).headlines.map((headline) => headline.query))
      .toEqual([DASHBOARD_DEFAULT_QUERIES.tech]);
    const [kept] = (await headlinesOf(newcomer)).headlines;
    expect(kept!.results.map((result) => result.url)).toEqual(answer.results.map((result) => result.url));
    expect(kept!.results.map((result) => result.title)).toEqual(answer.results.map((result) => result.title));
    for (const result of kept!.results) {
      expect(result.text!.length).toBeLessThanOrEqual(KEPT_HEADLINES_LIMITS.textChars);
    }
    expect(kept!.ageMs).toBeGreaterThanOrEqual(0);
    expect(kept!.ageMs).toBeLessThan(KEPT_HEADLINES_LIMITS.maxAgeMs);
  });

  it('does not change the kept answer on a refused or hostile request', async () => {
    const fan = (await signIn(first, unique('hostile'))).client;
    const before = await first.store.get(keys.searchHeadlines('tech'));
    const megabytes = await fan.json('/api/exa/search-with-content', {
      ...dashboardDefaultRequest(DASHBOARD_DEFAULT_QUERIES.tech),
      query: 'x'.repeat(3_000_000),
    });
    expect(megabytes.status).toBe(413);
    const invalid = await fan.json('/api/exa/search-with-content', {
      ...dashboardDefaultRequest(DASHBOARD_DEFAULT_QUERIES.tech),
      numResults: 'ten',
    });
    expect(invalid.status).toBe(400);
    expect(await first.store.get(keys.searchHeadlines('tech'))).toBe(before);
  });
});
