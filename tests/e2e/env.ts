/**
 * Addresses and credentials shared by playwright.config.ts, the harnesses (serve.ts) and the specs.
 *
 * Each Playwright worker has a harness of its own (app, Redis, fakes), so specs that steer a fake or
 * fill the store never meet another worker's. Ports are fixed, so a worker knows where its harness
 * is without being told: harness n (the worker whose TEST_PARALLEL_INDEX is n) puts its app on
 * E2E_PORT + 20 × n and its fakes a few ports above that. Override E2E_PORT (default 3100) when those
 * are taken; E2E_FAKE_GITHUB_PORT and the other E2E_FAKE_* move one fake (harness 0's; harness n's
 * is 20 × n above it).
 */
import { FAKE_GITHUB_CLIENT_ID, FAKE_GITHUB_CLIENT_SECRET } from '../fakes/github';

/** The first harness's app port. */
export const BASE_PORT = Number(process.env.E2E_PORT ?? 3100);
/** How far apart the harnesses' ports are (each uses its app port and a few above it). */
export const HARNESS_PORT_STEP = 20;
/**
 * The harness this process belongs to: serve.ts is told (E2E_HARNESS); a test worker goes by its
 * parallel index, which Playwright sets; anything else (a harness started by hand) is harness 0.
 */
export const HARNESS_INDEX = Number(process.env.E2E_HARNESS ?? process.env.TEST_PARALLEL_INDEX ?? 0);

/** The app's port for harness `index` (this process's own by default). */
export const appPort = (index = HARNESS_INDEX) => BASE_PORT + HARNESS_PORT_STEP * index;
/** The app of harness `index` as the browser sees it (PUBLIC_URL). */
export const appUrl = (index = HARNESS_INDEX) => `http://localhost:${appPort(index)}`;

const fakePort = (override: string | undefined, offset: number) =>
  (override === undefined ? BASE_PORT + offset : Number(override)) + HARNESS_PORT_STEP * HARNESS_INDEX;

export const E2E_PORT = appPort();
/** The app, as the browser sees it (PUBLIC_URL). */
export const BASE_URL = appUrl();
export const FAKE_GITHUB_PORT = fakePort(process.env.E2E_FAKE_GITHUB_PORT, 1);
/** The fake GitHub (GITHUB_URL and GITHUB_API_URL); POST /__control steers it. */
export const FAKE_GITHUB_URL = `http://127.0.0.1:${FAKE_GITHUB_PORT}`;
/** The fake ESPN scoreboard (tests/fakes/espn.ts): ESPN_BASE_URL points at it; POST /__control steers it. */
export const FAKE_ESPN_PORT = fakePort(process.env.E2E_FAKE_ESPN_PORT, 7);
export const FAKE_ESPN_URL = `http://127.0.0.1:${FAKE_ESPN_PORT}`;
/** The fake news web (feeds and article pages, tests/fakes/news-feeds.ts): NEWS_FEEDS points at it. */
export const FAKE_NEWS_PORT = fakePort(process.env.E2E_FAKE_NEWS_PORT, 5);
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
