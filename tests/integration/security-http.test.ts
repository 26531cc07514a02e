/**
 * The HTTP and socket security posture (docs/product.md, Security), attacked from outside: foreign Origins on the
 * socket and on every state-changing call, session cookie flags in development and behind TLS in
 * production, security headers and the Content Security Policy, rate limits on chat, search and the
 * AI and refresh endpoints (shared by every instance), and identity spoofed through request bodies.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io as connect } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, ChatPage } from '@shared/schemas/chat';
import type { VoiceJoinAnswer, VoiceSignal } from '@shared/schemas/voice';
import { startFakeGitHub, type FakeGitHub } from '../fakes/github';
import { emit, emitUntyped } from '../faults/chat';
import { connectSocket, signedInSocket, signIn, type TestSocket } from '../helpers/sign-in';
import { cookieClient, startTestApp, type TestApp, type TestAppOptions } from '../helpers/test-app';
import { newGame, unique } from '../helpers/ids';

const SESSION_SECRET = 'security-tests-session-secret-shared';
let apps: TestApp[] = [];
let sockets: TestSocket[] = [];
afterEach(async () => {
  for (const socket of sockets) socket.close();
  await Promise.all(apps.map((app) => app.close()));
  apps = [];
  sockets = [];
});

async function start(options: TestAppOptions = {}) {
  // Nothing here reaches the internet: no feeds, and a scoreboard source on a closed loopback port.
  const env = { SESSION_SECRET, NEWS_FEEDS: '', ESPN_BASE_URL: 'http://127.0.0.1:9', ...options.env };
  const app = await startTestApp({ ...options, env });
  apps.push(app);
  return app;
}

async function user(app: TestApp, name: string) {
  const signedIn = await signedInSocket(app, unique(name));
  sockets.push(signedIn.socket);
  return signedIn;
}

/** Origins a hostile page could send, none of them the app's. */
const foreignOrigins = (app: TestApp) => {
  const own = new URL(app.baseUrl);
  return [
    'https://evil.example',
    'null', // sandboxed iframes and file: pages
    `http://${own.hostname}:${Number(own.port) + 1}`, // another port
    `https://${own.host}`, // another scheme
    `http://${own.host}.evil.example`,
    `http://evil.example#${own.host}`,
    'http://127.0.0.1:1', // another name for the machine
  ];
};

describe('foreign Origins', () => {
  it('refuses a socket opened by a page of another origin, on both transports', async () => {
    const app = await start();
    const { client } = await signIn(app, unique('victim'));
    for (const origin of foreignOrigins(app)) {
      for (const transport of ['websocket', 'polling'] as const) {
        const error = await new Promise<Error | null>((resolve) => {
          const socket = connect(app.baseUrl, {
            transports: [transport],
            extraHeaders: { cookie: client.cookieHeader(), origin },
            reconnection: false,
          });
          socket.once('connect', () => {
            socket.close();
            resolve(null);
          });
          socket.once('connect_error', (caught) => {
            socket.close();
            resolve(caught);
          });
        });
        expect(error, `${transport} from ${origin}`).not.toBeNull();
      }
    }
    // The app's own origin, and non-browser clients (no Origin), connect.
    sockets.push(await connectSocket(app.baseUrl, { cookie: client.cookieHeader(), origin: app.baseUrl }));
    sockets.push(await connectSocket(app.baseUrl, { cookie: client.cookieHeader() }));
  });

  it('refuses every state-changing call from another origin, and changes nothing', async () => {
    const app = await start();
    const gameId = newGame();
    const { client } = await signIn(app, unique('victim'));
    const calls: Array<[string, string, unknown]> = [
      [
        'POST',
        `/api/chat/games/${gameId}/messages`,
        { message: 'csrf', team: 'home', awayTeam: 'A', homeTeam: 'B' },
      ],
      ['POST', '/api/auth/logout', {}],
      ['POST', '/api/auth/github', { code: 'x', state: 'y' }],
      ['POST', '/api/jina', { url: 'https://example.com/' }],
      ['POST', '/api/exa/search', { query: 'x' }],
      ['POST', '/api/exa/answer', { query: 'x' }],
      ['POST', '/api/sports/generate', {}],
      ['POST', '/api/sports/refresh', {}],
      ['POST', '/api/game/process', { gameId: 'g', url: 'https://example.com/' }],
      ['POST', '/api/twilio/access-token', { roomName: 'r' }],
      ['PUT', '/api/auth/me', {}],
      ['DELETE', `/api/chat/games/${gameId}/messages`, {}],
      ['PATCH', '/api/auth/me', {}],
    ];
    for (const origin of foreignOrigins(app)) {
      for (const [method, path, body] of calls) {
        const answer = await client.request(path, {
          method,
          body: JSON.stringify(body),
          headers: { origin },
        });
        expect({ origin, path, status: answer.status }).toEqual({ origin, path, status: 403 });
        expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('forbidden');
      }
      // The development sign-in's approve form is no way in either (login CSRF).
      const approve = await fetch(`${app.baseUrl}/dev-oauth/login/oauth/authorize`, {
        method: 'POST',
        body: new URLSearchParams({ login: 'mallory', decision: 'allow' }),
        headers: { origin },
        redirect: 'manual',
      });
      expect(approve.status).toBe(403);
    }
    // Still signed in, nothing posted.
    expect((await client.request('/api/auth/me')).status).toBe(200);
    const page = (await (await client.request(`/api/chat/games/${gameId}/messages`)).json()) as ChatPage;
    expect(page.messages).toEqual([]);
    // Reads from another origin get no CORS grant, so a hostile page cannot read the answer.
    const read = await client.request('/api/auth/me', { headers: { origin: 'https://evil.example' } });
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
    expect(read.headers.get('access-control-allow-credentials')).toBeNull();
  });
});

