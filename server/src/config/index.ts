import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { withoutTrailingSlashes } from '@shared/url';
import { oidcProviderIdsSchema, readOidcProviders, readRoleLogins, type OidcProviderConfig } from './sign-in';

/**
 * The environment contract (docs/product.md, Configuration), parsed once at start-up. An empty string counts as unset, so
 * `.env.example` can list every name. A bad value stops start-up with one line per problem.
 */

const optionalString = z.string().min(1).optional();
const httpUrl = () => z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' });
const url = (fallback: string) => httpUrl().default(fallback);
const optionalUrl = () => httpUrl().optional();
const booleanFlag = z
  .enum(['1', 'true', 'yes', '0', 'false', 'no'], { message: 'must be one of 1, true, yes, 0, false, no' })
  .transform((value) => ['1', 'true', 'yes'].includes(value));
const commaList = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean),
);
const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const DEFAULT_NEWS_FEEDS = [
  'https://hnrss.org/frontpage',
  'https://techcrunch.com/feed/',
  'https://www.theverge.com/rss/index.xml',
  'https://feeds.arstechnica.com/arstechnica/index',
  'https://www.espn.com/espn/rss/news',
  'https://www.espn.com/espn/rss/nfl/news',
  'https://www.espn.com/espn/rss/nba/news',
  'https://www.espn.com/espn/rss/mlb/news',
  'https://www.espn.com/espn/rss/nhl/news',
];

/** Express's names for address ranges in `trust proxy`. */
const TRUST_PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/** An address or subnet (address/prefix length) as Express's `trust proxy` takes it. */
function isProxyAddress(entry: string): boolean {
  if (TRUST_PROXY_RANGES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const v4 = ipaddr.IPv4.isValidFourPartDecimal(address);
  if (rest.length > 0 || (!v4 && !ipaddr.IPv6.isValid(address))) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (v4 ? 32 : 128);
}

/**
 * Which peers may tell the client's address (X-Forwarded-For) and protocol: a hop count, or the
 * proxies' addresses and subnets. Unset trusts nobody, so a client cannot pick the address its
 * per-address limits count against. `true` (everyone) is refused for the same reason.
 */
const trustProxy = z.string().transform((raw, ctx): number | string[] => {
  if (/^\d+$/.test(raw)) return Number(raw);
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const message =
    raw.toLowerCase() === 'true'
      ? "true would trust every client to name its own address; give the proxy's address or a hop count"
      : `must be a hop count or the proxy's addresses or subnets (or ${TRUST_PROXY_RANGES.join(', ')}), comma-separated`;
  if (entries.length === 0 || !entries.every(isProxyAddress)) {
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  }
  return entries;
});

const iceServerSchema = z.object({
  urls: z.union([z.string(), z.array(z.string())]),
  username: z.string().optional(),
  credential: z.string().optional(),
});

const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: optionalString,
  PUBLIC_URL: optionalUrl(),
  SESSION_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  // One redis(s):// URL; with REDIS_CLUSTER on, the comma-separated seed nodes of a Redis Cluster.
  REDIS_URL: commaList
    .refine((urls) => urls.length > 0 && urls.every(isRedisUrl), 'must be a redis:// or rediss:// URL')
    .optional(),
  REDIS_CLUSTER: booleanFlag.default(false),
  // How broadcasts reach the other instances (server/src/realtime/adapter.ts); unset, it follows REDIS_CLUSTER.
  SOCKET_ADAPTER: z.enum(['streams', 'sharded']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // The reverse proxy in front, if any (Express's `trust proxy`); unset, the peer is the client.
  TRUST_PROXY: trustProxy.optional(),

  GITHUB_CLIENT_ID: optionalString,
  GITHUB_CLIENT_SECRET: optionalString,
  GITHUB_URL: url('https://github.com'),
  GITHUB_API_URL: url('https://api.github.com'),
  // OpenID Connect sign-ins by id (gitlab, forgejo…); each one's OIDC_<ID>_* settings: sign-in.ts.
  OIDC_PROVIDERS: oidcProviderIdsSchema.default([]),

  EXA_API_KEY: optionalString,
  EXA_BASE_URL: url('https://api.exa.ai'),
  JINA_API_KEY: optionalString,
  JINA_READER_URL: url('https://r.jina.ai'),
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalUrl(),
  OPENAI_MODEL: z.string().default('gpt-4o-mini'),

  SPORTS_SOURCE: z.enum(['espn', 'text-llm']).default('espn'),
  ESPN_BASE_URL: url('https://site.api.espn.com'),
  SPORTS_TEXT_URL: url('https://www.espn.com/'),
  SPORTS_POLL_SECONDS: positiveInt(60),
  SPORTS_REFRESH_MIN_SECONDS: z.coerce.number().int().min(0).default(10),
  // How often the summary of a game someone has open is read (server/src/sports/gamecast).
  GAMECAST_POLL_SECONDS: positiveInt(5),
  NEWS_FEEDS: commaList.default(DEFAULT_NEWS_FEEDS),
  NEWS_REFRESH_MINUTES: positiveInt(15),
  // Fantasy points (server/src/fantasy): how often they are computed, and whether Hacker News and
  // GitHub are read for them (off: the app's own news index alone).
  FANTASY_POINTS_HOURS: positiveInt(6),
  FANTASY_OUTSIDE_SIGNALS: booleanFlag.default(true),
  HN_SEARCH_URL: url('https://hn.algolia.com'),
  // companyId=org pairs: the GitHub organisation whose public repositories' stars count for a company.
  FANTASY_GITHUB_ORGS: commaList
    .pipe(
      z.array(
        z
          .string()
          .regex(
            /^[a-z0-9][a-z0-9-]{0,79}=[a-z\d](?:[a-z\d]|-(?=[a-z\d])){0,38}$/i,
            'each must be companyId=github-organisation',
          ),
      ),
    )
    .default([]),

  TWILIO_ACCOUNT_SID: optionalString,
  TWILIO_API_KEY_SID: optionalString,
  TWILIO_API_KEY_SECRET: optionalString,
  TWILIO_TWIML_APP_SID: optionalString,
  TWILIO_AUTH_TOKEN: optionalString,
  ICE_SERVERS: z
    .string()
    .transform((raw, ctx) => {
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be a JSON list of RTCIceServer' });
        return z.NEVER;
      }
    })
    .pipe(z.array(iceServerSchema))
    .optional(),
  ICE_TRANSPORT_POLICY: z.enum(['all', 'relay']).default('all'),
  TURN_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  TURN_URLS: commaList
    .pipe(z.array(z.string().regex(/^turns?:\S+$/, 'each must be a turn: or turns: URL')))
    .default([]),

  ADMIN_LOGINS: commaList.default([]),
  MODERATOR_LOGINS: commaList.default([]),
  FETCH_ALLOW_PRIVATE: booleanFlag.default(false),

  CHAT_RATE_LIMIT: positiveInt(5),
  CHAT_RATE_WINDOW_SECONDS: positiveInt(10),
  API_RATE_LIMIT: positiveInt(60),
  API_RATE_WINDOW_SECONDS: positiveInt(60),
  SIGNIN_RATE_LIMIT: positiveInt(30),
  SIGNIN_RATE_WINDOW_SECONDS: positiveInt(60),
  // Per-socket budgets (server/src/realtime/limits.ts has what each one stops).
  SOCKET_EVENT_BURST: positiveInt(200),
  SOCKET_EVENTS_PER_SECOND: positiveInt(20),
  SOCKET_ROOM_LIMIT: positiveInt(50),
  SOCKETS_PER_LOGIN_LIMIT: positiveInt(20),
  SOCKETS_PER_LOGIN_TTL_SECONDS: positiveInt(600),

  // Prometheus metrics (server/src/metrics): off unless METRICS_PORT or METRICS_TOKEN is set.
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  METRICS_TOKEN: z
    .string()
    .min(16, 'must be at least 16 characters')
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces (it is sent in a header)')
    .optional(),
});

