import { z } from 'zod/mini';
import type { SearchWithContentRequest } from './search';
import { SEARCH_DEFAULT_NUM_RESULTS, searchResultSchema } from './search-results';

/**
 * The dashboard's default headlines: the query each news panel runs about a second after it shows,
 * and the server's latest answer to it, which a fan with no answer of their own in this browser (a
 * first visit, a new device) sees at once, marked with its age, until their own search answers.
 * The default request is the same for every fan (no personal data goes into it), so its answer is too.
 */

/** The default query of each dashboard panel. */
export const DASHBOARD_DEFAULT_QUERIES = {
  sports: 'Latest sports news headlines from the NFL, NBA, MLB and NHL',
  tech: 'Latest headlines in startups, full stack software engineering and tech industry news',
} as const;

/**
 * The body the dashboard sends to /api/exa/search-with-content for a default query (its default
 * filters). The server keeps answers to exactly this request and no other.
 */
export function dashboardDefaultRequest(query: string): SearchWithContentRequest {
  return {
    query,
    numResults: SEARCH_DEFAULT_NUM_RESULTS,
    useAutoprompt: true,
    type: 'neural',
    text: true,
    highlights: false,
    summary: true,
  };
}

export const KEPT_HEADLINES_LIMITS = {
  /** An article's text as kept: enough for its card's teaser (the reader fetches the whole text). */
  textChars: 1_000,
  /** Characters of one kept answer (JSON); a larger one loses its last articles until it fits. */
  answerChars: 48_000,
  /** An answer older than this is not shown. */
  maxAgeMs: 24 * 60 * 60 * 1000,
} as const;

const headlineResults = z.array(searchResultSchema).check(z.minLength(1), z.maxLength(50));

/** One kept answer as the server stores it: the default query, when it arrived (ms since the epoch), its articles. */
export const keptHeadlineSchema = z.object({
  query: z.string().check(z.maxLength(500)),
  savedAt: z.number(),
  results: headlineResults,
});
export type KeptHeadline = z.infer<typeof keptHeadlineSchema>;

/**
 * GET /api/exa/headlines: the kept answer of each default query the server has one for, with its age
 * by the server's clock (the browser's clock may differ; it dates the answer from the age).
 */
export const keptHeadlinesResponseSchema = z.object({
  headlines: z
    .array(
      z.object({
        query: z.string().check(z.maxLength(500)),
        ageMs: z.number().check(z.minimum(0), z.maximum(KEPT_HEADLINES_LIMITS.maxAgeMs)),
        results: headlineResults,
      }),
    )
    .check(z.maxLength(Object.keys(DASHBOARD_DEFAULT_QUERIES).length)),
});
export type KeptHeadlinesResponse = z.infer<typeof keptHeadlinesResponseSchema>;
