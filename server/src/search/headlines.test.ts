import pino from 'pino';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  DASHBOARD_DEFAULT_QUERIES,
  KEPT_HEADLINES_LIMITS,
  dashboardDefaultRequest,
} from '@shared/schemas/headlines';
import { searchWithContentRequestSchema } from '@shared/schemas/search';
import type { SearchResult } from '@shared/schemas/search-results';
import { keys } from '../storage/keys';
import { MemoryStore } from '../storage/memory-store';
import { createHeadlines, dashboardPanelOf } from './headlines';

const logger = pino({ level: 'silent' });
const HOUR_MS = 60 * 60 * 1000;

/** A request as the route hands it over: the body parsed by the shared schema. */
const parsed = (body: unknown) => searchWithContentRequestSchema.parse(body);

const article = (index: number, text = `Story ${index} text.`): SearchResult => ({
  id: `https://news.example/${index}`,
  url: `https://news.example/${index}`,
  title: `Story ${index}`,
  publishedDate: '2026-11-27T10:00:00.000Z',
  author: null,
  score: 1,
  text,
  summary: `Summary ${index}`,
});

let store: MemoryStore;
let clock: number;
let headlines: ReturnType<typeof createHeadlines>;

beforeEach(() => {
  store = new MemoryStore();
  clock = Date.parse('2026-11-27T12:00:00Z');
  headlines = createHeadlines(store, logger, () => clock);
});

describe('dashboardPanelOf', () => {
  it('knows each panel by its exact default request, and nothing else', () => {
    expect(dashboardPanelOf(parsed(dashboardDefaultRequest(DASHBOARD_DEFAULT_QUERIES.tech)))).toBe('tech');
    expect(dashboardPanelOf(parsed(dashboardDefaultRequest(DASHBOARD_DEFAULT_QUERIES.sports)))).toBe(
      'sports',
    );
    const tech = dashboardDefaultRequest(DASHBOARD_DEFAULT_QUERIES.tech);
    for (const other of [
      { ...tech, query: 'Kansas City Chiefs NFL news articles latest updates' },
      { ...tech, numResults: 5 },
      { ...tech, type: 'keyword' },
      { ...tech, highlights: true },
      { ...tech, summary: false },
      { ...tech, useAutoprompt: false },
      { ...tech, startPublishedDate: '2026-11-01' },
      { ...tech, includeDomains: ['espn.com'] },
      { ...tech, excludeDomains: ['espn.com'] },
    ]) {
      expect(dashboardPanelOf(parsed(other)), JSON.stringify(other)).toBeNull();
    }
  });
});

describe('kept headlines', () => {
  const techRequest = parsed(dashboardDefaultRequest(DASHBOARD_DEFAULT_QUERIES.tech));

  it('serves the latest answer to a default request with its age, and nothing for the other panel', async () => {
    expect(await headlines.read()).toEqual([]);
    await headlines.keep(techRequest, [article(1), article(2)]);
    clock += 5 * 60 * 1000;
    const served = await headlines.read();
    expect(served).toEqual([
      { query: DASHBOARD_DEFAULT_QUERIES.tech, ageMs: 5 * 60 * 1000, results: [article(1), article(2)] },
    ]);
    await headlines.keep(techRequest, [article(3)]);
    expect((await headlines.read())[0]!.results).toEqual([article(3)]);
  });

  it('keeps nothing for a fan’s own search', async () => {
    await headlines.keep(
      parsed({ ...dashboardDefaultRequest(DASHBOARD_DEFAULT_QUERIES.tech), numResults: 5 }),
      [article(1)],
    );
    await headlines.keep(parsed({ query: 'my private interest', text: true }), [article(2)]);
    expect(await headlines.read()).toEqual([]);
  });

  it('forgets the kept answer when the default search finds nothing', async () => {
    await headlines.keep(techRequest, [article(1)]);
    await headlines.keep(techRequest, []);
    expect(await headlines.read()).toEqual([]);
  });

  it('cuts long article texts to their teasers and drops the last articles until the answer fits', async () => {
    const huge = 'x'.repeat(2_000_000);
    await headlines.keep(
      techRequest,
      Array.from({ length: 50 }, (_, index) => ({ ...article(index, huge), summary: 's'.repeat(2_000) })),
    );
    const raw = await store.get(keys.searchHeadlines('tech'));
    expect(raw!.length).toBeLessThanOrEqual(KEPT_HEADLINES_LIMITS.answerChars);
    const [served] = await headlines.read();
    expect(served!.results.length).toBeGreaterThan(5);
    expect(served!.results.length).toBeLessThan(50);
    expect(served!.results.map((result) => result.title)).toEqual(
      Array.from({ length: served!.results.length }, (_, index) => `Story ${index}`),
    );
    for (const result of served!.results) expect(result.text).toHaveLength(KEPT_HEADLINES_LIMITS.textChars);
  });

  it('serves nothing older than a day, from the future, or that no longer reads as a kept answer', async () => {
    await headlines.keep(techRequest, [article(1)]);
    clock += 25 * HOUR_MS;
    expect(await headlines.read()).toEqual([]);

    clock -= 26 * HOUR_MS; // the answer is now an hour ahead of this instance's clock
    expect(await headlines.read()).toEqual([]);

    for (const garbled of [
      '{',
      '[]',
      JSON.stringify({ query: 'other', savedAt: clock, results: [article(1)] }),
    ]) {
      await store.set(keys.searchHeadlines('tech'), garbled);
      expect(await headlines.read()).toEqual([]);
    }
  });
});
