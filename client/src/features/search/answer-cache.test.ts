import type { SearchResult } from '@shared/schemas/search-results';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANSWER_CACHE_LIMITS, formatAnswerAge, readCachedAnswer, saveAnswer } from './answer-cache';
import { DEFAULT_FILTERS, buildSearchCall, type SearchFilters } from './filters';

const STORAGE_KEY = 'tt.searchAnswers';
const HOUR = 60 * 60 * 1000;
const NOW = Date.parse('2026-11-27T12:00:00.000Z');

const article = (n: number, extra: Partial<SearchResult> = {}): SearchResult => ({
  id: `https://news.example/${n}`,
  url: `https://news.example/${n}`,
  title: `Story ${n}`,
  publishedDate: null,
  author: null,
  score: null,
  summary: `Summary ${n}`,
  ...extra,
});

const callFor = (query: string, filters: SearchFilters = DEFAULT_FILTERS) => buildSearchCall(query, filters)!;

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('kept search answers', () => {
  it('gives back an answer only for the very request it answered', () => {
    saveAnswer(callFor('nfl headlines'), [article(1)], NOW);
    expect(readCachedAnswer(callFor('  nfl headlines '), NOW + HOUR)).toMatchObject({
      savedAt: NOW,
      results: [{ title: 'Story 1' }],
    });
    expect(readCachedAnswer(callFor('nba headlines'), NOW)).toBeNull();
    expect(
      readCachedAnswer(callFor('nfl headlines', { ...DEFAULT_FILTERS, numResults: 20 }), NOW),
    ).toBeNull();
    expect(
      readCachedAnswer(callFor('nfl headlines', { ...DEFAULT_FILTERS, includeContent: false }), NOW),
    ).toBeNull();
  });

  it('replaces an answer with the fresh one, and forgets it when the search now finds nothing', () => {
    saveAnswer(callFor('nfl'), [article(1)], NOW);
    saveAnswer(callFor('nfl'), [article(2)], NOW + HOUR);
    expect(readCachedAnswer(callFor('nfl'), NOW + HOUR)?.results.map((r) => r.title)).toEqual(['Story 2']);
    saveAnswer(callFor('nfl'), [], NOW + 2 * HOUR);
    expect(readCachedAnswer(callFor('nfl'), NOW + 2 * HOUR)).toBeNull();
  });

  it('keeps the newest few answers and drops the oldest', () => {
    const count = ANSWER_CACHE_LIMITS.entries + 3;
    for (let i = 0; i < count; i++) saveAnswer(callFor(`query ${i}`), [article(i)], NOW + i);
    const kept = JSON.parse(localStorage.getItem(STORAGE_KEY)!) as unknown[];
    expect(kept).toHaveLength(ANSWER_CACHE_LIMITS.entries);
    expect(readCachedAnswer(callFor('query 0'), NOW + count)).toBeNull();
    expect(readCachedAnswer(callFor(`query ${count - 1}`), NOW + count)).not.toBeNull();
  });

  it('stays under its size limits: long texts are cut to a teaser, oversize answers are not kept', () => {
    const longText = 'word '.repeat(20_000); // 100,000 characters
    const withTexts = [1, 2, 3].map((n) => article(n, { text: longText }));
    saveAnswer(callFor('long reads'), withTexts, NOW);
    const kept = readCachedAnswer(callFor('long reads'), NOW)!;
    expect(kept.results).toHaveLength(3);
    expect(kept.results[0]!.text!.length).toBeLessThan(2_000);
    expect(kept.results[0]!.summary).toBe('Summary 1');

    const huge = Array.from({ length: 50 }, (_, n) => article(n, { summary: 'x'.repeat(2_000) }));
    saveAnswer(callFor('huge'), huge, NOW);
    expect(readCachedAnswer(callFor('huge'), NOW)).toBeNull();

    for (let i = 0; i < 20; i++) {
      const big = Array.from({ length: 10 }, (_, n) => article(n, { summary: 'y'.repeat(4_000) }));
      saveAnswer(callFor(`big ${i}`), big, NOW + i);
    }
    expect(localStorage.getItem(STORAGE_KEY)!.length).toBeLessThanOrEqual(ANSWER_CACHE_LIMITS.totalChars);
  });

  it('does not keep an answer to an overlong query', () => {
    saveAnswer(callFor('q'.repeat(ANSWER_CACHE_LIMITS.keyChars)), [article(1)], NOW);
    expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('shows nothing older than a week, or from the future', () => {
    saveAnswer(callFor('old'), [article(1)], NOW);
    expect(readCachedAnswer(callFor('old'), NOW + ANSWER_CACHE_LIMITS.maxAgeMs + 1)).toBeNull();
    expect(readCachedAnswer(callFor('old'), NOW - HOUR)).toBeNull();
  });

  it('discards storage it cannot read instead of showing it', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const bad of ['{not json', JSON.stringify([{ key: 'x', savedAt: 'yesterday', results: [] }])]) {
      localStorage.setItem(STORAGE_KEY, bad);
      expect(readCachedAnswer(callFor('x'), NOW)).toBeNull();
      expect(localStorage.getItem(STORAGE_KEY)).toBeNull();
    }
  });

  it('works without storage: nothing is kept and nothing breaks', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    expect(() => saveAnswer(callFor('nfl'), [article(1)], NOW)).not.toThrow();
    expect(readCachedAnswer(callFor('nfl'), NOW)).toBeNull();
  });

  it('tells the age in words', () => {
    expect(formatAnswerAge(NOW, NOW + 30_000)).toBe('Updated just now');
    expect(formatAnswerAge(NOW, NOW + 5 * 60_000)).toBe('Updated 5 min ago');
    expect(formatAnswerAge(NOW, NOW + 2 * HOUR + 10 * 60_000)).toBe('Updated 2 h ago');
    expect(formatAnswerAge(NOW, NOW + 3 * 24 * HOUR)).toBe('Updated 3 d ago');
  });
});
