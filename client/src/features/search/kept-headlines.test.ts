import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetKeptHeadlinesRequest, requestKeptHeadlines } from '@client/lib/kept-headlines-request';
import {
  KEPT_HEADLINES_WAIT_MS,
  forgetKeptHeadlinesWait,
  keptHeadlineNow,
  keptHeadlinesWait,
} from './kept-headlines';

const QUERY = 'latest tech headlines';
const ARTICLE = {
  id: 'https://news.example/1',
  url: 'https://news.example/1',
  title: 'A headline',
  publishedDate: null,
  author: null,
  score: null,
};

let answer: (body: unknown) => void;

beforeEach(() => {
  forgetKeptHeadlinesRequest();
  forgetKeptHeadlinesWait();
  vi.stubGlobal(
    'fetch',
    vi.fn(
      () =>
        new Promise((resolve) => {
          answer = (body) => resolve({ ok: true, status: 200, json: async () => body } as Response);
        }),
    ),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the dashboard waiting for the server headlines', () => {
  it('has nothing to wait for when no request was started (this browser keeps its own answers)', () => {
    expect(keptHeadlinesWait()).toBeNull();
  });

  it('waits until they answer, then has them at hand for a first render, and waits no more', async () => {
    void requestKeptHeadlines();
    const wait = keptHeadlinesWait();
    expect(wait).not.toBeNull();
    expect(keptHeadlinesWait()).toBe(wait); // one promise, so a suspended render resumes on it
    expect(keptHeadlineNow(QUERY)).toBeNull();
    answer({ headlines: [{ query: QUERY, ageMs: 60_000, results: [ARTICLE] }] });
    await wait;
    expect(keptHeadlinesWait()).toBeNull();
    const now = Date.parse('2026-11-27T12:00:00Z');
    expect(keptHeadlineNow(QUERY, () => now)).toEqual({ savedAt: now - 60_000, results: [ARTICLE] });
    expect(keptHeadlineNow('another query')).toBeNull();
  });

  it('waits a second at most for a slow server', async () => {
    vi.useFakeTimers();
    void requestKeptHeadlines();
    let done = false;
    void keptHeadlinesWait()!.then(() => (done = true));
    await vi.advanceTimersByTimeAsync(KEPT_HEADLINES_WAIT_MS - 1);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
    expect(keptHeadlinesWait()).toBeNull();
    expect(keptHeadlineNow(QUERY)).toBeNull();
  });
});
