/**
 * Hostile text: how long the server's event loop stalls while it reads pages, Jina answers, AI
 * answers and feeds made to be slow (megabytes of one character or one tag, the shapes that make a
 * regular expression or an HTML parser super-linear), beside a normal article read the same way. The
 * longest stall is what every other user waits (chat, sockets, the API) while one request is served.
 *
 * Ours runs as deployed (the composition root, memory store, in its own process); a probe preloaded
 * into it (this file, in its `probe` role) keeps perf_hooks' monitorEventLoopDelay and answers the
 * harness over IPC. Every page, feed, Jina Reader and AI endpoint is a loopback server in the
 * harness. `--app-root DIR` runs another checkout (e.g. before these defences; use a small `--size`
 * there: at four megabytes the old code stalls for hours).
 * `npm run bench:hostile -- --help` lists the options.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

if (process.env.HOSTILE_BENCH_ROLE === 'probe') {
  installLoopProbe();
} else if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // Run, not imported (bench/feed-parsers.ts reuses hostileFeeds).
  await main();
}

/** A paragraph of a normal news story, numbered. */
function sentence(i: number) {
  return (
    `The Kansas City Chiefs came back from ten points down in the fourth quarter, paragraph ${i} says, ` +
    `as <a href="/players/${i}">Patrick Mahomes</a> found his receivers and the defence held the Bills to ` +
    `<strong>three</strong> points in the last twelve minutes of regulation at Arrowhead Stadium.`
  );
}

/**
 * The feeds the app ingests here: a normal one of 50 items, one whose fields are `size` characters of
 * one character or tag in all, and one of `size` characters of tiny items.
 */
export function hostileFeeds(size: number) {
  const run = (piece: string, chars = size) => piece.repeat(Math.ceil(chars / piece.length)).slice(0, chars);
  const rssItem = (slug: string, fields: string) =>
    `<item><title>${slug}</title><link>https://bench.example/${slug}</link>${fields}</item>`;
  const rss = (items: string) =>
    `<?xml version="1.0"?><rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>Bench</title>${items}</channel></rss>`;
  const normalFeed = rss(
    Array.from({ length: 50 }, (_, i) =>
      rssItem(
        `normal-story-${i}`,
        `<description><![CDATA[<p>${sentence(i)}</p>]]></description><content:encoded><![CDATA[<p>${sentence(i)}</p><p>${sentence(i + 1)}</p>]]></content:encoded>`,
      ),
    ).join(''),
  );
  const part = Math.floor(size / 5);
  const hostileFeed = rss(
    [
      rssItem('marker-story', `<description>${sentence(0)}</description>`),
      rssItem('parentheses', `<author>${run('(', part)}</author>`),
      rssItem('at-signs', `<author>${run('@', part)} x</author>`),
      rssItem('images', `<content:encoded><![CDATA[${run('![', part)}]]></content:encoded>`),
      rssItem('nested', `<content:encoded><![CDATA[<p>Deep.</p>${run('<div>', part)}]]></content:encoded>`),
    ].join(''),
  );
  const manyItemsFeed = rss(
    [rssItem('marker-story', '<description>First.</description>')]
      .concat(Array.from({ length: Math.floor(size / 80) }, (_, i) => rssItem(`s${i}`, '')))
      .join(''),
  );
  return { normalFeed, hostileFeed, manyItemsFeed };
}

/** In the server: reset and read the event-loop delay histogram when the harness asks. */
function installLoopProbe() {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  process.on('message', (request: { probe?: string; id?: number }) => {
    if (request?.probe === 'loop-reset') {
      histogram.reset();
      process.send!({ id: request.id });
    } else if (request?.probe === 'loop-read') {
      process.send!({ id: request.id, maxMs: histogram.max / 1e6, p99Ms: histogram.percentile(99) / 1e6 });
    }
  });
}

