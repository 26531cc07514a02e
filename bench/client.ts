/**
 * Client weight and Lighthouse scores of the built app, beside the reference (React 19 + Vite +
 * socket.io-client alone, bench/client-reference). Both are built here with Vite into temp folders.
 *
 * - Initial JavaScript, gzip: what index.html loads before the app runs (its module script and
 *   that module's static import graph), then what Chromium actually fetched to show /login and /
 *   (signed in), lazy route chunks included, and of /'s the part fetched before the dashboard's news
 *   panels first painted (what the first paint waits for; the rest loads after it); / is a first
 *   visit (the questionnaires open), and once more as a fan who answered them and follows a team
 *   (the game-day alerts load instead).
 * - Lighthouse 12 (mobile, simulated throttling) performance, accessibility and best-practices of
 *   /login and / in Debian's /usr/bin/chromium, the median of five runs a page. / is measured twice
 *   per run in the same browser: as a first visit (storage and cache cleared, as Lighthouse does by
 *   default; the server has the default headlines from its news ingest, as a server in use has,
 *   and they paint from the server's copy) and right after it as a returning fan (storage and
 *   cache kept: the answers the first visit's searches got paint at once).
 * - The load average before and after, since a busy machine moves the Lighthouse scores by 20 points.
 *
 * The app's news search reads the fake news feeds (tests/fakes/news-feeds.ts), so the dashboard shows
 * headlines as it does for fans, not an empty answer.
 *
 * `npm run bench:client -- --help` lists the options.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import express from 'express';
import { chromium } from '@playwright/test';
import { build } from 'vite';
import { compressedAssets } from '../server/src/http/compressed-assets';
import { startFakeEspn } from '../tests/fakes/espn';
import { startFakeNewsFeeds } from '../tests/fakes/news-feeds';
import { startTestApp } from '../tests/helpers/test-app';
import { median } from './lib/histogram';
import { ROOT } from './lib/processes';
import { fmt, machine, ratio, saveResult, table } from './lib/report';
import { signIn } from './lib/sign-in';

const CHROMIUM = '/usr/bin/chromium';

/**
 * Lighthouse is 180 MB and only this benchmark uses it, so it lives in bench/tools' own package
 * (installed by `npm run bench:client`), not in the everyday install. The specifier is a variable so
 * the typecheck does not need it installed.
 */
type RunLighthouse = (
  url: string,
  flags: Record<string, unknown>,
) => Promise<{ lhr: LighthouseResult } | undefined>;
type LighthouseAudit = {
  id: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
  details?: LighthouseDetails;
};
type LighthouseDetails = { type: string; items?: Record<string, unknown>[] };
type LighthouseResult = {
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, LighthouseAudit>;
  /** Why a run has no scores (the page did not load, no paint was seen, …). */
  runtimeError?: { code: string; message: string };
};
const LIGHTHOUSE = new URL('./tools/node_modules/lighthouse/core/index.js', import.meta.url).href;
const lighthouse = ((await import(LIGHTHOUSE)) as { default: RunLighthouse }).default;
/**
 * Loopback only: every other host fails at once, without a DNS query. The signed-in pages show team
 * logos from ESPN's and the NFL's CDNs; here they fail, which Lighthouse counts as console errors.
 */
const LOOPBACK_ONLY = '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '5', description: 'Lighthouse runs per page (median)' },
    'skip-lighthouse': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (args.help) {
  console.log(`npm run bench:client -- [--runs 5] [--skip-lighthouse]`);
  process.exit(0);
}
if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install chromium`);

const gzipSize = (path: string) => gzipSync(readFileSync(path)).length;

/** The module script of index.html and every chunk it statically imports (the preload graph). */
function staticGraph(dir: string): string[] {
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const entries = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ].map((match) => match[1]!);
  const seen = new Set<string>();
  const queue = entries.map((src) => src.replace(/^\.?\//, ''));
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(join(dir, file), 'utf8');
    // Static imports only (`import … from "./x.js"`, `import "./x.js"`); import() is lazy.
    for (const match of code.matchAll(/(?:\bfrom|\bimport)\s*["'](\.\/[^"']+\.js)["']/g)) {
      queue.push(join(file, '..', match[1]!));
    }
  }
  return [...seen];
}

function sizes(dir: string, files: string[]) {
  return {
    files: files.length,
    names: files.map((file) => `${file} ${fmt(gzipSize(join(dir, file)) / 1024, 1)} KB`),
    raw: files.reduce((sum, file) => sum + readFileSync(join(dir, file)).length, 0),
    gzip: files.reduce((sum, file) => sum + gzipSize(join(dir, file)), 0),
  };
}

/** The reference build served as ours is: hashed assets compressed, the rest static. */
function serveStatic(dir: string): Promise<{ url: string; server: Server }> {
  const app = express();
  app.use('/assets', compressedAssets(join(dir, 'assets')), express.static(join(dir, 'assets')));
  app.get('/', (_req, res) => res.sendFile(join(dir, 'index.html')));
  return new Promise((resolve) => {
    const server = app.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, server }),
    );
  });
}

/** The browser storage of a fan who answered both questionnaires and follows one team. */
const FOLLOWS_A_TEAM = {
  favoriteTeams: JSON.stringify({ nfl: ['KC'], nba: [], mlb: [], nhl: [] }),
  teamQuestionnaireCompleted: 'true',
  techQuestionnaireCompleted: 'true',
};

/** Marks `window.__paintedAt` at the animation frame of the first paint showing a heading with `text`. */
const markPaintOf = (text: string) => `
  const observer = new MutationObserver(() => {
    const headings = document.querySelectorAll('h1, h2, h3');
    if (![...headings].some((node) => node.textContent === ${JSON.stringify(text)})) return;
    observer.disconnect();
    requestAnimationFrame(() => { window.__paintedAt = performance.now(); });
  });
  observer.observe(document, { childList: true, subtree: true });
