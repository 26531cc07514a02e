import { expect, test } from '@playwright/test';
import { io, type Socket } from 'socket.io-client';
import { BASE_URL, FAKE_GITHUB_URL } from './env';

const SESSION_COOKIE = 'tt.sid';
import {
  FAKE_USER,
  cookieHeader,
  fakeAuthorizationCode,
  showPaused,
  signIn,
  signOutButton,
  useGitHubError,
} from './helpers';

test.describe('sign-in with GitHub', () => {
  test('signs in through GitHub and lands on the page it came from', async ({ page }) => {
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login$/);
    // The redirect replaced the history entry: Back does not return to the protected page.
    await page.getByRole('button', { name: 'Sign in with GitHub' }).click();
    await expect(page).toHaveURL(/\/profile$/, { timeout: 15_000 });
    await expect(page.getByRole('heading', { name: 'Profile', exact: true })).toBeVisible();
    await expect(signOutButton(page)).toBeVisible();
    await expect(page.getByText(FAKE_USER.name, { exact: true }).first()).toBeVisible();

    // The authorize request carried what GitHub needs.
    const stats = (await (await page.request.get(`${FAKE_GITHUB_URL}/__control`)).json()) as {
      lastAuthorize: Record<string, string>;
    };
    const authorize = stats.lastAuthorize;
    expect(authorize).toMatchObject({
      redirect_uri: `${BASE_URL}/auth/callback`,
      scope: 'user:email',
    });
    expect(authorize.state).toMatch(/^[0-9a-z]{26}$/);

    // The token never reaches the browser: not in storage, not readable as a cookie.
    const storage = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
    expect(storage).not.toContain('gho_');
    const session = (await page.context().cookies(BASE_URL)).find((cookie) => cookie.name === SESSION_COOKIE);
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(await page.evaluate(() => document.cookie)).not.toContain(SESSION_COOKIE);
  });

  test("the profile shows the fake user's fields", async ({ page }) => {
    // A fixed clock so the account age does not depend on the day the tests run.
    await page.clock.setFixedTime(new Date('2026-06-01T12:00:00Z'));
    await signIn(page);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Profile', exact: true })).toBeVisible();
    const main = page.locator('body');
    await expect(main.getByText(FAKE_USER.name, { exact: true }).first()).toBeVisible();
    await expect(main.getByText(`@${FAKE_USER.login}`, { exact: true })).toBeVisible();
    await expect(main.getByText(FAKE_USER.bio!)).toBeVisible();
    await expect(main.getByText('March 14, 2015')).toBeVisible();
    await expect(main.getByText(FAKE_USER.location!)).toBeVisible();
    await expect(main.getByText(FAKE_USER.company!)).toBeVisible();
    await expect(main.getByText(FAKE_USER.email!)).toBeVisible();
    const blog = page.getByRole('link', { name: /octofan\.dev/ });
    await expect(blog).toHaveAttribute('href', 'https://octofan.dev');
    await expect(page.getByRole('link', { name: 'View on GitHub' })).toHaveAttribute(
      'href',
      FAKE_USER.html_url,
    );
    await expect(page.getByRole('button', { name: 'Sign Out' }).nth(1)).toBeVisible();

    // GitHub statistics: repositories, followers, following, account age in whole years.
    await expect(main.getByText('42', { exact: true })).toBeVisible();
    await expect(main.getByText(/^1,?234$/)).toBeVisible();
    await expect(main.getByText('56', { exact: true })).toBeVisible();
    await expect(main.getByText(/\b11\b/).first()).toBeVisible(); // 2015-03-14 → 2026-06-01

    const avatar = page.locator(`img[src^="data:image/svg+xml"]`).first();
    await expect(avatar).toBeVisible();
  });

  test('a user without a name is shown by login', async ({ page }) => {
    // The fake makes up users it does not know, with a null name; the top bar falls back to the login.
    await signIn(page, { login: 'no-name-dev' });
    await page.goto('/profile');
    await expect(page.getByText('@no-name-dev', { exact: true })).toBeVisible();
  });

  test('signs out from the top bar: back to /login and the session is gone', async ({ page }) => {
    await signIn(page);
    await signOutButton(page).click();
    await expect(page).toHaveURL(/\/login$/);
    const me = await page.request.get('/api/auth/me');
    expect(me.status()).toBe(401);
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login$/);
  });

  test("signs out from the sidebar's Logout", async ({ page }) => {
    await signIn(page);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  });

  test("an OAuth error shows 'Authentication Failed', then /login after 3 s", async ({ page }) => {
    await page.clock.install();
    await useGitHubError(page.context(), 'access_denied');
    await page.goto('/login');
    // Paused from here on, so the 3 s are the page's clock alone, however busy the machine is.
    await page.clock.pauseAt(Date.now() + 1_000);
    await page.getByRole('button', { name: 'Sign in with GitHub' }).click();
    await expect(page).toHaveURL(/\/auth\/callback\?.*error=access_denied/);
    await showPaused(page, page.getByText('Authentication Failed'));
    await expect(page.getByText('Redirecting to login page...')).toBeVisible();
    await page.clock.runFor(2_500);
    await expect(page).toHaveURL(/\/auth\/callback/);
    await page.clock.runFor(1_000);
    await expect(page).toHaveURL(/\/login$/);
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  });

  test('the callback without a code goes to /login', async ({ page }) => {
    await page.goto('/auth/callback');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a state mismatch is refused and the user stays signed out', async ({ page }) => {
    // The browser asks to sign in (the server keeps a state in the session) …
    const login = await page.request.get('/api/auth/github/login');
    expect(login.ok()).toBe(true);
    const { url } = (await login.json()) as { url: string };
    const realState = new URL(url).searchParams.get('state')!;
    // … and comes back with a valid code but another state.
    const code = await fakeAuthorizationCode(page.request, 'forged-state');
    const before = (await (await page.request.get(`${FAKE_GITHUB_URL}/__control`)).json()) as {
      tokenRequests: number;
    };
    const answer = await page.request.post('/api/auth/github', {
      data: { code, state: realState.split('').reverse().join('') },
    });
    expect(answer.status()).toBe(400);
    expect(await answer.json()).toMatchObject({ error: { code: 'oauth_state_mismatch' } });
    const after = (await (await page.request.get(`${FAKE_GITHUB_URL}/__control`)).json()) as {
      tokenRequests: number;
    };
    expect(after.tokenRequests).toBe(before.tokenRequests); // the code was never exchanged
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);

    // The same through the callback page: the browser ends up signed out on /login.
    await page.goto(`/auth/callback?code=${await fakeAuthorizationCode(page.request, 'x')}&state=forged`);
    await expect(page).toHaveURL(/\/login$/);
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  });
});

