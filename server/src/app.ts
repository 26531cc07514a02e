import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename, join } from 'node:path';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { createAuthFeature, createDevSignInFeature } from './auth';
import { createSessionMiddleware } from './auth/session';
import { createChatFeature } from './chat';
import type { Config } from './config';
import { createContentFeature } from './content';
import { createFantasyFeature, type FantasyFeature } from './fantasy';
import type { Feature, FeatureDeps } from './feature';
import { compressedAssets } from './http/compressed-assets';
import { apiNotFound, errorHandler } from './http/errors';
import { requireSameOrigin } from './http/origin';
import { createRateLimiter } from './http/rate-limit';
import { inlineScriptHashes, securityHeaders } from './http/security';
import { resolveProviders, type Providers } from './integrations';
import type { GitHubClient } from './integrations/github/client';
import type { LlmClient } from './integrations/openai/client';
import { createLeaguesFeature, type LeaguesFeature, type LeaguesOptions } from './leagues';
import {
  createMetrics,
  createMetricsServer,
  metricsPlacement,
  METRICS_PATH,
  noMetrics,
  serveMetrics,
  type PrometheusMetrics,
} from './metrics';
import { createRealtime, type AppServer } from './realtime';
import { createSearchFeature } from './search';
import type { NewsIndex } from './search/local/news-index';
import { createSportsFeature, type PageTextReader, type SportsFeature } from './sports';
import type { RedisClient } from './storage/redis-clients';
import type { Store } from './storage/store';
import { createVoiceFeature, type VoiceFeature } from './voice';

export interface AppDeps {
  config: Config;
  logger: Logger;
  store: Store;
  /** A dedicated Redis connection for the Socket.IO adapter; absent for a single in-memory instance. */
  adapterRedis?: RedisClient;
  /** Replaces the GitHub client built from config (tests). */
  github?: GitHubClient | null;
  /** Folder of the built client; null serves no client (API-only tests). */
  clientDir?: string | null;
  /** Runs the scoreboard poller (the composition root turns it on; tests choose). */
  sportsPolling?: boolean;
  /** Ingests the news feeds now and on a schedule (the composition root turns it on; tests drive it by hand). */
  newsIngest?: boolean;
  /** Computes the fantasy points on a schedule (the composition root turns it on; tests run them by hand). */
  fantasyPoints?: boolean;
  /** The page reader of the text-llm scoreboard source (url → page text). */
  readPage?: PageTextReader;
  /** Replaces the OpenAI-compatible client built from config (tests). */
  llm?: LlmClient;
  /**
   * The Prometheus metrics, made by the composition root (its Redis connections count their errors
   * into them); null when off. Absent, they are made from config.
   */
  metrics?: PrometheusMetrics | null;
  /** Leagues with friends: the clock and randomness (tests step them) and whether the clocks tick. */
  leagues?: LeaguesOptions;
}

export interface App {
  app: Express;
  httpServer: HttpServer;
  io: AppServer;
  /** Which provider serves each integration. */
  providers: Providers;
  /** Voice presence; its sweep removes participants whose heartbeat lapsed. */
  voice: VoiceFeature;
  /** The scoreboard: service, poller and routes. */
  sports: SportsFeature;
  /** The local news index (null when Exa answers searches). */
  news: NewsIndex | null;
  /** The startups' weekly fantasy points: service, schedule and the reader the leagues rank by. */
  fantasy: FantasyFeature;
  /** Leagues with friends: the drafts and their clocks. */
  leagues: LeaguesFeature;
  /**
   * The server of METRICS_PORT, not listening yet (the composition root listens on METRICS_HOST),
   * or null when metrics are off or served on the app's port (METRICS_TOKEN alone).
   */
  metricsServer: HttpServer | null;
  /** Stops accepting, closes sockets and HTTP connections. The caller closes the store. */
  close(): Promise<void>;
}

const DEFAULT_CLIENT_DIR = join(import.meta.dirname, '../../dist/client');
const JSON_BODY_LIMIT = '100kb';

