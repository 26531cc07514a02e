/**
 * A local fake of Jina AI Reader:
 *
 * - GET /<target URL>        (options from headers only)
 * - POST /  { "url": "…" }   (JSON or form body)
 *
 * The answer depends on Accept: `application/json` gives the `{ code: 200, status: 20000, data: { title,
 * description, url, content, publishedTime, usage } }` envelope; anything else the text layout
 * ("Title: …\n\nURL Source: …\n\nMarkdown Content:\n…"). Errors are `{ data: null, code, name, status,
 * message, readableMessage }` in JSON mode, the plain message otherwise.
 *
 * Pages come from `pages` (set by tests); an unknown target ending in /missing gives Jina's 422 for a
 * page it could not load, any other unknown target a generated page. With an API key configured, a
 * request without `Authorization: Bearer <key>` is refused with 401.
 *
 * Standalone: `npx tsx tests/fakes/jina.ts --port 4250 --api-key test-jina-key`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

export const FAKE_JINA_API_KEY = 'test-jina-key';

export interface FakeJinaPage {
  title: string;
  content: string;
  description?: string;
  publishedTime?: string;
}

export interface FakeJinaRequest {
  method: string;
  target: string;
  headers: IncomingMessage['headers'];
}

export interface FakeJina {
  url: string;
  apiKey: string | null;
  pages: Map<string, FakeJinaPage>;
  requests: FakeJinaRequest[];
  close(): Promise<void>;
}

export interface FakeJinaOptions {
  port?: number;
  /** null accepts anonymous requests (Jina's lower-limit tier). */
  apiKey?: string | null;
}

function generated(target: string): FakeJinaPage {
  const host = new URL(target).hostname;
  return {
    title: `Page at ${host}`,
    description: `A page served by ${host}.`,
    content: `# Page at ${host}\n\nThis page was read by the fake Jina Reader. It has two paragraphs of text so summaries have something to work with.\n\nThe second paragraph mentions ${host} and the path ${new URL(target).pathname}.`,
  };
}

export async function startFakeJina(options: FakeJinaOptions = {}): Promise<FakeJina> {
  const apiKey = options.apiKey === undefined ? FAKE_JINA_API_KEY : options.apiKey;
  const pages = new Map<string, FakeJinaPage>();
  const requests: FakeJinaRequest[] = [];

  function fail(
    res: ServerResponse,
    json: boolean,
    code: number,
    name: string,
    status: number,
    message: string,
  ) {
    if (json) {
      res.writeHead(code, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ data: null, code, name, status, message, readableMessage: `${name}: ${message}` }),
      );
    } else {
      res.writeHead(code, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(message);
    }
  }

  function answer(req: IncomingMessage, res: ServerResponse, target: string) {
    const json = /application\/json|text\/json/.test(String(req.headers.accept ?? ''));
    requests.push({ method: req.method ?? 'GET', target, headers: req.headers });
    if (apiKey && req.headers.authorization !== `Bearer ${apiKey}`) {
      return fail(
        res,
        json,
        401,
        'AuthenticationFailedError',
        40103,
        'Invalid API key, please get a new one from https://jina.ai',
      );
    }
    let parsed: URL;
    try {
      parsed = new URL(target);
    } catch {
      return fail(res, json, 400, 'ParamValidationError', 40001, `Invalid URL: ${target}`);
    }
    const page = pages.get(target) ?? (parsed.pathname.endsWith('/missing') ? null : generated(target));
    if (!page) {
      return fail(
        res,
        json,
        422,
        'AssertionFailureError',
        42206,
        `Failed to goto ${target}: net::ERR_HTTP_RESPONSE_CODE_FAILURE`,
      );
    }
    const tokens = Math.ceil(page.content.length / 4);
    if (json) {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(
        JSON.stringify({
          code: 200,
          status: 20000,
          data: {
            title: page.title,
            description: page.description ?? '',
            url: target,
            content: page.content,
            ...(page.publishedTime ? { publishedTime: page.publishedTime } : {}),
            usage: { tokens },
          },
          meta: { usage: { tokens } },
        }),
      );
      return;
    }
    res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'x-usage-tokens': String(tokens) });
    res.end(
      `Title: ${page.title}\n\nURL Source: ${target}\n\n${page.publishedTime ? `Published Time: ${page.publishedTime}\n\n` : ''}Markdown Content:\n${page.content}`,
    );
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      if (req.method === 'POST') {
        let target = '';
        if (String(req.headers['content-type'] ?? '').includes('application/json')) {
          try {
            target = String((JSON.parse(raw) as { url?: unknown }).url ?? '');
          } catch {
            target = '';
          }
        } else {
          target = new URLSearchParams(raw).get('url') ?? '';
        }
        return answer(req, res, target);
      }
      // GET: everything after the first slash is the target URL.
      return answer(req, res, (req.url ?? '/').slice(1));
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    pages,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '4250' },
      'api-key': { type: 'string', default: FAKE_JINA_API_KEY },
    },
  });
  const fake = await startFakeJina({ port: Number(values.port), apiKey: values['api-key'] });
  console.log(`fake Jina Reader on ${fake.url}`);
  console.log(`  JINA_READER_URL=${fake.url} JINA_API_KEY=${fake.apiKey}`);
  const stop = () => void fake.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
