import {
  expect,
  test,
  type APIRequestContext,
  type BrowserContext,
  type Cookie,
  type Locator,
  type Page,
} from '@playwright/test';
import { DEFAULT_FAKE_USER, ERROR_COOKIE, LOGIN_COOKIE } from '../fakes/github';
import { BASE_URL, FAKE_ESPN_URL, FAKE_GITHUB_URL, GITHUB_CLIENT_ID } from './env';

/** The fake GitHub's default user, as GET /user answers it (see tests/fakes/github.ts). */
export const FAKE_USER = {
  ...DEFAULT_FAKE_USER,
  name: DEFAULT_FAKE_USER.name!,
  html_url: `${FAKE_GITHUB_URL}/${DEFAULT_FAKE_USER.login}`,
};

export interface SignInOptions {
  /** Sign in as this GitHub login (the fake makes the user up when it does not know it). */
  login?: string;
  /** The name the top bar should show; default the fake user's name, or the login for made-up users. */
  expectName?: string;
  /** Start from this page instead of /login (a protected page redirects to /login first). */
  from?: string;
  /**
   * A first visit: the home page's questionnaires open on their own. By default the user is a
   * returning one who has answered them, so they do not cover the page.
   */
  firstVisit?: boolean;
}

/** Tells the fake GitHub, for this browser context only, whom to sign in as. */
export async function useGitHubLogin(context: BrowserContext, login: string | null) {
  if (login === null) {
    await context.clearCookies({ name: LOGIN_COOKIE });
    return;
  }
  await context.addCookies([{ name: LOGIN_COOKIE, value: login, url: FAKE_GITHUB_URL }]);
}

/** Makes the fake GitHub answer this context's authorize requests with an OAuth error. */
export async function useGitHubError(context: BrowserContext, error: string | null) {
  if (error === null) {
    await context.clearCookies({ name: ERROR_COOKIE });
    return;
  }
  await context.addCookies([{ name: ERROR_COOKIE, value: error, url: FAKE_GITHUB_URL }]);
}

/** The top bar's Sign Out button (the profile page has one too). */
export const signOutButton = (page: Page) => page.getByRole('button', { name: 'Sign Out' }).first();

/**
 * Signs in through the login page and the fake GitHub, as a user does, and waits for the signed-in
 * shell: the top bar shows the user's name and a 'Sign Out' button.
 */
export async function signIn(page: Page, options: SignInOptions = {}) {
  if (options.login) await useGitHubLogin(page.context(), options.login);
  if (!options.firstVisit) await skipQuestionnaires(page.context());
  await page.goto(options.from ?? '/login');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('button', { name: 'Sign in with GitHub' }).click();
  await expectSignedIn(page, options);
}

/** A returning user: the questionnaires are answered in this browser, so they do not cover the page. */
async function skipQuestionnaires(context: BrowserContext) {
  await context.addInitScript(() => {
    for (const key of ['teamQuestionnaireCompleted', 'techQuestionnaireCompleted']) {
      if (localStorage.getItem(key) === null) localStorage.setItem(key, 'true');
    }
  });
}

/** The signed-in shell: the top bar shows the user's name and a 'Sign Out' button. */
async function expectSignedIn(page: Page, options: SignInOptions) {
  const expectName =
    options.expectName ??
    (options.login && options.login !== FAKE_USER.login ? options.login : FAKE_USER.name);
  await expect(signOutButton(page)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(expectName, { exact: true }).first()).toBeVisible();
  await expect(page).not.toHaveURL(/\/(login|auth\/callback)/);
}

const SESSION_COOKIE = 'tt.sid';
/**
 * The session cookie of each login this worker has signed in through the fake GitHub with
 * reuseSignIn(): a worker has a harness (and so a store) of its own, and runs one test at a time.
 */
const sessions = new Map<string, Cookie>();