`;

/** The JavaScript URLs the page started fetching before window.__paintedAt. */
const SCRIPTS_STARTED_BEFORE_PAINT = `performance
  .getEntriesByType('resource')
  .filter((entry) => entry.startTime < window.__paintedAt && /[.]js([?]|$)/.test(entry.name))
  .map((entry) => entry.name)`;

/**
 * The scripts Chromium fetched to show a page, as files of the build; with `paintedText`, also those
 * it started fetching before the frame in which that text first showed was painted (the page's first
 * paint of its content; what loads after it, the first paint did not wait for). The paint time is
 * taken in the page: a mutation observer sees the text arrive, and the next animation frame marks it.
 */
async function scriptsOf(
  url: string,
  cookie: string | null,
  dir: string,
  paintedText?: string,
  storage: Record<string, string> = {},
): Promise<{ all: string[]; beforePaint: string[] }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: [LOOPBACK_ONLY] });
  try {
    const context = await browser.newContext();
    if (cookie) {
      const [name, value] = cookie.split('=');
      await context.addCookies([{ name: name!, value: value!, url }]);
    }
    // Page code as text: this file is checked as Node code, without the DOM's types.
    if (paintedText) await context.addInitScript({ content: markPaintOf(paintedText) });
    if (Object.keys(storage).length > 0) {
      await context.addInitScript({
        content: `for (const [key, value] of ${JSON.stringify(Object.entries(storage))}) localStorage.setItem(key, value);`,
      });
    }
    const page = await context.newPage();
    const scripts = new Set<string>();
    const asBuildFile = (address: string) => {
      const path = new URL(address).pathname.replace(/^\//, '');
      return existsSync(join(dir, path)) ? path : null;
    };
    page.on('request', (request) => {
      if (request.resourceType() !== 'script') return;
      const file = asBuildFile(request.url());
      if (file) scripts.add(file);
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    if (!paintedText) return { all: [...scripts], beforePaint: [...scripts] };
    await page.waitForFunction('window.__paintedAt !== undefined');
    const started = (await page.evaluate(SCRIPTS_STARTED_BEFORE_PAINT)) as string[];
    const beforePaint = started.map(asBuildFile).filter((file): file is string => file !== null);
    return { all: [...scripts], beforePaint: [...new Set(beforePaint)] };
  } finally {
    await browser.close();
  }
}

/** Debian's Chromium, headless, with a DevTools port for Lighthouse. */
async function launchChromium(): Promise<{ port: number; close(): Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'tt-lighthouse-'));
  const child = spawn(
    CHROMIUM,
    [
      '--headless=new',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      '--no-first-run',
      '--no-default-browser-check',
      LOOPBACK_ONLY,
      ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
      'about:blank',
    ],
    // Its own process group, so closing it stops its helper processes too.
    { stdio: ['ignore', 'ignore', 'pipe'], detached: true },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`chromium did not start:\n${output}`)), 30_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const found = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (found) {
        clearTimeout(timer);
        resolve(Number(found[1]));
      }
    });
  });
  return {
    port,
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid!, 'SIGKILL');
      await exited;
      try {
        rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
      } catch {
        // A helper process still writing: the temp folder stays; nothing else depends on it.
      }
    },
  };
}

const ms = (value: unknown) => `${Math.round(Number(value))} ms`;

/** What the largest paint was and where its time went, and the longest main-thread tasks by script. */
function lcpAndLongTasks(audits: Record<string, LighthouseAudit>): string[] {
  const lines: string[] = [];
  const lcpParts = (audits['largest-contentful-paint-element']?.details?.items ?? []) as LighthouseDetails[];
  const node = lcpParts[0]?.items?.[0]?.node as { nodeLabel?: string; selector?: string } | undefined;
  if (node) lines.push(`LCP element: ${node.selector ?? '?'} "${(node.nodeLabel ?? '').slice(0, 60)}"`);
  const phases = lcpParts[1]?.items ?? [];
  if (phases.length > 0) {
    lines.push(`LCP phases: ${phases.map((item) => `${String(item.phase)} ${ms(item.timing)}`).join(', ')}`);
  }
  const tasks = (audits['long-tasks']?.details?.items ?? []).slice(0, 4);
  if (tasks.length > 0) {
    const where = (url: unknown) => String(url).replace(/^https?:\/\/[^/]+\//, '/');
    lines.push(`long tasks: ${tasks.map((task) => `${where(task.url)} ${ms(task.duration)}`).join(', ')}`);
  }
  return lines;
}

type Scores = { performance: number; accessibility: number; bestPractices: number; findings: string[] };

type Summary = Scores & { runs: Scores[] };

/**
 * `runs` Lighthouse runs of a page, each in a fresh browser; with `returning`, each first visit is
 * followed in the same browser by a run that keeps storage and cache (a fan coming back).
 */
async function lighthouseScores(
  url: string,
  cookie: string | null,
  returning = false,
): Promise<{ first: Summary; returning: Summary | null }> {
  const first: Scores[] = [];
  const again: Scores[] = [];
  for (let i = 0; i < Number(args.runs); i++) {
    const browser = await launchChromium();
    try {
      first.push(await lighthouseRun(url, cookie, browser.port, false));
      if (returning) again.push(await lighthouseRun(url, cookie, browser.port, true));
    } finally {
      await browser.close();
    }
  }
  return { first: summarise(first), returning: returning ? summarise(again) : null };
}

async function lighthouseRun(
  url: string,
  cookie: string | null,
  port: number,
  keepStorage: boolean,
): Promise<Scores> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
    disableStorageReset: keepStorage,
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  });
  const { categories, audits, runtimeError } = result!.lhr;
  const metric = (id: string) => audits[id]?.displayValue ?? '—';
  // What cost the points: the metrics, then every audit that failed with its estimated saving.
  const findings = [
    ...(runtimeError ? [`run failed: ${runtimeError.code}: ${runtimeError.message.slice(0, 200)}`] : []),
    `FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}`,
    ...Object.values(audits)
      .filter(
        (audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative',
      )
      .filter(
        (audit) =>
          !/^(first-contentful-paint|largest-contentful-paint|total-blocking-time|cumulative-layout-shift|speed-index|interactive)$/.test(
            audit.id,
          ),
      )
      .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`),
    ...lcpAndLongTasks(audits),
  ];
  return {
    findings,
    performance: Math.round((categories.performance?.score ?? Number.NaN) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? Number.NaN) * 100),
    bestPractices: Math.round((categories['best-practices']?.score ?? Number.NaN) * 100),
  };
}

