/**
 * Addresses and credentials shared by playwright.config.ts, the harness (serve.ts) and the specs.
 * Fixed ports so the test workers know where the harness put things; override with E2E_PORT and
 * E2E_FAKE_GITHUB_PORT when those are taken.
 */
import { FAKE_GITHUB_CLIENT_ID, FAKE_GITHUB_CLIENT_SECRET } from '../fakes/github';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
/** The app, as the browser sees it (PUBLIC_URL). */
export const BASE_URL = `http://localhost:${E2E_PORT}`;
export const FAKE_GITHUB_PORT = Number(process.env.E2E_FAKE_GITHUB_PORT ?? E2E_PORT + 1);
/** The fake GitHub (GITHUB_URL and GITHUB_API_URL); POST /__control steers it. */
export const FAKE_GITHUB_URL = `http://127.0.0.1:${FAKE_GITHUB_PORT}`;
/** The fake ESPN scoreboard (tests/fakes/espn.ts): ESPN_BASE_URL points at it; POST /__control steers it. */
export const FAKE_ESPN_PORT = Number(process.env.E2E_FAKE_ESPN_PORT ?? E2E_PORT + 7);
export const FAKE_ESPN_URL = `http://127.0.0.1:${FAKE_ESPN_PORT}`;
/** The fake news web (feeds and article pages, tests/fakes/news-feeds.ts): NEWS_FEEDS points at it. */
export const FAKE_NEWS_PORT = Number(process.env.E2E_FAKE_NEWS_PORT ?? E2E_PORT + 5);
export const FAKE_NEWS_URL = `http://127.0.0.1:${FAKE_NEWS_PORT}`;
export const GITHUB_CLIENT_ID = FAKE_GITHUB_CLIENT_ID;
export const GITHUB_CLIENT_SECRET = FAKE_GITHUB_CLIENT_SECRET;
/** Debian's Chromium; Playwright never downloads a browser here. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * Headless as root on a machine with no network but loopback: without the background-networking
 * flags Chromium keeps trying (and failing) to reach its own services.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];
