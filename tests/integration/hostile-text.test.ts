/**
 * Pages, Jina answers, AI answers and feeds made to be slow: megabytes of one character or one
 * tag, the shapes that make a careless regular expression or an HTML parser rescan the rest of the
 * text from every position. Each goes through the real app over HTTP (page reads, get-contents with
 * summaries, the AI summary, the feed ingest) and must come back with the readable part of the text,
 * truncated, or a clear error. Before these defences each case held the event loop for minutes to
 * hours (every one of them outlasts its test's time limit on that code); no test here measures time.
 * Every server is on loopback.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PageContentResponse } from '@shared/schemas/content';
import type { GetContentsResponse, SearchResponse } from '@shared/schemas/search';
import { PAGE_MARKDOWN_MAX_CHARS } from '@server/content/reader';
import { FEED_MAX_ITEMS, FEED_XML_MAX_CHARS } from '@server/search/local/feed-parser';
import { startFakeJina, type FakeJina } from '../fakes/jina';
import { signIn } from '../helpers/sign-in';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { unique } from '../helpers/ids';

/** A bit under the guarded fetcher's 5 MiB cap, so the whole body reaches the reader. */
const PAGE_BYTES = 4_000_000;
/** Each case finishes in well under a second here; the old code took minutes on the smallest. */
const CASE_TIMEOUT_MS = 20_000;

type ErrorAnswer = { error: { code: string; message: string } };
const run = (piece: string, chars = PAGE_BYTES) =>
  piece.repeat(Math.ceil(chars / piece.length)).slice(0, chars);

const PARAGRAPH =
  'The Kansas City Chiefs came back from ten points down in the fourth quarter to beat the Buffalo Bills in overtime on Sunday night.';
const ARTICLE = `<!doctype html><html><body><article><h1>Comeback in Kansas City</h1><p>${PARAGRAPH}</p><p>${PARAGRAPH}</p><p>${PARAGRAPH}</p></article>`;

/** A loopback web of hostile pages: each path answers its body with its content type. */
interface HostileWeb {
  url: string;
  serve(body: string, type: string): string;
  close(): Promise<void>;
}

