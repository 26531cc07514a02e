/**
 * Redis at its memory ceiling, with the repo's redis.conf (a ceiling, and writes refused rather than
 * anything evicted) and the production Redis connections: the app answers the clear "try again"
 * (store_unavailable) to a chat send and a sign-in, stays up, keeps every message it acknowledged,
 * and carries on once there is room again. The ceiling here is tiny so the test fills it quickly.
 */
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '@shared/errors';
import { startFakeGitHub, LOGIN_COOKIE, type FakeGitHub } from '../fakes/github';
import type { TestSocket } from '../helpers/sign-in';
import { startRedisServer, type RedisServer } from '../helpers/redis-server';
import { cookieClient } from '../helpers/test-app';
import { startFaultApp, type FaultApp } from '../faults/app';
import { emit, fullHistory, send, socketAt } from '../faults/chat';
import { newGame, unique } from '../helpers/ids';

const REDIS_CONF = fileURLToPath(new URL('../../redis.conf', import.meta.url));
const UNAVAILABLE = { code: 'store_unavailable', message: ERROR_MESSAGES.store_unavailable };
const FILLER_PREFIX = 'test-filler:';
/** A few megabytes above what an empty Redis uses, so the test fills it quickly. */
const CEILING = '16mb';

/** `maxmemory` and `maxmemory-policy` as redis.conf sets them (the last line of each wins). */
function memorySettings(conf: string) {
  const value = (name: string) =>
    [...conf.matchAll(new RegExp(`^${name}[ \\t]+(\\S+)[ \\t]*$`, 'gm'))].at(-1)?.[1];
  return { maxmemory: value('maxmemory'), policy: value('maxmemory-policy') };
}

describe("redis.conf's memory ceiling", () => {
  it('sets maxmemory and refuses writes past it (noeviction), and Redis 7 reads it so', async () => {
    const { maxmemory, policy } = memorySettings(readFileSync(REDIS_CONF, 'utf8'));
    expect(maxmemory ?? 'unset').toMatch(/^\d+(?:[kmg]b?)?$/i);
    expect(policy).toBe('noeviction');
    const server = await startRedisServer({ configFile: REDIS_CONF, appendOnly: false });
    const redis = new Redis(server.url);
    try {
      const [, bytes] = (await redis.config('GET', 'maxmemory')) as [string, string];
      expect(Number(bytes)).toBeGreaterThan(0);
      expect(await redis.config('GET', 'maxmemory-policy')).toEqual(['maxmemory-policy', 'noeviction']);
    } finally {
      redis.disconnect();
      await server.stop();
    }
  });
});

