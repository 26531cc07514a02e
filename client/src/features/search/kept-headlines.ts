import { keptHeadlinesResponseSchema } from '@shared/schemas/headlines';
import type { SearchResult } from '@shared/schemas/search-results';
import { requestKeptHeadlines } from '@client/lib/kept-headlines-request';

/**
 * The server's kept answer to a dashboard default query, for a fan with none of their own in this
 * browser, dated by this browser's clock from the age the server gives; null when the server has
 * none or sends something else.
 */
export async function keptHeadlineFor(
  query: string,
  now = Date.now,
): Promise<{ savedAt: number; results: SearchResult[] } | null> {
  const checked = keptHeadlinesResponseSchema.safeParse(await requestKeptHeadlines());
  if (!checked.success) return null;
  const headline = checked.data.headlines.find((candidate) => candidate.query === query);
  return headline ? { savedAt: now() - headline.ageMs, results: headline.results } : null;
}
