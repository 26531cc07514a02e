/**
 * Sign-in with an OpenID Connect provider, against a real one on loopback (the certified
 * `oidc-provider` package, tests/helpers/oidc-provider.ts): the code flow with PKCE, state and nonce,
 * the ID token's checks (a wrong state, a wrong nonce, an expired token), a provider that is down,
 * and logins kept apart from GitHub's and from each other.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { keys } from '@server/storage/keys';
import {
  approveAtProvider,
  oidcEnv,
  startOidcProvider,
  type TestOidcProvider,
} from '../helpers/oidc-provider';
import { connectSocket } from '../helpers/sign-in';
import { cookieClient, startTestApp, type TestApp } from '../helpers/test-app';
import { startFakeGitHub, type FakeGitHub } from '../fakes/github';

type Client = ReturnType<typeof cookieClient>;
interface ErrorAnswer {
  error: { code: string; message: string };
}

let provider: TestOidcProvider;
let running: TestApp[] = [];

beforeAll(async () => {
  provider = await startOidcProvider({
    accounts: {
      // Two accounts whose usernames give one login, and one whose only name is its e-mail.
      'jane.doe': { sub: 'account-1', preferred_username: 'jane.doe', name: 'Jane Doe' },
      'jane-doe': { sub: 'account-2', preferred_username: 'jane-doe', name: 'Another Jane' },
      mailonly: { sub: 'account-3', email: 'Mail.Only@example.test', email_verified: true },
    },
  });
});
afterAll(() => provider.close());
afterEach(async () => {
  await Promise.all(running.map((app) => app.close()));
  running = [];
});

async function start(env: Record<string, string> = {}, idp: TestOidcProvider = provider) {
  const app = await startTestApp({ env: { ...oidcEnv('idp', idp), OIDC_IDP_NAME: 'Test IdP', ...env } });
  running.push(app);
  return app;
}

/** Starts a sign-in with `provider` in a browser of its own: its session and the authorize URL. */
async function startSignIn(app: TestApp, providerId = 'idp', client: Client = cookieClient(app.baseUrl)) {
  const answer = await client.request(`/api/auth/${providerId}/login`);
  expect(answer.status).toBe(200);
  const { url } = (await answer.json()) as { url: string };
  return { client, authorizeUrl: new URL(url) };
}

/** The whole sign-in as a browser does it: start, the provider's page, the callback. */
async function signIn(app: TestApp, username: string) {
  const { client, authorizeUrl } = await startSignIn(app);
  const callback = await approveAtProvider(authorizeUrl.toString(), username);
  const answer = await client.json('/api/auth/callback', {
    code: callback.code,
    state: callback.state,
    iss: callback.iss,
  });
  return { client, answer, body: (await answer.json()) as Record<string, unknown> };
}

const errorOf = async (answer: Response) => ((await answer.json()) as ErrorAnswer).error;

