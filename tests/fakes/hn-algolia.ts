/**
 * A local fake of Hacker News search on Algolia (hn.algolia.com), keyless as the real one:
 *
 * - GET /api/v1/search?query=…&tags=story&numericFilters=created_at_i>…&hitsPerPage=…
 *
 * It answers in the real shape: `{ hits: [{ created_at, title, url, author, points, story_text,
 * num_comments, story_id, created_at_i, _tags, objectID, _highlightResult }], nbHits, page, nbPages,
 * hitsPerPage, exhaustiveNbHits, query, params, processingTimeMS }`, best first (by points). Like
 * Algolia it matches loosely: every word of the query must begin a word of the title or the link, in
 * any case, so 'Blue' also finds 'Bluesky' (the app checks titles itself). Only `tags=story` and
 * `created_at_i>N` / `created_at_i<N` filters are understood; other tags answer no hits.
 *
 * Stories come from `stories` (set by tests). `fail(status)` answers every search with that status
 * until `fail(null)`; `requests` lists the query strings received.
 *
 * Standalone: `npx tsx tests/fakes/hn-algolia.ts --port 4300`.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

/** A story as tests give it; the rest of the hit is derived. */
export interface FakeHnStory {
  objectID: string;
  title: string;
  url?: string | null;
  author?: string;
  points: number;
  num_comments?: number;
  /** Unix seconds. */
  created_at_i: number;
}

export interface FakeHnAlgolia {
  url: string;
  stories: FakeHnStory[];
  /** The query strings of the searches received, in order. */
  requests: URLSearchParams[];
  /** Answers every search with this HTTP status (null: answer normally again). */
  fail(status: number | null): void;
  close(): Promise<void>;
}

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

function matches(story: FakeHnStory, query: string): boolean {
  const haystack = [...words(story.title), ...words(story.url ?? '')];
  return words(query).every((word) => haystack.some((candidate) => candidate.startsWith(word)));
}

function numericFilter(filters: string): (story: FakeHnStory) => boolean {
  const tests = filters
    .split(',')
    .map((filter) => /^created_at_i([<>])(\d+)$/.exec(filter.trim()))
    .filter((match): match is RegExpExecArray => match !== null)
    .map(
      ([, op, value]) =>
        (story: FakeHnStory) =>
          op === '>' ? story.created_at_i > Number(value) : story.created_at_i < Number(value),
    );
  return (story) => tests.every((test) => test(story));
}

function hit(story: FakeHnStory) {
  const author = story.author ?? 'fan';
  const highlight = (value: string) => ({ value, matchLevel: 'none', matchedWords: [] });
  return {
    created_at: new Date(story.created_at_i * 1000).toISOString().replace(/\.\d{3}Z$/, '.000Z'),
    title: story.title,
    url: story.url ?? null,
    author,
    points: story.points,
    story_text: null,
    comment_text: null,
    num_comments: story.num_comments ?? 0,
    story_id: null,
    story_title: null,
    story_url: null,
    parent_id: null,
    created_at_i: story.created_at_i,
    _tags: ['story', `author_${author}`, `story_${story.objectID}`],
    objectID: story.objectID,
    _highlightResult: {
      title: highlight(story.title),
      url: highlight(story.url ?? ''),
      author: highlight(author),
    },
  };
}

export async function startFakeHnAlgolia(options: { port?: number } = {}): Promise<FakeHnAlgolia> {
  const stories: FakeHnStory[] = [];
  const requests: URLSearchParams[] = [];
  let failing: number | null = null;

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method !== 'GET' || url.pathname !== '/api/v1/search') {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'Not Found', status: 404 }));
      return;
    }
    const params = url.searchParams;
    requests.push(params);
    if (failing !== null) {
      res.writeHead(failing, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: 'Service unavailable', status: failing }));
      return;
    }
    const query = params.get('query') ?? '';
    const hitsPerPage = Math.min(1000, Number(params.get('hitsPerPage') ?? 20) || 20);
    const storiesOnly = (params.get('tags') ?? 'story') === 'story';
    const inRange = numericFilter(params.get('numericFilters') ?? '');
    const found = storiesOnly
      ? stories.filter((story) => matches(story, query) && inRange(story)).sort((a, b) => b.points - a.points)
      : [];
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(
      JSON.stringify({
        hits: found.slice(0, hitsPerPage).map(hit),
        nbHits: found.length,
        page: 0,
        nbPages: Math.ceil(found.length / hitsPerPage),
        hitsPerPage,
        exhaustiveNbHits: true,
        exhaustiveTypo: true,
        query,
        params: params.toString(),
        processingTimeMS: 1,
      }),
    );
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stories,
    requests,
    fail(status) {
      failing = status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({ options: { port: { type: 'string', default: '4300' } } });
  const fake = await startFakeHnAlgolia({ port: Number(values.port) });
  console.log(`fake Hacker News search on ${fake.url}`);
  console.log(`  HN_SEARCH_URL=${fake.url}`);
  const stop = () => void fake.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