/**
 * For tests where signing in is not what is tested: the page's context gets the session this worker
 * already has for the login (the first time, it signs in through the login page and the fake GitHub
 * with signIn), and the page opens `from` (default /) in the signed-in shell, as signIn leaves it.
 * The specs of sign-in and sign-out (auth, first-run, oidc-sign-in, https-caddy, leagues' invite link)
 * sign in for real each time; a test that signs out uses signIn, never this.
 */
export async function reuseSignIn(page: Page, options: SignInOptions = {}) {
  const login = options.login ?? FAKE_USER.login;
  const session = sessions.get(login);
  if (!session) {
    await signIn(page, options);
    const cookie = (await page.context().cookies(BASE_URL)).find(({ name }) => name === SESSION_COOKIE);
    expect(cookie, 'the session cookie').toBeDefined();
    sessions.set(login, cookie!);
    return;
  }
  if (!options.firstVisit) await skipQuestionnaires(page.context());
  await page.context().addCookies([session]);
  await page.goto(options.from ?? '/');
  await expectSignedIn(page, options);
}

/** Steers the fake GitHub globally (prefer the per-context cookies above in parallel tests). */
export async function controlFakeGitHub(request: APIRequestContext, body: Record<string, unknown>) {
  const response = await request.post(`${FAKE_GITHUB_URL}/__control`, { data: body });
  expect(response.ok()).toBe(true);
  return (await response.json()) as Record<string, unknown>;
}

/** A code from the fake's authorize endpoint, fetched without a browser (for API-level tests). */
export async function fakeAuthorizationCode(request: APIRequestContext, state: string) {
  const url = new URL('/login/oauth/authorize', FAKE_GITHUB_URL);
  url.search = new URLSearchParams({
    client_id: GITHUB_CLIENT_ID,
    redirect_uri: `${BASE_URL}/auth/callback`,
    scope: 'user:email',
    state,
  }).toString();
  const response = await request.get(url.toString(), { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  const location = new URL(response.headers().location!);
  return location.searchParams.get('code')!;
}

/** The session cookie of a browser context, as a Cookie header for non-browser clients. */
export async function cookieHeader(context: BrowserContext) {
  const cookies = await context.cookies(BASE_URL);
  return cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
}

/**
 * Reloads a page whose fake clock is paused, and waits until `ready` shows. The signed-in frame and
 * its pages load their code on demand, and React shows them on a timer once the code is in: with the
 * clock paused that timer waits for the test. So the clock moves on in 100 ms steps, at most
 * `maxAdvanceMs` in all (keep it under whatever timer the test controls), until the page shows.
 */
export async function reloadPaused(page: Page, ready: Locator, maxAdvanceMs = 1_000) {
  await page.reload();
  await showPaused(page, ready, maxAdvanceMs);
}

/**
 * Waits until `ready` shows on a page whose fake clock is paused, moving the clock on in 100 ms
 * steps (at most `maxAdvanceMs`) as reloadPaused does. A timer the page sets when `ready` appears was
 * set at most 100 ms of fake time before this returns.
 */
export async function showPaused(page: Page, ready: Locator, maxAdvanceMs = 1_000) {
  for (let advanced = 0; advanced < maxAdvanceMs; advanced += 100) {
    if (await ready.isVisible()) return;
    await page.clock.runFor(100);
    await ready.waitFor({ timeout: 500 }).catch(() => {});
  }
  await expect(ready).toBeVisible();
}

/** Changes the fake ESPN (scores, game states, failures; see tests/fakes/espn.ts `/__control`). */
export async function controlEspn(request: APIRequestContext, body: Record<string, unknown>) {
  const answer = await request.post(`${FAKE_ESPN_URL}/__control`, { data: body });
  expect(answer.ok()).toBe(true);
}

/**
 * For a spec that changes the fake ESPN: each test starts from the fake's own games (reset before
 * it), and the spec leaves the fake that way for the next spec on the worker (reset after its last
 * test). Call it at the top of the spec, or inside a describe for that describe's tests.
 */
export function resetEspnAroundTests() {
  test.beforeEach(async ({ request }) => {
    await controlEspn(request, { reset: true });
  });
  test.afterAll(async ({ request }) => {
    await controlEspn(request, { reset: true });
  });
}
