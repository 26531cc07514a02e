/**
 * What a sign-in leaves behind: an anonymous start stores a session that lives only as long as a
 * sign-in may take, signing in makes it a full-length one, and starts are limited per client address
 * (X-Forwarded-For counts only from a proxy named in TRUST_PROXY, so a forged one does not help).
 */
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { SESSION_TTL_MS, SIGN_IN_SESSION_TTL_MS } from '@server/auth/session';
import type { MemoryStore } from '@server/storage/memory-store';
import { keys } from '@server/storage/keys';
import { signIn } from '../helpers/sign-in';
import { cookieClient, startTestApp, type TestApp } from '../helpers/test-app';

const redis = new Redis(process.env.TEST_REDIS_URL!);
let running: TestApp[] = [];
afterEach(async () => {
  await Promise.all(running.map((app) => app.close()));
  running = [];
});
afterAll(async () => {
  await redis.quit();
});

async function start(options: Parameters<typeof startTestApp>[0] = {}) {
  const app = await startTestApp(options);
  running.push(app);
  return app;
}

/** The session id inside the signed `tt.sid` cookie value (`s:<id>.<signature>`). */
const sessionId = (cookieValue: string) => decodeURIComponent(cookieValue).slice(2).split('.')[0]!;

/** How long the Set-Cookie of `tt.sid` lets the browser keep it, measured from the answer's Date. */
function cookieLifetimeMs(answer: Response): number {
  const line = answer.headers.getSetCookie().find((cookie) => cookie.startsWith('tt.sid='))!;
  const expires = /;\s*Expires=([^;]+)/i.exec(line)![1]!;
  return Date.parse(expires) - Date.parse(answer.headers.get('date')!);
}

const SECOND = 1000;

describe('sessions', () => {
  it('an anonymous sign-in start lives 10 minutes, cookie and store alike; a signed-in session 14 days', async () => {
    const app = await start();
    const client = cookieClient(app.baseUrl);
    const started = await client.request('/api/auth/github/login');
    expect(started.status).toBe(200);
    // The Date header has whole seconds: the lifetime is within a second of the ten minutes.
    expect(Math.abs(cookieLifetimeMs(started) - SIGN_IN_SESSION_TTL_MS)).toBeLessThanOrEqual(SECOND);
    const anonymousKey = keys.session(sessionId(client.jar.get('tt.sid')!));
    const anonymousTtl = await redis.pttl(anonymousKey);
    expect(anonymousTtl).toBeGreaterThan(0);
    expect(anonymousTtl).toBeLessThanOrEqual(SIGN_IN_SESSION_TTL_MS);

    // Coming back to the app with the sign-in still open renews it by ten minutes, not by 14 days.
    await client.request('/api/auth/me');
    expect(await redis.pttl(anonymousKey)).toBeLessThanOrEqual(SIGN_IN_SESSION_TTL_MS);

    const { client: signedIn } = await signIn(app, 'lasting');
    const signedInKey = keys.session(sessionId(signedIn.jar.get('tt.sid')!));
    expect(await redis.pttl(signedInKey)).toBeGreaterThan(SESSION_TTL_MS - 60 * SECOND);
    const me = await signedIn.request('/api/auth/me');
    expect(me.status).toBe(200);
    expect(Math.abs(cookieLifetimeMs(me) - SESSION_TTL_MS)).toBeLessThanOrEqual(SECOND);

    // Signed in and starting a sign-in again: the session keeps its full length.
    const again = await signedIn.request('/api/auth/github/login');
    expect(again.status).toBe(200);
    expect(Math.abs(cookieLifetimeMs(again) - SESSION_TTL_MS)).toBeLessThanOrEqual(SECOND);
    expect(await redis.pttl(signedInKey)).toBeGreaterThan(SESSION_TTL_MS - 60 * SECOND);
    expect((await signedIn.request('/api/auth/me')).status).toBe(200);
  });
});

const PRODUCTION = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'a-production-secret-for-tests',
  GITHUB_CLIENT_ID: 'id',
  GITHUB_CLIENT_SECRET: 'secret',
  // startTestApp moves the limit out of the way; these tests count against the default.
  SIGNIN_RATE_LIMIT: '30',
};

