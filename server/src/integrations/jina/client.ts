/**
 * Jina AI Reader (r.jina.ai), enabled when JINA_API_KEY is set. POST {url} with Accept: application/json
 * answers the `{ code, status, data: { title, url, content, description?, publishedTime? } }` envelope;
 * errors are `{ code, name, message, readableMessage }` with a non-2xx status
 * (see https://jina.ai/reader). POST rather than GET so hash routes and query
 * strings of the target reach Jina intact.
 */
import { withoutTrailingSlashes } from '@shared/url';
import { readCapped } from '../../http/read-capped';

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
    readonly kind: 'http' | 'timeout' | 'network' | 'shape' | 'too_large',
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
/**
 * Largest answer read from Jina (bytes): a page's markdown plus its envelope. The reader keeps 100,000
 * characters of it; a bigger answer is refused before it is decoded or parsed.
 */
export const JINA_RESPONSE_MAX_BYTES = 8 * 1024 * 1024;

export function createJinaReaderClient(options: JinaReaderOptions): JinaReaderClient {
  const endpoint = `${withoutTrailingSlashes(options.baseUrl)}/`;
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
      let raw: string | null;
      try {
        raw = await readCapped(response, JINA_RESPONSE_MAX_BYTES);
      } catch (cause) {
        throw new JinaError('Jina Reader answer was cut off', 'network', response.status, { cause });
      }
      if (raw === null) {
        throw new JinaError(
          'Jina Reader answered more than the page size limit',
          'too_large',
          response.status,
        );
      }
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
