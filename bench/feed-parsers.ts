/**
 * The feed parser, chosen by evidence: ours (server/src/search/local/feed-parser.ts, fast-xml-parser
 * under a mapping) beside two kept libraries, @rowanmanning/feed-parser and htmlparser2's parseFeed,
 * on two measures:
 *
 * - The real corpus (tests/fixtures/real/feeds.expectations.json): a file is read correctly when the
 *   item count (at most FEED_MAX_ITEMS), the first item's link and its title all match, as
 *   tests/real-payloads.test.ts checks ours.
 * - Hostile feeds (bench/hostile.ts's, and a few more): the longest single synchronous call from the
 *   feed's text to items, which is how long the event loop stalls. Each run is in a child process of
 *   its own, killed after `--timeout` ms.
 *
 * The libraries are given what ours is: the bytes decoded by decodeBody (corpus) or the same string
 * (hostile); a small adapter maps their items to { url, title, description } with the app's own field
 * caps and htmlToText, resolves links against the feed's URL and keeps only items with an http(s)
 * link (the app needs one). An item without a title keeps the library's answer (no fallback). Each is
 * run on the full text and after trimFeedXml, the cut ours makes before its XML parser; and, after the
 * cut, also converting each item's content to markdown as ours does, so that its time compares with
 * ours (which always does).
 *
 * The libraries live in bench/tools (installed by `npm run bench:feed-parsers`); their specifiers
 * are variables so the typecheck does not need them installed.
 * `npm run bench:feed-parsers -- --help` lists the options.
 */
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { capText, htmlToText } from '../server/src/content/text';
import { decodeBody } from '../server/src/http/guarded-fetch';
import {
  contentMarkdown,
  FEED_MAX_ITEMS,
  parseFeed,
  parseFeedBody,
  trimFeedXml,
} from '../server/src/search/local/feed-parser';
import { hostileFeeds } from './hostile';
import { ROOT } from './lib/processes';
import { fmt, machine, table } from './lib/report';

// ---- the parsers ------------------------------------------------------------------------------------

/** What the comparison reads of an item. */
interface Item {
  url: string;
  title: string;
  description: string;
  /** Ours always; a library's only in the variants that also convert content as the app does. */
  content?: string | null;
}

/** The parts of the libraries' items the adapters read (local types: the packages may be absent). */
interface LibraryItem {
  url?: string | null;
  link?: string;
  title?: string | null;
  description?: string | null;
  /** @rowanmanning/feed-parser's content:encoded or Atom content (htmlparser2 has none). */
  content?: string | null;
}
type RowanParseFeed = (xml: string) => { items: LibraryItem[] };
type Htmlparser2ParseFeed = (xml: string, options: { xmlMode: boolean }) => { items: LibraryItem[] } | null;

const TOOLS = new URL('./tools/node_modules/', import.meta.url);
const rowanModule = (await import(new URL('@rowanmanning/feed-parser/index.js', TOOLS).href)) as {
  parseFeed?: RowanParseFeed;
  default?: { parseFeed: RowanParseFeed };
};
const rowanParseFeed = (rowanModule.parseFeed ?? rowanModule.default!.parseFeed) as RowanParseFeed;
const htmlparser2 = (await import(new URL('htmlparser2/dist/index.js', TOOLS).href)) as {
  parseFeed: Htmlparser2ParseFeed;
};
const VERSIONS = Object.fromEntries(
  ['@rowanmanning/feed-parser', 'htmlparser2'].map((name) => [
    name,
    (
      JSON.parse(readFileSync(new URL(`${name}/package.json`, TOOLS), 'utf8')) as {
        version: string;
      }
    ).version,
  ]),
);

// The app's caps on each field (as in feed-parser.ts), so the adapter costs what ours does per field.
const TITLE_INPUT_MAX_CHARS = 2_000;
const TITLE_MAX_CHARS = 300;
const DESCRIPTION_INPUT_MAX_CHARS = 20_000;
const URL_MAX_CHARS = 2_048;

