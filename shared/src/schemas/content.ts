import { z } from 'zod/mini';
import { httpUrlSchema } from './search';

/**
 * Page content (the article drawer, the game dialog) and the frame check (the frame viewer). Every page is fetched by the server through its
 * guarded fetcher (http/https only, never private addresses): the browser never talks to a reader
 * service or a third-party header inspector.
 *
 * - POST /api/jina                          PageContentRequest → PageContentResponse
 * - GET  /api/content/frame-check?url=…     FrameCheckQuery    → FrameCheckResponse
 *
 * Both are signed-in and rate-limited per user. Failures answer `{ error: { code, message } }`:
 * 400 `bad_request` (not an http(s) URL), 400 `url_refused` (a private or local address),
 * 502 `content_failed` (the page could not be read), 429 `rate_limited`.
 */

/** POST /api/jina body. */
export const pageContentRequestSchema = z.object({ url: httpUrlSchema });
export type PageContentRequest = z.input<typeof pageContentRequestSchema>;

/** POST /api/jina answer: the page's readable text as markdown. */
export const pageContentResponseSchema = z.object({
  success: z.literal(true),
  /** The page text (markdown). */
  data: z.string(),
  /** The URL that was read (after redirects). */
  url: z.string(),
  /** The page's title when known. */
  title: z.nullable(z.string()),
  /** When it was read, ISO 8601. */
  timestamp: z.string(),
});
export type PageContentResponse = z.infer<typeof pageContentResponseSchema>;

/** GET /api/content/frame-check query. */
export const frameCheckQuerySchema = z.object({ url: httpUrlSchema });
export type FrameCheckQuery = z.input<typeof frameCheckQuerySchema>;

/** Why a page refuses to be framed by this app. */
export const frameBlockReasonSchema = z.enum([
  /** X-Frame-Options: DENY */
  'x-frame-options-deny',
  /** X-Frame-Options: SAMEORIGIN, and the page is on another origin */
  'x-frame-options-sameorigin',
  /** X-Frame-Options: ALLOW-FROM (obsolete; browsers refuse such pages) */
  'x-frame-options-allow-from',
  /** Content-Security-Policy frame-ancestors that does not list this app's origin */
  'csp-frame-ancestors',
]);
export type FrameBlockReason = z.infer<typeof frameBlockReasonSchema>;

/** GET /api/content/frame-check answer. */
export const frameCheckResponseSchema = z.object({
  /** The URL that was checked (after redirects; frame this one). */
  url: z.string(),
  embeddable: z.boolean(),
  /** Why not, when embeddable is false; null otherwise. */
  reason: z.nullable(frameBlockReasonSchema),
  /** The header value that decided, for logs and tooltips. */
  detail: z.nullable(z.string()),
});
export type FrameCheckResponse = z.infer<typeof frameCheckResponseSchema>;
