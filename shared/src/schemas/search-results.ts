import { z } from 'zod/mini';
import { withoutTrailingSlashes } from '../url';

/**
 * The parts of the news search contract (see ./search) that the dashboard parses in the browser:
 * the filters it offers, a domain as a user types it, and the answer's articles. Kept apart from the
 * request bodies, which only the server validates, so the signed-in pages load none of those.
 */

/** The result counts the filter panel offers. */
export const SEARCH_NUM_RESULTS_OPTIONS = [5, 10, 20, 50] as const;
export const SEARCH_DEFAULT_NUM_RESULTS = 10;

/** 'neural' (default): meaning-like matching; 'keyword': the exact terms. */
export const searchTypeSchema = z.enum(['neural', 'keyword']);
export type SearchType = z.infer<typeof searchTypeSchema>;

/** Which backend answered: Exa, or the server's local news index. */
export const searchProviderSchema = z.enum(['exa', 'local']);
export type SearchProvider = z.infer<typeof searchProviderSchema>;

/** Longest domain filter entry read, scheme and path included. */
export const DOMAIN_INPUT_MAX_CHARS = 2048;

/**
 * A domain filter entry as a user types it ('espn.com', 'https://www.theverge.com/', 'nytimes.com/section'):
 * lower-cased, any scheme and trailing slash dropped.
 */
export const domainSchema = z.pipe(
  z.pipe(
    z.string().check(
      z.trim(),
      // Before anything else reads it: a URL-length cap (a domain with its scheme and path fits).
      z.maxLength(DOMAIN_INPUT_MAX_CHARS, 'A domain has at most 253 characters'),
      z.toLowerCase(),
    ),
    z.transform((value: string) => withoutTrailingSlashes(value.replace(/^[a-z][a-z0-9+.-]*:\/\//, ''))),
  ),
  z
    .string()
    .check(
      z.minLength(1, 'A domain cannot be empty'),
      z.maxLength(253, 'A domain has at most 253 characters'),
      z.regex(/^[a-z0-9*]([a-z0-9.*-]*[a-z0-9])?(\/[^\s]*)?$/, 'Must be a domain such as espn.com'),
    ),
);

/** One search result (an article), normalised whichever provider answered. */
export const searchResultSchema = z.object({
  /** Stable id of the document (usually its URL). */
  id: z.string(),
  url: z.string(),
  /** Never empty: the page's title, else its URL. */
  title: z.string(),
  /** ISO 8601, or null when unknown (the card shows 'Unknown date'). */
  publishedDate: z.nullable(z.string()),
  author: z.nullable(z.string()),
  /** Relevance, higher is better; null when the provider gives none. */
  score: z.nullable(z.number()),
  image: z.optional(z.string()),
  favicon: z.optional(z.string()),
  /** Markdown text; present when text was asked for. */
  text: z.optional(z.string()),
  /** Key sentences; present when highlights were asked for. */
  highlights: z.optional(z.array(z.string())),
  /** A short summary; present when a summary was asked for. */
  summary: z.optional(z.string()),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/** Answer of search, search-with-content and find-similar. */
export const searchResponseSchema = z.object({
  success: z.literal(true),
  provider: searchProviderSchema,
  /** The provider's request id (Exa's requestId; a local one otherwise). */
  requestId: z.string(),
  /** How the query was run ('neural' or 'keyword'). */
  resolvedSearchType: z.optional(z.string()),
  results: z.array(searchResultSchema),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;