describe('session cookie', () => {
  it('is HttpOnly, SameSite=Lax, Path=/, and not Secure on plain http (development)', async () => {
    const app = await start();
    const { client } = await signIn(app, unique('dev'));
    const answer = await client.request('/api/auth/me');
    const cookie = answer.headers.getSetCookie().find((line) => line.startsWith('tt.sid='));
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/; Secure/);
  });

  describe('in production behind a TLS proxy', () => {
    let github: FakeGitHub;
    beforeAll(async () => {
      github = await startFakeGitHub();
    });
    afterAll(async () => {
      await github?.close();
    });

    it('is Secure too, comes with HSTS, and a fixated session id is replaced at sign-in', async () => {
      const publicUrl = 'https://touchdown.example';
      const app = await start({
        env: {
          NODE_ENV: 'production',
          PUBLIC_URL: publicUrl,
          GITHUB_CLIENT_ID: github.clientId,
          GITHUB_CLIENT_SECRET: github.clientSecret,
          GITHUB_URL: github.url,
          GITHUB_API_URL: github.url,
        },
      });
      const client = cookieClient(app.baseUrl);
      const viaProxy = { 'x-forwarded-proto': 'https', origin: publicUrl };
      const login = await client.request('/api/auth/github/login', { headers: viaProxy });
      expect(login.status).toBe(200);
      const before = client.jar.get('tt.sid');
      expect(before).toBeTruthy();
      const { url } = (await login.json()) as { url: string };
      const authorize = await fetch(url, { redirect: 'manual' });
      const callback = new URL(authorize.headers.get('location')!);
      const signedIn = await client.json(
        '/api/auth/github',
        { code: callback.searchParams.get('code'), state: callback.searchParams.get('state') },
        { headers: viaProxy },
      );
      expect(signedIn.status).toBe(200);
      const cookie = signedIn.headers.getSetCookie().find((line) => line.startsWith('tt.sid='));
      expect(cookie).toMatch(/; HttpOnly/);
      expect(cookie).toMatch(/; Secure/);
      expect(cookie).toMatch(/; SameSite=Lax/);
      expect(client.jar.get('tt.sid')).not.toBe(before);
      expect(signedIn.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
      // Over plain http (no TLS in front) a Secure cookie is never sent.
      const plain = cookieClient(app.baseUrl);
      const noTls = await plain.request('/api/auth/github/login');
      expect(noTls.headers.getSetCookie().filter((line) => line.startsWith('tt.sid='))).toEqual([]);
    });
  });
});

