/**
 * A local fake of GitHub's OAuth web flow and the bits of its REST API the app uses, speaking the real
 * shapes:
 *
 * - GET  /login/oauth/authorize     → 302 to redirect_uri?code=…&state=… (or ?error=…&error_description=…)
 * - POST /login/oauth/access_token  → token, honouring Accept (JSON, form-encoded, XML); errors are HTTP 200
 * - GET  /user, GET /user/emails    → the profile / e-mails for a Bearer token; 401 'Bad credentials'
 * - GET  /orgs/{org}/repos          → the organisation's public repositories from `orgRepos` (no token
 *   needed, as for public data); an organisation not there answers 404 'Not Found'
 *   (also under /api/v3, as GitHub Enterprise Server serves them)
 *
 * It approves at once (no consent page). Tests steer it with the exported controls, with
 * POST /__control (JSON), or per browser context with cookies on the fake's origin:
 * `fake_github_login=<login>` signs in as that user, `fake_github_error=<code>` answers the authorize
 * request with that OAuth error. Cookies keep parallel tests apart; controls are global.
 *
 * Standalone: `npx tsx tests/fakes/github.ts --port 4100 --client-id id --client-secret secret`.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

/** The public fields of GET /user (a private-profile subset is included, as `user` scope shows). */
export interface FakeGitHubUser {
  login: string;
  id: number;
  node_id: string;
  avatar_url: string;
  gravatar_id: string | null;
  url: string;
  html_url: string;
  followers_url: string;
  following_url: string;
  gists_url: string;
  starred_url: string;
  subscriptions_url: string;
  organizations_url: string;
  repos_url: string;
  events_url: string;
  received_events_url: string;
  type: 'User';
  site_admin: boolean;
  name: string | null;
  company: string | null;
  blog: string | null;
  location: string | null;
  email: string | null;
  hireable: boolean | null;
  bio: string | null;
  twitter_username: string | null;
  public_repos: number;
  public_gists: number;
  followers: number;
  following: number;
  created_at: string;
  updated_at: string;
}

export interface FakeGitHubEmail {
  email: string;
  primary: boolean;
  verified: boolean;
  visibility: 'public' | 'private' | null;
}

/** The fields a test may set; the rest (URLs, node_id, …) are derived. */
export type FakeUserInput = Partial<Omit<FakeGitHubUser, 'login'>> & { login: string };

export interface OAuthErrorAnswer {
  error: string;
  error_description?: string;
  error_uri?: string;
}

export interface FakeGitHubOptions {
  /** Port to listen on; default 0 (a free one). */
  port?: number;
  /** Address to listen on; default 127.0.0.1 (never anything but loopback in tests). */
  host?: string;
  clientId?: string;
  clientSecret?: string;
  /**
   * The OAuth App's registered callback URL. When set, redirect_uri must have the same host and port
   * and a path equal to it or below it (GitHub's rule); otherwise any http(s) redirect_uri is accepted.
   */
  callbackUrl?: string;
  /** Users who can sign in; the first is the default. Unknown logins from the cookie are made up. */
  users?: FakeUserInput[];
  /** A code's lifetime (GitHub: 10 minutes). */
  codeTtlMs?: number;
}

export interface FakeGitHubStats {
  authorizeRequests: number;
  codesIssued: number;
  tokenRequests: number;
  tokensIssued: number;
  userRequests: number;
  /** Query of the last authorize request, as the browser sent it. */
  lastAuthorize: Record<string, string> | null;
  /** Body fields of the last token request (client_secret masked). */
  lastTokenRequest: Record<string, string> | null;
}

