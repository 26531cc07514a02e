import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FrameCheckResponse, PageContentResponse } from '@shared/schemas/content';
import {
  answerStreamChunkSchema,
  type AnswerResponse,
  type AnswerStreamChunk,
  type GetContentsResponse,
} from '@shared/schemas/search';
import { startFakeJina, type FakeJina } from '../fakes/jina';
import { startFakeNewsFeeds, type FakeNewsFeeds } from '../fakes/news-feeds';
import { signIn } from '../helpers/sign-in';
import { cookieClient, startTestApp, type TestApp } from '../helpers/test-app';
import { unique } from '../helpers/ids';

// Page content (POST /api/jina), the frame check, Jina Reader, and AI summaries and answers through an
// OpenAI-compatible endpoint. Real sign-in and real HTTP; every upstream is a loopback fake.

type ErrorAnswer = { error: { code: string; message: string } };

let feeds: FakeNewsFeeds;
const apps: TestApp[] = [];

beforeAll(async () => {
  feeds = await startFakeNewsFeeds();
});
afterAll(async () => {
  await feeds?.close();
});
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function start(env: Record<string, string> = {}) {
  const app = await startTestApp({ storeKind: 'memory', env: { NEWS_FEEDS: '', ...env } });
  apps.push(app);
  const { client } = await signIn(app, unique('reader'));
  return { app, client };
}

async function json<T>(response: Response): Promise<{ status: number; body: T }> {
  return { status: response.status, body: (await response.json()) as T };
}

describe('POST /api/jina with the embedded reader', () => {
  it('answers the page text as markdown with success, url and timestamp', async () => {
    const { client } = await start({ FETCH_ALLOW_PRIVATE: '1' });
    const url = feeds.articleUrl('typescript-release');
    const { status, body } = await json<PageContentResponse>(await client.json('/api/jina', { url }));
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.url).toBe(url);
    expect(body.title).toBe('TypeScript 6 release brings faster type checking and a new compiler');
    expect(Number.isNaN(Date.parse(body.timestamp))).toBe(false);
    expect(body.data).toContain('native compiler that type checks large codebases');
    expect(body.data).not.toContain('<p>');
    expect(body.data).not.toContain('Most read');
  });

  it('refuses loopback pages when FETCH_ALLOW_PRIVATE is off, before any request is sent', async () => {
    const { client } = await start();
    const before = feeds.stats().pageRequests;
    const { status, body } = await json<ErrorAnswer>(
      await client.json('/api/jina', { url: feeds.articleUrl('typescript-release') }),
    );
    expect(status).toBe(400);
    expect(body.error).toEqual({
      code: 'url_refused',
      message: 'This address points to a private or local network and cannot be read.',
    });
    expect(feeds.stats().pageRequests).toBe(before);
  });

  it('refuses what is not an http(s) URL', async () => {
    const { client } = await start({ FETCH_ALLOW_PRIVATE: '1' });
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'not a url']) {
      const { status, body } = await json<ErrorAnswer>(await client.json('/api/jina', { url }));
      expect(status).toBe(400);
      expect(body.error.code).toBe('bad_request');
      expect(body.error.message).toContain('url');
    }
  });

  it('answers 502 with the reason for a missing page', async () => {
    const { client } = await start({ FETCH_ALLOW_PRIVATE: '1' });
    const { status, body } = await json<ErrorAnswer>(
      await client.json('/api/jina', { url: `${feeds.url}/articles/missing` }),
    );
    expect(status).toBe(502);
    expect(body.error).toEqual({
      code: 'content_failed',
      message: 'Failed to load content: The page was not found (HTTP 404).',
    });
  });

  it('needs a signed-in user', async () => {
    const { app } = await start({ FETCH_ALLOW_PRIVATE: '1' });
    const anonymous = cookieClient(app.baseUrl);
    expect((await anonymous.json('/api/jina', { url: feeds.articleUrl('typescript-release') })).status).toBe(
      401,
    );
  });
});

