import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  answerStreamChunkSchema,
  type AnswerResponse,
  type GetContentsResponse,
  type SearchResponse,
} from '@shared/schemas/search';
import { startFakeExa, type FakeExa } from '../fakes/exa';
import { signIn } from '../helpers/sign-in';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { unique } from '../helpers/ids';

// With EXA_API_KEY set, /api/exa runs on Exa (a loopback fake speaking Exa's shapes): what the app
// sends to Exa, what it answers the browser, and how Exa's failures reach the user.

// The server checks a URL's address before handing it to Exa (no private targets). Names resolve
// through this stub, to a public address that is never contacted (Exa fetches, not the server), so the
// tests send no DNS query.
vi.mock('node:dns/promises', () => {
  const lookup = async () => [{ address: '93.184.216.34', family: 4 }];
  return { lookup, default: { lookup } };
});

type ErrorAnswer = { error: { code: string; message: string } };

let exa: FakeExa;
let app: TestApp;
let client: Awaited<ReturnType<typeof signIn>>['client'];

beforeAll(async () => {
  exa = await startFakeExa();
  app = await startTestApp({
    storeKind: 'memory',
    env: { EXA_API_KEY: exa.apiKey, EXA_BASE_URL: exa.url, NEWS_FEEDS: '', API_RATE_LIMIT: '1000' },
  });
  client = (await signIn(app, unique('exa-user'))).client;
});
afterAll(async () => {
  await app?.close();
  await exa?.close();
});
beforeEach(() => {
  exa.requests.length = 0;
});

async function post<T>(path: string, body: unknown): Promise<{ status: number; body: T }> {
  const response = await client.json(path, body);
  return { status: response.status, body: (await response.json()) as T };
}

describe('search on Exa', () => {
  it('has no local news index', () => {
    expect(app.app.news).toBeNull();
  });

  it('sends /search with the filters and no contents, with the key in x-api-key', async () => {
    const { status, body } = await post<SearchResponse>('/api/exa/search', {
      query: 'Chiefs overtime',
      numResults: 5,
      type: 'keyword',
      useAutoprompt: false,
      startPublishedDate: '2020-01-01',
      includeDomains: ['https://www.espn.example/'],
    });
    expect(status).toBe(200);
    const sent = exa.requests[0]!;
    expect(sent.path).toBe('/search');
    expect(sent.headers['x-api-key']).toBe(exa.apiKey);
    expect(sent.body).toEqual({
      query: 'Chiefs overtime',
      numResults: 5,
      type: 'keyword',
      useAutoprompt: false,
      startPublishedDate: '2020-01-01',
      includeDomains: ['www.espn.example'],
    });
    expect(body.provider).toBe('exa');
    expect(body.requestId).toMatch(/^[0-9a-f]{32}$/);
    expect(body.resolvedSearchType).toBe('keyword');
    expect(body.results).toEqual([
      {
        id: 'https://www.espn.example/nfl/story/chiefs-win',
        url: 'https://www.espn.example/nfl/story/chiefs-win',
        title: 'Chiefs win in overtime',
        publishedDate: expect.any(String) as string,
        author: 'Jordan Hale',
        score: expect.any(Number) as number,
      },
    ]);
  });

  it('sends search-with-content flags nested under contents, leaving out the false ones', async () => {
    const { body } = await post<SearchResponse>('/api/exa/search-with-content', {
      query: 'full stack software engineering',
      text: true,
      highlights: false,
      summary: true,
    });
    expect(exa.requests[0]!.body).toMatchObject({
      query: 'full stack software engineering',
      numResults: 10,
      type: 'neural',
      useAutoprompt: true,
      contents: { text: true, summary: true },
    });
    const hn = body.results.find((result) => result.url.includes('ycombinator'))!;
    // Exa may give a null title and no date or author: the title falls back to the URL.
    expect(hn).toMatchObject({ title: hn.url, publishedDate: null, author: null });
    expect(hn.text).toContain('Show HN');
    expect(hn.summary).toMatch(/^Summary: /);
    expect(hn).not.toHaveProperty('highlights');
  });

  it('sends find-similar to /findSimilar', async () => {
    const url = 'https://www.espn.example/nfl/story/chiefs-win';
    const { status, body } = await post<SearchResponse>('/api/exa/find-similar', { url, numResults: 2 });
    expect(status).toBe(200);
    expect(exa.requests[0]).toMatchObject({ path: '/findSimilar', body: { url, numResults: 2 } });
    expect(exa.requests[0]!.body).not.toHaveProperty('contents');
    expect(body.results).toHaveLength(2);
    expect(body.results.map((result) => result.url)).not.toContain(url);
  });

  it('sends get-contents to /contents with the flags at the top level', async () => {
    const url = 'https://www.theverge.example/tech/typescript-native-compiler';
    const { status, body } = await post<GetContentsResponse>('/api/exa/get-contents', {
      urls: [url],
      text: true,
      highlights: true,
      summary: true,
    });
    expect(status).toBe(200);
    expect(exa.requests[0]).toMatchObject({
      path: '/contents',
      body: { urls: [url], text: true, highlights: true, summary: true },
    });
    expect(body.statuses).toEqual([{ id: url, status: 'success' }]);
    expect(body.results[0]).toMatchObject({
      url,
      title: 'TypeScript gets a native compiler',
      author: null,
      highlights: [
        'The TypeScript team shipped a native compiler that type checks large projects much faster.',
        'Editor start-up improves most in monorepos.',
      ],
    });
  });

  it('answers 502 with Exa’s per-URL reason when no page could be read', async () => {
    const { status, body } = await post<ErrorAnswer>('/api/exa/get-contents', {
      urls: ['https://unknown.example/page'],
    });
    expect(status).toBe(502);
    expect(body.error).toEqual({
      code: 'content_failed',
      message: 'Failed to load content: The page could not be read (CRAWL_NOT_FOUND).',
    });
  });
});