describe('security headers', () => {
  const INDEX = `<!doctype html><html><head><script>document.documentElement.dataset.theme='dark'</script><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>`;

  it('sends a CSP written for the app (hash for the inline theme script, no unsafe script sources) and the usual hardening', async () => {
    const clientDir = mkdtempSync(join(tmpdir(), 'tt-csp-'));
    writeFileSync(join(clientDir, 'index.html'), INDEX);
    const app = await start({ deps: { clientDir } });
    for (const path of ['/', '/sports', '/api/auth/me', '/api/nowhere']) {
      const answer = await fetch(`${app.baseUrl}${path}`);
      const headers = answer.headers;
      const csp = headers.get('content-security-policy') ?? '';
      const directives = new Map(
        csp.split(';').map((part) => {
          const [name = '', ...values] = part.trim().split(/\s+/);
          return [name, values] as const;
        }),
      );
      expect(directives.get('default-src'), path).toEqual(["'self'"]);
      const scripts = directives.get('script-src') ?? [];
      expect(scripts).toContain("'self'");
      expect(scripts.some((source) => /^'sha256-[A-Za-z0-9+/=]+'$/.test(source))).toBe(true);
      expect(scripts).not.toContain("'unsafe-inline'");
      expect(scripts).not.toContain("'unsafe-eval'");
      expect(scripts).not.toContain('*');
      expect(directives.get('object-src')).toEqual(["'none'"]);
      expect(directives.get('base-uri')).toEqual(["'self'"]);
      expect(directives.get('frame-ancestors')).toEqual(["'self'"]);
      expect(directives.get('form-action')).toEqual(["'self'"]);
      expect(directives.get('connect-src')).toEqual(["'self'"]);
      expect(headers.get('x-content-type-options')).toBe('nosniff');
      expect(headers.get('x-frame-options')).toBe('SAMEORIGIN');
      // Nothing goes to other sites; same-origin form posts keep their real Origin (a no-referrer
      // page posts `Origin: null`, which the Origin check refuses).
      expect(headers.get('referrer-policy')).toBe('same-origin');
      expect(headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(headers.get('x-powered-by')).toBeNull();
      // Plain http: no HSTS (it would pin a developer's localhost to https).
      expect(headers.get('strict-transport-security')).toBeNull();
    }
    // The hash is the inline theme script's own.
    const csp = (await fetch(`${app.baseUrl}/`)).headers.get('content-security-policy')!;
    const { createHash } = await import('node:crypto');
    const hash = createHash('sha256')
      .update("document.documentElement.dataset.theme='dark'")
      .digest('base64');
    expect(csp).toContain(`'sha256-${hash}'`);
    // API answers are never cached.
    expect((await fetch(`${app.baseUrl}/api/auth/me`)).headers.get('cache-control')).toBe('no-store');
  });
});

describe('rate limits', () => {
  it('limits chat per user across the socket and REST, and across instances', async () => {
    const first = await start({ env: { CHAT_RATE_LIMIT: '4', CHAT_RATE_WINDOW_SECONDS: '60' } });
    const second = await start({ env: { CHAT_RATE_LIMIT: '4', CHAT_RATE_WINDOW_SECONDS: '60' } });
    const gameId = newGame();
    const alice = await user(first, 'alice');
    const send = (text: string) =>
      emit(alice.socket, 'chat:send', {
        gameId,
        message: text,
        team: 'home',
        teamName: 'Chiefs',
      });
    const post = (client: typeof alice.client, text: string) =>
      client.json(`/api/chat/games/${gameId}/messages`, {
        message: text,
        team: 'home',
        awayTeam: 'A',
        homeTeam: 'B',
      });
    expect((await send('1')).ok).toBe(true);
    expect((await post(alice.client, '2')).status).toBe(201);
    // The same user on the other instance counts against the same limit.
    const onSecond = cookieClient(second.baseUrl);
    onSecond.jar.set('tt.sid', alice.client.jar.get('tt.sid')!);
    expect((await post(onSecond, '3')).status).toBe(201);
    expect((await send('4')).ok).toBe(true);
    expect(await send('5')).toMatchObject({ ok: false, error: { code: 'rate_limited' } });
    const limited = await post(onSecond, '6');
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { error: { message: string } }).error.message).toMatch(/slow down/i);
  });

  it('limits search, the AI endpoints, page reads and refreshes per user', async () => {
    const app = await start({ env: { API_RATE_LIMIT: '3', API_RATE_WINDOW_SECONDS: '60' } });
    // One bucket per kind of cost; each allows 3 calls a minute here.
    const buckets: Array<Array<[string, string, unknown]>> = [
      [
        ['POST', '/api/exa/search', { query: 'rust' }],
        ['POST', '/api/exa/answer', { query: 'who won?' }],
        ['POST', '/api/exa/stream-answer', { query: 'who won?' }],
        ['POST', '/api/exa/get-contents', { urls: ['not a url'] }],
        ['POST', '/api/exa/find-similar', { url: 'not a url' }],
        ['POST', '/api/exa/search-with-content', { query: 'rust' }],
      ],
      [
        ['POST', '/api/jina', { url: 'not a url' }],
        ['GET', '/api/content/frame-check?url=nope', undefined],
      ],
      [
        ['POST', '/api/sports/generate', { maxGames: 0 }],
        ['POST', '/api/sports/refresh', { ignored: true }],
        ['POST', '/api/game/process', { gameId: '' }],
      ],
    ];
    for (const calls of buckets) {
      const { client } = await signIn(app, unique('spender'));
      const statuses: number[] = [];
      for (let i = 0; i < calls.length + 3; i++) {
        const [method, path, body] = calls[i % calls.length]!;
        const answer = await client.request(path, {
          method,
          ...(body ? { body: JSON.stringify(body) } : {}),
        });
        statuses.push(answer.status);
      }
      // Three calls (whatever they answered: even refused input costs), then 429 for the rest.
      expect(
        statuses.slice(0, 3).every((status) => status !== 429),
        `${statuses}`,
      ).toBe(true);
      expect(
        statuses.slice(3).every((status) => status === 429),
        `${statuses}`,
      ).toBe(true);
      // Another user is not slowed down by this one.
      const { client: other } = await signIn(app, unique('bystander'));
      const [method, path, body] = calls[0]!;
      const fresh = await other.request(path, { method, ...(body ? { body: JSON.stringify(body) } : {}) });
      expect(fresh.status).not.toBe(429);
    }
  });
});

