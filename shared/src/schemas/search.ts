import { z } from 'zod';
import { withoutTrailingSlashes } from '../url';

/**
 * The news search API under /api/exa: filters in, normalised articles out. One contract whichever provider answers: Exa when the server has EXA_API_KEY, else
 * the server's local news index built from RSS/Atom feeds. Bodies are validated with these schemas on
 * the server; the client builds them from its filters (blank fields left out).
 *
 * Endpoints (all POST, JSON, signed-in, rate-limited per user; errors are `{ error: { code, message } }`):
 * - /api/exa/search               SearchRequest             → SearchResponse
 * - /api/exa/search-with-content  SearchWithContentRequest  → SearchResponse (results carry text/highlights/summary)
 * - /api/exa/find-similar         FindSimilarRequest        → SearchResponse
 * - /api/exa/get-contents         GetContentsRequest        → GetContentsResponse (502 when no URL could be read)
 * - /api/exa/answer               AnswerRequest             → AnswerResponse (503 `not_configured` without AI)
 * - /api/exa/stream-answer        AnswerRequest             → text/event-stream of `data: <AnswerStreamChunk JSON>`
 *                                                             lines, ending with `data: [DONE]`
 */

/** The result counts the filter panel offers. */
export const SEARCH_NUM_RESULTS_OPTIONS = [5, 10, 20, 50] as const;
export const SEARCH_DEFAULT_NUM_RESULTS = 10;
/** The most results one request may ask for (Exa's own ceiling). */
export const SEARCH_MAX_NUM_RESULTS = 100;
/** The most URLs one get-contents request may name. */
export const GET_CONTENTS_MAX_URLS = 10;
export const SEARCH_QUERY_MAX_CHARS = 500;
export const SEARCH_DOMAINS_MAX = 50;
/** Marker and terminator of the answer stream. */
export const STREAM_DATA_PREFIX = 'data: ';
export const STREAM_DONE = '[DONE]';

/** 'neural' (default): meaning-like matching; 'keyword': the exact terms. */
export const searchTypeSchema = z.enum(['neural', 'keyword']);
export type SearchType = z.infer<typeof searchTypeSchema>;

/** Which backend answered: Exa, or the server's local news index. */
export const searchProviderSchema = z.enum(['exa', 'local']);
export type SearchProvider = z.infer<typeof searchProviderSchema>;

/** An http(s) URL of at most 2048 characters. */
export const httpUrlSchema = z
  .string()
  .trim()
  .max(2048, 'A URL has at most 2048 characters')
  .pipe(z.url({ protocol: /^https?$/, message: 'Must be an http or https URL' }));

/** Longest domain filter entry read, scheme and path included. */
export const DOMAIN_INPUT_MAX_CHARS = 2048;

/**
 * A domain filter entry as a user types it ('espn.com', 'https://www.theverge.com/', 'nytimes.com/section'):
 * lower-cased, any scheme and trailing slash dropped.
 */
