/**
 * Jina AI Reader (r.jina.ai), enabled when JINA_API_KEY is set. POST {url} with Accept: application/json
 * answers the `{ code, status, data: { title, url, content, description?, publishedTime? } }` envelope;
 * errors are `{ code, name, message, readableMessage }` with a non-2xx status
 * (../shared/reference/third-party-apis.md section 3). POST rather than GET so hash routes and query
 * strings of the target reach Jina intact.
 */

export interface JinaPage {
  title: string;
  url: string;
  /** Markdown. */
  content: string;
  description?: string;
  publishedTime?: string;
}

export class JinaError extends Error {
  constructor(
    message: string,
    readonly kind: 'http' | 'timeout' | 'network' | 'shape',
    readonly status: number | null = null,
    options: { cause?: unknown } = {},
  ) {
    super(message, options);
    this.name = 'JinaError';
  }
}

export interface JinaReaderClient {
  read(url: string, signal?: AbortSignal): Promise<JinaPage>;
}

export interface JinaReaderOptions {
  baseUrl: string;
  apiKey: string;
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;

export function createJinaReaderClient(options: JinaReaderOptions): JinaReaderClient {
  const endpoint = `${options.baseUrl.replace(/\/+$/, '')}/`;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return {
    async read(url, signal) {
      const deadline = AbortSignal.timeout(timeoutMs);
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: {
            accept: 'application/json',
            'content-type': 'application/json',
            authorization: `Bearer ${options.apiKey}`,
            'x-timeout': String(Math.max(5, Math.floor(timeoutMs / 1000) - 5)),
          },
          body: JSON.stringify({ url }),
          signal: signal ? AbortSignal.any([deadline, signal]) : deadline,
        });
      } catch (cause) {
        const timedOut = deadline.aborted;
        throw new JinaError(
          timedOut ? 'Jina Reader timed out' : 'Jina Reader unreachable',
          timedOut ? 'timeout' : 'network',
          null,
          {
            cause,
          },
        );
      }
      const raw = await response.text();
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        body = null;
      }
      if (!response.ok) {
        const error = body as { readableMessage?: string; message?: string } | null;
        throw new JinaError(
          error?.readableMessage || error?.message || `Jina Reader answered HTTP ${response.status}`,
          'http',
          response.status,
        );
      }
      const data = (body as { data?: Partial<JinaPage> } | null)?.data;
      if (!data || typeof data.content !== 'string') {
        throw new JinaError('Jina Reader answered without content', 'shape', response.status);
      }
      return {
        title: typeof data.title === 'string' ? data.title : '',
        url: typeof data.url === 'string' ? data.url : url,
        content: data.content,
        description: typeof data.description === 'string' ? data.description : undefined,
        publishedTime: typeof data.publishedTime === 'string' ? data.publishedTime : undefined,
      };
    },
  };
}
