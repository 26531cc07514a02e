/**
 * README's first command, `npm install && npm start`, as a newcomer runs it: nothing configured (no
 * GitHub app, no Redis, no keys), then Sign in with GitHub → the development sign-in's Authorize →
 * the dashboard. The rest of the e2e suite configures a fake GitHub and so never drives this path.
 *
 * The app runs in its own process on a free port with every config name blank. Its default sources
 * are on the internet: a preload keeps it on loopback (tests/helpers/loopback-only.ts), and Chromium
 * resolves no other host.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { freePort } from '../helpers/redis-server';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './env';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const LOOPBACK_ONLY = '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1';

interface StartedApp {
  process: ChildProcess;
  output: () => string;
}

/** `node scripts/start.mjs` with an environment where every name of the config contract is unset. */
async function startUnconfigured(env: Record<string, string>): Promise<StartedApp> {
  const names = [...readFileSync(`${ROOT}.env.example`, 'utf8').matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map(
    (match) => match[1]!,
  );
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const name of [...names, 'NODE_ENV']) delete childEnv[name];
  Object.assign(childEnv, env, {
    NODE_OPTIONS: `--import tsx --import ${ROOT}tests/helpers/loopback-only.ts`,
  });
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { process: child, output: () => output };
}

async function waitUntilListening(app: StartedApp, url: string) {
  await expect
    .poll(
      async () => {
        if (app.process.exitCode !== null) throw new Error(`the app exited:\n${app.output()}`);
        return fetch(`${url}/healthz`).then(
          (response) => response.status,
          () => 0,
        );
      },
      { timeout: 120_000, message: 'the app answers /healthz' },
    )
    .toBe(200);
}

async function stop(app: StartedApp) {
  if (app.process.exitCode !== null) return;
  const exited = new Promise((resolve) => app.process.once('exit', resolve));
  app.process.kill('SIGTERM');
  await exited;
}

test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, LOOPBACK_ONLY],
  },
});

for (const host of ['localhost', '127.0.0.1'] as const) {
  test.describe(`first run with nothing configured, opened at ${host}`, () => {
    test.setTimeout(180_000);

    let app: StartedApp;
    let origin: string;

    test.beforeAll(async () => {
      const port = await freePort();
      origin = `http://${host}:${port}`;
      // README: `PORT` changes the port; opened at 127.0.0.1, PUBLIC_URL says so.
      app = await startUnconfigured({
        PORT: String(port),
        ...(host === 'localhost' ? {} : { PUBLIC_URL: origin }),
      });
      await waitUntilListening(app, origin);
    });

    test.afterAll(async () => {
      if (app) await stop(app);
    });

    test('signs in through the development sign-in and lands on the dashboard', async ({ page }) => {
      await page.goto(`${origin}/`);
      await expect(page).toHaveURL(`${origin}/login`);
      await page.getByRole('button', { name: 'Sign in with GitHub' }).click();

      await expect(page.getByRole('heading', { name: 'Development sign-in' })).toBeVisible();
      await page.getByLabel('Login').fill('newcomer');
      await page.getByRole('button', { name: 'Authorize' }).click();

      await expect(page).toHaveURL(`${origin}/`, { timeout: 15_000 });
      await expect(page.getByRole('button', { name: 'Sign Out' }).first()).toBeVisible();
      await expect(page.getByText('Newcomer', { exact: true }).first()).toBeVisible();
      expect(await page.content()).not.toContain('Cross-origin requests are not allowed');
    });

    test('listens on loopback only and says nothing about exposure', async () => {
      // With the development sign-in on and HOST unset, other machines cannot reach it.
      expect(app.output()).not.toContain('anyone who can reach port');
      const port = new URL(origin).port;
      const listening = readFileSync('/proc/net/tcp', 'utf8')
        .split('\n')
        .slice(1)
        .map((line) => line.trim().split(/\s+/))
        .filter((fields) => fields[3] === '0A' && parseInt(fields[1]!.split(':')[1]!, 16) === Number(port))
        .map((fields) => fields[1]!.split(':')[0]);
      // 0100007F is 127.0.0.1 as /proc/net/tcp writes it; 00000000 would be every interface.
      expect(listening).toEqual(['0100007F']);
    });
  });
}

test('an explicit HOST with the development sign-in on prints one warning line', async () => {
  test.setTimeout(180_000);
  const port = await freePort();
  const app = await startUnconfigured({ PORT: String(port), HOST: '0.0.0.0' });
  const warnings = () =>
    app
      .output()
      .split('\n')
      .filter((line) => line.includes('anyone who can reach port'));
  try {
    await waitUntilListening(app, `http://127.0.0.1:${port}`);
    // The line is written just after the app starts answering: it may reach the pipe a little later.
    await expect.poll(() => warnings().length).toBeGreaterThan(0);
  } finally {
    await stop(app);
  }
  // Counted once the app has exited and its output is all in: one line, not one per start-up step.
  expect(warnings()).toHaveLength(1);
  expect(warnings()[0]).toContain('can sign in as anyone');
});