async function startHostileWeb(): Promise<HostileWeb> {
  const routes = new Map<string, { body: string; type: string }>();
  const server: Server = createServer((req, res) => {
    const route = routes.get(req.url ?? '');
    if (!route) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': route.type, 'cache-control': 'no-store' });
    res.end(route.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    serve(body, type) {
      const path = `/page/${randomUUID()}`;
      routes.set(path, { body, type });
      return `${url}${path}`;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let web: HostileWeb;
let jina: FakeJina;
const apps: TestApp[] = [];

beforeAll(async () => {
  web = await startHostileWeb();
  jina = await startFakeJina();
});
afterAll(async () => {
  await web?.close();
  await jina?.close();
});
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function start(env: Record<string, string> = {}) {
  const app = await startTestApp({
    storeKind: 'memory',
    env: { NEWS_FEEDS: '', FETCH_ALLOW_PRIVATE: '1', API_RATE_LIMIT: '1000', ...env },
  });
  apps.push(app);
  const { client } = await signIn(app, unique('hostile'));
  return { app, client };
}

async function readPage(client: Awaited<ReturnType<typeof start>>['client'], url: string) {
  const response = await client.json('/api/jina', { url });
  return { status: response.status, body: (await response.json()) as PageContentResponse & ErrorAnswer };
}

describe('POST /api/jina reads hostile pages (embedded reader)', () => {
  it.each([
    ['a run of spaces with no newline after it', 'text/plain', `Headline\n${run(' ')}x`, 'Headline'],
    [
      'a run of tabs with no newline after it',
      'text/plain',
      `Tabbed headline\n${run('\t')}x`,
      'Tabbed headline',
    ],
  ])(
    'plain text: %s comes back tidied',
    async (_name, type, body, expected) => {
      const { client } = await start();
      const { status, body: answer } = await readPage(client, web.serve(body, type));
      expect(status).toBe(200);
      expect(answer.data).toBe(expected);
    },
    CASE_TIMEOUT_MS,
  );

  it(
    'plain text: a run of image openers comes back cut at the page limit',
    async () => {
      const { client } = await start();
      const { status, body } = await readPage(client, web.serve(`Intro\n\n${run('![')}`, 'text/plain'));
      expect(status).toBe(200);
      expect(body.data.startsWith('Intro\n\n![![![')).toBe(true);
      expect(body.data).toHaveLength(PAGE_MARKDOWN_MAX_CHARS + 1);
      expect(body.data.endsWith('…')).toBe(true);
    },
    CASE_TIMEOUT_MS,
  );

  it(
    'plain text: nothing but spaces is a clear error',
    async () => {
      const { client } = await start();
      const { status, body } = await readPage(client, web.serve(run(' '), 'text/plain'));
      expect(status).toBe(502);
      expect(body.error).toEqual({
        code: 'content_failed',
        message: 'Failed to load content: No readable text was found on the page.',
      });
    },
    CASE_TIMEOUT_MS,
  );

  it.each([
    ['<head opened over and over, never closed', run('<head')],
    ['a million nested divs', run('<div>')],
    ['nested inline tags with attributes', run('<span class="a"><b>')],
    ['stray < characters', run('<')],
    ['cells of nested tables', run('<table><tr><td>')],
  ])(
    'HTML: an article followed by %s gives the article',
    async (_name, garbage) => {
      const { client } = await start();
      const { status, body } = await readPage(client, web.serve(`${ARTICLE}${garbage}`, 'text/html'));
      expect(status).toBe(200);
      expect(body.data).toContain(PARAGRAPH);
      expect(body.data.length).toBeLessThanOrEqual(PAGE_MARKDOWN_MAX_CHARS + 1);
    },
    CASE_TIMEOUT_MS,
  );

  it(
    'HTML: a page that is nothing but <head is a clear error',
    async () => {
      const { client } = await start();
      const { status, body } = await readPage(client, web.serve(run('<head'), 'text/html'));
      expect(status).toBe(502);
      expect(body.error.message).toBe('Failed to load content: No readable text was found on the page.');
    },
    CASE_TIMEOUT_MS,
  );
});

describe('POST /api/jina through Jina Reader', () => {
  const jinaEnv = () => ({ JINA_API_KEY: jina.apiKey!, JINA_READER_URL: jina.url });

  it(
    'tidies Jina markdown padded with megabytes of blanks and image openers',
    async () => {
      const { client } = await start(jinaEnv());
      const padded = `http://127.0.0.1:9/hostile/${randomUUID()}`;
      jina.pages.set(padded, { title: 'Padded', content: `Intro paragraph.\n${run(' ', 3_000_000)}x` });
      const first = await readPage(client, padded);
      expect(first.status).toBe(200);
      expect(first.body.data).toBe('Intro paragraph.');

      const images = `http://127.0.0.1:9/hostile/${randomUUID()}`;
      jina.pages.set(images, { title: 'Images', content: `Intro\n\n${run('![', 3_000_000)}` });
      const second = await readPage(client, images);
      expect(second.status).toBe(200);
      expect(second.body.data.startsWith('Intro\n\n![![')).toBe(true);
      expect(second.body.data).toHaveLength(PAGE_MARKDOWN_MAX_CHARS + 1);
    },
    CASE_TIMEOUT_MS,
  );

  it(
    'refuses a Jina answer larger than the page limit with a clear error',
    async () => {
      const { client } = await start(jinaEnv());
      const huge = `http://127.0.0.1:9/hostile/${randomUUID()}`;
      jina.pages.set(huge, { title: 'Huge', content: run('a', 9_000_000) });
      const { status, body } = await readPage(client, huge);
      expect(status).toBe(502);
      expect(body.error.message).toBe('Failed to load content: The page is too large to read here.');
    },
    CASE_TIMEOUT_MS,
  );
});

describe('POST /api/exa/get-contents summarises hostile pages (extractive summary)', () => {
  it.each([
    ['a run of image openers', '!['],
    ['a run of empty links', '[]('],
    ['a run of [', '['],
  ])(
    'a page ending in %s gets a summary of its real sentences',
    async (_name, piece) => {
      const { client } = await start();
      const lead = `${PARAGRAPH} Patrick Mahomes threw for three hundred yards and two touchdowns in the win.`;
      const url = web.serve(`${lead}\n\n${run(piece, 2_000_000)}`, 'text/plain');
      const response = await client.json('/api/exa/get-contents', {
        urls: [url],
        text: true,
        summary: true,
        highlights: true,
      });
      expect(response.status).toBe(200);
      const [result] = ((await response.json()) as GetContentsResponse).results;
      expect(result!.summary).toContain('The Kansas City Chiefs came back from ten points down');
      expect(result!.text!.length).toBeLessThanOrEqual(PAGE_MARKDOWN_MAX_CHARS + 1);
      expect(Array.isArray(result!.highlights)).toBe(true);
    },
    CASE_TIMEOUT_MS,
  );
});

/** An OpenAI-compatible endpoint whose digest answers are valid JSON padded with megabytes of blanks. */
async function startPaddedChat() {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const digest = `{"summary": "AI summary of the comeback.",${run(' ', 3_000_000)}"highlights": ["Overtime win."]}`;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'chatcmpl-1',
          object: 'chat.completion',
          created: 1,
          model: 'test-model',
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: `\`\`\`json\n${digest}`, refusal: null },
              finish_reason: 'stop',
              logprobs: null,
            },
          ],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('the AI summary', () => {
  it(
    'reads a model answer padded with megabytes of blanks inside a code fence',
    async () => {
      const chat = await startPaddedChat();
      try {
        const { client } = await start({
          OPENAI_API_KEY: 'sk-test',
          OPENAI_BASE_URL: chat.url,
          OPENAI_MODEL: 'test-model',
        });
        const url = web.serve(`${ARTICLE}</body></html>`, 'text/html');
        const response = await client.json('/api/exa/get-contents', {
          urls: [url],
          summary: true,
          highlights: true,
        });
        expect(response.status).toBe(200);
        const [result] = ((await response.json()) as GetContentsResponse).results;
        expect(result).toMatchObject({
          summary: 'AI summary of the comeback.',
          highlights: ['Overtime win.'],
        });
      } finally {
        await chat.close();
      }
    },
    CASE_TIMEOUT_MS,
  );
});

/** A field of one character that fills 15 % of the XML a feed is read from: six fit in a feed. */
const FIELD_CHARS = FEED_XML_MAX_CHARS * 0.15;
const rss = (items: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>Hostile feed</title><link>https://hostile.example/</link>${items}</channel></rss>`;
const item = (slug: string, fields: string, title = slug) =>
  `<item><title>${title}</title><link>https://hostile.example/${slug}</link>${fields}</item>`;

describe('the news feed ingest', () => {
  it(
    'ingests a feed whose fields are long runs of one character, capped',
    async () => {
      const feed = rss(
        [
          item('chiefs', `<description>${PARAGRAPH}</description>`, 'Chiefs comeback story'),
          item('parentheses', `<author>${run('(', FIELD_CHARS)}</author><description>One.</description>`),
          item('at-signs', `<author>${run('@', FIELD_CHARS)} x</author><description>Two.</description>`),
          item('images', `<content:encoded><![CDATA[${run('![', FIELD_CHARS)}]]></content:encoded>`),
          item(
            'nested',
            `<content:encoded><![CDATA[<p>Deep.</p>${run('<div>', FIELD_CHARS)}]]></content:encoded>`,
          ),
          item('spaced', `<description><![CDATA[<p>Spaced.</p>${run(' ', FIELD_CHARS)}x]]></description>`),
        ].join(''),
      );
      const feedUrl = web.serve(feed, 'application/rss+xml');
      const { app, client } = await start({ NEWS_FEEDS: feedUrl });
      const report = await app.app.news!.refresh();
      expect(report.feeds).toEqual([{ feedUrl, ok: true, items: 6 }]);

      const response = await client.json('/api/exa/search-with-content', {
        query: 'Chiefs comeback story',
        numResults: 10,
        type: 'keyword',
        text: true,
        summary: true,
      });
      expect(response.status).toBe(200);
      const body = (await response.json()) as SearchResponse;
      expect(body.results[0]).toMatchObject({ title: 'Chiefs comeback story', summary: PARAGRAPH });

      const stored = (slug: string) => app.app.news!.byArticleUrl(`https://hostile.example/${slug}`)!;
      expect(stored('parentheses').author).toBe('('.repeat(200));
      expect(stored('at-signs').author).toBe('@'.repeat(200));
      expect(stored('images').content).toBe(`${'!['.repeat(3_000)}…`);
      expect(stored('nested').description).toBe('Deep.');
      expect(stored('spaced').description).toBe('Spaced.');
    },
    CASE_TIMEOUT_MS,
  );

  it(
    'reads the items of a feed within the XML limit, and a feed of one huge item not at all',
    async () => {
      // 30 items of a tenth of the limit each: the nine whole ones within it are read.
      const items = Array.from({ length: 30 }, (_, index) =>
        item(`big-${index}`, `<description><![CDATA[${run('[', FEED_XML_MAX_CHARS / 10)}]]></description>`),
      ).join('');
      const feedUrl = web.serve(rss(items), 'application/rss+xml');
      const hugeUrl = web.serve(
        rss(item('huge', `<author>${run('(', PAGE_BYTES)}</author>`)),
        'application/rss+xml',
      );
      const { app } = await start({ NEWS_FEEDS: `${feedUrl},${hugeUrl}` });
      const report = await app.app.news!.refresh();
      const byUrl = new Map(report.feeds.map((feed) => [feed.feedUrl, feed]));
      expect(byUrl.get(feedUrl)).toEqual({ feedUrl, ok: true, items: 9 });
      expect(byUrl.get(hugeUrl)).toMatchObject({
        ok: false,
        error: expect.stringContaining('first item is larger'),
      });
    },
    CASE_TIMEOUT_MS,
  );

  it(
    `reads at most ${FEED_MAX_ITEMS} items of a feed`,
    async () => {
      const items = Array.from({ length: 20_000 }, (_, index) => item(`story-${index}`, '')).join('');
      const feedUrl = web.serve(rss(items), 'application/rss+xml');
      const { app } = await start({ NEWS_FEEDS: feedUrl });
      const report = await app.app.news!.refresh();
      expect(report.feeds).toEqual([{ feedUrl, ok: true, items: FEED_MAX_ITEMS }]);
      expect(app.app.news!.size).toBe(FEED_MAX_ITEMS);
    },
    CASE_TIMEOUT_MS,
  );
});
