import { defineConfig, devices } from '@playwright/test';
import { BASE_URL, CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/e2e/env';

/**
 * End-to-end tests in Debian's Chromium (never a Playwright browser download) against the app started
 * as a user starts it, with a redis-server and a fake GitHub of its own (tests/e2e/serve.ts).
 */
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: Number(process.env.E2E_WORKERS ?? 1),
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: BASE_URL,
    headless: true,
    trace: 'retain-on-failure',
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
  webServer: {
    command: 'node node_modules/tsx/dist/cli.mjs tests/e2e/serve.ts',
    url: `${BASE_URL}/healthz`,
    // The first start builds the client (vite build) when dist/client is missing or stale.
    timeout: 180_000,
    // Opt in with E2E_REUSE=1 to run against a harness already started by hand.
    reuseExistingServer: process.env.E2E_REUSE === '1',
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
