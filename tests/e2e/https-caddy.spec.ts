/**
 * HTTPS as docker-compose.yml's `https` profile gives it: the repo's Caddyfile (deploy/Caddyfile)
 * run by Debian's caddy on loopback, with SITE_ADDRESS=localhost so Caddy's own CA signs the
 * certificate, in front of the app started as the image starts it (NODE_ENV=production,
 * PUBLIC_URL=https://…, TRUST_PROXY=1, as compose's app-https service). Two fans sign in through
 * GitHub (the fake, on loopback) and chat in a game of the fake ESPN; the session cookie is Secure and the socket is wss://.
 *
 * Chromium trusts Caddy's CA the narrow way: `--ignore-certificate-errors-spki-list` with the key of
 * the CA's intermediate certificate (the CA certificate Caddy sends with every leaf; its root is not
 * sent, so Chromium never sees the root's key). Every other certificate error still fails, and
 * ignoreHTTPSErrors stays off.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { startFakeEspn, type FakeEspn } from '../fakes/espn';
import { LOGIN_COOKIE, startFakeGitHub, type FakeGitHub } from '../fakes/github';
import { spkiHash, startCaddy, type Caddy } from '../helpers/caddy';
import { freePort } from '../helpers/redis-server';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './env';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Chromium resolves localhost and loopback literals only. */
const LOOPBACK_ONLY = '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1';
const GAME = /Detroit Lions/;

interface StartedApp {
  process: ChildProcess;
  output: () => string;
}

/**
 * `node scripts/start.mjs` in production behind the proxy, every other name of the config contract
 * unset; a preload keeps its default news sources (on the internet) unreached.
 */