describe('identity spoofed through request bodies', () => {
  it('ignores login, username, role, id and timestamp in chat bodies, socket and REST', async () => {
    const app = await start({ env: { ADMIN_LOGINS: 'boss' } });
    const gameId = newGame();
    const mallory = await user(app, 'mallory');
    const forged = {
      login: 'boss',
      username: 'Boss',
      name: 'Boss',
      role: 'admin',
      id: '1-0',
      timestamp: '2000-01-01T00:00:00.000Z',
      userId: 1,
    };
    const socketAnswer = await emit(mallory.socket, 'chat:send', {
      gameId,
      message: 'via socket',
      team: 'home',
      teamName: 'Chiefs',
      ...forged,
    });
    const restAnswer = await mallory.client.json(`/api/chat/games/${gameId}/messages`, {
      message: 'via REST',
      team: 'away',
      awayTeam: 'Bills',
      homeTeam: 'Chiefs',
      ...forged,
    });
    const rest = ((await restAnswer.json()) as { message: ChatMessage }).message;
    for (const message of [(socketAnswer as { data: ChatMessage }).data, rest]) {
      expect(message.login).toBe(mallory.user.login);
      expect(message.username).not.toBe('Boss');
      expect(message.role).toBe('user');
      expect(message.id).not.toBe('1-0');
      expect(message.timestamp).not.toBe(forged.timestamp);
    }
    // A forged role does not grant moderation either.
    const deleted = await emitUntyped(mallory.socket, 'chat:delete', {
      gameId,
      messageId: rest.id,
      role: 'admin',
    });
    expect(deleted).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });

  it('names voice participants and signal senders from the session only', async () => {
    const app = await start();
    const gameId = newGame();
    const alice = await user(app, 'alice');
    const mallory = await user(app, 'mallory');
    const joined = await emitUntyped(mallory.socket, 'voice:join', {
      gameId,
      login: alice.user.login,
      name: 'Alice',
    });
    expect((joined as { data: VoiceJoinAnswer }).data.participants).toEqual([
      expect.objectContaining({ id: mallory.socket.id, login: mallory.user.login }),
    ]);
    await emit(alice.socket, 'voice:join', { gameId });
    const received = new Promise<VoiceSignal>((resolve) => alice.socket.once('voice:signal', resolve));
    await emitUntyped(mallory.socket, 'voice:signal', {
      gameId,
      to: alice.socket.id,
      from: 'someone-else',
      login: 'boss',
      data: { type: 'offer', sdp: 'v=0' },
    });
    expect(await received).toMatchObject({ from: mallory.socket.id, login: mallory.user.login });
  });
});
