/**
 * Exa's REST API (https://docs.exa.ai), enabled when EXA_API_KEY is set.
 * Auth is the `x-api-key` header; the base URL is EXA_BASE_URL so tests point it at a local fake.
 * Bodies and answers are Exa's own camelCase shapes:
 *
 * - POST /search       { query, numResults, type, useAutoprompt, start/endPublishedDate, include/excludeDomains,
 *                        contents?: { text?, highlights?, summary? } }  → { requestId, resolvedSearchType?, results }
 * - POST /findSimilar  { url, numResults, …filters, contents? }          → same as /search
 * - POST /contents     { urls, text?, highlights?, summary? } (top-level) → { requestId, results, statuses? }
 * - POST /answer       { query, stream: false, text, model: 'exa', systemPrompt? } → { answer, citations }
 *   with stream: true  → text/event-stream of `data: {"choices":[{"delta":{"content":"…"}}]}` and
 *                        `data: {"citations":[…]}` lines, then `data: [DONE]`
 *
 * Errors are non-2xx with `{ requestId, error, tag }` (error may also be an object with `message`).
 */

import { withoutTrailingSlashes } from '@shared/url';

export interface ExaResult {
  id: string;
  url: string;
  title?: string | null;
  publishedDate?: string | null;
  author?: string | null;
  score?: number | null;
  image?: string | null;
  favicon?: string | null;
  text?: string;
  highlights?: string[];
  highlightScores?: number[];
  summary?: string;
}

export interface ExaSearchResponse {
  requestId?: string;
  resolvedSearchType?: string;
  results: ExaResult[];
  costDollars?: unknown;
}

export interface ExaContentStatus {
  id: string;
  status: string;
  error?: { tag?: string; httpStatusCode?: number | null } | null;
  source?: string;
}

export interface ExaContentsResponse extends ExaSearchResponse {
  statuses?: ExaContentStatus[];
}

export interface ExaAnswerResponse {
  answer: string | Record<string, unknown>;
  citations?: ExaResult[];
  requestId?: string;
}

/** A chunk of a streamed answer: text, citations, or both. */
export interface ExaAnswerChunk {
  content?: string;
  citations?: ExaResult[];
}

export interface ExaContentsOptions {
  text?: true;
  highlights?: true;
  summary?: true;
}

export interface ExaSearchBody {
  query: string;
  numResults: number;
  type: string;
  useAutoprompt?: boolean;
  startPublishedDate?: string;
  endPublishedDate?: string;
  includeDomains?: string[];
  excludeDomains?: string[];
  contents?: ExaContentsOptions;
}

export interface ExaFindSimilarBody extends Omit<ExaSearchBody, 'query' | 'type' | 'useAutoprompt'> {
  url: string;
  excludeSourceDomain?: boolean;
}

export interface ExaGetContentsBody extends ExaContentsOptions {
  urls: string[];
}

export interface ExaAnswerBody {
  query: string;
  text: boolean;
  systemPrompt?: string;
}

export class ExaError extends Error {
  constructor(
    message: string,
    /** HTTP status of Exa's answer; null when Exa could not be reached. */
    readonly status: number | null,
    readonly tag: string | null = null,
    options: { cause?: unknown } = {},
  ) {
    super(message, options);
    this.name = 'ExaError';
  }
}

export interface ExaClient {
  search(body: ExaSearchBody, signal?: AbortSignal): Promise<ExaSearchResponse>;
  findSimilar(body: ExaFindSimilarBody, signal?: AbortSignal): Promise<ExaSearchResponse>;
  contents(body: ExaGetContentsBody, signal?: AbortSignal): Promise<ExaContentsResponse>;
  answer(body: ExaAnswerBody, signal?: AbortSignal): Promise<ExaAnswerResponse>;
  streamAnswer(body: ExaAnswerBody, signal?: AbortSignal): AsyncGenerator<ExaAnswerChunk>;
}