describe('sign-in with an OpenID Connect provider', () => {
  it('lists the provider for the login page, beside no development sign-in', async () => {
    const app = await start();
    const answer = await fetch(`${app.baseUrl}/api/auth/providers`);
    expect(await answer.json()).toEqual({ providers: [{ id: 'idp', name: 'Test IdP' }] });
    // A real sign-in is configured: the app no longer plays GitHub.
    expect((await fetch(`${app.baseUrl}/api/auth/github/login`)).status).toBe(503);
    expect((await fetch(`${app.baseUrl}/api/auth/nope/login`)).status).toBe(404);
  });

  it('sends the browser to the discovered authorize endpoint with PKCE (S256), state and nonce', async () => {
    const app = await start();
    const { authorizeUrl } = await startSignIn(app);
    expect(`${authorizeUrl.origin}${authorizeUrl.pathname}`).toBe(`${provider.issuer}/auth`);
    const params = Object.fromEntries(authorizeUrl.searchParams);
    expect(params).toMatchObject({
      response_type: 'code',
      client_id: provider.clientId,
      redirect_uri: `${app.baseUrl}/auth/callback`,
      scope: 'openid profile email',
      code_challenge_method: 'S256',
    });
    expect(params.state).toMatch(/^[0-9a-z]{26}$/);
    expect(params.nonce!.length).toBeGreaterThanOrEqual(32);
    expect(params.code_challenge).toMatch(/^[\w-]{43}$/);
    // The verifier stays on the server: a second start gets new values.
    const again = await startSignIn(app);
    expect(again.authorizeUrl.searchParams.get('nonce')).not.toBe(params.nonce);
    expect(again.authorizeUrl.searchParams.get('code_challenge')).not.toBe(params.code_challenge);
  });

  it('signs in through the code flow as username@provider, keeps no token, and opens a socket', async () => {
    const app = await start({ MODERATOR_LOGINS: 'alice' });
    const { client, answer, body } = await signIn(app, 'alice');
    expect(answer.status).toBe(200);
    expect(body).toMatchObject({
      // A bare role entry names the only provider's user.
      role: 'moderator',
      user: {
        login: 'alice@idp',
        name: 'Alice Example',
        email: 'alice@example.test',
        html_url: `${provider.issuer}/alice`,
        provider: { id: 'idp', name: 'Test IdP' },
      },
    });
    const me = await client.request('/api/auth/me');
    expect(((await me.json()) as { user: { login: string } }).user.login).toBe('alice@idp');

    // Nothing of the provider's tokens is kept in the session.
    const sessionId = decodeURIComponent(client.jar.get('tt.sid')!).slice(2).split('.')[0]!;
    const stored = await app.store.get(keys.session(sessionId));
    expect(stored).toContain('alice@idp');
    expect(stored).not.toMatch(/access_token|id_token|githubToken|codeVerifier|nonce/);

    // The socket speaks as the session's login.
    const socket = await connectSocket(app.baseUrl, { cookie: client.cookieHeader() });
    try {
      expect(socket.connected).toBe(true);
    } finally {
      socket.close();
    }
  });

  it('reads the username from UserInfo when the ID token carries none', async () => {
    const strict = await startOidcProvider({ claimsInIdToken: false });
    try {
      const app = await start({}, strict);
      const { answer, body } = await signIn(app, 'bob');
      expect(answer.status).toBe(200);
      expect(body).toMatchObject({ user: { login: 'bob@idp', name: 'Bob Example' } });
    } finally {
      await strict.close();
    }
  });

  it('refuses a wrong state, and the sign-in cannot be finished afterwards', async () => {
    const app = await start();
    const { client, authorizeUrl } = await startSignIn(app);
    const callback = await approveAtProvider(authorizeUrl.toString(), 'carol');
    const wrong = await client.json('/api/auth/callback', { code: callback.code, state: 'x'.repeat(26) });
    expect(wrong.status).toBe(400);
    expect((await errorOf(wrong)).message).toBe('Authentication failed. Please try again.');
    // The state was single-use: the right one no longer works either.
    const late = await client.json('/api/auth/callback', { ...callback });
    expect(late.status).toBe(400);
    expect((await client.request('/api/auth/me')).status).toBe(401);
  });

  it('refuses a callback in a browser that did not start the sign-in', async () => {
    const app = await start();
    const { authorizeUrl } = await startSignIn(app);
    const callback = await approveAtProvider(authorizeUrl.toString(), 'carol');
    const stranger = cookieClient(app.baseUrl);
    expect((await stranger.json('/api/auth/callback', { ...callback })).status).toBe(400);
  });

  it('refuses an ID token whose nonce is not the one this sign-in sent', async () => {
    const app = await start();
    const { client, authorizeUrl } = await startSignIn(app);
    // The authorize request is altered on its way (the provider then signs the other nonce in).
    authorizeUrl.searchParams.set('nonce', 'a-nonce-this-sign-in-never-sent-0123456789');
    const callback = await approveAtProvider(authorizeUrl.toString(), 'dave');
    const answer = await client.json('/api/auth/callback', { ...callback });
    expect(answer.status).toBe(401);
    expect(await errorOf(answer)).toEqual({
      code: 'token_exchange_failed',
      message: 'Failed to authenticate with Test IdP',
    });
    expect((await client.request('/api/auth/me')).status).toBe(401);
  });

  it('refuses a code sent back with another PKCE verifier (a code stolen into another sign-in)', async () => {
    const app = await start();
    const victim = await startSignIn(app);
    const stolen = await approveAtProvider(victim.authorizeUrl.toString(), 'erin');
    const attacker = await startSignIn(app);
    const answer = await attacker.client.json('/api/auth/callback', {
      code: stolen.code,
      state: attacker.authorizeUrl.searchParams.get('state'),
      iss: stolen.iss,
    });
    expect(answer.status).toBe(401);
    expect((await errorOf(answer)).code).toBe('token_exchange_failed');
  });

  it('refuses an expired ID token', async () => {
    // The provider's clock runs two hours behind: its ID tokens, valid ten minutes, are long expired.
    const late = await startOidcProvider({ clockOffsetSeconds: -7200, idTokenTtlSeconds: 600 });
    try {
      const app = await start({}, late);
      const { answer, body } = await signIn(app, 'frank');
      expect(answer.status).toBe(401);
      expect((body as unknown as ErrorAnswer).error.code).toBe('token_exchange_failed');
    } finally {
      await late.close();
    }
  });

  it('says when the provider is down, at the start and at the code exchange', async () => {
    const flaky = await startOidcProvider();
    const app = await start({}, flaky);
    // Down after the sign-in started: the code cannot be exchanged.
    const { client, authorizeUrl } = await startSignIn(app);
    const callback = await approveAtProvider(authorizeUrl.toString(), 'gina');
    await flaky.close();
    const answer = await client.json('/api/auth/callback', { ...callback });
    expect(answer.status).toBe(502);
    expect(await errorOf(answer)).toEqual({
      code: 'token_exchange_unavailable',
      message: 'Failed to authenticate with Test IdP',
    });

    // Down before it starts (never discovered): the start says so.
    const cold = await start({}, flaky);
    const refused = await cookieClient(cold.baseUrl).request('/api/auth/idp/login');
    expect(refused.status).toBe(502);
    expect(await errorOf(refused)).toEqual({
      code: 'upstream_failed',
      message: 'Test IdP could not be reached. Please try again.',
    });
  });

  it('keeps a login for the account that had it first, and takes the e-mail when there is no username', async () => {
    const app = await start();
    const first = await signIn(app, 'jane.doe');
    expect(first.answer.status).toBe(200);
    expect(first.body).toMatchObject({ user: { login: 'jane-doe@idp', name: 'Jane Doe' } });
    // Another account whose username reads the same is refused, not let in as Jane.
    const second = await signIn(app, 'jane-doe');
    expect(second.answer.status).toBe(403);
    expect((second.body as unknown as ErrorAnswer).error.message).toBe(
      'The Test IdP username jane-doe is already used here by another Test IdP account.',
    );
    // The first account signs in again as before.
    expect((await signIn(app, 'jane.doe')).answer.status).toBe(200);

    const mail = await signIn(app, 'mailonly');
    expect(mail.body).toMatchObject({ user: { login: 'Mail-Only@idp', email: 'Mail.Only@example.test' } });
  });
});

