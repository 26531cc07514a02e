import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGitHubClient } from '@server/integrations/github/client';
import { userSchema } from '@shared/schemas/auth';
import { ERROR_COOKIE, LOGIN_COOKIE, startFakeGitHub, type FakeGitHub } from '../fakes/github';

const CALLBACK = 'http://localhost:3999/auth/callback';
let fake: FakeGitHub;

beforeAll(async () => {
  fake = await startFakeGitHub({ callbackUrl: CALLBACK });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

function authorizeUrl(params: Record<string, string> = {}) {
  const url = new URL('/login/oauth/authorize', fake.url);
  const query = {
    client_id: fake.clientId,
    redirect_uri: CALLBACK,
    scope: 'user:email',
    state: 'st4te',
    ...params,
  };
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url;
}

async function authorize(params: Record<string, string> = {}, headers: Record<string, string> = {}) {
  const response = await fetch(authorizeUrl(params), { redirect: 'manual', headers });
  return { status: response.status, location: response.headers.get('location') };
}

async function codeFor(headers: Record<string, string> = {}) {
  const { location } = await authorize({}, headers);
  return new URL(location!).searchParams.get('code')!;
}

function exchange(body: Record<string, string>, accept = 'application/json') {
  return fetch(new URL('/login/oauth/access_token', fake.url), {
    method: 'POST',
    headers: { accept, 'content-type': 'application/json' },
    body: JSON.stringify({ client_id: fake.clientId, client_secret: fake.clientSecret, ...body }),
  });
}

describe('fake GitHub', () => {
  it('redirects back with a code and the state', async () => {
    const { status, location } = await authorize();
    expect(status).toBe(302);
    const target = new URL(location!);
    expect(`${target.origin}${target.pathname}`).toBe(CALLBACK);
    expect(target.searchParams.get('state')).toBe('st4te');
    expect(target.searchParams.get('code')).toMatch(/^[0-9a-f]{20}$/);
    expect(fake.stats().lastAuthorize).toMatchObject({ scope: 'user:email' });
  });

  it('refuses an unknown client_id and sends a foreign redirect_uri error to the registered callback', async () => {
    expect((await authorize({ client_id: 'nope' })).status).toBe(404);
    const { status, location } = await authorize({ redirect_uri: 'http://evil.example/auth/callback' });
    expect(status).toBe(302);
    const target = new URL(location!);
    expect(target.host).toBe('localhost:3999');
    expect(target.searchParams.get('error')).toBe('redirect_uri_mismatch');
    // A sub-path of the registered callback is fine, as on GitHub.
    const sub = await authorize({ redirect_uri: `${CALLBACK}/deeper` });
    expect(new URL(sub.location!).searchParams.get('code')).toBeTruthy();
  });

  it('answers an OAuth error once when told to, through the control endpoint', async () => {
    const told = await fetch(new URL('/__control', fake.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ authorizeError: { error: 'access_denied' } }),
    });
    expect(told.status).toBe(200);
    const denied = new URL((await authorize()).location!);
    expect(denied.searchParams.get('error')).toBe('access_denied');
    expect(denied.searchParams.get('error_description')).toBe('The user has denied your application access.');
    expect(denied.searchParams.get('state')).toBe('st4te');
    expect(denied.searchParams.has('code')).toBe(false);
    expect(new URL((await authorize()).location!).searchParams.has('code')).toBe(true);
  });

  it('takes the error and the login from cookies on its own origin', async () => {
    const denied = await authorize({}, { cookie: `${ERROR_COOKIE}=application_suspended` });
    expect(new URL(denied.location!).searchParams.get('error')).toBe('application_suspended');
    const code = await codeFor({ cookie: `${LOGIN_COOKIE}=grace-h` });
    const { access_token } = (await (await exchange({ code })).json()) as { access_token: string };
    const user = await fetch(new URL('/user', fake.url), {
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(((await user.json()) as { login: string }).login).toBe('grace-h');
  });

  it('exchanges a code once, as JSON, with a comma-separated scope', async () => {
    const code = await codeFor();
    const first = await exchange({ code, redirect_uri: CALLBACK });
    expect(first.status).toBe(200);
    const token = (await first.json()) as Record<string, string>;
    expect(token).toEqual({
      access_token: expect.stringMatching(/^gho_/),
      scope: 'user:email',
      token_type: 'bearer',
    });

    const again = await exchange({ code });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({
      error: 'bad_verification_code',
      error_description: 'The code passed is incorrect or expired.',
      error_uri: expect.stringContaining('bad-verification-code'),
    });
  });

  it('answers form-encoded without Accept: application/json, and takes a form body', async () => {
    const code = await codeFor();
    const response = await fetch(new URL('/login/oauth/access_token', fake.url), {
      method: 'POST',
      body: new URLSearchParams({ client_id: fake.clientId, client_secret: fake.clientSecret, code }),
    });
    expect(response.headers.get('content-type')).toContain('application/x-www-form-urlencoded');
    const answer = new URLSearchParams(await response.text());
    expect(answer.get('access_token')).toMatch(/^gho_/);
    expect(answer.get('token_type')).toBe('bearer');
  });

  it('refuses a wrong client secret and a mismatched redirect_uri', async () => {
    const code = await codeFor();
    const wrong = await exchange({ code, client_secret: 'wrong' });
    expect(((await wrong.json()) as { error: string }).error).toBe('incorrect_client_credentials');
    const other = await exchange({ code: await codeFor(), redirect_uri: 'http://localhost:3999/elsewhere' });
    expect(((await other.json()) as { error: string }).error).toBe('redirect_uri_mismatch');
  });

  it('serves /user and /user/emails for a token and 401 Bad credentials otherwise', async () => {
    const { access_token } = (await (await exchange({ code: await codeFor() })).json()) as {
      access_token: string;
    };
    const headers = { authorization: `Bearer ${access_token}`, accept: 'application/vnd.github+json' };
    const user = await fetch(new URL('/user', fake.url), { headers });
    expect(user.status).toBe(200);
    expect(user.headers.get('x-oauth-scopes')).toBe('user:email');
    const body = (await user.json()) as Record<string, unknown>;
    expect(userSchema.parse(body).login).toBe('octo-fan');
    expect(body).toMatchObject({ type: 'User', html_url: `${fake.url}/octo-fan`, public_repos: 42 });
    expect(String(body.avatar_url)).toMatch(/^data:image\/svg\+xml;base64,/);

    const emails = await fetch(new URL('/api/v3/user/emails', fake.url), { headers });
    expect(await emails.json()).toContainEqual(expect.objectContaining({ primary: true, verified: true }));

    for (const authorization of [undefined, 'Bearer gho_not_a_token']) {
      const refused = await fetch(new URL('/user', fake.url), {
        headers: authorization ? { authorization } : {},
      });
      expect(refused.status).toBe(401);
      expect(await refused.json()).toMatchObject({
        message: 'Bad credentials',
        documentation_url: expect.any(String),
      });
    }
  });

  it("works with the app's own GitHub client", async () => {
    const client = createGitHubClient({
      authorizeBaseUrl: fake.url,
      oauthBaseUrl: fake.url,
      apiBaseUrl: fake.url,
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
    });
    const { location } = await fetch(client.authorizeUrl('s', CALLBACK), { redirect: 'manual' }).then(
      (r) => ({
        location: r.headers.get('location')!,
      }),
    );
    const code = new URL(location).searchParams.get('code')!;
    const token = await client.exchangeCode(code, CALLBACK);
    expect((await client.fetchUser(token)).name).toBe('Octo Fan');
    await expect(client.exchangeCode(code, CALLBACK)).rejects.toMatchObject({
      code: 'token_exchange_failed',
    });
    fake.failNextUserRequest(500);
    await expect(client.fetchUser(token)).rejects.toMatchObject({ code: 'profile_fetch_failed' });
  });
});
