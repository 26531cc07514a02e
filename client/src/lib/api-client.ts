/**
 * The app's one HTTP client for its own API (/api). JSON in and out, the session cookie rides along.
 * A non-OK answer throws ApiError with the server's `error.message`, else
 * 'HTTP error! status: {code}'. There is no default timeout; pass a signal to cancel.
 */

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    /** The HTTP reason phrase, for messages that name the failed step rather than the server's text. */
    readonly statusText = '',
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface ErrorBody {
  error?: { code?: string; message?: string };
}

async function readError(response: Response): Promise<ApiError> {
  let body: ErrorBody | null = null;
  try {
    body = (await response.json()) as ErrorBody;
  } catch {
    body = null;
  }
  const message = body?.error?.message || `HTTP error! status: ${response.status}`;
  return new ApiError(message, response.status, body?.error?.code, response.statusText);
}

export interface RequestOptions {
  signal?: AbortSignal;
  /** Extra query parameters; undefined values are left out. */
  query?: Record<string, string | number | boolean | undefined>;
}

function withQuery(path: string, query?: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const search = params.toString();
  return search ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path;
}

async function request<T>(method: string, path: string, body: unknown, options: RequestOptions = {}) {
  const response = await fetch(withQuery(`/api${path}`, options.query), {
    method,
    credentials: 'same-origin',
    headers:
      body === undefined
        ? { accept: 'application/json' }
        : { 'content-type': 'application/json', accept: 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: options.signal,
  });
  if (!response.ok) throw await readError(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** Raw response for streaming endpoints (server-sent events); throws ApiError like the others. */
async function stream(path: string, body: unknown, options: RequestOptions = {}): Promise<Response> {
  const response = await fetch(`/api${path}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify(body),
    signal: options.signal,
  });
  if (!response.ok)
    throw new ApiError(response.statusText || `HTTP error! status: ${response.status}`, response.status);
  return response;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, body ?? {}, options),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, undefined, options),
  stream,
};

/** The message to show for any thrown value, with a fallback text for the unknown. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