function summarise(runs: Scores[]): Summary {
  // A run whose page did not load (a busy machine) has no scores and no findings: the findings
  // shown are the last loaded run's; the per-run column still shows the failed one.
  const completed = runs.filter((run) => !Number.isNaN(run.performance));
  return {
    performance: median(completed.map((r) => r.performance)),
    accessibility: median(completed.map((r) => r.accessibility)),
    bestPractices: median(completed.map((r) => r.bestPractices)),
    findings: completed.at(-1)?.findings ?? [],
    runs,
  };
}

const conditions = machine();
console.log(`client: ${conditions.cores} cores, load average before ${fmt(conditions.load1, 2)}`);
const oursDir = mkdtempSync(join(tmpdir(), 'tt-client-ours-'));
const referenceDir = mkdtempSync(join(tmpdir(), 'tt-client-reference-'));
const espn = await startFakeEspn();
const newsFeeds = await startFakeNewsFeeds();
let app: Awaited<ReturnType<typeof startTestApp>> | null = null;
let reference: { url: string; server: Server } | null = null;
try {
  console.log('building the app and the reference with Vite…');
  await build({
    configFile: join(ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: oursDir, emptyOutDir: true, sourcemap: false },
  });
  await build({
    configFile: false,
    root: join(ROOT, 'bench/client-reference'),
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir: referenceDir, emptyOutDir: true },
  });

  app = await startTestApp({
    storeKind: 'memory',
    env: {
      ESPN_BASE_URL: espn.url,
      NEWS_FEEDS: `${newsFeeds.feeds.tech},${newsFeeds.feeds.sports}`,
      FETCH_ALLOW_PRIVATE: '1',
    },
    deps: { clientDir: oursDir },
  });
  // The dashboard's searches answer from the local news index: filled before any page is measured.
  // The ingest also keeps the default headlines (the server's own default searches), as on a server
  // in use, so a first visit paints the server's copy.
  const ingest = await app.app.news?.refresh();
  if (!ingest?.ingested) throw new Error('the news index did not ingest the fake feeds');
  reference = await serveStatic(referenceDir);
  const cookie = await signIn(app.baseUrl, 'lighthouse');

  const html = {
    ours: sizes(oursDir, staticGraph(oursDir)),
    reference: sizes(referenceDir, staticGraph(referenceDir)),
  };
  const home = await scriptsOf(`${app.baseUrl}/`, cookie, oursDir, 'Tech News');
  // A fan who answered the questionnaires and follows a team: no pickers, but the game-day alerts.
  const follower = await scriptsOf(`${app.baseUrl}/`, cookie, oursDir, undefined, FOLLOWS_A_TEAM);
  const routes = {
    login: sizes(oursDir, (await scriptsOf(`${app.baseUrl}/login`, null, oursDir)).all),
    home: sizes(oursDir, home.all),
    homeBeforePaint: sizes(oursDir, home.beforePaint),
    homeFollower: sizes(oursDir, follower.all),
    reference: sizes(referenceDir, (await scriptsOf(`${reference.url}/`, null, referenceDir)).all),
  };
  const kb = (bytes: number) => fmt(bytes / 1024, 1);
  const weights = table(
    ['page', 'scripts', 'JS raw KB', 'JS gzip KB', 'ours ÷ reference (gzip)'],
    [
      [
        'index.html preload graph (every page)',
        html.ours.files,
        kb(html.ours.raw),
        kb(html.ours.gzip),
        ratio(html.ours.gzip, html.reference.gzip),
      ],
      [
        '/login, fetched by Chromium',
        routes.login.files,
        kb(routes.login.raw),
        kb(routes.login.gzip),
        ratio(routes.login.gzip, routes.reference.gzip),
      ],
      [
        '/ signed in, fetched by Chromium',
        routes.home.files,
        kb(routes.home.raw),
        kb(routes.home.gzip),
        ratio(routes.home.gzip, routes.reference.gzip),
      ],
      [
        '/ signed in, before the news panels first paint',
        routes.homeBeforePaint.files,
        kb(routes.homeBeforePaint.raw),
        kb(routes.homeBeforePaint.gzip),
        ratio(routes.homeBeforePaint.gzip, routes.reference.gzip),
      ],
      [
        '/ signed in, a fan who follows a team (no questionnaire)',
        routes.homeFollower.files,
        kb(routes.homeFollower.raw),
        kb(routes.homeFollower.gzip),
        ratio(routes.homeFollower.gzip, routes.reference.gzip),
      ],
      [
        'reference (React + Vite + socket.io-client)',
        routes.reference.files,
        kb(routes.reference.raw),
        kb(routes.reference.gzip),
        '',
      ],
    ],
  );
  console.log(`\n${weights}`);
  for (const [page, weight] of Object.entries(routes)) console.log(`${page}: ${weight.names.join(', ')}`);

  let scores: Record<string, Summary> | null = null;
  if (!args['skip-lighthouse']) {
    console.log(`\nLighthouse ${args.runs} run(s) per page…`);
    const login = await lighthouseScores(`${app.baseUrl}/login`, null);
    const dashboard = await lighthouseScores(`${app.baseUrl}/`, cookie, true);
    const bare = await lighthouseScores(`${reference.url}/`, null);
    scores = {
      '/login': login.first,
      '/ (signed in), first visit': dashboard.first,
      '/ (signed in), returning fan': dashboard.returning!,
      reference: bare.first,
    };
    const output = table(
      ['page', 'performance', 'accessibility', 'best practices', 'runs (perf/a11y/bp)'],
      Object.entries(scores).map(([page, s]) => [
        page,
        s.performance,
        s.accessibility,
        s.bestPractices,
        s.runs.map((r) => `${r.performance}/${r.accessibility}/${r.bestPractices}`).join(', '),
      ]),
    );
    console.log(`\n${output}`);
    for (const [page, s] of Object.entries(scores)) console.log(`\n${page}:\n  ${s.findings.join('\n  ')}`);
  }
  const after = machine();
  console.log(`load average before ${fmt(conditions.load1, 2)}, after ${fmt(after.load1, 2)}`);
  console.log(
    `saved ${await saveResult('client', { machine: conditions, loadAfter: after.load1, html, routes, scores })}`,
  );
} finally {
  await app?.close();
  reference?.server.close();
  await espn.close();
  await newsFeeds.close();
  rmSync(oursDir, { recursive: true, force: true });
  rmSync(referenceDir, { recursive: true, force: true });
}
process.exit(0);
