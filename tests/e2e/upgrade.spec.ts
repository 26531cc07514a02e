/**
 * A deploy while a tab is open. Two real builds of the client (the second with a change, so every
 * script's name differs), served in turn by the app on a port of this spec's own: the app restarts in
 * between on the same store, as a deploy does, and the second build replaces the first on disk, so
 * the first build's scripts are gone. The tab opened before the deploy then opens a page it had not
 * visited, with the new build's service worker already in charge of it.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { build } from 'vite';
import { freePort } from '../helpers/redis-server';
import { FAKE_ESPN_URL } from './env';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Two builds take a while on a busy machine. */
const BUILDS_TIMEOUT_MS = 300_000;

interface Build {
  dir: string;
  /** index.html's entry script. */
  entry: string;
  /** The service worker's build id (its caches are named after it). */
  workerBuild: string;
  /** The file a client source became (Vite's manifest), or a chunk the build names. */
  chunkOf(sourceOrName: string): string;
}

/**
 * A production build of the client into `dir`, where every script says which `release` it is: a
 * change in each, as a new release has, so every script's name changes too.
 */
async function buildClient(dir: string, release: string): Promise<Build> {
  await build({
    configFile: join(ROOT, 'vite.config.ts'),
    logLevel: 'error',
    plugins: [
      {
        name: 'release-mark',
        enforce: 'post',
        renderChunk: (code) => `${code}\nglobalThis.ttRelease = ${JSON.stringify(release)};`,
      },
    ],
    build: { outDir: dir, emptyOutDir: true, sourcemap: false, manifest: true },
  });
  const manifest = JSON.parse(readFileSync(join(dir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string; name?: string; isDynamicEntry?: boolean }
  >;
  const chunkNamed = (name: string) =>
    Object.values(manifest).find((chunk) => chunk.name === name && chunk.isDynamicEntry);
  return {
    dir,
    entry: /<script type="module"[^>]*src="([^"]+)"/.exec(readFileSync(join(dir, 'index.html'), 'utf8'))![1]!,
    workerBuild: /const BUILD_ID = '([^']+)'/.exec(readFileSync(join(dir, 'sw.js'), 'utf8'))![1]!,
    chunkOf: (sourceOrName) => `/${(manifest[sourceOrName] ?? chunkNamed(sourceOrName))!.file}`,
  };
}

const FANTASY = 'src/features/fantasy/index.ts';
const PROFILE = 'src/features/profile/index.ts';
/**
 * What the signed-in frame loads once its first page has painted, for this fan (both questionnaires
 * answered, no team followed): the socket and the game-day controls (chunks the build names) and the
 * players.
 */
const AFTER_FIRST_PAINT = ['socket', 'game-day', 'src/features/podcast/index.ts'];

test.describe('a tab opened before a deploy', () => {
  test.use({ serviceWorkers: 'allow' });

  let work: string;
  let before: Build;
  let after: Build;
  /** The folder the app serves: the deployed build. */
  let live: string;
  let origin: string;
  let port: number;
  /** The app (tests/helpers/upgrade-app.ts): one process, restarted inside on each deploy. */
  let app: ChildProcess | null = null;

  /** Deploys `next`: the app stops, the old build's files go, the app starts on `next`. */
  async function deploy(next: Build) {
    if (!app) {
      app = fork(join(ROOT, 'tests/helpers/upgrade-app.ts'), {
        cwd: ROOT,
        execArgv: ['--import', 'tsx'],
        env: {
          ...process.env,
          CLIENT_DIR: live,
          PORT: String(port),
          PUBLIC_URL: origin,
          ESPN_BASE_URL: FAKE_ESPN_URL,
        },
      });
    }
    const running = app;
    await new Promise<void>((resolve, reject) => {
      running.once('message', () => resolve());
      running.once('exit', (code) => reject(new Error(`the app exited (${code})`)));
      running.send({ deploy: next.dir });
    });
  }

  test.beforeAll(async () => {
    test.setTimeout(BUILDS_TIMEOUT_MS);
    work = mkdtempSync(join(tmpdir(), 'tt-upgrade-'));
    before = await buildClient(join(work, 'before'), '1');
    after = await buildClient(join(work, 'after'), '2');
    live = join(work, 'live');
    port = await freePort();
    origin = `http://localhost:${port}`;
  });

  test.afterAll(async () => {
    if (app && app.exitCode === null) {
      const exited = new Promise((resolve) => app!.once('exit', resolve));
      app.disconnect();
      await exited;
    }
    if (work) rmSync(work, { recursive: true, force: true });
  });

  async function signIn(page: Page) {
    await page.addInitScript(() => {
      for (const key of ['teamQuestionnaireCompleted', 'techQuestionnaireCompleted']) {
        localStorage.setItem(key, 'true');
      }
    });
    await page.goto(`${origin}/login`);
    await page.getByRole('button', { name: 'Sign in with GitHub' }).click();
    await page.getByLabel('Login').fill('upgrader');
    await page.getByRole('button', { name: 'Authorize' }).click();
    await expect(page).toHaveURL(`${origin}/`, { timeout: 15_000 });
    await expect(page.getByRole('button', { name: 'Sign Out' }).first()).toBeVisible();
  }

  const entryOf = (page: Page) => page.locator('script[type="module"][src]').getAttribute('src');

  test('opens a page it had not visited, on the new build, where the user asked', async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    expect(after.chunkOf(FANTASY)).not.toBe(before.chunkOf(FANTASY));
    await deploy(before);
    await signIn(page);
    expect(await entryOf(page)).toBe(before.entry);
    await page.evaluate(() => navigator.serviceWorker.ready);
    // The tab has loaded everything its first page needs, the parts that follow the first paint too:
    // the deploy comes while the fan reads, and only the page they open next is missing.
    const deferred = AFTER_FIRST_PAINT.map((source) => before.chunkOf(source));
    await expect
      .poll(() =>
        page.evaluate(() =>
          performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
        ),
      )
      .toEqual(expect.arrayContaining(deferred));

    await deploy(after);
    expect((await page.request.get(`${origin}${before.chunkOf(FANTASY)}`)).status()).toBe(404);
    // Another tab opened after the deploy: the new worker takes over every tab and drops the old
    // build's caches.
    const other = await context.newPage();
    await other.goto(`${origin}/`);
    await expect(other.getByRole('button', { name: 'Sign Out' }).first()).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => caches.keys()))
      .toEqual(expect.arrayContaining([`tt-shell-${after.workerBuild}`]));
    await expect
      .poll(async () =>
        (await page.evaluate(() => caches.keys())).some((name) => name.includes(before.workerBuild)),
      )
      .toBe(false);
    await other.close();

    let loads = 0;
    page.on('load', () => loads++);
    await page.getByRole('link', { name: 'Fantasy', exact: true }).first().click();
    await expect(page).toHaveTitle('Fantasy · Tech Touchdown');
    await expect(page).toHaveURL(`${origin}/fantasy`);
    // One reload brought the tab onto the new build.
    expect(await entryOf(page)).toBe(after.entry);
    expect(loads).toBe(1);

    // A page of the build the server still serves that cannot load: no new build to reload onto, so
    // the error shows at once and the tab stays (a reload loop is never possible).
    unlinkSync(join(live, after.chunkOf(PROFILE)));
    await page.getByRole('link', { name: 'Profile', exact: true }).first().click();
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reload page' })).toBeVisible();
    await expect(page).toHaveURL(`${origin}/profile`);
    expect(loads).toBe(1);
  });
});