describe('GitHub and an OpenID Connect provider side by side', () => {
  let github: FakeGitHub;
  beforeAll(async () => {
    github = await startFakeGitHub({ users: [{ login: 'octo', name: 'Octo on GitHub' }] });
  });
  afterAll(() => github.close());

  it('offers both, keeps their logins apart, and gives roles by provider and login', async () => {
    const app = await startTestApp({
      env: {
        ...oidcEnv('idp', provider),
        GITHUB_CLIENT_ID: github.clientId,
        GITHUB_CLIENT_SECRET: github.clientSecret,
        GITHUB_URL: github.url,
        GITHUB_API_URL: github.url,
        ADMIN_LOGINS: 'octo@idp',
      },
    });
    running.push(app);
    expect(await (await fetch(`${app.baseUrl}/api/auth/providers`)).json()).toEqual({
      providers: [
        { id: 'github', name: 'GitHub' },
        { id: 'idp', name: 'Idp' },
      ],
    });
    const oidc = await signIn(app, 'octo');
    expect(oidc.body).toMatchObject({ user: { login: 'octo@idp' }, role: 'admin' });

    // GitHub's octo is someone else: a bare login, and not the admin.
    const { client, authorizeUrl } = await startSignIn(app, 'github');
    const approved = await fetch(authorizeUrl, { redirect: 'manual' });
    const callback = new URL(approved.headers.get('location')!);
    const answer = await client.json('/api/auth/callback', {
      code: callback.searchParams.get('code'),
      state: callback.searchParams.get('state'),
    });
    expect(await answer.json()).toMatchObject({
      user: { login: 'octo', name: 'Octo on GitHub' },
      role: 'user',
    });
  });
});
