import { keptHeadlinesResponseSchema } from '@shared/schemas/headlines';
import type { SearchResult } from '@shared/schemas/search-results';
import {
  keptHeadlinesAnswer,
  keptHeadlinesLoading,
  requestKeptHeadlines,
} from '@client/lib/kept-headlines-request';

/** A kept answer as a news panel shows it: dated by this browser's clock, and its articles. */
export interface KeptHeadlineAnswer {
  savedAt: number;
  results: SearchResult[];
}

/**
 * The server's kept answer to `query` in what GET /api/exa/headlines answered, dated by this
 * browser's clock from the age the server gives (the two clocks may differ); null when the server
 * has none or sent something else.
 */
function headlineIn(body: unknown, query: string, now: () => number): KeptHeadlineAnswer | null {
  const checked = keptHeadlinesResponseSchema.safeParse(body);
  if (!checked.success) return null;
  const headline = checked.data.headlines.find((candidate) => candidate.query === query);
  return headline ? { savedAt: now() - headline.ageMs, results: headline.results } : null;
}

/** The server's kept answer to a dashboard default query, asking for it if no one has yet. */
export async function keptHeadlineFor(query: string, now = Date.now): Promise<KeptHeadlineAnswer | null> {
  return headlineIn(await requestKeptHeadlines(), query, now);
}

/** The same, only if the request has already answered (for a panel's first render); else null. */
export function keptHeadlineNow(query: string, now = Date.now): KeptHeadlineAnswer | null {
  const body = keptHeadlinesAnswer();
  return body === undefined ? null : headlineIn(body, query, now);
}

/**
 * How long the dashboard holds its first paint for the server's headlines at most: they would come
 * too late to matter once the default searches (about a second after the view loads) are under way.
 */
export const KEPT_HEADLINES_WAIT_MS = 1000;

let wait: Promise<void> | null = null;
let waited = false;

/**
 * While the headlines request a visit started (app/router.tsx) is still out, a promise the dashboard
 * suspends on, settled when it answers or after KEPT_HEADLINES_WAIT_MS, whichever is first; null when
 * there is nothing to wait for. The panels then paint once, with the headlines, rather than stand-in
 * cards that the headlines would push down a moment later.
 */
export function keptHeadlinesWait(): Promise<void> | null {
  if (waited || !keptHeadlinesLoading()) return null;
  wait ??= Promise.race([
    requestKeptHeadlines().then(() => undefined),
    new Promise<void>((resolve) => setTimeout(resolve, KEPT_HEADLINES_WAIT_MS)),
  ]).then(() => {
    waited = true;
  });
  return wait;
}

/** Tests only: a new page load. */
export function forgetKeptHeadlinesWait(): void {
  wait = null;
  waited = false;
}
