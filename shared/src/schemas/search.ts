import { z } from 'zod/mini';
import {
  SEARCH_DEFAULT_NUM_RESULTS,
  domainSchema,
  searchProviderSchema,
  searchResultSchema,
  searchTypeSchema,
} from './search-results';

export * from './search-results';

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

/** The most results one request may ask for (Exa's own ceiling). */
export const SEARCH_MAX_NUM_RESULTS = 100;
/** The most URLs one get-contents request may name. */
export const GET_CONTENTS_MAX_URLS = 10;
export const SEARCH_QUERY_MAX_CHARS = 500;
export const SEARCH_DOMAINS_MAX = 50;
/** Marker and terminator of the answer stream. */
export const STREAM_DATA_PREFIX = 'data: ';
export const STREAM_DONE = '[DONE]';

/** An http(s) URL of at most 2048 characters. */
export const httpUrlSchema = z.pipe(
  z.string().check(z.trim(), z.maxLength(2048, 'A URL has at most 2048 characters')),
  z.url({ protocol: /^https?$/, message: 'Must be an http or https URL' }),
);

/** A published-date bound: a date input's 'YYYY-MM-DD' or a full ISO 8601 date-time. */
export const publishedDateSchema = z.union(
  [z.iso.date(), z.iso.datetime({ offset: true })],
  'Must be a date (YYYY-MM-DD) or an ISO 8601 date-time',
);

const numResultsSchema = z.number().check(z.int(), z.minimum(1), z.maximum(SEARCH_MAX_NUM_RESULTS));

const domainListSchema = z.optional(z.array(domainSchema).check(z.maxLength(SEARCH_DOMAINS_MAX)));

/** The filters every search sends (the client's filters without the include flags). */
const searchFilterShape = {
  /** The query, trimmed; blank queries are refused (the client never sends them). */
  query: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Enter a search query'),
      z.maxLength(SEARCH_QUERY_MAX_CHARS, `A query has at most ${SEARCH_QUERY_MAX_CHARS} characters`),
    ),
  numResults: z._default(numResultsSchema, SEARCH_DEFAULT_NUM_RESULTS),
  /** Exa's legacy knob, passed on to Exa; the local index ignores it. */
  useAutoprompt: z._default(z.boolean(), true),
  type: z._default(searchTypeSchema, 'neural'),
  startPublishedDate: z.optional(publishedDateSchema),
  endPublishedDate: z.optional(publishedDateSchema),
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
export const searchRequestSchema = z.object(searchFilterShape).check(z.refine(datesInOrder, DATES_MESSAGE));
export type SearchRequest = z.input<typeof searchRequestSchema>;
export type ParsedSearchRequest = z.output<typeof searchRequestSchema>;

/** The three content flags of search-with-content and get-contents. */
const contentFlagsShape = {
  /** The page's text as markdown (the client's includeContent). */
  text: z._default(z.boolean(), true),
  /** A few key sentences (the client's includeHighlights). */
  highlights: z._default(z.boolean(), false),
  /** A short summary (the client's includeSummary); an AI summary when the server has AI configured. */
  summary: z._default(z.boolean(), true),
};

/** POST /api/exa/search-with-content: the filters plus the content flags. */
export const searchWithContentRequestSchema = z
  .object({ ...searchFilterShape, ...contentFlagsShape })
  .check(z.refine(datesInOrder, DATES_MESSAGE));
export type SearchWithContentRequest = z.input<typeof searchWithContentRequestSchema>;
export type ParsedSearchWithContentRequest = z.output<typeof searchWithContentRequestSchema>;

/** POST /api/exa/find-similar: pages like `url` (the url's own site left out). */
export const findSimilarRequestSchema = z
  .object({
    url: httpUrlSchema,
    numResults: z._default(numResultsSchema, SEARCH_DEFAULT_NUM_RESULTS),
    startPublishedDate: z.optional(publishedDateSchema),
    endPublishedDate: z.optional(publishedDateSchema),
    includeDomains: domainListSchema,
    excludeDomains: domainListSchema,
    ...contentFlagsShape,
    text: z._default(z.boolean(), false),
    summary: z._default(z.boolean(), false),
  })
  .check(z.refine(datesInOrder, DATES_MESSAGE));
export type FindSimilarRequest = z.input<typeof findSimilarRequestSchema>;
export type ParsedFindSimilarRequest = z.output<typeof findSimilarRequestSchema>;

/** POST /api/exa/get-contents: full contents of the named pages (the drawer sends one URL, all flags true). */
export const getContentsRequestSchema = z.object({
  urls: z
    .array(httpUrlSchema)
    .check(
      z.minLength(1, 'Name at least one URL'),
      z.maxLength(GET_CONTENTS_MAX_URLS, `At most ${GET_CONTENTS_MAX_URLS} URLs`),
    ),
  ...contentFlagsShape,
  highlights: z._default(z.boolean(), true),
});
export type GetContentsRequest = z.input<typeof getContentsRequestSchema>;
export type ParsedGetContentsRequest = z.output<typeof getContentsRequestSchema>;

/** POST /api/exa/answer and /api/exa/stream-answer. */
export const answerRequestSchema = z.object({
  query: searchFilterShape.query,
  /** Include each citation's full text. */
  text: z._default(z.boolean(), false),
  /** Extra guidance for the answering model. */
  systemPrompt: z.optional(z.string().check(z.trim(), z.maxLength(2000))),
});
export type AnswerRequest = z.input<typeof answerRequestSchema>;
export type ParsedAnswerRequest = z.output<typeof answerRequestSchema>;

/** Per-URL outcome of get-contents (a failed URL does not fail the others). */
export const contentStatusSchema = z.object({
  id: z.string(),
  status: z.enum(['success', 'error']),
  error: z.optional(
    z.object({
      /** Machine tag, e.g. CRAWL_NOT_FOUND, CRAWL_TIMEOUT, URL_REFUSED, SOURCE_NOT_AVAILABLE. */
      tag: z.string(),
      /** The page's own HTTP status when it answered. */
      httpStatusCode: z.nullable(z.number()),
      /** What to show a user. */
      message: z.string(),
    }),
  ),
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
  author: z.nullable(z.string()),
  publishedDate: z.nullable(z.string()),
  text: z.optional(z.string()),
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
