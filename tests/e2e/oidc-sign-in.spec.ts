/**
 * Sign-in through a real OpenID Connect provider: the certified `oidc-provider` package on loopback
 * (tests/helpers/oidc-provider.ts), in front of the app started as a user starts it (`node
 * scripts/start.mjs`) on a port of this spec's own with OIDC_PROVIDERS set and no GitHub. Two fans
 * press 'Sign in with Test IdP', type their username on the provider's page, come back signed in as
 * username@idp, and chat in a game of the harness's fake ESPN. A production app with no sign-in
 * configured says so on /login at once, and in its start-up log.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { oidcEnv, startOidcProvider, type TestOidcProvider } from '../helpers/oidc-provider';
import { freePort } from '../helpers/redis-server';
import { FAKE_ESPN_URL, FAKE_NEWS_URL } from './env';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const GAME = /Detroit Lions/;

interface StartedApp {
  origin: string;
  process: ChildProcess;
  output: () => string;
}

/**
 * `node scripts/start.mjs` with every other name of the config contract unset and its sources on
 * loopback; a preload keeps anything else unreached.
 */
async function startApp(env: Record<string, string>): Promise<StartedApp> {
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const names = [...readFileSync(`${ROOT}.env.example`, 'utf8').matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map(
    (match) => match[1]!,
  );
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const name of names) delete childEnv[name];
  delete childEnv.NODE_ENV;
  Object.assign(childEnv, {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: origin,
    LOG_LEVEL: 'warn',
    ESPN_BASE_URL: FAKE_ESPN_URL,
    SPORTS_POLL_SECONDS: '2',
    NEWS_FEEDS: `${FAKE_NEWS_URL}/feeds/tech.xml`,
    FETCH_ALLOW_PRIVATE: '1',
    NODE_OPTIONS: `--import tsx --import ${ROOT}tests/helpers/loopback-only.ts`,
    ...env,
  });
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const app = { origin, process: child, output: () => output };
  await expect
    .poll(
      async () => {
        if (child.exitCode !== null) throw new Error(`the app exited (${child.exitCode}):\n${output}`);
        return fetch(`${origin}/healthz`).then(
          (response) => response.status,
          () => 0,
        );
      },
      { timeout: 60_000 },
    )
    .toBe(200);
  return app;
}

async function stopApp(app: StartedApp | undefined) {
  if (!app || app.process.exitCode !== null) return;
  const exited = new Promise((resolve) => app.process.once('exit', resolve));
  app.process.kill('SIGTERM');
  await exited;
}

/** A fan signs in with the provider in a browser context of their own and opens the game's room. */
async function fanInGameRoom(browser: Browser, origin: string, username: string) {
  const context = await browser.newContext();
  await context.addInitScript(() => {
    for (const key of ['teamQuestionnaireCompleted', 'techQuestionnaireCompleted']) {
      localStorage.setItem(key, 'true');
    }
  });
  const page = await context.newPage();
  await page.goto(`${origin}/login`);
  // The only sign-in here is the provider's; the page offers no GitHub button.
  await expect(page.getByRole('button', { name: 'Sign in with Test IdP' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Sign in with GitHub' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Sign in with Test IdP' }).click();

  // The provider's own page, on its own origin.
  await expect(page.getByRole('heading', { name: 'Test OpenID Provider' })).toBeVisible();
  await page.getByLabel('Username').fill(username);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();

  await expect(page).toHaveURL(`${origin}/`, { timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Sign Out' }).first()).toBeVisible();
  await page.goto(`${origin}/sports`);
  await page.getByRole('button', { name: GAME }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  return { context, page, dialog };
}

async function joinChat(dialog: ReturnType<Page['getByRole']>, side: 'Away' | 'Home', login: string) {
  const chat = dialog.getByRole('region', { name: 'Game chat' });
  // The chat speaks as the unique login, provider and all.
  await expect(chat.getByText(`Choose your team to start chatting as @${login}`)).toBeVisible();
  await chat.getByRole('radio', { name: new RegExp(`^${side}`) }).click();
  await chat.getByRole('button', { name: 'Join Chat' }).click();
  await expect(dialog.getByText('Live Game Chat')).toBeVisible();
}

test.describe('sign-in with an OpenID Connect provider', () => {
  let provider: TestOidcProvider | undefined;
  let app: StartedApp | undefined;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    provider = await startOidcProvider();
    app = await startApp({ ...oidcEnv('idp', provider), OIDC_IDP_NAME: 'Test IdP' });
  });

  test.afterAll(async () => {
    await stopApp(app);
    await provider?.close();
  });

  test('two fans sign in through the provider and chat in a game room as login@idp', async ({ browser }) => {
    test.setTimeout(90_000);
    const away = await fanInGameRoom(browser, app!.origin, 'lions.fan');
    const home = await fanInGameRoom(browser, app!.origin, 'bears_fan');
    await joinChat(away.dialog, 'Away', 'lions-fan@idp');
    await joinChat(home.dialog, 'Home', 'bears-fan@idp');

    await away.dialog.getByPlaceholder(/^Message the .* chat\.\.\.$/).fill('Signed in with our own IdP!');
    await away.dialog.getByRole('button', { name: 'Send message' }).click();
    const homeLog = home.dialog.getByRole('log', { name: 'Chat messages' });
    await expect(homeLog.getByText('Signed in with our own IdP!')).toBeVisible();
    await expect(homeLog.getByText('@lions-fan@idp').first()).toBeVisible();

    await home.dialog.getByPlaceholder(/^Message the .* chat\.\.\.$/).fill('So did we.');
    await home.dialog.getByRole('button', { name: 'Send message' }).click();
    const awayLog = away.dialog.getByRole('log', { name: 'Chat messages' });
    await expect(awayLog.getByText('So did we.')).toBeVisible();
    await expect(awayLog.getByText('@bears-fan@idp').first()).toBeVisible();
    await expect(away.dialog.getByText('Offline Mode')).toHaveCount(0);

    await away.context.close();
    await home.context.close();
  });
});

test.describe('production with no sign-in configured', () => {
  let app: StartedApp | undefined;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    app = await startApp({ NODE_ENV: 'production', SESSION_SECRET: 'oidc-spec-session-secret-0123456789' });
  });

  test.afterAll(() => stopApp(app));

  test('/login says so before any press, and the start-up log warns with what to set', async ({ page }) => {
    await page.goto(`${app!.origin}/login`);
    await expect(page.getByRole('alert')).toHaveText(
      'GitHub OAuth not configured. Please check environment variables.',
    );
    await expect(page.getByRole('button', { name: 'Sign in with GitHub' })).toBeDisabled();

    const warning = app!
      .output()
      .split('\n')
      .map((line) => (line.startsWith('{') ? (JSON.parse(line) as { level: number; msg: string }) : null))
      .find((entry) => entry?.msg.startsWith('No sign-in is configured'));
    expect(warning?.level).toBe(40); // warn
    expect(warning?.msg).toContain('GITHUB_CLIENT_ID');
    expect(warning?.msg).toContain('OIDC_PROVIDERS');
  });
});
