import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { BASE_URL, CHROMIUM_ARGS, CHROMIUM_PATH, appUrl } from './tests/e2e/env';

const ROOT = fileURLToPath(new URL('.', import.meta.url));

/**
 * Specs run this many at a time by default, each worker against a harness of its own. Measured on a
 * two-core machine (docs/testing.md): most of a spec's time is spent waiting on the app's timers and
 * the browser, so three workers beat two, and four gain nothing more.
 */
const DEFAULT_WORKERS = 3;

/** A worker count as Playwright takes it: a number, or a share of the CPUs ("50%"). */
function parseWorkers(value: string): number {
  const count = value.endsWith('%')
    ? Math.floor((cpus().length * Number(value.slice(0, -1))) / 100)
    : Number(value);
  if (!Number.isFinite(count)) throw new Error(`playwright: not a worker count: ${value}`);
  return Math.max(1, count);
}

/**
 * How many workers this run has: `--workers N` (or `-j N`) on the command line, else E2E_WORKERS,
 * else DEFAULT_WORKERS. One harness is started for each.
 */
function workerCount(): number {
  const argv = process.argv;
  for (let index = 0; index < argv.length; index++) {
    const match = /^(?:--workers|-j)(?:=(.*))?$/.exec(argv[index]!);
    if (match) return parseWorkers(match[1] ?? argv[index + 1] ?? '');
  }
  return parseWorkers(process.env.E2E_WORKERS ?? String(DEFAULT_WORKERS));
}

const workers = workerCount();

/**
 * End-to-end tests in Debian's Chromium (never a Playwright browser download) against the app started
 * as a user starts it, with a redis-server and a fake GitHub of its own (tests/e2e/serve.ts). Each
 * worker has its own harness, on ports of its own (tests/e2e/env.ts).
 */
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    // In a worker, its own harness's app (TEST_PARALLEL_INDEX picks it).
    baseURL: BASE_URL,
    headless: true,
    // A failed test keeps its trace (each step with its call log, the network, the console) and a
    // screenshot of the end. The trace is recorded for every test and kept only for a failed one, so
    // it leaves out what costs the most to record: the filmstrip (about a third of the run's CPU) and
    // a copy of the DOM at each step (about 13 % of the CPU left, measured on the dashboard and auth
    // specs). To see each step's DOM, run the failing spec again with E2E_TRACE_SNAPSHOTS=1.
    trace: {
      mode: 'retain-on-failure',
      screenshots: false,
      snapshots: process.env.E2E_TRACE_SNAPSHOTS === '1',
    },
    screenshot: 'only-on-failure',
    // The app's service worker answers asset requests itself, out of page.route's sight: specs that
    // intercept requests would stop testing what they say. The installability spec allows it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  // One harness per worker. Playwright starts them one after another, each once the one before
  // answers: the first builds the client when dist/client is missing or stale (scripts/start.mjs),
  // and the others find it built, so no two builds write the same folder.
  webServer: Array.from({ length: workers }, (_, harness) => ({
    name: `harness ${harness}`,
    command: 'node node_modules/tsx/dist/cli.mjs tests/e2e/serve.ts',
    cwd: ROOT,
    env: { E2E_HARNESS: String(harness) },
    url: `${appUrl(harness)}/healthz`,
    // The first start builds the client (vite build) when dist/client is missing or stale.
    timeout: 180_000,
    // Opt in with E2E_REUSE=1 to run against harnesses already started by hand.
    reuseExistingServer: process.env.E2E_REUSE === '1',
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 15_000 },
  })),
});