describe('sign-in starts per address', () => {
  it('answers 429 past the limit, however X-Forwarded-For is forged, and stores no session for refused starts', async () => {
    // The memory store keeps this app's counter and sessions to itself.
    const app = await start({ storeKind: 'memory', env: { SIGNIN_RATE_LIMIT: '3' } });
    const store = app.store as MemoryStore;
    const held = store.size;
    for (let i = 0; i < 3; i++) {
      expect((await fetch(`${app.baseUrl}/api/auth/github/login`)).status).toBe(200);
    }
    for (let i = 0; i < 50; i++) {
      const refused = await fetch(`${app.baseUrl}/api/auth/github/login`, {
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
      expect(refused.status).toBe(429);
      expect(refused.headers.getSetCookie()).toEqual([]);
      expect(await refused.json()).toEqual({
        error: {
          code: 'rate_limited',
          message: 'Too many sign-in attempts from your network. Please wait a minute and try again.',
        },
      });
    }
    // Three sessions and one counter, whatever the number of refused starts.
    expect(store.size - held).toBe(4);
  });

  it('in production with no TRUST_PROXY, ignores X-Forwarded-For: 40 made-up addresses share one limit', async () => {
    const app = await start({ storeKind: 'memory', env: { ...PRODUCTION } });
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const answer = await fetch(`${app.baseUrl}/api/auth/github/login`, {
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
      statuses.push(answer.status);
    }
    // The default limit, 30 starts a minute, counted against the one real peer (loopback).
    expect(statuses.filter((status) => status === 200)).toHaveLength(30);
    expect(statuses.slice(30)).toEqual(Array.from({ length: 10 }, () => 429));
  });

  it('ignores X-Forwarded-For from a peer that is not the proxy TRUST_PROXY names', async () => {
    const app = await start({
      storeKind: 'memory',
      env: { ...PRODUCTION, TRUST_PROXY: '192.0.2.10', SIGNIN_RATE_LIMIT: '2' },
    });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const answer = await fetch(`${app.baseUrl}/api/auth/github/login`, {
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([200, 200, 429, 429, 429]);
  });

  it('behind the TLS proxy TRUST_PROXY names, the development sign-in sets its Secure cookie', async () => {
    // Development (no NODE_ENV=production) behind Caddy: the public address is https.
    const app = await start({
      storeKind: 'memory',
      env: { TRUST_PROXY: 'loopback', PUBLIC_URL: 'https://localhost:8443' },
    });
    const startOver = async (protocol: string) =>
      fetch(`${app.baseUrl}/api/auth/github/login`, { headers: { 'x-forwarded-proto': protocol } });
    const overHttps = await startOver('https');
    expect(overHttps.status).toBe(200);
    expect(overHttps.headers.get('set-cookie')).toMatch(/; Secure/i);
    // Plain http reaching the app directly gets no Secure cookie it could not keep.
    expect((await startOver('http')).headers.get('set-cookie')).toBeNull();
  });

  it('with TRUST_PROXY=loopback counts the address the proxy forwards, an IPv6 client by its /64', async () => {
    const app = await start({
      storeKind: 'memory',
      env: { ...PRODUCTION, TRUST_PROXY: 'loopback', SIGNIN_RATE_LIMIT: '2' },
    });
    // Documentation addresses, only ever written in a header: no packet goes anywhere but loopback.
    const startFrom = async (address: string) =>
      (await fetch(`${app.baseUrl}/api/auth/github/login`, { headers: { 'x-forwarded-for': address } }))
        .status;
    expect(await startFrom('203.0.113.7')).toBe(200);
    expect(await startFrom('203.0.113.7')).toBe(200);
    expect(await startFrom('203.0.113.7')).toBe(429);
    // The proxy appends the real peer: whatever the client put in front does not count.
    expect(await startFrom('198.51.100.1, 203.0.113.7')).toBe(429);
    expect(await startFrom('203.0.113.8')).toBe(200);

    expect(await startFrom('2001:db8:1:2::1')).toBe(200);
    expect(await startFrom('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe(200);
    expect(await startFrom('2001:db8:1:2::ffff')).toBe(429);
    expect(await startFrom('2001:db8:1:3::1')).toBe(200);
  });
});