describe('Redis full', () => {
  let redis: RedisServer;
  let filler: Redis;
  let server: FaultApp;
  let github: FakeGitHub;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    // The repo's config, with a tiny ceiling.
    redis = await startRedisServer({ configFile: REDIS_CONF, args: ['--maxmemory', CEILING] });
    filler = new Redis(redis.url);
    // Production, signing in with (a fake) GitHub: nothing of the sign-in but the session is in Redis.
    github = await startFakeGitHub();
    server = await startFaultApp({
      redisUrl: redis.url,
      env: {
        NODE_ENV: 'production',
        GITHUB_CLIENT_ID: github.clientId,
        GITHUB_CLIENT_SECRET: github.clientSecret,
        GITHUB_URL: github.url,
        GITHUB_API_URL: github.url,
        CHAT_RATE_LIMIT: '10000',
      },
    });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await server?.close();
    await github?.close();
    filler?.disconnect();
    await redis?.stop();
  });

  const usedMemory = async () => Number(/^used_memory:(\d+)/m.exec(await filler.info('memory'))![1]);

  /**
   * Writes values until Redis refuses even a small one for lack of memory: a refused large write
   * frees its own request buffer, which leaves room for small ones, so the values shrink as it goes.
   * Answers the keys written.
   */
  async function fill(): Promise<string[]> {
    const written: string[] = [];
    for (const size of [64 * 1024, 4 * 1024, 256, 16]) {
      const value = 'x'.repeat(size);
      for (;;) {
        const key = `${FILLER_PREFIX}${written.length}`;
        try {
          await filler.set(key, value);
        } catch (error) {
          expect(String(error)).toMatch(/^ReplyError: OOM /);
          break;
        }
        written.push(key);
        if (written.length > 100_000) throw new Error('Redis never refused a write: no memory ceiling');
      }
    }
    return written;
  }

  /** Starts a sign-in and comes back from GitHub's authorize page: the callback's code and state. */
  async function authorize(client: ReturnType<typeof cookieClient>, login: string) {
    const started = await client.request('/api/auth/github/login');
    expect(started.status).toBe(200);
    const { url } = (await started.json()) as { url: string };
    const approved = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: `${LOGIN_COOKIE}=${login}` },
    });
    const callback = new URL(approved.headers.get('location')!);
    return { code: callback.searchParams.get('code'), state: callback.searchParams.get('state') };
  }

  async function signIn(login: string) {
    const client = cookieClient(server.baseUrl);
    const signedIn = await client.json('/api/auth/github', await authorize(client, login));
    expect(signedIn.status).toBe(200);
    return client;
  }

  it('answers store_unavailable to a chat send and a sign-in, stays up, and loses nothing acknowledged', async () => {
    const gameId = newGame();
    const alice = await signIn(unique('alice'));
    const socket = await socketAt(server.baseUrl, alice.cookieHeader());
    sockets.push(socket);
    expect((await emit(socket, 'chat:join', { gameId })).ok).toBe(true);
    const before = await send(socket, gameId, 'before Redis was full');
    expect(before.ok).toBe(true);
    // A sign-in half done when Redis fills up: the browser is back from the authorize page.
    const late = cookieClient(server.baseUrl);
    const callback = await authorize(late, unique('late'));

    const filled = await fill();
    expect(filled.length).toBeGreaterThan(0);
    // At the ceiling, Redis's own buffers shrinking by a few kilobytes now and then let a small
    // write through: keep it full for the checks below by putting the ceiling just under its use.
    await filler.config('SET', 'maxmemory', String((await usedMemory()) - 1024 * 1024));

    // A chat send, on the socket and over REST: refused clearly, nothing stored.
    expect(await send(socket, gameId, 'while Redis is full')).toEqual({ ok: false, error: UNAVAILABLE });
    const posted = await alice.json(`/api/chat/games/${gameId}/messages`, {
      message: 'posted while Redis is full',
      team: 'home',
      awayTeam: 'Bills',
      homeTeam: 'Chiefs',
    });
    expect(posted.status).toBe(503);
    expect(await posted.json()).toEqual({ error: UNAVAILABLE });

    // A sign-in: starting one, and finishing the one that was under way.
    const started = await fetch(`${server.baseUrl}/api/auth/github/login`);
    expect(started.status).toBe(503);
    expect(await started.json()).toEqual({ error: UNAVAILABLE });
    const finished = await late.json('/api/auth/github', callback);
    expect(finished.status).toBe(503);
    expect(await finished.json()).toEqual({ error: UNAVAILABLE });

    // Still running, still signed in, and what was acknowledged is still there to read. (fetch
    // reuses the refused sign-in's connection here: it was answered, not cut under the answer.)
    expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
    expect(socket.connected).toBe(true);
    expect((await alice.request('/api/auth/me')).status).toBe(200);
    expect((await fullHistory(socket, gameId)).map((message) => message.message)).toEqual([
      'before Redis was full',
    ]);

    // Room again (the operator raised the ceiling or data expired): everything works as before.
    await filler.config('SET', 'maxmemory', CEILING);
    await filler.del(...filled);
    const after = await send(socket, gameId, 'after there was room again');
    expect(after.ok).toBe(true);
    expect((await fullHistory(socket, gameId)).map((message) => message.message)).toEqual([
      'before Redis was full',
      'after there was room again',
    ]);
    expect((await late.json('/api/auth/github', await authorize(late, unique('late')))).status).toBe(200);
  });
});
