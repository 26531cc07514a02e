import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import base from '../../playwright.config';

/**
 * `npm run screenshots`: pictures of every page for people to look at (nothing is compared), and the
 * login carousel's pictures (committed under client/public/carousel/). Same harness as the e2e tests.
 */
export default defineConfig({
  ...base,
  testDir: '.',
  outputDir: '../../test-results/screenshot-runs',
  timeout: 120_000,
  // The harness command is relative to the repository root.
  webServer:
    base.webServer && !Array.isArray(base.webServer)
      ? { ...base.webServer, cwd: fileURLToPath(new URL('../..', import.meta.url)) }
      : base.webServer,
});