describe('GET /api/content/frame-check', () => {
  const check = async (client: Awaited<ReturnType<typeof start>>['client'], url: string) =>
    json<FrameCheckResponse>(await client.request(`/api/content/frame-check?url=${encodeURIComponent(url)}`));

  it.each([
    ['typescript-release', true, null, null],
    ['chiefs-rally-past-bills', false, 'x-frame-options-deny', 'X-Frame-Options: DENY'],
    ['yankees-sign-ace', false, 'x-frame-options-sameorigin', 'X-Frame-Options: SAMEORIGIN'],
    ['oilers-mcdavid-record', false, 'csp-frame-ancestors', "frame-ancestors 'none'"],
    ['ai-startup-raises-series-b', false, 'csp-frame-ancestors', "frame-ancestors 'self'"],
  ])('%s: embeddable %s (%s)', async (slug, embeddable, reason, detail) => {
    const { client } = await start({ FETCH_ALLOW_PRIVATE: '1' });
    const url = feeds.articleUrl(slug);
    const { status, body } = await check(client, url);
    expect(status).toBe(200);
    expect(body).toEqual({ url, embeddable, reason, detail });
  });

  it('refuses private addresses and non-http URLs', async () => {
    const { client } = await start();
    const refused = await check(client, feeds.articleUrl('typescript-release'));
    expect(refused.status).toBe(400);
    expect((refused.body as unknown as ErrorAnswer).error.code).toBe('url_refused');
    const bad = await check(client, 'ftp://example.com/');
    expect(bad.status).toBe(400);
    expect((bad.body as unknown as ErrorAnswer).error.code).toBe('bad_request');
  });

  it('answers 502 when the page cannot be reached', async () => {
    const { client } = await start({ FETCH_ALLOW_PRIVATE: '1' });
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const { status, body } = await check(client, `http://127.0.0.1:${port}/`);
    expect(status).toBe(502);
    expect((body as unknown as ErrorAnswer).error).toEqual({
      code: 'content_failed',
      message: 'Failed to load content: The page could not be reached.',
    });
  });
});

describe('Jina Reader (JINA_API_KEY set)', () => {
  let jina: FakeJina;
  beforeAll(async () => {
    jina = await startFakeJina();
  });
  afterAll(async () => {
    await jina?.close();
  });

  const jinaEnv = () => ({ JINA_API_KEY: jina.apiKey!, JINA_READER_URL: jina.url, FETCH_ALLOW_PRIVATE: '1' });

  it('reads pages through Jina with the key, and answers its markdown', async () => {
    const { client } = await start(jinaEnv());
    const url = 'http://127.0.0.1:9/articles/through-jina';
    jina.pages.set(url, {
      title: 'Read by Jina',
      content: 'Jina **markdown** content.\n\n![chart](https://img.example/chart.png)\n\nSecond paragraph.',
      publishedTime: '2025-01-02T03:04:05Z',
    });
    const { status, body } = await json<PageContentResponse>(await client.json('/api/jina', { url }));
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, url, title: 'Read by Jina' });
    expect(body.data).toBe('Jina **markdown** content.\n\nSecond paragraph.');
    const sent = jina.requests.at(-1)!;
    expect(sent.method).toBe('POST');
    expect(sent.target).toBe(url);
    expect(sent.headers.authorization).toBe(`Bearer ${jina.apiKey}`);
    expect(sent.headers.accept).toBe('application/json');
  });

  it('gives Jina’s reason when it cannot load a page', async () => {
    const { client } = await start(jinaEnv());
    const { status, body } = await json<ErrorAnswer>(
      await client.json('/api/jina', { url: 'http://127.0.0.1:9/articles/missing' }),
    );
    expect(status).toBe(502);
    expect(body.error.code).toBe('content_failed');
    expect(body.error.message).toContain('Failed to goto');
  });

  it('still refuses private addresses without sending them to Jina', async () => {
    const { client } = await start({ ...jinaEnv(), FETCH_ALLOW_PRIVATE: '' });
    const before = jina.requests.length;
    const { status } = await json<ErrorAnswer>(
      await client.json('/api/jina', { url: 'http://10.0.0.5/admin' }),
    );
    expect(status).toBe(400);
    expect(jina.requests.length).toBe(before);
  });

  it('reports a wrong key as a reader failure', async () => {
    const { client } = await start({ ...jinaEnv(), JINA_API_KEY: 'wrong-key' });
    const { status, body } = await json<ErrorAnswer>(
      await client.json('/api/jina', { url: 'http://127.0.0.1:9/articles/any' }),
    );
    expect(status).toBe(502);
    expect(body.error.message).toBe('Failed to load content: The page reader failed. Please try again.');
  });
});