type Env = z.infer<typeof envSchema>;

/** Where the shared state lives: one Redis, or the seed nodes of a Redis Cluster. */
export interface RedisTarget {
  urls: string[];
  cluster: boolean;
}

export interface Config extends Omit<
  Env,
  'HOST' | 'PUBLIC_URL' | 'SESSION_SECRET' | 'REDIS_URL' | 'SOCKET_ADAPTER'
> {
  /** REDIS_URL as given (one URL, or the cluster's seed nodes comma-separated). */
  REDIS_URL?: string;
  /** Redis parsed from REDIS_URL and REDIS_CLUSTER; null keeps state in memory (one instance). */
  redis: RedisTarget | null;
  /**
   * The Socket.IO adapter: 'streams' on one Redis (it keeps a dropped client's missed events), and
   * 'sharded' on a cluster, where one stream would carry every room's broadcasts through one shard.
   */
  SOCKET_ADAPTER: 'streams' | 'sharded';
  /**
   * Where the server listens. Unset, it is loopback while the development sign-in is on (anyone who
   * reaches that sign-in can be anyone, admins included) and every interface otherwise.
   */
  HOST: string;
  /** The development sign-in is on and HOST was set to something other than loopback. */
  devSignInExposed: boolean;
  PUBLIC_URL: string;
  SESSION_SECRET: string;
  isProduction: boolean;
  /** The OAuth redirect_uri: PUBLIC_URL + /auth/callback. */
  oauthRedirectUri: string;
  /** Whether the session cookie is Secure (PUBLIC_URL is https). */
  secureCookies: boolean;
  /** GitHub OAuth is configured. */
  githubConfigured: boolean;
  /** The OpenID Connect providers of OIDC_PROVIDERS, in its order. */
  oidcProviders: OidcProviderConfig[];
  /** No sign-in is configured and this is not production: the app plays GitHub itself. */
  devSignInEnabled: boolean;
  /** Twilio Voice is configured (account, API key and TwiML app); otherwise built-in WebRTC voice. */
  twilioConfigured: boolean;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment (empty strings are unset). Throws ConfigError listing every problem. */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  randomSecret: () => string = defaultSecret,
): Config {
  const cleaned: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    if (value !== undefined && value.trim() !== '') cleaned[key] = value.trim();
  }
  const parsed = envSchema.safeParse(cleaned);
  // Names that depend on OIDC_PROVIDERS, read beside the fixed schema so both lists of problems show.
  const oidc = readOidcProviders(cleaned, cleaned.NODE_ENV === 'production');
  if (!parsed.success || oidc.problems.length > 0) {
    throw new ConfigError([
      ...(parsed.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? []),
      ...oidc.problems,
    ]);
  }
  const values = parsed.data;
  const isProduction = values.NODE_ENV === 'production';
  const problems: string[] = [];
  if (isProduction && !values.SESSION_SECRET) problems.push('SESSION_SECRET: required in production');
  if (Boolean(values.GITHUB_CLIENT_ID) !== Boolean(values.GITHUB_CLIENT_SECRET)) {
    problems.push('GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET: set both or neither');
  }
  if (Boolean(values.TURN_SECRET) !== values.TURN_URLS.length > 0) {
    problems.push('TURN_SECRET and TURN_URLS: set both or neither');
  }
  // With a shared secret every TURN credential is made per request; a static one beside it would
  // outlive them all.
  if (values.TURN_SECRET && values.ICE_SERVERS?.some((server) => server.username || server.credential)) {
    problems.push(
      'ICE_SERVERS: no static credentials when TURN_SECRET is set; list the TURN servers in TURN_URLS',
    );
  }
  if (values.REDIS_URL && values.REDIS_URL.length > 1 && !values.REDIS_CLUSTER) {
    problems.push('REDIS_URL: several URLs are the seed nodes of a Redis Cluster; set REDIS_CLUSTER=1');
  }
  if (values.REDIS_CLUSTER && !values.REDIS_URL) problems.push('REDIS_CLUSTER: needs REDIS_URL');
  if (cleaned.METRICS_HOST && values.METRICS_PORT === undefined) {
    problems.push('METRICS_HOST: is where METRICS_PORT listens; set METRICS_PORT too');
  }
  if (values.METRICS_PORT !== undefined && values.METRICS_PORT === values.PORT) {
    problems.push('METRICS_PORT: must differ from PORT (METRICS_TOKEN alone serves /metrics on PORT)');
  }
  const githubConfigured = Boolean(values.GITHUB_CLIENT_ID && values.GITHUB_CLIENT_SECRET);
  const devSignInEnabled = !githubConfigured && oidc.providers.length === 0 && !isProduction;
  // The development sign-in plays GitHub: its logins are bare too.
  const signIns = { github: githubConfigured || devSignInEnabled, oidc: oidc.providers.map(({ id }) => id) };
  const admins = readRoleLogins('ADMIN_LOGINS', values.ADMIN_LOGINS, signIns);
  const moderators = readRoleLogins('MODERATOR_LOGINS', values.MODERATOR_LOGINS, signIns);
  problems.push(...admins.problems, ...moderators.problems);
  if (problems.length > 0) throw new ConfigError(problems);

  const publicUrl = withoutTrailingSlashes(values.PUBLIC_URL ?? `http://localhost:${values.PORT}`);
  const host = values.HOST ?? (devSignInEnabled ? LOOPBACK_HOST : ALL_INTERFACES);
  return {
    ...values,
    REDIS_URL: values.REDIS_URL?.join(','),
    redis: values.REDIS_URL ? { urls: values.REDIS_URL, cluster: values.REDIS_CLUSTER } : null,
    SOCKET_ADAPTER: values.SOCKET_ADAPTER ?? (values.REDIS_CLUSTER ? 'sharded' : 'streams'),
    HOST: host,
    devSignInExposed: devSignInEnabled && values.HOST !== undefined && !isLoopbackHost(host),
    PUBLIC_URL: publicUrl,
    SESSION_SECRET: values.SESSION_SECRET ?? randomSecret(),
    isProduction,
    oauthRedirectUri: `${publicUrl}/auth/callback`,
    secureCookies: publicUrl.startsWith('https://'),
    // Unique logins (`alice`, `alice@gitlab`), as sessions carry them.
    ADMIN_LOGINS: admins.logins,
    MODERATOR_LOGINS: moderators.logins,
    githubConfigured,
    oidcProviders: oidc.providers,
    devSignInEnabled,
    twilioConfigured: Boolean(
      values.TWILIO_ACCOUNT_SID &&
      values.TWILIO_API_KEY_SID &&
      values.TWILIO_API_KEY_SECRET &&
      values.TWILIO_TWIML_APP_SID,
    ),
  };
}

const LOOPBACK_HOST = '127.0.0.1';
const ALL_INTERFACES = '0.0.0.0';

function isRedisUrl(value: string): boolean {
  return URL.canParse(value) && ['redis:', 'rediss:'].includes(new URL(value).protocol);
}

function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127(?:\.\d{1,3}){3}$/.test(bare);
}

function defaultSecret(): string {
  return crypto.randomUUID() + crypto.randomUUID();
}
