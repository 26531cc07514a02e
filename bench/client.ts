/**
 * Client weight and Lighthouse scores of the built app, beside the reference (React 19 + Vite +
 * socket.io-client alone, bench/client-reference). Both are built here with Vite into temp folders.
 *
 * - Initial JavaScript, gzip: what index.html loads before the app runs (its module script and
 *   that module's static import graph), then what Chromium actually fetched to show /login and /
 *   (signed in), lazy route chunks included.
 * - Lighthouse 12 (mobile, simulated throttling) performance, accessibility and best-practices of
 *   /login and / in Debian's /usr/bin/chromium.
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
    runs: { type: 'string', default: '3', description: 'Lighthouse runs per page (median)' },
    'skip-lighthouse': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (args.help) {
  console.log(`npm run bench:client -- [--runs 3] [--skip-lighthouse]`);
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

/** The scripts Chromium fetched to show a page, as files of the build. */
async function scriptsOf(url: string, cookie: string | null, dir: string): Promise<string[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: [LOOPBACK_ONLY] });
  try {
    const context = await browser.newContext();
    if (cookie) {
      const [name, value] = cookie.split('=');
      await context.addCookies([{ name: name!, value: value!, url }]);
    }
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      const path = new URL(response.url()).pathname.replace(/^\//, '');
      if (existsSync(join(dir, path))) scripts.add(path);
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    return [...scripts];
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

async function lighthouseScores(url: string, cookie: string | null): Promise<Scores & { runs: Scores[] }> {
  const runs: Scores[] = [];
  for (let i = 0; i < Number(args.runs); i++) {
    const browser = await launchChromium();
    try {
      const result = await lighthouse(url, {
        port: browser.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
      });
      const { categories, audits } = result!.lhr;
      const metric = (id: string) => audits[id]?.displayValue ?? '—';
      // What cost the points: the metrics, then every audit that failed with its estimated saving.
      const findings = [
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
      runs.push({
        findings,
        performance: Math.round((categories.performance?.score ?? Number.NaN) * 100),
        accessibility: Math.round((categories.accessibility?.score ?? Number.NaN) * 100),
        bestPractices: Math.round((categories['best-practices']?.score ?? Number.NaN) * 100),
      });
    } finally {
      await browser.close();
    }
  }
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
console.log(`client: ${conditions.cores} cores, load average ${fmt(conditions.load1, 2)}`);
const oursDir = mkdtempSync(join(tmpdir(), 'tt-client-ours-'));
const referenceDir = mkdtempSync(join(tmpdir(), 'tt-client-reference-'));
const espn = await startFakeEspn();
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
    env: { ESPN_BASE_URL: espn.url },
    deps: { clientDir: oursDir },
  });
  reference = await serveStatic(referenceDir);
  const cookie = await signIn(app.baseUrl, 'lighthouse');

  const html = {
    ours: sizes(oursDir, staticGraph(oursDir)),
    reference: sizes(referenceDir, staticGraph(referenceDir)),
  };
  const routes = {
    login: sizes(oursDir, await scriptsOf(`${app.baseUrl}/login`, null, oursDir)),
    home: sizes(oursDir, await scriptsOf(`${app.baseUrl}/`, cookie, oursDir)),
    reference: sizes(referenceDir, await scriptsOf(`${reference.url}/`, null, referenceDir)),
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

  let scores: Record<string, Scores & { runs: Scores[] }> | null = null;
  if (!args['skip-lighthouse']) {
    console.log(`\nLighthouse ${args.runs} run(s) per page…`);
    scores = {
      '/login': await lighthouseScores(`${app.baseUrl}/login`, null),
      '/ (signed in)': await lighthouseScores(`${app.baseUrl}/`, cookie),
      reference: await lighthouseScores(`${reference.url}/`, null),
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
  console.log(`load average at the end ${fmt(machine().load1, 2)}`);
  console.log(`saved ${await saveResult('client', { machine: conditions, html, routes, scores })}`);
} finally {
  await app?.close();
  reference?.server.close();
  await espn.close();
  rmSync(oursDir, { recursive: true, force: true });
  rmSync(referenceDir, { recursive: true, force: true });
}
process.exit(0);