function startApp(env: Record<string, string>): StartedApp {
  const names = [...readFileSync(`${ROOT}.env.example`, 'utf8').matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map(
    (match) => match[1]!,
  );
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const name of names) delete childEnv[name];
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

async function stopApp(app: StartedApp) {
  if (app.process.exitCode !== null) return;
  const exited = new Promise((resolve) => app.process.once('exit', resolve));
  app.process.kill('SIGTERM');
  await exited;
}

test.describe('behind Caddy with TLS (compose profile https)', () => {
  test.setTimeout(120_000);

  let github: FakeGitHub;
  let espn: FakeEspn;
  let app: StartedApp;
  let caddy: Caddy;
  let browser: Browser;
  let origin: string;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    const caddyPort = await freePort();
    const appPort = await freePort();
    origin = `https://localhost:${caddyPort}`;
    github = await startFakeGitHub({ callbackUrl: `${origin}/auth/callback` });
    espn = await startFakeEspn();
    app = startApp({
      NODE_ENV: 'production',
      PORT: String(appPort),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      TRUST_PROXY: '1',
      SESSION_SECRET: 'https-spec-session-secret-0123456789',
      GITHUB_CLIENT_ID: github.clientId,
      GITHUB_CLIENT_SECRET: github.clientSecret,
      GITHUB_URL: github.url,
      GITHUB_API_URL: github.url,
      ESPN_BASE_URL: espn.url,
      LOG_LEVEL: 'warn',
    });
    await expect
      .poll(
        async () => {
          if (app.process.exitCode !== null) throw new Error(`the app exited:\n${app.output()}`);
          return fetch(`http://127.0.0.1:${appPort}/healthz`).then(
            (response) => response.status,
            () => 0,
          );
        },
        { timeout: 120_000, message: 'the app answers /healthz' },
      )
      .toBe(200);
    caddy = await startCaddy({ upstream: `127.0.0.1:${appPort}`, port: caddyPort });
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [
        ...CHROMIUM_ARGS,
        LOOPBACK_ONLY,
        `--ignore-certificate-errors-spki-list=${spkiHash(caddy.intermediateCertificate)}`,
      ],
    });
  });

  test.afterAll(async () => {
    await browser?.close();
    await caddy?.stop();
    if (app) await stopApp(app);
    await github?.close();
    await espn?.close();
  });

  /** A fan in a browser context of their own, signed in through GitHub over HTTPS. */
  async function signedInFan(
    login: string,
  ): Promise<{ context: BrowserContext; page: Page; sockets: string[] }> {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    await context.addCookies([{ name: LOGIN_COOKIE, value: login, url: github.url }]);
    await context.addInitScript(() => {
      for (const key of ['teamQuestionnaireCompleted', 'techQuestionnaireCompleted']) {
        localStorage.setItem(key, 'true');
      }
    });
    const page = await context.newPage();
    const sockets: string[] = [];
    page.on('websocket', (socket) => sockets.push(socket.url()));
    await page.goto(`${origin}/login`);
    await page.getByRole('button', { name: 'Sign in with GitHub' }).click();
    await expect(page.getByRole('button', { name: 'Sign Out' }).first()).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(`${origin}/`);
    return { context, page, sockets };
  }

  test('serves a secure context with a certificate from Caddy’s CA, and plain HTTP goes to HTTPS', async () => {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const response = await page.goto(`${origin}/login`);
    expect(response?.status()).toBe(200);
    expect(await page.evaluate(() => window.isSecureContext)).toBe(true);
    const certificate = await response!.securityDetails();
    expect(certificate?.issuer).toBe('Caddy Local Authority - ECC Intermediate');
    await context.close();

    // Without Caddy's CA, the same Chromium refuses the certificate: the trust above is that CA's.
    const untrusting = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS, LOOPBACK_ONLY],
    });
    try {
      const refused = await untrusting.newPage();
      await expect(refused.goto(`${origin}/login`)).rejects.toThrow(/ERR_CERT_AUTHORITY_INVALID/);
    } finally {
      await untrusting.close();
    }

    const redirect = await fetch(`http://localhost:${caddy.httpPort}/login`, { redirect: 'manual' });
    expect(redirect.status).toBe(308);
    expect(redirect.headers.get('location')).toMatch(/^https:\/\/localhost(:\d+)?\/login$/);
  });

  test('two fans sign in and chat over wss://, with a Secure session cookie', async () => {
    const away = await signedInFan('https-lions-fan');
    const home = await signedInFan('https-bears-fan');

    for (const fan of [away, home]) {
      const session = (await fan.context.cookies(origin)).find((cookie) => cookie.name === 'tt.sid');
      expect(session).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
    }

    const dialogs = [];
    for (const [fan, side] of [
      [away, 'Away'],
      [home, 'Home'],
    ] as const) {
      await fan.page.goto(`${origin}/sports`);
      await fan.page.getByRole('button', { name: GAME }).first().click();
      const dialog = fan.page.getByRole('dialog');
      const chat = dialog.getByRole('region', { name: 'Game chat' });
      await chat.getByRole('radio', { name: new RegExp(`^${side}`) }).click();
      await chat.getByRole('button', { name: 'Join Chat' }).click();
      await expect(dialog.getByText('Live Game Chat')).toBeVisible();
      dialogs.push(dialog);
    }
    const [awayDialog, homeDialog] = dialogs as [(typeof dialogs)[0], (typeof dialogs)[0]];

    await awayDialog.getByPlaceholder(/^Message the .* chat\.\.\.$/).fill('Touchdown over TLS!');
    await awayDialog.getByRole('button', { name: 'Send message' }).click();
    const homeLog = homeDialog.getByRole('log', { name: 'Chat messages' });
    await expect(homeLog.getByText('Touchdown over TLS!')).toBeVisible();
    await expect(homeLog.getByText('@https-lions-fan').first()).toBeVisible();

    await homeDialog.getByPlaceholder(/^Message the .* chat\.\.\.$/).fill('Encrypted and still losing.');
    await homeDialog.getByRole('button', { name: 'Send message' }).click();
    await expect(
      awayDialog.getByRole('log', { name: 'Chat messages' }).getByText('Encrypted and still losing.'),
    ).toBeVisible();
    await expect(awayDialog.getByText('Offline Mode')).toHaveCount(0);

    // Every socket went through Caddy as a WebSocket over TLS, none in plain text.
    for (const fan of [away, home]) {
      expect(fan.sockets.length).toBeGreaterThan(0);
      for (const url of fan.sockets)
        expect(url).toMatch(new RegExp(`^wss://localhost:${caddy.port}/socket\\.io/`));
      await fan.context.close();
    }
  });
});