export const domainSchema = z
  .string()
  .trim()
  // Before anything else reads it: a URL-length cap (a domain with its scheme and path fits).
  .max(DOMAIN_INPUT_MAX_CHARS, 'A domain has at most 253 characters')
  .toLowerCase()
  .transform((value) => withoutTrailingSlashes(value.replace(/^[a-z][a-z0-9+.-]*:\/\//, '')))
  .pipe(
    z
      .string()
      .min(1, 'A domain cannot be empty')
      .max(253, 'A domain has at most 253 characters')
      .regex(/^[a-z0-9*]([a-z0-9.*-]*[a-z0-9])?(\/[^\s]*)?$/, 'Must be a domain such as espn.com'),
  );

/** A published-date bound: a date input's 'YYYY-MM-DD' or a full ISO 8601 date-time. */
export const publishedDateSchema = z.union(
  [z.iso.date(), z.iso.datetime({ offset: true })],
  'Must be a date (YYYY-MM-DD) or an ISO 8601 date-time',
);

const domainListSchema = z.array(domainSchema).max(SEARCH_DOMAINS_MAX).optional();

/** The filters every search sends (the client's filters without the include flags). */
const searchFilterShape = {
  /** The query, trimmed; blank queries are refused (the client never sends them). */
  query: z
    .string()
    .trim()
    .min(1, 'Enter a search query')
    .max(SEARCH_QUERY_MAX_CHARS, `A query has at most ${SEARCH_QUERY_MAX_CHARS} characters`),
  numResults: z.number().int().min(1).max(SEARCH_MAX_NUM_RESULTS).default(SEARCH_DEFAULT_NUM_RESULTS),
  /** Exa's legacy knob, passed on to Exa; the local index ignores it. */
  useAutoprompt: z.boolean().default(true),
  type: searchTypeSchema.default('neural'),
  startPublishedDate: publishedDateSchema.optional(),
  endPublishedDate: publishedDateSchema.optional(),
  /** Only results from these domains (and their subdomains); absent means any. */
  includeDomains: domainListSchema,
  /** Never results from these domains (and their subdomains). */
  excludeDomains: domainListSchema,
};

function datesInOrder(value: { startPublishedDate?: string; endPublishedDate?: string }): boolean {
  if (!value.startPublishedDate || !value.endPublishedDate) return true;
  return Date.parse(value.startPublishedDate) <= Date.parse(value.endPublishedDate);
}
const DATES_MESSAGE = {
  message: 'The start date must not be after the end date',
  path: ['endPublishedDate'],
};

/** POST /api/exa/search: metadata only (used when includeContent is false). */
export const searchRequestSchema = z.object(searchFilterShape).refine(datesInOrder, DATES_MESSAGE);
export type SearchRequest = z.input<typeof searchRequestSchema>;
export type ParsedSearchRequest = z.output<typeof searchRequestSchema>;

/** The three content flags of search-with-content and get-contents. */
const contentFlagsShape = {
  /** The page's text as markdown (the client's includeContent). */
  text: z.boolean().default(true),
  /** A few key sentences (the client's includeHighlights). */
  highlights: z.boolean().default(false),
  /** A short summary (the client's includeSummary); an AI summary when the server has AI configured. */
  summary: z.boolean().default(true),
};

/** POST /api/exa/search-with-content: the filters plus the content flags. */
export const searchWithContentRequestSchema = z
  .object({ ...searchFilterShape, ...contentFlagsShape })
  .refine(datesInOrder, DATES_MESSAGE);
export type SearchWithContentRequest = z.input<typeof searchWithContentRequestSchema>;
export type ParsedSearchWithContentRequest = z.output<typeof searchWithContentRequestSchema>;

/** POST /api/exa/find-similar: pages like `url` (the url's own site left out). */
export const findSimilarRequestSchema = z
  .object({
    url: httpUrlSchema,
    numResults: z.number().int().min(1).max(SEARCH_MAX_NUM_RESULTS).default(SEARCH_DEFAULT_NUM_RESULTS),
    startPublishedDate: publishedDateSchema.optional(),
    endPublishedDate: publishedDateSchema.optional(),
    includeDomains: domainListSchema,
    excludeDomains: domainListSchema,
    ...contentFlagsShape,
    text: z.boolean().default(false),
    summary: z.boolean().default(false),
  })
  .refine(datesInOrder, DATES_MESSAGE);
export type FindSimilarRequest = z.input<typeof findSimilarRequestSchema>;
export type ParsedFindSimilarRequest = z.output<typeof findSimilarRequestSchema>;

/** POST /api/exa/get-contents: full contents of the named pages (the drawer sends one URL, all flags true). */
export const getContentsRequestSchema = z.object({
  urls: z
    .array(httpUrlSchema)
    .min(1, 'Name at least one URL')
    .max(GET_CONTENTS_MAX_URLS, `At most ${GET_CONTENTS_MAX_URLS} URLs`),
  ...contentFlagsShape,
  highlights: z.boolean().default(true),
});
export type GetContentsRequest = z.input<typeof getContentsRequestSchema>;
export type ParsedGetContentsRequest = z.output<typeof getContentsRequestSchema>;

/** POST /api/exa/answer and /api/exa/stream-answer. */
export const answerRequestSchema = z.object({
  query: searchFilterShape.query,
  /** Include each citation's full text. */
  text: z.boolean().default(false),
  /** Extra guidance for the answering model. */
  systemPrompt: z.string().trim().max(2000).optional(),
});
export type AnswerRequest = z.input<typeof answerRequestSchema>;
export type ParsedAnswerRequest = z.output<typeof answerRequestSchema>;

/** One search result (an article), normalised whichever provider answered. */
export const searchResultSchema = z.object({
  /** Stable id of the document (usually its URL). */
  id: z.string(),
  url: z.string(),
  /** Never empty: the page's title, else its URL. */
  title: z.string(),
  /** ISO 8601, or null when unknown (the card shows 'Unknown date'). */
  publishedDate: z.string().nullable(),
  author: z.string().nullable(),
  /** Relevance, higher is better; null when the provider gives none. */
  score: z.number().nullable(),
  image: z.string().optional(),
  favicon: z.string().optional(),
  /** Markdown text; present when text was asked for. */
  text: z.string().optional(),
  /** Key sentences; present when highlights were asked for. */
  highlights: z.array(z.string()).optional(),
  /** A short summary; present when a summary was asked for. */
  summary: z.string().optional(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

/** Answer of search, search-with-content and find-similar. */
export const searchResponseSchema = z.object({
  success: z.literal(true),
  provider: searchProviderSchema,
  /** The provider's request id (Exa's requestId; a local one otherwise). */
  requestId: z.string(),
  /** How the query was run ('neural' or 'keyword'). */
  resolvedSearchType: z.string().optional(),
  results: z.array(searchResultSchema),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;

/** Per-URL outcome of get-contents (a failed URL does not fail the others). */
export const contentStatusSchema = z.object({
  id: z.string(),
  status: z.enum(['success', 'error']),
  error: z
    .object({
      /** Machine tag, e.g. CRAWL_NOT_FOUND, CRAWL_TIMEOUT, URL_REFUSED, SOURCE_NOT_AVAILABLE. */
      tag: z.string(),
      /** The page's own HTTP status when it answered. */
      httpStatusCode: z.number().nullable(),
      /** What to show a user. */
      message: z.string(),
    })
    .optional(),
});
export type ContentStatus = z.infer<typeof contentStatusSchema>;

/** Answer of get-contents: a result per URL that could be read, in request order, plus every URL's status. */
export const getContentsResponseSchema = z.object({
  success: z.literal(true),
  provider: searchProviderSchema,
  requestId: z.string(),
  results: z.array(searchResultSchema),
  statuses: z.array(contentStatusSchema),
});
export type GetContentsResponse = z.infer<typeof getContentsResponseSchema>;

/** A source an answer cites. */
export const answerCitationSchema = z.object({
  id: z.string(),
  url: z.string(),
  title: z.string(),
  author: z.string().nullable(),
  publishedDate: z.string().nullable(),
  text: z.string().optional(),
});
export type AnswerCitation = z.infer<typeof answerCitationSchema>;

/** Answer of /api/exa/answer. */
export const answerResponseSchema = z.object({
  success: z.literal(true),
  provider: searchProviderSchema,
  answer: z.string(),
  citations: z.array(answerCitationSchema),
});
export type AnswerResponse = z.infer<typeof answerResponseSchema>;

/**
 * One `data: ` line of /api/exa/stream-answer: a piece of answer text (append it), the citations
 * (once, usually last), or an error that ended the stream early. The stream always ends with
 * `data: [DONE]`.
 */
export const answerStreamChunkSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), content: z.string() }),
  z.object({ type: z.literal('citations'), citations: z.array(answerCitationSchema) }),
  z.object({ type: z.literal('error'), error: z.object({ code: z.string(), message: z.string() }) }),
]);
export type AnswerStreamChunk = z.infer<typeof answerStreamChunkSchema>;
