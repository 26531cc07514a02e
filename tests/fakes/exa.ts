/**
 * A local fake of Exa's REST API speaking its real shapes:
 *
 * - POST /search       { query, numResults, type, …filters, contents?: { text, highlights, summary } }
 *                      → { requestId, resolvedSearchType, results: [{ id, url, title, publishedDate, author,
 *                          score, text?, highlights?, highlightScores?, summary? }], costDollars }
 * - POST /findSimilar  { url, numResults, …filters, contents? } → same envelope
 * - POST /contents     { urls, text?, highlights?, summary? } (top level) → results + statuses (a URL it
 *                      does not know is a per-URL error with HTTP 200, as Exa does)
 * - POST /answer       { query, stream, text, model } → { answer, citations, requestId }; with stream: true,
 *                      text/event-stream of `data: {"choices":[{"delta":{"content":…}}]}`, one
 *                      `data: {"citations":[…]}` and `data: [DONE]`
 *
 * Every call needs `x-api-key` (401 `{ requestId, error, tag }` otherwise). The corpus is a handful of
 * documents; search matches query words in title and text. Tests read `requests` to see exactly what
 * the app sent, and `failNext` to make the next call fail with Exa's error shape.
 *
 * Standalone: `npx tsx tests/fakes/exa.ts --port 4200 --api-key test-exa-key`.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

export interface FakeExaDocument {
  url: string;
  title: string | null;
  author: string | null;
  publishedDate: string | null;
  text: string;
}

export const FAKE_EXA_API_KEY = 'test-exa-key';

const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();

export const FAKE_EXA_DOCUMENTS: FakeExaDocument[] = [
  {
    url: 'https://techcrunch.example/2025/startup-raises-seed',
    title: 'Developer tools startup raises $12M seed round',
    author: 'Alex Kim',
    publishedDate: daysAgo(2),
    text: 'A developer tools startup has raised a $12 million seed round to build faster CI pipelines. The founders previously worked on build systems at a large cloud company. They plan to hire engineers in Berlin and Toronto.',
  },
  {
    url: 'https://www.theverge.example/tech/typescript-native-compiler',
    title: 'TypeScript gets a native compiler',
    author: null,
    publishedDate: daysAgo(5),
    text: 'The TypeScript team shipped a native compiler that type checks large projects much faster. Editor start-up improves most in monorepos. Some deprecated options are removed.',
  },
  {
    url: 'https://www.espn.example/nfl/story/chiefs-win',
    title: 'Chiefs win in overtime',
    author: 'Jordan Hale',
    publishedDate: daysAgo(1),
    text: 'The Kansas City Chiefs beat the Buffalo Bills in overtime. Patrick Mahomes threw two touchdowns. Harrison Butker kicked the winning field goal.',
  },
  {
    url: 'https://news.ycombinator.example/item?id=1',
    title: null,
    author: null,
    publishedDate: null,
    text: 'Show HN: a tiny full stack framework for software engineering teams. It bundles routing, data loading and deployment.',
  },
];

export interface FakeExaRequest {
  path: string;
  body: Record<string, unknown>;
  headers: IncomingMessage['headers'];
}

export interface FakeExa {
  url: string;
  apiKey: string;
  requests: FakeExaRequest[];
  documents: FakeExaDocument[];
  /** The next call answers `status` with Exa's error body. */
  failNext(status: number, error?: string, tag?: string): void;
  /** The answer text /answer gives (streamed in pieces with stream: true). */
  setAnswer(answer: string): void;
  close(): Promise<void>;
}

export interface FakeExaOptions {
  port?: number;
  apiKey?: string;
}

const words = (text: string) => text.toLowerCase().match(/[a-z0-9]+/g) ?? [];

function hostMatches(url: string, domains: unknown): boolean {
  if (!Array.isArray(domains)) return false;
  const host = new URL(url).hostname.replace(/^www\./, '');
  return domains.some((domain) => {
    const bare = String(domain)
      .replace(/^www\./, '')
      .split('/')[0]!;
    return host === bare || host.endsWith(`.${bare}`);
  });
}

function sentences(text: string): string[] {
  return text.split(/(?<=\.)\s+/);
}