/** Builds the HTTP + Socket.IO app without listening; the composition root (index.ts) listens. */
export function createApp(deps: AppDeps): App {
  const { config, logger, store } = deps;
  const prometheus = deps.metrics === undefined ? createMetrics(config) : deps.metrics;
  const metrics = prometheus ?? noMetrics;
  const app = express();
  const httpServer = createServer(app);
  app.disable('x-powered-by');
  // Only a proxy the operator names may say who the client is (per-address limits count by it).
  if (config.TRUST_PROXY !== undefined) app.set('trust proxy', config.TRUST_PROXY);

  const clientDir = deps.clientDir === undefined ? DEFAULT_CLIENT_DIR : deps.clientDir;
  const indexPath = clientDir ? join(clientDir, 'index.html') : null;
  const indexHtml = indexPath && existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : null;

  const selfUrl = () => `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
  const providers = resolveProviders(config, {
    logger,
    selfUrl,
    overrides: { github: deps.github, llm: deps.llm },
  });

  const sessionMiddleware = createSessionMiddleware(config, store);
  const io = createRealtime(httpServer, {
    config,
    logger,
    sessionMiddleware,
    store,
    adapterRedis: deps.adapterRedis,
  });
  prometheus?.watchSockets(io);
  if (store.kind === 'redis') prometheus?.watchRedis(store);
  const shared: FeatureDeps = { config, logger, store, io, limiter: createRateLimiter(store), providers };

  const content = createContentFeature(shared);
  const search = createSearchFeature({ ...shared, content, ingest: deps.newsIngest ?? false });
  const sports = createSportsFeature({
    ...shared,
    // The text-llm source reads its page through the same reader as article content (Jina or guarded
    // fetch), uncached: scores change by the minute, the article cache keeps pages for half an hour.
    readPage:
      deps.readPage ??
      (async (url) => {
        const page = await content.reader.read(url);
        return { title: page.title, url: page.url, text: page.markdown };
      }),
    polling: deps.sportsPolling ?? false,
    metrics,
  });
  const voice = createVoiceFeature({ ...shared, metrics });
  const fantasy = createFantasyFeature({ ...shared, schedule: deps.fantasyPoints ?? false });
  const leagues = createLeaguesFeature({ ...shared, metrics, options: deps.leagues });
  const features: Feature[] = [
    createAuthFeature(shared),
    createDevSignInFeature(shared),
    // A league's draft room chat is its members'; the leagues answer who they are.
    createChatFeature({ ...shared, metrics, leagueRooms: { standing: leagues.service.standing } }),
    voice,
    search,
    content,
    sports,
    fantasy,
    leagues,
  ].filter((feature): feature is Feature => feature !== null);

  io.on('connection', (socket) => {
    for (const feature of features) feature.registerSocket?.(socket);
  });
  for (const feature of features) feature.start?.();

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    const storeUp = await store.ping();
    res.status(storeUp ? 200 : 503).json({ status: storeUp ? 'ready' : 'unavailable', store: store.kind });
  });
  // Prometheus: on METRICS_PORT's own server, or here behind METRICS_TOKEN (metrics/endpoint.ts).
  const placement = metricsPlacement(config);
  const scrape = prometheus ? serveMetrics(prometheus, config.METRICS_TOKEN, logger) : null;
  const metricsServer = scrape && placement === 'own-port' ? createMetricsServer(scrape) : null;
  if (scrape && placement === 'main-port') app.get(METRICS_PATH, (req, res) => scrape(req, res));

  app.use(
    pinoHttp({
      logger,
      autoLogging: { ignore: (req) => !req.url?.startsWith('/api') },
      // Compact request lines: no headers, so no cookies or tokens end up in the logs.
      serializers: {
        req: (req: { id: unknown; method: string; url: string }) => ({
          id: req.id,
          method: req.method,
          url: req.url,
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
    }),
  );
  app.use(
    securityHeaders({
      scriptHashes: indexHtml ? inlineScriptHashes(indexHtml) : [],
      secure: config.secureCookies,
    }),
  );
  app.use(requireSameOrigin(config.PUBLIC_URL));

  // Every API answer is JSON, read with the session, and never cached.
  app.use(
    '/api',
    express.json({ limit: JSON_BODY_LIMIT }),
    sessionMiddleware,
    (_req: Request, res: Response, next: NextFunction) => {
      res.setHeader('cache-control', 'no-store');
      next();
    },
  );
  for (const feature of features) {
    if (feature.router) app.use(feature.basePath, feature.router);
    for (const [path, router] of Object.entries(feature.routersElsewhere ?? {})) app.use(path, router);
  }
  app.use('/api', apiNotFound);

  if (clientDir && indexHtml) {
    app.use(
      '/assets',
      // Scripts and styles go out brotli/gzip-compressed (bench/README.md, client).
      compressedAssets(join(clientDir, 'assets')),
      express.static(join(clientDir, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false }),
    );
    // The rest of the build keeps its names from build to build (icons, manifest, carousel pictures):
    // an hour. The page and the service worker are checked every time, so a new build is seen at once.
    app.use(
      express.static(clientDir, {
        index: false,
        maxAge: '1h',
        setHeaders: (res, path) => {
          if (path.endsWith('.html') || basename(path) === 'sw.js')
            res.setHeader('cache-control', 'no-cache');
        },
      }),
    );
    // History fallback: every other GET is a client route.
    app.get(/^\/(?!api\/|socket\.io\/|dev-oauth\/).*/, (_req, res) => {
      res.setHeader('cache-control', 'no-cache');
      res.type('html').send(indexHtml);
    });
  }

  app.use(errorHandler(logger));

  async function close() {
    prometheus?.stop();
    if (metricsServer?.listening) {
      metricsServer.close();
      metricsServer.closeAllConnections();
    }
    for (const feature of features) await feature.stop?.();
    httpServer.closeIdleConnections();
    await new Promise<void>((resolve) => {
      io.close(() => resolve()); // disconnects every socket and closes the HTTP server
      // Requests still in flight after a grace period are cut.
      setTimeout(() => {
        httpServer.closeAllConnections();
        resolve();
      }, 5_000).unref();
    });
  }

  return {
    app,
    httpServer,
    io,
    providers,
    voice,
    news: search.news,
    sports,
    fantasy,
    leagues,
    metricsServer,
    close,
  };
}