export interface FakeGitHub {
  /** Base URL, e.g. http://127.0.0.1:4100 — use it as GITHUB_URL and GITHUB_API_URL. */
  url: string;
  port: number;
  clientId: string;
  clientSecret: string;
  /** The default user (the first of options.users, or Octo Fan). */
  readonly user: FakeGitHubUser;
  close(): Promise<void>;
  /** Adds or replaces a user who can sign in. */
  addUser(user: FakeUserInput): FakeGitHubUser;
  /** Changes fields of the default user. */
  setUser(fields: Partial<Omit<FakeGitHubUser, 'login'>>): FakeGitHubUser;
  /** Sign in as this login from now on (null: back to the default user). */
  setLogin(login: string | null): void;
  /** Answer authorize requests with this OAuth error: the next one only (default) or all until cleared. */
  setAuthorizeError(answer: OAuthErrorAnswer | null, options?: { once?: boolean }): void;
  /** Answer the next token request with this error code (HTTP 200 + error body, as GitHub does). */
  failNextTokenExchange(error?: string): void;
  /** Answer the next GET /user with this HTTP status (401 → Bad credentials, else a server error). */
  failNextUserRequest(status?: number): void;
  /** Revokes every token issued so far (the next /user answers 401). */
  revokeTokens(): void;
  /** Forgets errors, codes, tokens, counters and user changes. */
  reset(): void;
  stats(): FakeGitHubStats;
  /** The user a token belongs to, if it is valid. */
  userForToken(token: string): FakeGitHubUser | null;
  /** Public repositories by organisation login (lower case), as tests set them. */
  orgRepos: Map<string, FakeOrgRepo[]>;
}

/** A public repository as tests give it; the rest of GitHub's fields are derived. */
export interface FakeOrgRepo {
  name: string;
  stargazers_count: number;
  fork?: boolean;
  archived?: boolean;
  description?: string | null;
}

export const FAKE_GITHUB_CLIENT_ID = 'fake-github-client-id';
export const FAKE_GITHUB_CLIENT_SECRET = 'fake-github-client-secret';
export const LOGIN_COOKIE = 'fake_github_login';
export const ERROR_COOKIE = 'fake_github_error';

const DEFAULT_CODE_TTL_MS = 10 * 60 * 1000;
const DOCS = 'https://docs.github.com';
const TOKEN_ERROR_URI = `${DOCS}/apps/managing-oauth-apps/troubleshooting-oauth-app-access-token-request-errors`;
const AUTHORIZE_ERROR_URI = `${DOCS}/apps/managing-oauth-apps/troubleshooting-authorization-request-errors`;

const TOKEN_ERRORS: Record<string, string> = {
  bad_verification_code: 'The code passed is incorrect or expired.',
  incorrect_client_credentials: 'The client_id and/or client_secret passed are incorrect.',
  redirect_uri_mismatch: 'The redirect_uri MUST match the registered callback URL for this application.',
  unverified_user_email: 'The user must have a verified primary email.',
};

const AUTHORIZE_ERRORS: Record<string, string> = {
  access_denied: 'The user has denied your application access.',
  redirect_uri_mismatch: 'The redirect_uri MUST match the registered callback URL for this application.',
  application_suspended: 'Your application has been suspended. Contact support@github.com.',
};

export const DEFAULT_FAKE_USER: FakeUserInput = {
  login: 'octo-fan',
  id: 583231,
  name: 'Octo Fan',
  company: '@touchdown-labs',
  blog: 'octofan.dev',
  location: 'Kansas City, MO',
  email: 'octo-fan@example.com',
  hireable: true,
  bio: 'Ships TypeScript on weekdays, watches football on Sundays.',
  twitter_username: 'octofan',
  public_repos: 42,
  public_gists: 7,
  followers: 1234,
  following: 56,
  created_at: '2015-03-14T09:26:53Z',
  updated_at: '2026-10-01T12:00:00Z',
};