export async function startFakeExa(options: FakeExaOptions = {}): Promise<FakeExa> {
  const apiKey = options.apiKey ?? FAKE_EXA_API_KEY;
  const requests: FakeExaRequest[] = [];
  const documents = [...FAKE_EXA_DOCUMENTS];
  let failure: { status: number; error: string; tag: string } | null = null;
  let answerText = 'The Chiefs won in overtime [1]. A developer tools startup raised a seed round [2].';

  function withContents(
    document: FakeExaDocument,
    contents: Record<string, unknown> | undefined,
    score: number | null,
  ) {
    const result: Record<string, unknown> = {
      id: document.url,
      url: document.url,
      title: document.title,
      publishedDate: document.publishedDate,
      author: document.author,
    };
    if (score !== null) result.score = score;
    if (contents?.text) result.text = document.text;
    if (contents?.highlights) {
      result.highlights = sentences(document.text).slice(0, 2);
      result.highlightScores = [0.9, 0.7];
    }
    if (contents?.summary) result.summary = `Summary: ${sentences(document.text)[0]}`;
    return result;
  }

  function filtered(body: Record<string, unknown>) {
    const from =
      typeof body.startPublishedDate === 'string' ? Date.parse(body.startPublishedDate) : -Infinity;
    const to = typeof body.endPublishedDate === 'string' ? Date.parse(body.endPublishedDate) : Infinity;
    return documents.filter((document) => {
      if (body.includeDomains && !hostMatches(document.url, body.includeDomains)) return false;
      if (body.excludeDomains && hostMatches(document.url, body.excludeDomains)) return false;
      if (from > -Infinity || to < Infinity) {
        if (!document.publishedDate) return false;
        const time = Date.parse(document.publishedDate);
        if (time < from || time > to) return false;
      }
      return true;
    });
  }

  function search(body: Record<string, unknown>) {
    const queryWords = new Set(words(String(body.query ?? '')));
    const scored = filtered(body)
      .map((document) => {
        const documentWords = words(`${document.title ?? ''} ${document.text}`);
        const hits = documentWords.filter((word) => queryWords.has(word)).length;
        return { document, score: hits / Math.max(1, queryWords.size) };
      })
      .filter((entry) => entry.score > 0)
      .sort((a, b) => b.score - a.score)
      .slice(0, Number(body.numResults ?? 10));
    return {
      requestId: randomUUID().replace(/-/g, ''),
      resolvedSearchType: body.type === 'keyword' ? 'keyword' : 'neural',
      searchTime: 42,
      results: scored.map(({ document, score }) =>
        withContents(
          document,
          body.contents as Record<string, unknown> | undefined,
          Math.round(score * 1000) / 1000,
        ),
      ),
      costDollars: { total: 0.005, search: { neural: 0.005 } },
    };
  }

  function findSimilar(body: Record<string, unknown>) {
    const source = String(body.url ?? '');
    const results = filtered(body)
      .filter((document) => document.url !== source)
      .slice(0, Number(body.numResults ?? 10))
      .map((document) => withContents(document, body.contents as Record<string, unknown> | undefined, 0.5));
    return { requestId: randomUUID().replace(/-/g, ''), results, costDollars: { total: 0.005 } };
  }

  function contents(body: Record<string, unknown>) {
    const urls = Array.isArray(body.urls) ? body.urls.map(String) : [];
    const results: Record<string, unknown>[] = [];
    const statuses: Record<string, unknown>[] = [];
    for (const url of urls) {
      const document = documents.find((candidate) => candidate.url === url);
      if (document) {
        results.push(withContents(document, body, null));
        statuses.push({ id: url, status: 'success', source: 'cached' });
      } else {
        statuses.push({ id: url, status: 'error', error: { tag: 'CRAWL_NOT_FOUND', httpStatusCode: 404 } });
      }
    }
    return { requestId: randomUUID().replace(/-/g, ''), results, statuses, costDollars: { total: 0.001 } };
  }

  const citations = () =>
    documents.slice(0, 2).map((document) => ({
      id: document.url,
      url: document.url,
      title: document.title,
      author: document.author,
      publishedDate: document.publishedDate,
    }));

  function answer(body: Record<string, unknown>, res: ServerResponse) {
    if (body.stream === true) {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const pieces = answerText.match(/.{1,12}/g) ?? [];
      for (const piece of pieces) {
        res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: piece } }] })}\n\n`);
      }
      res.write('data: not json, skipped by clients\n\n');
      res.write(`data: ${JSON.stringify({ citations: citations() })}\n\n`);
      res.write('data: [DONE]\n\n');
      res.end();
      return;
    }
    sendJson(res, 200, {
      answer: answerText,
      citations: citations(),
      requestId: randomUUID().replace(/-/g, ''),
    });
  }

  function sendJson(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://fake-exa.invalid').pathname;
      let body: Record<string, unknown> = {};
      try {
        body = chunks.length
          ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>)
          : {};
      } catch {
        return sendJson(res, 400, {
          requestId: 'bad-json',
          error: 'Invalid JSON body',
          tag: 'INVALID_REQUEST_BODY',
        });
      }
      requests.push({ path, body, headers: req.headers });
      if (req.headers['x-api-key'] !== apiKey) {
        return sendJson(res, 401, {
          requestId: randomUUID(),
          error: 'Invalid API key',
          tag: 'INVALID_API_KEY',
        });
      }
      if (failure) {
        const { status, error, tag } = failure;
        failure = null;
        return sendJson(res, status, { requestId: randomUUID(), error, tag });
      }
      if (req.method !== 'POST')
        return sendJson(res, 405, { error: 'Method not allowed', tag: 'INVALID_REQUEST' });
      if (path === '/search') {
        if (typeof body.query !== 'string' || !body.query) {
          return sendJson(res, 400, {
            requestId: randomUUID(),
            error: 'query is required',
            tag: 'INVALID_REQUEST_BODY',
          });
        }
        return sendJson(res, 200, search(body));
      }
      if (path === '/findSimilar') return sendJson(res, 200, findSimilar(body));
      if (path === '/contents') return sendJson(res, 200, contents(body));
      if (path === '/answer') return answer(body, res);
      sendJson(res, 404, { requestId: randomUUID(), error: 'Not found', tag: 'NOT_FOUND' });
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
    requests,
    documents,
    failNext(status, error = 'Internal error', tag = 'INTERNAL_ERROR') {
      failure = { status, error, tag };
    },
    setAnswer(answer) {
      answerText = answer;
    },
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
      port: { type: 'string', default: '4200' },
      'api-key': { type: 'string', default: FAKE_EXA_API_KEY },
    },
  });
  const fake = await startFakeExa({ port: Number(values.port), apiKey: values['api-key'] });
  console.log(`fake Exa on ${fake.url}`);
  console.log(`  EXA_BASE_URL=${fake.url} EXA_API_KEY=${fake.apiKey}`);
  const stop = () => void fake.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