describe('answers on Exa', () => {
  it('answers with citations', async () => {
    const { status, body } = await post<AnswerResponse>('/api/exa/answer', { query: 'What happened?' });
    expect(status).toBe(200);
    expect(exa.requests[0]).toMatchObject({
      path: '/answer',
      body: { query: 'What happened?', stream: false, text: false, model: 'exa' },
    });
    expect(body).toMatchObject({
      success: true,
      provider: 'exa',
      answer: 'The Chiefs won in overtime [1]. A developer tools startup raised a seed round [2].',
    });
    expect(body.citations).toHaveLength(2);
  });

  it('streams the answer as data: lines, skipping Exa’s unparsable chunk, ending with [DONE]', async () => {
    exa.setAnswer('Streaming works, piece by piece.');
    const response = await client.json('/api/exa/stream-answer', { query: 'stream it' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(exa.requests[0]!.body).toMatchObject({ stream: true });
    const raw = await response.text();
    const events = raw.split('\n\n').filter(Boolean);
    expect(events.every((event) => event.startsWith('data: '))).toBe(true);
    expect(events.at(-1)).toBe('data: [DONE]');
    const chunks = events
      .slice(0, -1)
      .map((event) => answerStreamChunkSchema.parse(JSON.parse(event.slice(6))));
    expect(
      chunks
        .filter((chunk) => chunk.type === 'text')
        .map((chunk) => chunk.content)
        .join(''),
    ).toBe('Streaming works, piece by piece.');
    expect(chunks.at(-1)).toMatchObject({ type: 'citations' });
  });
});

describe('Exa failures as the user sees them', () => {
  it('turns an Exa 500 into 502 "Search failed"', async () => {
    exa.failNext(500, 'Internal server error', 'INTERNAL_ERROR');
    const { status, body } = await post<ErrorAnswer>('/api/exa/search', { query: 'Chiefs' });
    expect(status).toBe(502);
    expect(body.error).toEqual({ code: 'search_failed', message: 'Search failed' });
  });

  it('passes on Exa’s reason for a request it refused', async () => {
    exa.failNext(400, 'numResults must be at most 25 for this plan', 'NUM_RESULTS_EXCEEDED');
    const { status, body } = await post<ErrorAnswer>('/api/exa/search', { query: 'Chiefs', numResults: 50 });
    expect(status).toBe(502);
    expect(body.error.message).toBe('Search failed: numResults must be at most 25 for this plan');
  });

  it('says the service is busy on Exa’s 429', async () => {
    exa.failNext(429, 'Rate limit exceeded', 'RATE_LIMIT');
    const { status, body } = await post<ErrorAnswer>('/api/exa/search-with-content', { query: 'Chiefs' });
    expect(status).toBe(429);
    expect(body.error.message).toBe('The search service is busy. Please try again in a moment.');
  });

  it('answers an HTTP error, not a broken stream, when the answer stream fails at once', async () => {
    exa.failNext(503, 'Service unavailable', 'UNAVAILABLE');
    const response = await client.json('/api/exa/stream-answer', { query: 'stream it' });
    expect(response.status).toBe(502);
    expect(((await response.json()) as ErrorAnswer).error.code).toBe('search_failed');
  });

  it('reports a refused key without showing it', async () => {
    const wrongKey = await startTestApp({
      storeKind: 'memory',
      env: { EXA_API_KEY: 'not-the-key', EXA_BASE_URL: exa.url, NEWS_FEEDS: '' },
    });
    try {
      const user = (await signIn(wrongKey, unique('wrong-key'))).client;
      const response = await user.json('/api/exa/search', { query: 'Chiefs' });
      expect(response.status).toBe(502);
      const { error } = (await response.json()) as ErrorAnswer;
      expect(error.message).toBe('Search failed: the search service refused this server’s API key.');
      expect(error.message).not.toContain('not-the-key');
    } finally {
      await wrongKey.close();
    }
  });

  it('reports an unreachable Exa as a search failure', async () => {
    const unreachable = await startTestApp({
      storeKind: 'memory',
      env: { EXA_API_KEY: exa.apiKey, EXA_BASE_URL: 'http://127.0.0.1:9', NEWS_FEEDS: '' },
    });
    try {
      const user = (await signIn(unreachable, unique('unreachable'))).client;
      const response = await user.json('/api/exa/search', { query: 'Chiefs' });
      expect(response.status).toBe(502);
      expect(((await response.json()) as ErrorAnswer).error).toEqual({
        code: 'search_failed',
        message: 'Search failed',
      });
    } finally {
      await unreachable.close();
    }
  });

  it('rate-limits each user before calling Exa', async () => {
    const limited = await startTestApp({
      storeKind: 'memory',
      env: { EXA_API_KEY: exa.apiKey, EXA_BASE_URL: exa.url, NEWS_FEEDS: '', API_RATE_LIMIT: '2' },
    });
    try {
      const user = (await signIn(limited, unique('limited'))).client;
      expect((await user.json('/api/exa/search', { query: 'Chiefs' })).status).toBe(200);
      expect((await user.json('/api/exa/answer', { query: 'Chiefs' })).status).toBe(200);
      const calls = exa.requests.length;
      const refused = await user.json('/api/exa/stream-answer', { query: 'Chiefs' });
      expect(refused.status).toBe(429);
      expect(exa.requests.length).toBe(calls);
    } finally {
      await limited.close();
    }
  });
});