function absoluteHttpUrl(raw: string | null | undefined, base: string): string | null {
  const trimmed = raw?.trim();
  if (!trimmed || trimmed.length > URL_MAX_CHARS) return null;
  try {
    const url = new URL(trimmed, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** A library's items as the app would keep them: the first FEED_MAX_ITEMS, those with a link. */
function adapt(items: LibraryItem[], feedUrl: string, withContent: boolean): Item[] {
  return items
    .slice(0, FEED_MAX_ITEMS)
    .map((item) => {
      const url = absoluteHttpUrl(item.url ?? item.link, feedUrl);
      if (!url) return null;
      return {
        url,
        title: capText(htmlToText(capText(item.title ?? '', TITLE_INPUT_MAX_CHARS)), TITLE_MAX_CHARS),
        description: htmlToText(capText(item.description ?? '', DESCRIPTION_INPUT_MAX_CHARS)),
        ...(withContent ? { content: contentMarkdown(item.content || item.description || '') } : {}),
      };
    })
    .filter((item): item is Item => item !== null);
}

interface Parser {
  name: string;
  /** The feed's text (already decoded) to items, as one synchronous call. */
  parse(xml: string, feedUrl: string): Item[];
  /** A fetched body to items: ours decodes inside parseFeedBody, the libraries after decodeBody. */
  parseBody(body: Buffer, contentType: string, feedUrl: string): Item[];
}

const library = (
  name: string,
  read: (xml: string) => LibraryItem[],
  { cut = false, content = false } = {},
): Parser => {
  const parse = (xml: string, feedUrl: string) => adapt(read(cut ? trimFeedXml(xml) : xml), feedUrl, content);
  return {
    name,
    parse,
    parseBody: (body, contentType, feedUrl) => parse(decodeBody(body, contentType), feedUrl),
  };
};
const rowan = (xml: string) => rowanParseFeed(xml).items;
const h2 = (xml: string) => htmlparser2.parseFeed(xml, { xmlMode: true })?.items ?? [];
const ROWAN = `@rowanmanning/feed-parser ${VERSIONS['@rowanmanning/feed-parser']}`;
const HTMLPARSER2 = `htmlparser2 ${VERSIONS.htmlparser2} parseFeed`;

const PARSERS: Parser[] = [
  {
    name: 'ours (fast-xml-parser + mapping, trimFeedXml inside)',
    parse: (xml, feedUrl) => parseFeed(xml, feedUrl).items,
    parseBody: (body, contentType, feedUrl) => parseFeedBody(body, contentType, feedUrl).items,
  },
  library(ROWAN, rowan),
  library(`${ROWAN} + trimFeedXml`, rowan, { cut: true }),
  library(`${ROWAN} + trimFeedXml + content as markdown`, rowan, { cut: true, content: true }),
  library(HTMLPARSER2, h2),
  library(`${HTMLPARSER2} + trimFeedXml`, h2, { cut: true }),
  library(`${HTMLPARSER2} + trimFeedXml + content as markdown`, h2, { cut: true, content: true }),
];

// ---- hostile inputs ---------------------------------------------------------------------------------

interface HostileInput {
  name: string;
  kind: 'normal' | 'hostile';
  xml: string;
}

function hostileInputs(size: number): HostileInput[] {
  const run = (piece: string, chars = size) => piece.repeat(Math.ceil(chars / piece.length)).slice(0, chars);
  const { normalFeed, hostileFeed, manyItemsFeed } = hostileFeeds(size);
  const atom = (entries: string) =>
    `<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Bench</title><id>urn:bench</id>${entries}</feed>`;
  const atomEntry = (slug: string, fields: string, link = `https://bench.example/${slug}`) =>
    `<entry><title>${slug}</title><link href="${link}"/><id>urn:bench:${slug}</id>${fields}</entry>`;
  const rss = (items: string) =>
    `<?xml version="1.0"?><rss version="2.0"><channel><title>Bench</title>${items}</channel></rss>`;
  const rssItem = (slug: string, fields: string, title = slug) =>
    `<item><title>${title}</title><link>https://bench.example/${slug}</link>${fields}</item>`;
  const first = '<summary>First.</summary>';
  // Well-formed nesting: as deep as the size allows, every <div> closed.
  const depth = Math.floor(size / 11);
  return [
    { name: 'feed: 50 items', kind: 'normal', xml: normalFeed },
    { name: 'feed: hostile fields', kind: 'hostile', xml: hostileFeed },
    { name: 'feed: many items', kind: 'hostile', xml: manyItemsFeed },
    {
      name: 'Atom xhtml: nested <div>',
      kind: 'hostile',
      xml: atom(
        atomEntry('marker-story', first) +
          atomEntry(
            'nested',
            `<content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">${'<div>'.repeat(depth)}${'</div>'.repeat(depth)}</div></content>`,
          ),
      ),
    },
    {
      name: 'RSS: one CDATA',
      kind: 'hostile',
      xml: rss(
        rssItem('marker-story', '<description>First.</description>') +
          // Near misses of the CDATA end (]] then <, not >) among tags.
          rssItem('cdata', `<description><![CDATA[${run(']]<p>')}]]></description>`),
      ),
    },
    {
      name: 'title: 1e5 &amp;',
      kind: 'hostile',
      xml: rss(rssItem('marker-story', '', `Marker ${'&amp;'.repeat(100_000)}`)),
    },
    {
      name: 'Atom: attribute value',
      kind: 'hostile',
      xml: atom(
        atomEntry('marker-story', first) + atomEntry('attribute', first, `https://bench.example/${run('a')}`),
      ),
    },
  ];
}

const FEED_URL = 'https://bench.example/feed.xml';

// ---- the harness --------------------------------------------------------------------------------------

interface Stall {
  /** Each rep's time, ms. */
  times: number[];
  /** Each rep's CPU time (the process's, user + system), ms: what the machine's load does not inflate. */
  cpu: number[];
  worstMs: number;
  timedOut: boolean;
  outcome: string;
}

/** Runs one parser on one input in a child process; a rep over `timeoutMs` kills it. */
function stallOf(parser: number, input: number, size: number, reps: number, timeoutMs: number) {
  return new Promise<Stall>((resolve) => {
    const times: number[] = [];
    const cpu: number[] = [];
    let outcome = '';
    let timedOut = false;
    const child = fork(fileURLToPath(import.meta.url), [], {
      env: {
        ...process.env,
        FEED_BENCH_ROLE: 'stall',
        FEED_BENCH_PARSER: String(parser),
        FEED_BENCH_INPUT: String(input),
        FEED_BENCH_SIZE: String(size),
        FEED_BENCH_REPS: String(reps),
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    // The first rep also waits for the child to start and build its inputs.
    let timer = setTimeout(kill, timeoutMs + 30_000);
    function kill() {
      timedOut = true;
      child.kill('SIGKILL');
    }
    child.on('message', (message: { ms: number; cpuMs: number; outcome: string }) => {
      times.push(message.ms);
      cpu.push(message.cpuMs);
      outcome = message.outcome;
      clearTimeout(timer);
      timer = setTimeout(kill, timeoutMs);
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (!timedOut && times.length < reps) outcome ||= `child exited with ${code}`;
      resolve({
        times,
        cpu,
        worstMs: timedOut ? Math.max(timeoutMs, ...times) : Math.max(...times),
        timedOut,
        outcome: timedOut ? `timed out after ${timeoutMs} ms${outcome ? ` (${outcome})` : ''}` : outcome,
      });
    });
  });
}

const expectationSchema = (value: unknown) =>
  value as {
    file: string;
    contentType: string;
    feedUrl: string;
    items: number;
    firstTitle: string | null;
    firstDescriptionStart?: string;
    firstLink: string;
  }[];

async function main() {
  const { values: args } = parseArgs({
    options: {
      size: { type: 'string', default: '4000000', description: 'characters of each hostile run' },
      reps: { type: 'string', default: '5' },
      timeout: { type: 'string', default: '60000', description: 'ms one parse may take before it is killed' },
      only: { type: 'string', description: 'hostile inputs whose name contains one of these (comma list)' },
      verbose: { type: 'boolean', default: false, description: 'every corpus miss, not one line per file' },
      help: { type: 'boolean', default: false },
    },
  });
  if (args.help) {
    console.log(
      'npm run bench:feed-parsers -- [--size 4000000] [--reps 5] [--timeout 60000] [--only nested,CDATA] [--verbose]',
    );
    process.exit(0);
  }
  const size = Number(args.size);
  const reps = Number(args.reps);
  const timeoutMs = Number(args.timeout);

  const start = machine();
  console.log(
    `feed parsers: ${PARSERS.length} × corpus, hostile runs of ${size.toLocaleString('en')} characters × ${reps}; ` +
      `node ${start.node}, ${start.cores} cores; load average ${fmt(start.load1, 2)} (1 min), ${fmt(start.load5, 2)} (5 min)`,
  );

  // ---- corpus --------------------------------------------------------------------------------------

  const corpusDir = join(ROOT, 'tests/fixtures/real');
  const expectations = expectationSchema(
    JSON.parse(readFileSync(join(corpusDir, 'feeds.expectations.json'), 'utf8')),
  );
  const corpus = PARSERS.map((parser, index) => {
    const misses: { file: string; why: string }[] = [];
    let slowestMs = 0;
    for (const expectation of expectations) {
      const body = readFileSync(join(corpusDir, expectation.file));
      const started = performance.now();
      let items: Item[];
      try {
        items = parser.parseBody(body, expectation.contentType, expectation.feedUrl);
      } catch (error) {
        misses.push({ file: expectation.file, why: `threw ${(error as Error).message.slice(0, 100)}` });
        continue;
      } finally {
        slowestMs = Math.max(slowestMs, performance.now() - started);
      }
      const why: string[] = [];
      const count = Math.min(items.length, FEED_MAX_ITEMS);
      const wanted = Math.min(expectation.items, FEED_MAX_ITEMS);
      if (count !== wanted) why.push(`${count} items, not ${wanted}`);
      const first = items[0];
      if (first?.url !== expectation.firstLink) why.push(`link ${first?.url ?? 'none'}`);
      if (expectation.firstTitle !== null) {
        if (first?.title !== expectation.firstTitle)
          why.push(`title ${JSON.stringify(first?.title ?? null)}`);
      } else {
        const start = expectation.firstDescriptionStart ?? '';
        // Ours as the test reads it (a title made from the description); a library's own title, or
        // the description it gives, otherwise.
        const ok =
          index === 0
            ? !!first &&
              first.description.startsWith(start) &&
              first.title.length > 0 &&
              first.description.startsWith(first.title.replace(/…$/, ''))
            : !!first && (first.title.length > 0 || first.description.startsWith(start));
        if (!ok)
          why.push(
            `untitled item: title ${JSON.stringify(first?.title ?? null)}, description ${JSON.stringify(capText(first?.description ?? '', 50))}`,
          );
      }
      if (why.length > 0) misses.push({ file: expectation.file, why: why.join('; ') });
    }
    return { parser: parser.name, correct: expectations.length - misses.length, misses, slowestMs };
  });
  for (const result of corpus) {
    console.log(`\n${result.parser}: ${result.correct} of ${expectations.length} read correctly`);
    for (const miss of result.misses) {
      const line = `  ✗ ${miss.file}: ${miss.why}`;
      console.log(args.verbose ? line : capText(line, 240));
    }
  }

  // ---- hostile ---------------------------------------------------------------------------------------

  const inputs = hostileInputs(size);
  const wanted = args.only?.split(',') ?? [];
  const selected = inputs
    .map((input, index) => ({ ...input, index }))
    .filter((input) => wanted.length === 0 || wanted.some((part) => input.name.includes(part)));
  console.log(
    `\nhostile inputs: ${selected.map((input) => `${input.name} (${fmt(input.xml.length / 1e6, 2)} M chars)`).join(', ')}`,
  );
  const stalls: Stall[][] = PARSERS.map(() => []);
  for (const input of selected) {
    for (const [index, parser] of PARSERS.entries()) {
      const stall = await stallOf(index, input.index, size, reps, timeoutMs);
      stalls[index]!.push(stall);
      console.log(
        `  ${input.name} · ${parser.name}: longest ${fmt(stall.worstMs, 0)} ms ` +
          `(reps ${stall.times.map((ms) => fmt(ms, 0)).join(', ')}; CPU ${stall.cpu.map((ms) => fmt(ms, 0)).join(', ')}; ${stall.outcome})`,
      );
    }
  }

  // ---- report ----------------------------------------------------------------------------------------

  const end = machine();
  const cell = (stall: Stall) => (stall.timedOut ? `> ${fmt(stall.worstMs, 0)}` : fmt(stall.worstMs, 0));
  const output = table(
    [
      'parser',
      `corpus correct (of ${expectations.length})`,
      'longest corpus parse ms',
      ...selected.map((input) => `${input.name} ms`),
      'longest hostile ms',
      'hostile CPU ms (max)',
    ],
    PARSERS.map((parser, index) => {
      const hostile = stalls[index]!.filter((_, at) => selected[at]!.kind === 'hostile');
      return [
        parser.name,
        corpus[index]!.correct,
        fmt(corpus[index]!.slowestMs, 0),
        ...stalls[index]!.map(cell),
        hostile.length > 0 ? fmt(Math.max(...hostile.map((stall) => stall.worstMs)), 0) : '—',
        hostile.some((stall) => stall.timedOut)
          ? 'timed out'
          : hostile.length > 0
            ? fmt(Math.max(...hostile.flatMap((stall) => stall.cpu)), 0)
            : '—',
      ];
    }),
  );
  console.log(`\n${output}`);
  const outcomes = table(
    ['input', ...PARSERS.map((parser) => parser.name)],
    selected.map((input, at) => [
      input.name,
      ...PARSERS.map((_, index) => stalls[index]![at]!.outcome.replaceAll('|', '/')),
    ]),
  );
  console.log(`\nwhat each returned (last rep):\n${outcomes}`);
  const eligible = PARSERS.map((parser, index) => ({
    name: parser.name,
    correct: corpus[index]!.correct,
    worst: Math.max(
      0,
      ...stalls[index]!.filter((_, at) => selected[at]!.kind === 'hostile').map((stall) => stall.worstMs),
    ),
    timedOut: stalls[index]!.some((stall) => stall.timedOut),
  }));
  const under = eligible.filter((entry) => !entry.timedOut && entry.worst < 100);
  const best = under.sort((a, b) => b.correct - a.correct || a.worst - b.worst)[0];
  console.log(
    `\nmost of the corpus with every hostile stall under 100 ms: ${best ? `${best.name} (${best.correct} of ${expectations.length}, longest ${fmt(best.worst, 0)} ms)` : 'none'}`,
  );
  console.log(`load average ${fmt(start.load1, 2)} at the start, ${fmt(end.load1, 2)} at the end`);
}

// ---- a child: one parser, one input, timed ------------------------------------------------------------

/** In a child: times one parser on one input, `reps` times, and reports each to the harness. */
async function timeOne() {
  const parser = PARSERS[Number(process.env.FEED_BENCH_PARSER)]!;
  const inputs = hostileInputs(Number(process.env.FEED_BENCH_SIZE));
  const input = inputs[Number(process.env.FEED_BENCH_INPUT)]!;
  const attempt = (xml: string) => {
    try {
      const items = parser.parse(xml, FEED_URL);
      return `${items.length} items${items[0] ? `, first “${capText(items[0].title, 24)}”` : ''}`;
    } catch (error) {
      return `threw ${(error as Error).name}: ${capText((error as Error).message.split('\n')[0]!, 60)}`;
    }
  };
  // One untimed normal feed first, so the parser's code is compiled before the first timing.
  attempt(inputs[0]!.xml);
  for (let rep = 0; rep < Number(process.env.FEED_BENCH_REPS); rep++) {
    const cpu = process.cpuUsage();
    const started = performance.now();
    const outcome = attempt(input.xml);
    const ms = performance.now() - started;
    const { user, system } = process.cpuUsage(cpu);
    await new Promise<void>((resolve) =>
      process.send!({ rep, ms, cpuMs: (user + system) / 1e3, outcome }, () => resolve()),
    );
  }
  process.disconnect();
}

if (process.env.FEED_BENCH_ROLE === 'stall') await timeOne();
else await main();