/**
 * A minimal OpenAI-compatible chat endpoint: `article_digest` structured output, plain answers, and
 * streamed answers (SSE chat.completion.chunk frames ending with [DONE]), per the reference's 5.5.
 */
async function startFakeChat() {
  let failing = false;
  let cutStreams = false;
  const requests: { body: Record<string, unknown>; authorization?: string }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      requests.push({ body, authorization: req.headers.authorization });
      if (failing) {
        res.writeHead(500, { 'content-type': 'application/json', 'x-should-retry': 'false' });
        res.end(
          JSON.stringify({ error: { message: 'boom', type: 'server_error', param: null, code: null } }),
        );
        return;
      }
      const format = body.response_format as { json_schema?: { name?: string } } | undefined;
      const content =
        format?.json_schema?.name === 'article_digest'
          ? JSON.stringify({
              summary: 'AI summary of the story.',
              highlights: ['AI point one.', 'AI point two.'],
            })
          : 'The Chiefs won in overtime [1].';
      if (body.stream) {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        if (cutStreams) {
          // One piece, then the connection drops mid-answer.
          const chunk = {
            id: 'c',
            object: 'chat.completion.chunk',
            created: 1,
            model: body.model,
            choices: [{ index: 0, delta: { content: 'The Chiefs' }, finish_reason: null }],
          };
          res.write(`data: ${JSON.stringify(chunk)}\n\n`, () => res.destroy());
          return;
        }
        for (const piece of content.match(/.{1,8}/g)!) {
          const chunk = {
            id: 'chatcmpl-1',
            object: 'chat.completion.chunk',
            created: 1,
            model: body.model,
            choices: [{ index: 0, delta: { content: piece }, finish_reason: null }],
          };
          res.write(`data: ${JSON.stringify(chunk)}\n\n`);
        }
        res.write(
          `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: body.model, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`,
        );
        res.end('data: [DONE]\n\n');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'chatcmpl-1',
          object: 'chat.completion',
          created: 1,
          model: body.model,
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content, refusal: null },
              finish_reason: 'stop',
              logprobs: null,
            },
          ],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    fail(value: boolean) {
      failing = value;
    },
    cutStreams(value: boolean) {
      cutStreams = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Reads a server-sent event stream into its `data: ` payloads. */
async function readEvents(response: Response): Promise<string[]> {
  const text = await response.text();
  return text
    .split('\n\n')
    .filter(Boolean)
    .map((event) => {
      expect(event.startsWith('data: ')).toBe(true);
      return event.slice('data: '.length);
    });
}

describe('AI summaries and answers (OPENAI_API_KEY set, local index)', () => {
  let chat: Awaited<ReturnType<typeof startFakeChat>>;
  beforeAll(async () => {
    chat = await startFakeChat();
  });
  afterAll(async () => {
    await chat?.close();
  });

  const aiEnv = () => ({
    OPENAI_API_KEY: 'sk-test',
    OPENAI_BASE_URL: chat.url,
    OPENAI_MODEL: 'test-model',
    FETCH_ALLOW_PRIVATE: '1',
    NEWS_FEEDS: `${feeds.feeds.tech},${feeds.feeds.sports}`,
  });

  it('summarises a page with the model, and falls back to the extractive summary when it fails', async () => {
    const { client } = await start(aiEnv());
    const url = feeds.articleUrl('react-compiler-stable');
    const { status, body } = await json<GetContentsResponse>(
      await client.json('/api/exa/get-contents', {
        urls: [url],
        text: true,
        highlights: true,
        summary: true,
      }),
    );
    expect(status).toBe(200);
    expect(body.results[0]).toMatchObject({
      summary: 'AI summary of the story.',
      highlights: ['AI point one.', 'AI point two.'],
    });
    const sent = chat.requests.at(-1)!;
    expect(sent.authorization).toBe('Bearer sk-test');
    expect(sent.body.model).toBe('test-model');
    expect(JSON.stringify(sent.body.messages)).toContain('automatic memoisation');

    chat.fail(true);
    try {
      const other = feeds.articleUrl('oilers-mcdavid-record');
      const { body: fallback } = await json<GetContentsResponse>(
        await client.json('/api/exa/get-contents', { urls: [other], summary: true }),
      );
      expect(fallback.results[0]!.summary).toMatch(/^Connor McDavid set an Edmonton Oilers record/);
    } finally {
      chat.fail(false);
    }
  });

  it('answers a question from the index with citations', async () => {
    const { app, client } = await start(aiEnv());
    await app.app.news!.refresh();
    const { status, body } = await json<AnswerResponse>(
      await client.json('/api/exa/answer', { query: 'Did the Chiefs beat the Bills?' }),
    );
    expect(status).toBe(200);
    expect(body.provider).toBe('local');
    expect(body.answer).toBe('The Chiefs won in overtime [1].');
    expect(body.citations[0]).toMatchObject({
      title: 'Kansas City Chiefs rally past the Bills in overtime thriller',
    });
    expect(body.citations[0]).not.toHaveProperty('text');
    expect(JSON.stringify(chat.requests.at(-1)!.body.messages)).toContain('[1] Kansas City Chiefs rally');
  });

  it('streams the answer as data: lines of text and citations, ending with [DONE]', async () => {
    const { app, client } = await start(aiEnv());
    await app.app.news!.refresh();
    const response = await client.json('/api/exa/stream-answer', {
      query: 'Chiefs Bills overtime',
      text: true,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const events = await readEvents(response);
    expect(events.at(-1)).toBe('[DONE]');
    const chunks = events.slice(0, -1).map((event) => answerStreamChunkSchema.parse(JSON.parse(event)));
    const text = chunks.flatMap((chunk) => (chunk.type === 'text' ? [chunk.content] : [])).join('');
    expect(text).toBe('The Chiefs won in overtime [1].');
    const citations = chunks.find(
      (chunk): chunk is Extract<AnswerStreamChunk, { type: 'citations' }> => chunk.type === 'citations',
    );
    expect(citations!.citations[0]!.title).toContain('Chiefs');
    expect(citations!.citations[0]!.text).toContain('Mahomes');
  });

  it('ends with an error event, then [DONE], when the model stops mid-answer', async () => {
    const { app, client } = await start(aiEnv());
    await app.app.news!.refresh();
    chat.cutStreams(true);
    try {
      const response = await client.json('/api/exa/stream-answer', { query: 'Chiefs' });
      expect(response.status).toBe(200);
      const events = await readEvents(response);
      expect(events.at(-1)).toBe('[DONE]');
      const chunks = events.slice(0, -1).map((event) => answerStreamChunkSchema.parse(JSON.parse(event)));
      expect(chunks[0]).toEqual({ type: 'text', content: 'The Chiefs' });
      expect(chunks.at(-1)).toEqual({
        type: 'error',
        error: { code: 'search_failed', message: 'Search failed: the AI endpoint did not answer.' },
      });
    } finally {
      chat.cutStreams(false);
    }
  });

  it('answers an HTTP error when the model fails before the first piece of the stream', async () => {
    const { app, client } = await start(aiEnv());
    await app.app.news!.refresh();
    chat.fail(true);
    try {
      const response = await client.json('/api/exa/stream-answer', { query: 'Chiefs' });
      // The first chunk failed before the headers went out: an HTTP error the client can show.
      expect(response.status).toBe(502);
      expect(((await response.json()) as ErrorAnswer).error.code).toBe('search_failed');
    } finally {
      chat.fail(false);
    }
  });
});