async function main() {
  const { createServer } = await import('node:http');
  const { randomUUID } = await import('node:crypto');
  const { fileURLToPath } = await import('node:url');
  const { parseArgs } = await import('node:util');
  const { startFakeJina } = await import('../tests/fakes/jina');
  const { cpuMs, sleep } = await import('./lib/processes');
  const { fmt, machine, saveResult, table } = await import('./lib/report');
  const { signIn } = await import('./lib/sign-in');
  const { startApp } = await import('./lib/targets');

  const { values: args } = parseArgs({
    options: {
      size: { type: 'string', default: '4000000', description: 'characters of each hostile run' },
      reps: { type: 'string', default: '5' },
      'app-root': { type: 'string' },
      only: { type: 'string', description: 'run the cases whose name contains one of these (comma list)' },
      help: { type: 'boolean', default: false },
    },
  });
  if (args.help) {
    console.log('npm run bench:hostile -- [--size 4000000] [--reps 5] [--app-root DIR] [--only spaces,feed]');
    process.exit(0);
  }
  const size = Number(args.size);
  const reps = Number(args.reps);
  const run = (piece: string, chars = size) => piece.repeat(Math.ceil(chars / piece.length)).slice(0, chars);

  // ---- loopback web: pages, feeds (held until released), Jina Reader, an AI endpoint ----------------

  const pages = new Map<string, { body: string; type: string }>();
  const held = new Map<string, () => void>();
  const web = createServer((req, res) => {
    const page = pages.get(req.url ?? '');
    if (!page) {
      res.writeHead(404).end();
      return;
    }
    const send = () => {
      res.writeHead(200, { 'content-type': page.type });
      res.end(page.body);
    };
    // A feed is held until the harness has reset the probe: the first ingest runs at start-up.
    if (req.url!.startsWith('/feed/')) held.set(req.url!, send);
    else send();
  });
  await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
  const webUrl = `http://127.0.0.1:${(web.address() as { port: number }).port}`;
  const serve = (body: string, type: string, prefix = '/page/') => {
    const path = `${prefix}${randomUUID()}`;
    pages.set(path, { body, type });
    return `${webUrl}${path}`;
  };

  const jina = await startFakeJina();

  let aiContent = '';
  const chat = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'c',
          object: 'chat.completion',
          created: 1,
          model: 'bench',
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: aiContent, refusal: null },
              finish_reason: 'stop',
            },
          ],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => chat.listen(0, '127.0.0.1', resolve));
  const chatUrl = `http://127.0.0.1:${(chat.address() as { port: number }).port}/v1`;

  // ---- inputs ---------------------------------------------------------------------------------------

  /** A normal news page: about 120 KB with its inline data and styles, navigation, a 40-paragraph article. */
  const normalPage = [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Chiefs rally past Bills | Sports</title>',
    '<meta property="og:title" content="Chiefs rally past Bills"><meta name="author" content="Jordan Hale">',
    '<meta property="article:published_time" content="2026-11-22T21:00:00Z">',
    `<style>${'.card{display:flex;margin:0 auto;padding:1rem}'.repeat(200)}</style>`,
    `<script>window.__DATA__=${JSON.stringify({ items: Array.from({ length: 2_500 }, (_, i) => ({ id: i, title: `Story ${i}` })) })}</script>`,
    '</head><body><header><nav>',
    Array.from({ length: 60 }, (_, i) => `<a class="nav-link" href="/section/${i}">Section ${i}</a>`).join(
      '',
    ),
    '</nav></header><main><article><h1>Chiefs rally past Bills in overtime</h1><p class="byline">By Jordan Hale</p>',
    Array.from({ length: 40 }, (_, i) => `<p>${sentence(i)} ${sentence(i + 1)}</p>`).join('\n'),
    '<figure><img src="/photo.jpg" alt="Mahomes"><figcaption>Mahomes in overtime.</figcaption></figure>',
    '</article><aside><h2>Related</h2><ul>',
    Array.from({ length: 10 }, (_, i) => `<li><a href="/story/${i}">Related story ${i}</a></li>`).join(''),
    '</ul></aside></main><footer>',
    Array.from({ length: 40 }, (_, i) => `<a href="/about/${i}">Footer link ${i}</a>`).join(' '),
    '</footer></body></html>',
  ].join('');
  const normalText = Array.from({ length: 40 }, (_, i) => sentence(i).replace(/<[^>]*>/g, '')).join('\n\n');
  const article = `<!doctype html><html><body><article><h1>Comeback</h1><p>${sentence(1)}</p><p>${sentence(2)}</p></article>`;
  const lead = `${sentence(1).replace(/<[^>]*>/g, '')}\n\n`;

  const { normalFeed, hostileFeed, manyItemsFeed } = hostileFeeds(size);

  // ---- the cases --------------------------------------------------------------------------------------

  type Kind = 'normal' | 'hostile';
  interface Case {
    name: string;
    kind: Kind;
    app: 'embedded' | 'jina' | 'ai' | 'feeds';
    input: string;
    /** Sends the request (a fresh URL each time: the app caches pages); returns a short description. */
    send?: (target: Target) => Promise<string>;
    /** For an ingest: the feed a fresh app reads at start-up. */
    feed?: string;
  }
  interface Target {
    url: string;
    cookie: string;
    pid: number;
    request<T>(message: Record<string, unknown>): Promise<T>;
  }

  const post = async (target: Target, path: string, body: unknown) => {
    const response = await fetch(`${target.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: target.cookie },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, json: JSON.parse(text) as Record<string, unknown> };
  };
  const describeAnswer = ({ status, json }: { status: number; json: Record<string, unknown> }) => {
    if (status >= 400) return `${status} ${(json.error as { message?: string })?.message ?? ''}`.slice(0, 70);
    if (typeof json.data === 'string') return `${status}, ${json.data.length.toLocaleString('en')} chars`;
    const [first] = (json.results as { summary?: string; text?: string }[] | undefined) ?? [];
    return `${status}, summary ${first?.summary?.length ?? 0} chars`;
  };
  const read = (body: string, type: string) => async (target: Target) =>
    describeAnswer(await post(target, '/api/jina', { url: serve(body, type) }));
  const summarise = (body: string, type: string) => async (target: Target) =>
    describeAnswer(
      await post(target, '/api/exa/get-contents', {
        urls: [serve(body, type)],
        text: true,
        summary: true,
        highlights: true,
      }),
    );
  const viaJina = (content: string) => async (target: Target) => {
    const url = `http://127.0.0.1:9/bench/${randomUUID()}`;
    jina.pages.set(url, { title: 'Bench', content });
    return describeAnswer(await post(target, '/api/jina', { url }));
  };
  const viaAi = (answer: string) => async (target: Target) => {
    aiContent = answer;
    return describeAnswer(
      await post(target, '/api/exa/get-contents', { urls: [serve(normalPage, 'text/html')], summary: true }),
    );
  };
  const mb = (chars: number) => (chars < 1e6 ? `${fmt(chars / 1e3, 0)} KB` : `${fmt(chars / 1e6, 1)} MB`);

  const digest = JSON.stringify({
    summary: 'The Chiefs won in overtime.',
    highlights: ['Mahomes threw for 312 yards.'],
  });
  const cases: Case[] = [
    {
      name: 'article page',
      kind: 'normal',
      app: 'embedded',
      input: `HTML, ${mb(normalPage.length)}`,
      send: read(normalPage, 'text/html'),
    },
    {
      name: 'article text',
      kind: 'normal',
      app: 'embedded',
      input: `text, ${mb(normalText.length)}`,
      send: read(normalText, 'text/plain'),
    },
    {
      name: 'spaces, no newline after',
      kind: 'hostile',
      app: 'embedded',
      input: `text, ${mb(size)}`,
      send: read(`Headline\n${run(' ')}x`, 'text/plain'),
    },
    {
      name: 'tabs, no newline after',
      kind: 'hostile',
      app: 'embedded',
      input: `text, ${mb(size)}`,
      send: read(`Headline\n${run('\t')}x`, 'text/plain'),
    },
    {
      name: 'image openers ![',
      kind: 'hostile',
      app: 'embedded',
      input: `text, ${mb(size)}`,
      send: read(run('!['), 'text/plain'),
    },
    {
      name: '<head never closed',
      kind: 'hostile',
      app: 'embedded',
      input: `HTML, ${mb(size)}`,
      send: read(`${article}${run('<head')}`, 'text/html'),
    },
    {
      name: 'nested <div>',
      kind: 'hostile',
      app: 'embedded',
      input: `HTML, ${mb(size)}`,
      send: read(`${article}${run('<div>')}`, 'text/html'),
    },
    {
      name: 'nested tables',
      kind: 'hostile',
      app: 'embedded',
      input: `HTML, ${mb(size)}`,
      send: read(`${article}${run('<table><tr><td>')}`, 'text/html'),
    },
    {
      name: 'stray <',
      kind: 'hostile',
      app: 'embedded',
      input: `HTML, ${mb(size)}`,
      send: read(`${article}${run('<')}`, 'text/html'),
    },
    {
      name: 'many tiny paragraphs',
      kind: 'hostile',
      app: 'embedded',
      input: `HTML, ${mb(size)}`,
      send: read(`${article}${run('<p>a</p>')}`, 'text/html'),
    },
    {
      name: 'summary: article page',
      kind: 'normal',
      app: 'embedded',
      input: `HTML, ${mb(normalPage.length)}`,
      send: summarise(normalPage, 'text/html'),
    },
    {
      name: 'summary: [ run',
      kind: 'hostile',
      app: 'embedded',
      input: `text, ${mb(size)}`,
      send: summarise(`${lead}${run('[')}`, 'text/plain'),
    },
    {
      name: 'summary: []( run',
      kind: 'hostile',
      app: 'embedded',
      input: `text, ${mb(size)}`,
      send: summarise(`${lead}${run('[](')}`, 'text/plain'),
    },
    {
      name: 'summary: Mr. run',
      kind: 'hostile',
      app: 'embedded',
      input: `text, ${mb(size)}`,
      send: summarise(`${lead}${run('Mr. ')}`, 'text/plain'),
    },
    {
      name: 'search filter: / run',
      kind: 'hostile',
      app: 'embedded',
      input: `JSON, ${fmt(Math.min(size, 95_000) / 1e3, 0)} KB`,
      // Under the 100 KB body limit, so the schema reads it.
      send: async (target) =>
        describeAnswer(
          await post(target, '/api/exa/search', {
            query: 'chiefs',
            includeDomains: [`${run('/', Math.min(size, 95_000))}x`],
          }),
        ),
    },
    {
      name: 'Jina: article markdown',
      kind: 'normal',
      app: 'jina',
      input: `markdown, ${mb(normalText.length)}`,
      send: viaJina(normalText),
    },
    {
      name: 'Jina: padded with spaces',
      kind: 'hostile',
      app: 'jina',
      input: `markdown, ${mb(size)}`,
      send: viaJina(`Intro.\n${run(' ')}x`),
    },
    {
      name: 'Jina: image openers',
      kind: 'hostile',
      app: 'jina',
      input: `markdown, ${mb(size)}`,
      send: viaJina(run('![')),
    },
    {
      name: 'AI summary: plain JSON',
      kind: 'normal',
      app: 'ai',
      input: `answer, ${digest.length} chars`,
      send: viaAi(digest),
    },
    {
      name: 'AI summary: fenced, padded',
      kind: 'hostile',
      app: 'ai',
      input: `answer, ${mb(size)}`,
      send: viaAi(`\`\`\`json\n${digest.replace(',', `,${run(' ')}`)}`),
    },
    {
      name: 'feed: 50 items',
      kind: 'normal',
      app: 'feeds',
      input: `RSS, ${fmt(normalFeed.length / 1e3, 0)} KB`,
      feed: normalFeed,
    },
    {
      name: 'feed: hostile fields',
      kind: 'hostile',
      app: 'feeds',
      input: `RSS, ${mb(hostileFeed.length)}`,
      feed: hostileFeed,
    },
    {
      name: 'feed: many items',
      kind: 'hostile',
      app: 'feeds',
      input: `RSS, ${mb(manyItemsFeed.length)}`,
      feed: manyItemsFeed,
    },
  ];
  const wanted = args.only?.split(',') ?? [];
  const selected = cases.filter(
    (entry) => wanted.length === 0 || wanted.some((part) => entry.name.includes(part)),
  );

  // ---- apps --------------------------------------------------------------------------------------------

  const probeArgs = ['--import', fileURLToPath(import.meta.url)];
  const baseEnv = {
    HOSTILE_BENCH_ROLE: 'probe',
    FETCH_ALLOW_PRIVATE: '1',
    API_RATE_LIMIT: '100000000',
    EXA_API_KEY: '',
    // No feeds unless a case serves one: a closed loopback port answers nothing.
    NEWS_FEEDS: 'http://127.0.0.1:9/feed.xml',
  };
  async function boot(env: Record<string, string>): Promise<Target & { stop(): Promise<void> }> {
    const app = await startApp({ env: { ...baseEnv, ...env }, nodeArgs: probeArgs, root: args['app-root'] });
    const cookie = await signIn(app.url, `bench-${randomUUID().slice(0, 6)}`);
    return {
      url: app.url,
      cookie,
      pid: app.proc.pid,
      request: (message) => app.proc.request(message),
      stop: () => app.stop(),
    };
  }

  interface Sample {
    maxMs: number;
    cpuMs: number;
    wallMs: number;
    answer: string;
  }
  async function measure(target: Target, action: () => Promise<string>): Promise<Sample> {
    // Let the last request's leftovers (GC, sockets) settle before the window opens.
    await sleep(200);
    await target.request({ probe: 'loop-reset' });
    const cpu = cpuMs(target.pid);
    const started = performance.now();
    const answer = await action();
    const wallMs = performance.now() - started;
    await sleep(50);
    const { maxMs } = await target.request<{ maxMs: number }>({ probe: 'loop-read' });
    return { maxMs, cpuMs: cpuMs(target.pid) - cpu, wallMs, answer };
  }

  const conditions = machine();
  console.log(
    `hostile text: ${selected.length} cases × ${reps}, hostile runs of ${size.toLocaleString('en')} characters; ` +
      `load average ${fmt(conditions.load1, 2)} (1 min), ${fmt(conditions.load5, 2)} (5 min)`,
  );
  const results: { name: string; kind: Kind; input: string; samples: Sample[] }[] = [];
  const apps = new Map<Case['app'], Awaited<ReturnType<typeof boot>>>();
  try {
    for (const entry of selected) {
      const samples: Sample[] = [];
      for (let rep = 0; rep < reps; rep++) {
        if (entry.feed !== undefined) {
          // A fresh app per ingest: its first ingest asks for the feed, held until the window opens.
          const feedUrl = serve(entry.feed, 'application/rss+xml', '/feed/');
          const target = await boot({ NEWS_FEEDS: feedUrl });
          try {
            for (let waited = 0; !held.has(new URL(feedUrl).pathname); waited += 20) {
              if (waited > 30_000) throw new Error('the app never asked for its feed');
              await sleep(20);
            }
            samples.push(
              await measure(target, async () => {
                held.get(new URL(feedUrl).pathname)!();
                // Ingested once the marker story is found.
                for (let tries = 0; tries < 600; tries++) {
                  const { json } = await post(target, '/api/exa/search', {
                    query: 'marker-story normal-story-0',
                    numResults: 5,
                  });
                  const found = (json.results as unknown[] | undefined)?.length ?? 0;
                  if (found > 0) return `${found} found`;
                  await sleep(50);
                }
                return 'never ingested';
              }),
            );
          } finally {
            await target.stop();
          }
          continue;
        }
        let target = apps.get(entry.app);
        if (!target) {
          target = await boot(
            entry.app === 'jina'
              ? { JINA_API_KEY: jina.apiKey!, JINA_READER_URL: jina.url }
              : entry.app === 'ai'
                ? { OPENAI_API_KEY: 'sk-bench', OPENAI_BASE_URL: chatUrl, OPENAI_MODEL: 'bench' }
                : {},
          );
          apps.set(entry.app, target);
          // One untimed read first, so the app's code is compiled before the first window.
          await read(normalPage, 'text/html')(target);
        }
        samples.push(await measure(target, () => entry.send!(target)));
      }
      results.push({ name: entry.name, kind: entry.kind, input: entry.input, samples });
      const worst = Math.max(...samples.map((sample) => sample.maxMs));
      console.log(`  ${entry.name}: longest stall ${fmt(worst, 0)} ms (${samples[0]!.answer})`);
    }
  } finally {
    await Promise.all([...apps.values()].map((app) => app.stop()));
    await jina.close();
    web.closeAllConnections();
    web.close();
    chat.close();
  }

  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const summary = results.map((result) => ({
    name: result.name,
    kind: result.kind,
    input: result.input,
    stallMedianMs: median(result.samples.map((sample) => sample.maxMs)),
    stallWorstMs: Math.max(...result.samples.map((sample) => sample.maxMs)),
    cpuMedianMs: median(result.samples.map((sample) => sample.cpuMs)),
    wallMedianMs: median(result.samples.map((sample) => sample.wallMs)),
    answer: result.samples[0]!.answer,
  }));
  const output = table(
    ['case', 'kind', 'input', 'answer', 'longest stall ms (median / worst)', 'server CPU ms', 'request ms'],
    summary.map((row) => [
      row.name,
      row.kind,
      row.input,
      row.answer.replaceAll('|', '/'),
      `${fmt(row.stallMedianMs, 0)} / ${fmt(row.stallWorstMs, 0)}`,
      fmt(row.cpuMedianMs, 0),
      fmt(row.wallMedianMs, 0),
    ]),
  );
  const end = machine();
  console.log(`\n${output}`);
  const worstHostile = Math.max(
    ...summary.filter((row) => row.kind === 'hostile').map((row) => row.stallWorstMs),
  );
  const worstNormal = Math.max(
    ...summary.filter((row) => row.kind === 'normal').map((row) => row.stallWorstMs),
  );
  console.log(
    `longest stall: hostile ${fmt(worstHostile, 0)} ms, normal ${fmt(worstNormal, 0)} ms (target under 100 ms); ` +
      `load average ${fmt(conditions.load1, 2)} at the start, ${fmt(end.load1, 2)} at the end`,
  );
  console.log(
    `saved ${await saveResult('hostile', { machine: conditions, end, args, size, summary, samples: results })}`,
  );
}