export interface ExaClientOptions {
  apiKey: string;
  baseUrl: string;
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;
/** Longest line of the answer stream read (characters); a longer one ends the stream with an error. */
export const EXA_STREAM_LINE_MAX_CHARS = 1_000_000;
const USER_AGENT = 'tech-touchdown (exa-compatible client)';

async function errorFrom(response: Response): Promise<ExaError> {
  const raw = await response.text().catch(() => '');
  type ErrorBody = { error?: unknown; message?: unknown; tag?: unknown };
  let body: ErrorBody | null;
  try {
    const parsed: unknown = JSON.parse(raw);
    body = parsed && typeof parsed === 'object' ? (parsed as ErrorBody) : null;
  } catch {
    body = null;
  }
  let message = '';
  if (body && typeof body.error === 'string') message = body.error;
  else if (body && body.error && typeof body.error === 'object') {
    message = String((body.error as { message?: unknown }).message ?? '');
  }
  if (body && typeof body.message === 'string')
    message = message ? `${message}. ${body.message}` : body.message;
  if (!message) message = `Request failed with status ${response.status}`;
  return new ExaError(message, response.status, body && typeof body.tag === 'string' ? body.tag : null);
}

export function createExaClient(options: ExaClientOptions): ExaClient {
  const base = withoutTrailingSlashes(options.baseUrl);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  async function post(
    path: string,
    body: unknown,
    signal: AbortSignal | undefined,
    accept = 'application/json',
  ) {
    const deadline = AbortSignal.timeout(timeoutMs);
    try {
      const response = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: {
          'x-api-key': options.apiKey,
          'content-type': 'application/json',
          accept,
          'user-agent': USER_AGENT,
        },
        body: JSON.stringify(body),
        signal: signal ? AbortSignal.any([deadline, signal]) : deadline,
      });
      if (!response.ok) throw await errorFrom(response);
      return response;
    } catch (error) {
      if (error instanceof ExaError) throw error;
      throw new ExaError(deadline.aborted ? 'Exa timed out' : 'Exa could not be reached', null, null, {
        cause: error,
      });
    }
  }

  async function json<T>(path: string, body: unknown, signal?: AbortSignal): Promise<T> {
    const response = await post(path, body, signal);
    try {
      return (await response.json()) as T;
    } catch (cause) {
      throw new ExaError('Exa answered with a body that is not JSON', response.status, null, { cause });
    }
  }

  return {
    search: (body, signal) => json<ExaSearchResponse>('/search', body, signal),
    findSimilar: (body, signal) => json<ExaSearchResponse>('/findSimilar', body, signal),
    contents: (body, signal) => json<ExaContentsResponse>('/contents', body, signal),
    answer: (body, signal) =>
      json<ExaAnswerResponse>('/answer', { ...body, stream: false, model: 'exa' }, signal),

    async *streamAnswer(body, signal) {
      const response = await post(
        '/answer',
        { ...body, stream: true, model: 'exa' },
        signal,
        'text/event-stream',
      );
      if (!response.body) throw new ExaError('Exa answered without a body', response.status);
      const decoder = new TextDecoder();
      // The unfinished line, in the pieces it came in: each piece is searched for a newline once, and
      // joined once (a long line sent in small pieces would otherwise be searched again and again).
      const pending: string[] = [];
      let pendingChars = 0;
      for await (const bytes of response.body as unknown as AsyncIterable<Uint8Array>) {
        const piece = decoder.decode(bytes, { stream: true });
        let start = 0;
        let newline: number;
        while ((newline = piece.indexOf('\n', start)) >= 0) {
          pending.push(piece.slice(start, newline));
          const line = pending.join('');
          pending.length = 0;
          pendingChars = 0;
          start = newline + 1;
          const chunk = parseStreamLine(line.endsWith('\r') ? line.slice(0, -1) : line);
          if (chunk === 'done') return;
          if (chunk) yield chunk;
        }
        if (start < piece.length) {
          pending.push(piece.slice(start));
          pendingChars += piece.length - start;
          if (pendingChars > EXA_STREAM_LINE_MAX_CHARS) {
            throw new ExaError('Exa sent a stream line longer than the limit', response.status);
          }
        }
      }
      const chunk = parseStreamLine(pending.join('').trim());
      if (chunk && chunk !== 'done') yield chunk;
    },
  };
}

/** One SSE line of Exa's answer stream; lines that are not `data: ` JSON are skipped, as the SDK does. */
export function parseStreamLine(line: string): ExaAnswerChunk | 'done' | null {
  if (!line.startsWith('data:')) return null;
  const payload = line.slice(5).trim();
  if (payload === '[DONE]') return 'done';
  let parsed: { choices?: { delta?: { content?: unknown } }[]; citations?: unknown; error?: unknown };
  try {
    parsed = JSON.parse(payload) as typeof parsed;
  } catch {
    return null;
  }
  if (parsed.error) {
    const message =
      typeof parsed.error === 'string'
        ? parsed.error
        : String((parsed.error as { message?: unknown }).message ?? 'Exa stream failed');
    throw new ExaError(message, null);
  }
  const chunk: ExaAnswerChunk = {};
  const content = parsed.choices?.[0]?.delta?.content;
  if (typeof content === 'string' && content) chunk.content = content;
  if (Array.isArray(parsed.citations)) chunk.citations = parsed.citations as ExaResult[];
  return chunk.content !== undefined || chunk.citations ? chunk : null;
}