/** An inline SVG avatar: tests never load an image from the internet. */
export function avatarDataUri(login: string): string {
  let hash = 0;
  for (const char of login) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const initial = (login[0] ?? '?').toUpperCase().replace(/[^A-Z0-9]/g, '?');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120">` +
    `<rect width="120" height="120" fill="hsl(${hash % 360},55%,45%)"/>` +
    `<text x="60" y="78" font-family="sans-serif" font-size="56" fill="#fff" text-anchor="middle">${initial}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

function hashId(login: string): number {
  let hash = 7;
  for (const char of login) hash = (hash * 131 + char.charCodeAt(0)) % 90_000_000;
  return 10_000_000 + hash;
}

/** A full /user object from the given fields, with URLs on the fake's own origin. */
function completeUser(input: FakeUserInput, baseUrl: string): FakeGitHubUser {
  const { login } = input;
  const id = input.id ?? hashId(login);
  const api = `${baseUrl}/users/${login}`;
  return {
    login,
    id,
    node_id: input.node_id ?? Buffer.from(`04:User${id}`).toString('base64'),
    avatar_url: input.avatar_url ?? avatarDataUri(login),
    gravatar_id: input.gravatar_id ?? '',
    url: api,
    html_url: input.html_url ?? `${baseUrl}/${login}`,
    followers_url: `${api}/followers`,
    following_url: `${api}/following{/other_user}`,
    gists_url: `${api}/gists{/gist_id}`,
    starred_url: `${api}/starred{/owner}{/repo}`,
    subscriptions_url: `${api}/subscriptions`,
    organizations_url: `${api}/orgs`,
    repos_url: `${api}/repos`,
    events_url: `${api}/events{/privacy}`,
    received_events_url: `${api}/received_events`,
    type: 'User',
    site_admin: input.site_admin ?? false,
    name: input.name === undefined ? null : input.name,
    company: input.company ?? null,
    blog: input.blog ?? '',
    location: input.location ?? null,
    email: input.email ?? null,
    hireable: input.hireable ?? null,
    bio: input.bio ?? null,
    twitter_username: input.twitter_username ?? null,
    public_repos: input.public_repos ?? 0,
    public_gists: input.public_gists ?? 0,
    followers: input.followers ?? 0,
    following: input.following ?? 0,
    created_at: input.created_at ?? '2020-01-01T00:00:00Z',
    updated_at: input.updated_at ?? '2026-01-01T00:00:00Z',
  };
}

interface CodeGrant {
  login: string;
  clientId: string;
  redirectUri: string | null;
  scope: string;
  expiresAt: number;
}

interface TokenGrant {
  login: string;
  scope: string;
}

function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index > 0) cookies[part.slice(0, index).trim()] = decodeURIComponent(part.slice(index + 1).trim());
  }
  return cookies;
}

async function readBody(req: IncomingMessage, limit = 64 * 1024): Promise<string> {
  let body = '';
  for await (const chunk of req) {
    body += chunk;
    if (body.length > limit) throw new Error('body too large');
  }
  return body;
}

/** Parses a JSON or form-encoded body (GitHub takes either, and query parameters too). */
function parseParams(body: string, contentType: string | undefined, query: URLSearchParams) {
  const params: Record<string, string> = Object.fromEntries(query);
  if (!body) return params;
  if (contentType?.includes('application/json')) {
    const json = JSON.parse(body) as Record<string, unknown>;
    for (const [key, value] of Object.entries(json)) if (value != null) params[key] = String(value);
  } else {
    for (const [key, value] of new URLSearchParams(body)) params[key] = value;
  }
  return params;
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
}

const xmlEscape = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** Token endpoint answers in the format the Accept header asks for (default: form-encoded). */
function sendOAuthAnswer(req: IncomingMessage, res: ServerResponse, body: Record<string, string>) {
  const accept = req.headers.accept ?? '';
  if (accept.includes('application/json')) {
    sendJson(res, 200, body);
  } else if (accept.includes('application/xml')) {
    const fields = Object.entries(body)
      .map(([key, value]) => `<${key}>${xmlEscape(value)}</${key}>`)
      .join('');
    res.writeHead(200, { 'content-type': 'application/xml; charset=utf-8' });
    res.end(`<OAuth>${fields}</OAuth>`);
  } else {
    res.writeHead(200, { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' });
    res.end(new URLSearchParams(body).toString());
  }
}

function tokenError(error: string): Record<string, string> {
  return {
    error,
    error_description: TOKEN_ERRORS[error] ?? 'The request failed.',
    error_uri: `${TOKEN_ERROR_URI}/#${error.replace(/_/g, '-')}`,
  };
}

