import { afterEach, describe, expect, it } from 'vitest';
import { authorize, connectSocket, signIn } from '../helpers/sign-in';
import { cookieClient, startTestApp, type TestApp } from '../helpers/test-app';

let running: TestApp[] = [];
afterEach(async () => {
  await Promise.all(running.map((app) => app.close()));
  running = [];
});

async function start(options: Parameters<typeof startTestApp>[0] = {}) {
  const app = await startTestApp(options);
  running.push(app);
  return app;
}

describe('sign-in through the development OAuth server (same code path as GitHub)', () => {
  it('sends the browser to an authorize page with client id, callback, scope and a random state', async () => {
    const app = await start();
    const client = cookieClient(app.baseUrl);
    const { url } = (await (await client.request('/api/auth/github/login')).json()) as { url: string };
    const authorizeUrl = new URL(url);
    expect(authorizeUrl.pathname).toBe('/dev-oauth/login/oauth/authorize');
    expect(authorizeUrl.searchParams.get('client_id')).toBeTruthy();
    expect(authorizeUrl.searchParams.get('scope')).toBe('user:email');
    expect(authorizeUrl.searchParams.get('redirect_uri')).toBe(`${app.baseUrl}/auth/callback`);
    expect(authorizeUrl.searchParams.get('state')).toMatch(/^[0-9a-z]{26}$/);
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Development sign-in');

    const denied = await fetch(`${app.baseUrl}/dev-oauth/login/oauth/authorize`, {
      method: 'POST',
      body: new URLSearchParams({
        client_id: authorizeUrl.searchParams.get('client_id')!,
        redirect_uri: authorizeUrl.searchParams.get('redirect_uri')!,
        state: authorizeUrl.searchParams.get('state')!,
        decision: 'deny',
      }),
      headers: { origin: app.baseUrl },
      redirect: 'manual',
    });
    expect(new URL(denied.headers.get('location')!).searchParams.get('error')).toBe('access_denied');
  });

  it('signs in, keeps the token on the server, answers the profile, and signs out', async () => {
    const app = await start();
    const { client, body } = await signIn(app, 'octo');
    expect(body.user.login).toBe('octo');
    expect(body.role).toBe('user');

    const cookie = client.jar.get('tt.sid');
    expect(cookie).toBeTruthy();
    const me = await client.request('/api/auth/me');
    expect(me.status).toBe(200);
    const meText = await me.text();
    expect(JSON.parse(meText).user.login).toBe('octo');
    expect(meText).not.toContain('gho_');
    expect(meText).not.toMatch(/access_token|githubToken/);

    const logout = await client.request('/api/auth/logout', { method: 'POST' });
    expect(logout.status).toBe(204);
    expect((await client.request('/api/auth/me')).status).toBe(401);
  });

  it('sets an httpOnly SameSite=Lax session cookie, not Secure on plain http', async () => {
    const app = await start();
    const response = await fetch(`${app.baseUrl}/api/auth/github/login`);
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith('tt.sid='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
  });

  it('issues a new session id at sign-in (no session fixation)', async () => {
    const app = await start();
    const client = cookieClient(app.baseUrl);
    const { code, state } = await authorize(app, client);
    const before = client.jar.get('tt.sid');
    await client.json('/api/auth/github', { code, state });
    expect(client.jar.get('tt.sid')).not.toBe(before);
  });

  it('refuses a state that does not match the one it sent, and stays signed out', async () => {
    const app = await start();
    const client = cookieClient(app.baseUrl);
    const { code } = await authorize(app, client);
    const answer = await client.json('/api/auth/github', { code, state: 'x'.repeat(26) });
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { error: { message: string } }).error.message).toBe(
      'Authentication failed. Please try again.',
    );
    expect((await client.request('/api/auth/me')).status).toBe(401);
  });

  it('refuses a callback from a browser that never started sign-in', async () => {
    const app = await start();
    const starter = cookieClient(app.baseUrl);
    const { code, state } = await authorize(app, starter);
    const stranger = cookieClient(app.baseUrl);
    const answer = await stranger.json('/api/auth/github', { code, state });
    expect(answer.status).toBe(400);
  });

  it('answers the sign-in failure text when a code is used twice', async () => {
    const app = await start();
    const first = cookieClient(app.baseUrl);
    const { code, state } = await authorize(app, first);
    expect((await first.json('/api/auth/github', { code, state })).status).toBe(200);

    const second = cookieClient(app.baseUrl);
    const again = await authorize(app, second);
    const replay = await second.json('/api/auth/github', { code, state: again.state });
    expect(replay.status).toBe(401);
    expect(((await replay.json()) as { error: { message: string } }).error.message).toBe(
      'Failed to authenticate with GitHub',
    );
  });

  it('validates the callback body', async () => {
    const app = await start();
    const client = cookieClient(app.baseUrl);
    const answer = await client.json('/api/auth/github', { code: 42 });
    expect(answer.status).toBe(400);
    const body = (await answer.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('bad_request');
    const broken = await client.request('/api/auth/github', { method: 'POST', body: '{not json' });
    expect(broken.status).toBe(400);
  });

  it('gives roles from ADMIN_LOGINS and MODERATOR_LOGINS', async () => {
    const app = await start({ env: { ADMIN_LOGINS: 'Boss', MODERATOR_LOGINS: 'mod' } });
    expect((await signIn(app, 'boss')).body.role).toBe('admin');
    expect((await signIn(app, 'mod')).body.role).toBe('moderator');
    expect((await signIn(app, 'fan')).body.role).toBe('user');
  });

  it('refuses state-changing calls from a foreign origin', async () => {
    const app = await start();
    const { client } = await signIn(app);
    const answer = await client.request('/api/auth/logout', {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
    });
    expect(answer.status).toBe(403);
    expect((await client.request('/api/auth/me')).status).toBe(200);
  });

  it('works the same on the in-memory store', async () => {
    const app = await start({ storeKind: 'memory' });
    const { client } = await signIn(app, 'solo');
    expect((await client.request('/api/auth/me')).status).toBe(200);
  });
});