test.describe('socket authentication', () => {
  const sockets: Socket[] = [];
  test.afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });

  /** Connects from the test process; resolves 'connected' or the connect_error message. */
  function connect(headers: Record<string, string>, transport: 'polling' | 'websocket') {
    const socket = io(BASE_URL, {
      transports: [transport],
      extraHeaders: headers,
      reconnection: false,
      timeout: 10_000,
    });
    sockets.push(socket);
    return new Promise<string>((resolve) => {
      socket.once('connect', () => resolve('connected'));
      socket.once('connect_error', (error) => resolve(`refused: ${error.message}`));
    });
  }

  for (const transport of ['polling', 'websocket'] as const) {
    test(`a socket without a session is refused (${transport})`, async () => {
      expect(await connect({}, transport)).toBe('refused: unauthenticated');
    });

    test(`a socket from a foreign Origin is refused, even with a session (${transport})`, async ({
      page,
    }) => {
      await signIn(page);
      const cookie = await cookieHeader(page.context());
      // The same session from the app's own origin connects: the refusal below is about the Origin.
      expect(await connect({ cookie, origin: BASE_URL }, transport)).toBe('connected');
      const foreign = await connect({ cookie, origin: 'http://evil.example' }, transport);
      expect(foreign).toMatch(/^refused: /);
    });
  }
});