/** GitHub's rule: same host and port as the registered callback, path equal to it or below it. */
function redirectAllowed(redirectUri: string, callbackUrl: string | undefined): boolean {
  let target: URL;
  try {
    target = new URL(redirectUri);
  } catch {
    return false;
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return false;
  if (!callbackUrl) return true;
  const registered = new URL(callbackUrl);
  const base = registered.pathname.replace(/\/+$/, '');
  return (
    target.host === registered.host &&
    (target.pathname === registered.pathname || target.pathname.startsWith(`${base}/`))
  );
}

/** Starts the fake on loopback; resolves once it listens. */
export async function startFakeGitHub(options: FakeGitHubOptions = {}): Promise<FakeGitHub> {
  const clientId = options.clientId ?? FAKE_GITHUB_CLIENT_ID;
  const clientSecret = options.clientSecret ?? FAKE_GITHUB_CLIENT_SECRET;
  const codeTtlMs = options.codeTtlMs ?? DEFAULT_CODE_TTL_MS;
  const initialUsers = options.users?.length ? options.users : [DEFAULT_FAKE_USER];
  let baseUrl = '';

  const users = new Map<string, FakeGitHubUser>();
  const codes = new Map<string, CodeGrant>();
  const tokens = new Map<string, TokenGrant>();
  let defaultLogin = initialUsers[0]!.login;
  let forcedLogin: string | null = null;
  let authorizeError: { answer: OAuthErrorAnswer; once: boolean } | null = null;
  let nextTokenError: string | null = null;
  let nextUserStatus: number | null = null;
  let stats: FakeGitHubStats;

  function resetState() {
    users.clear();
    for (const input of initialUsers) users.set(input.login.toLowerCase(), completeUser(input, baseUrl));
    codes.clear();
    tokens.clear();
    defaultLogin = initialUsers[0]!.login;
    forcedLogin = null;
    authorizeError = null;
    nextTokenError = null;
    nextUserStatus = null;
    stats = {
      authorizeRequests: 0,
      codesIssued: 0,
      tokenRequests: 0,
      tokensIssued: 0,
      userRequests: 0,
      lastAuthorize: null,
      lastTokenRequest: null,
    };
  }

  function userFor(login: string): FakeGitHubUser {
    const key = login.toLowerCase();
    let user = users.get(key);
    if (!user) {
      user = completeUser({ login, name: null, created_at: '2021-06-01T00:00:00Z' }, baseUrl);
      users.set(key, user);
    }
    return user;
  }

  function addUser(input: FakeUserInput): FakeGitHubUser {
    const user = completeUser(input, baseUrl);
    users.set(input.login.toLowerCase(), user);
    return user;
  }

  function bearer(req: IncomingMessage): TokenGrant | null {
    const match = /^(?:bearer|token)\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    return match ? (tokens.get(match[1]!) ?? null) : null;
  }

  const badCredentials = (res: ServerResponse) =>
    sendJson(res, 401, { message: 'Bad credentials', documentation_url: `${DOCS}/rest`, status: '401' });

  const apiHeaders = (grant: TokenGrant) => ({
    'x-oauth-scopes': grant.scope.split(/[ ,]+/).filter(Boolean).join(', '),
    'x-accepted-oauth-scopes': '',
    'x-github-api-version-selected': '2022-11-28',
    'x-github-media-type': 'github.v3; format=json',
  });

  function authorize(req: IncomingMessage, res: ServerResponse, query: URLSearchParams) {
    stats.authorizeRequests++;
    stats.lastAuthorize = Object.fromEntries(query);
    const cookies = parseCookies(req.headers.cookie);
    if (query.get('client_id') !== clientId) {
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><title>Page not found · GitHub</title><h1>404</h1><p>Unknown client_id.</p>');
      return;
    }
    const state = query.get('state');
    const redirectUri = query.get('redirect_uri') ?? options.callbackUrl ?? null;
    if (!redirectUri) {
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('No redirect_uri and no registered callback URL.');
      return;
    }
    const sendBack = (target: string, params: Record<string, string>) => {
      const url = new URL(target);
      for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
      if (state !== null) url.searchParams.set('state', state);
      res.writeHead(302, { location: url.toString(), 'cache-control': 'no-store' });
      res.end();
    };
    if (!redirectAllowed(redirectUri, options.callbackUrl)) {
      // GitHub sends the error to the registered callback, never to the unregistered address.
      if (!options.callbackUrl) {
        res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('The redirect_uri is not a valid http(s) URL.');
        return;
      }
      sendBack(options.callbackUrl, {
        error: 'redirect_uri_mismatch',
        error_description: AUTHORIZE_ERRORS.redirect_uri_mismatch!,
        error_uri: `${AUTHORIZE_ERROR_URI}/#redirect-uri-mismatch`,
      });
      return;
    }
    const cookieError = cookies[ERROR_COOKIE];
    const error: OAuthErrorAnswer | null = cookieError
      ? { error: cookieError }
      : (authorizeError?.answer ?? null);
    if (!cookieError && authorizeError?.once) authorizeError = null;
    if (error) {
      sendBack(redirectUri, {
        error: error.error,
        error_description:
          error.error_description ?? AUTHORIZE_ERRORS[error.error] ?? 'Authorization failed.',
        error_uri: error.error_uri ?? `${AUTHORIZE_ERROR_URI}/#${error.error.replace(/_/g, '-')}`,
      });
      return;
    }
    const login = cookies[LOGIN_COOKIE] || forcedLogin || defaultLogin;
    const user = userFor(login);
    const code = randomBytes(10).toString('hex'); // GitHub codes are 20 hex characters
    codes.set(code, {
      login: user.login,
      clientId,
      redirectUri: query.get('redirect_uri'),
      scope: query.get('scope') ?? '',
      expiresAt: Date.now() + codeTtlMs,
    });
    stats.codesIssued++;
    sendBack(redirectUri, { code });
  }

  async function accessToken(req: IncomingMessage, res: ServerResponse, query: URLSearchParams) {
    stats.tokenRequests++;
    let params: Record<string, string>;
    try {
      params = parseParams(await readBody(req), req.headers['content-type'], query);
    } catch {
      sendJson(res, 400, { message: 'Problems parsing JSON', documentation_url: `${DOCS}/rest` });
      return;
    }
    stats.lastTokenRequest = {
      ...params,
      ...(params.client_secret ? { client_secret: '***' } : {}),
    };
    if (nextTokenError) {
      const error = nextTokenError;
      nextTokenError = null;
      sendOAuthAnswer(req, res, tokenError(error));
      return;
    }
    if (params.client_id !== clientId || params.client_secret !== clientSecret) {
      sendOAuthAnswer(req, res, tokenError('incorrect_client_credentials'));
      return;
    }
    const grant = params.code ? codes.get(params.code) : undefined;
    if (params.code) codes.delete(params.code); // single-use, even when the rest of the request is wrong
    if (!grant || grant.expiresAt < Date.now()) {
      sendOAuthAnswer(req, res, tokenError('bad_verification_code'));
      return;
    }
    if (grant.redirectUri && params.redirect_uri && params.redirect_uri !== grant.redirectUri) {
      sendOAuthAnswer(req, res, tokenError('redirect_uri_mismatch'));
      return;
    }
    const token = `gho_${randomBytes(18).toString('base64url').slice(0, 36)}`;
    tokens.set(token, { login: grant.login, scope: grant.scope });
    stats.tokensIssued++;
    // The request scope is space-delimited; the token answer's is comma-separated.
    const scope = grant.scope.split(/[ ,]+/).filter(Boolean).join(',');
    sendOAuthAnswer(req, res, { access_token: token, scope, token_type: 'bearer' });
  }

  function userEndpoint(req: IncomingMessage, res: ServerResponse) {
    stats.userRequests++;
    if (nextUserStatus) {
      const status = nextUserStatus;
      nextUserStatus = null;
      if (status === 401) badCredentials(res);
      else sendJson(res, status, { message: 'Server Error', documentation_url: `${DOCS}/rest` });
      return;
    }
    const grant = bearer(req);
    if (!grant) return badCredentials(res);
    sendJson(res, 200, userFor(grant.login), apiHeaders(grant));
  }

  function emailsEndpoint(req: IncomingMessage, res: ServerResponse) {
    const grant = bearer(req);
    if (!grant) return badCredentials(res);
    const scopes = grant.scope.split(/[ ,]+/);
    if (!scopes.includes('user:email') && !scopes.includes('user')) {
      sendJson(
        res,
        404,
        { message: 'Not Found', documentation_url: `${DOCS}/rest/users/emails`, status: '404' },
        apiHeaders(grant),
      );
      return;
    }
    const user = userFor(grant.login);
    const emails: FakeGitHubEmail[] = [
      {
        email: user.email ?? `${user.login}@example.com`,
        primary: true,
        verified: true,
        visibility: 'public',
      },
      {
        email: `${user.id}+${user.login}@users.noreply.example.com`,
        primary: false,
        verified: true,
        visibility: null,
      },
    ];
    sendJson(res, 200, emails, apiHeaders(grant));
  }

  async function control(req: IncomingMessage, res: ServerResponse) {
    if (req.method === 'GET') return sendJson(res, 200, { ...stats, users: [...users.values()] });
    let body: Record<string, unknown>;
    try {
      body = JSON.parse((await readBody(req)) || '{}') as Record<string, unknown>;
    } catch {
      return sendJson(res, 400, { message: 'Problems parsing JSON' });
    }
    if (body.reset) resetState();
    if ('authorizeError' in body) {
      const answer = body.authorizeError as OAuthErrorAnswer | string | null;
      api.setAuthorizeError(typeof answer === 'string' ? { error: answer } : answer, {
        once: body.once !== false,
      });
    }
    if (typeof body.tokenError === 'string') api.failNextTokenExchange(body.tokenError);
    if (typeof body.userStatus === 'number') api.failNextUserRequest(body.userStatus);
    if (body.user && typeof body.user === 'object') api.setUser(body.user as Partial<FakeGitHubUser>);
    if (body.addUser && typeof body.addUser === 'object') api.addUser(body.addUser as FakeUserInput);
    if ('login' in body) api.setLogin(typeof body.login === 'string' ? body.login : null);
    if (body.revokeTokens) api.revokeTokens();
    sendJson(res, 200, { ok: true });
  }

  function profilePage(res: ServerResponse, login: string) {
    const user = users.get(login.toLowerCase());
    if (!user) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Not Found');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><title>${xmlEscape(user.login)} · Fake GitHub</title>` +
        `<h1>${xmlEscape(user.name ?? user.login)}</h1><p>@${xmlEscape(user.login)}</p>`,
    );
  }

  const orgRepos = new Map<string, FakeOrgRepo[]>();
  function orgReposEndpoint(res: ServerResponse, org: string) {
    const repos = orgRepos.get(org.toLowerCase());
    if (!repos) return sendJson(res, 404, { message: 'Not Found', documentation_url: `${DOCS}/rest` });
    sendJson(
      res,
      200,
      repos.map((repo, index) => ({
        id: 1000 + index,
        name: repo.name,
        full_name: `${org}/${repo.name}`,
        private: false,
        owner: { login: org, type: 'Organization', html_url: `https://github.com/${org}` },
        html_url: `https://github.com/${org}/${repo.name}`,
        description: repo.description ?? null,
        fork: repo.fork ?? false,
        url: `${baseUrl}/repos/${org}/${repo.name}`,
        stargazers_count: repo.stargazers_count,
        watchers_count: repo.stargazers_count,
        forks_count: 0,
        archived: repo.archived ?? false,
        visibility: 'public',
        default_branch: 'main',
      })),
    );
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake-github.invalid');
    // GitHub Enterprise Server serves the REST API under /api/v3.
    const path = url.pathname.replace(/^\/api\/v3(?=\/)/, '').replace(/\/+$/, '') || '/';
    const route = `${req.method} ${path}`;
    const handle = async () => {
      if (route === 'GET /login/oauth/authorize') return authorize(req, res, url.searchParams);
      if (route === 'POST /login/oauth/access_token') return accessToken(req, res, url.searchParams);
      if (route === 'GET /user') return userEndpoint(req, res);
      if (route === 'GET /user/emails') return emailsEndpoint(req, res);
      const org = /^GET \/orgs\/([A-Za-z0-9-]+)\/repos$/.exec(route)?.[1];
      if (org) return orgReposEndpoint(res, org);
      if (path === '/__control' && (req.method === 'GET' || req.method === 'POST')) return control(req, res);
      if (req.method === 'GET' && /^\/[A-Za-z0-9-]+$/.test(path)) return profilePage(res, path.slice(1));
      sendJson(res, 404, { message: 'Not Found', documentation_url: `${DOCS}/rest` });
    };
    handle().catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { message: String(error) });
      else res.destroy();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host && options.host !== '0.0.0.0' ? options.host : '127.0.0.1';
  baseUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  resetState();

  const api: FakeGitHub = {
    url: baseUrl,
    port,
    clientId,
    clientSecret,
    get user() {
      return userFor(defaultLogin);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
    addUser,
    setUser(fields) {
      const current = userFor(defaultLogin);
      const next = { ...current, ...fields, login: current.login };
      users.set(current.login.toLowerCase(), next);
      return next;
    },
    setLogin(login) {
      forcedLogin = login;
    },
    setAuthorizeError(answer, { once = true } = {}) {
      authorizeError = answer ? { answer, once } : null;
    },
    failNextTokenExchange(error = 'bad_verification_code') {
      nextTokenError = error;
    },
    failNextUserRequest(status = 401) {
      nextUserStatus = status;
    },
    revokeTokens() {
      tokens.clear();
    },
    reset: resetState,
    orgRepos,
    stats: () => ({ ...stats }),
    userForToken(token) {
      const grant = tokens.get(token);
      return grant ? userFor(grant.login) : null;
    },
  };
  return api;
}

// Standalone: tsx tests/fakes/github.ts --port 4100 [--host 127.0.0.1] [--client-id ..] [--client-secret ..]
// [--callback-url http://localhost:3000/auth/callback]
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '4100' },
      host: { type: 'string', default: '127.0.0.1' },
      'client-id': { type: 'string', default: FAKE_GITHUB_CLIENT_ID },
      'client-secret': { type: 'string', default: FAKE_GITHUB_CLIENT_SECRET },
      'callback-url': { type: 'string' },
    },
  });
  const fake = await startFakeGitHub({
    port: Number(values.port),
    host: values.host,
    clientId: values['client-id'],
    clientSecret: values['client-secret'],
    callbackUrl: values['callback-url'],
  });
  console.log(`fake GitHub on ${fake.url} (client_id ${fake.clientId}, client_secret ${fake.clientSecret})`);
  console.log(`  GITHUB_URL=${fake.url} GITHUB_API_URL=${fake.url} FETCH_ALLOW_PRIVATE=1`);
  const stop = () => void fake.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