describe('sign-in not configured in production', () => {
  it("answers the 'not configured' text and serves no development sign-in", async () => {
    const app = await start({ env: { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) } });
    const answer = await fetch(`${app.baseUrl}/api/auth/github/login`);
    expect(answer.status).toBe(503);
    expect(((await answer.json()) as { error: { message: string } }).error.message).toBe(
      'GitHub OAuth not configured. Please check environment variables.',
    );
    const devPage = await fetch(`${app.baseUrl}/dev-oauth/login/oauth/authorize?client_id=x&redirect_uri=y`);
    expect(devPage.status).toBe(404);
  });
});

describe('socket authentication', () => {
  it('accepts a socket with the session cookie and refuses one without', async () => {
    const app = await start();
    const { client } = await signIn(app);
    const socket = await connectSocket(app.baseUrl, { cookie: client.cookieHeader() });
    expect(socket.connected).toBe(true);
    socket.close();

    await expect(connectSocket(app.baseUrl, {})).rejects.toThrow('unauthenticated');
  });

  it('refuses a socket from a foreign Origin even with a valid session', async () => {
    const app = await start();
    const { client } = await signIn(app);
    await expect(
      connectSocket(app.baseUrl, { cookie: client.cookieHeader(), origin: 'https://evil.example' }),
    ).rejects.toThrow();
  });

  it('refuses a socket after sign-out', async () => {
    const app = await start();
    const { client } = await signIn(app);
    const cookie = client.cookieHeader();
    await client.request('/api/auth/logout', { method: 'POST' });
    await expect(connectSocket(app.baseUrl, { cookie })).rejects.toThrow('unauthenticated');
  });
});

describe('health', () => {
  it('answers /healthz and /readyz with the store kind', async () => {
    const app = await start();
    expect(await (await fetch(`${app.baseUrl}/healthz`)).json()).toEqual({ status: 'ok' });
    expect(await (await fetch(`${app.baseUrl}/readyz`)).json()).toEqual({ status: 'ready', store: 'redis' });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const app = await start();
    const answer = await fetch(`${app.baseUrl}/api/nope`);
    expect(answer.status).toBe(404);
    expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('not_found');
  });
});
