import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import express, { type Express } from 'express';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import type { Config } from './config';
import { createDevOAuthRouter, DEV_CLIENT_ID, DEV_CLIENT_SECRET, DEV_OAUTH_PATH } from './auth/dev-oauth';
import { createAuthRouter } from './auth/routes';
import { createSessionMiddleware } from './auth/session';
import { createChatBroadcaster, registerChatHandlers } from './chat/handlers';
import { createChatRouter } from './chat/routes';
import { createChatService } from './chat/service';
import { createContentFeature } from './content';
import { createContentRouter } from './content/routes';
import { compressedAssets } from './http/compressed-assets';
import { apiNotFound, errorHandler } from './http/errors';
import { requireSameOrigin } from './http/origin';
import { createRateLimiter } from './http/rate-limit';
import { inlineScriptHashes, securityHeaders } from './http/security';
import { createGitHubClient, type GitHubClient } from './integrations/github/client';
import { createTwilioVoice } from './integrations/twilio';
import type { LlmClient } from './integrations/openai/client';
import { createRealtime, disconnectSession, type AppServer } from './realtime';
import { createSearchFeature } from './search';
import type { NewsIndex } from './search/local/news-index';
import { createSearchRouter } from './search/routes';
import { createSports, type PageTextReader, type Sports } from './sports';
import { createVoiceRealtime, type VoiceRealtime } from './voice/handlers';
import { createVoicePresence } from './voice/presence';
import { createVoiceRouter } from './voice/routes';
import type { Store } from './storage/store';

export interface AppDeps {
  config: Config;
  logger: Logger;
  store: Store;
  /** A dedicated Redis connection for the Socket.IO adapter; absent for a single in-memory instance. */
  adapterRedis?: Redis;
  /** Replaces the GitHub client built from config (tests). */
  github?: GitHubClient | null;
  /** Folder of the built client; null serves no client (API-only tests). */
  clientDir?: string | null;
  /** Runs the scoreboard poller (the composition root turns it on; tests choose). */
  sportsPolling?: boolean;
  /** The page reader of the text-llm scoreboard source (url → page text). */
  readPage?: PageTextReader;
  /** Replaces the OpenAI-compatible client built from config for the scoreboard (tests). */
  llm?: LlmClient;
}

export interface App {
  app: Express;
  httpServer: HttpServer;
  io: AppServer;
  /** Voice presence; its sweep removes participants whose heartbeat lapsed. */
  voice: VoiceRealtime;
  /** The scoreboard: service, poller and routes. */
  sports: Sports;
  /** The local news index (null when Exa answers searches); the composition root starts its ingest. */
  news: NewsIndex | null;
  /** Stops accepting, closes sockets and HTTP connections. The caller closes the store. */
  close(): Promise<void>;
}

const DEFAULT_CLIENT_DIR = join(import.meta.dirname, '../../dist/client');
const JSON_BODY_LIMIT = '100kb';

/** Builds the HTTP + Socket.IO app without listening; the composition root (index.ts) listens. */
export function createApp(deps: AppDeps): App {
  const { config, logger, store } = deps;
  const app = express();
  const httpServer = createServer(app);
  app.disable('x-powered-by');
  if (config.isProduction) app.set('trust proxy', 1);

  const clientDir = deps.clientDir === undefined ? DEFAULT_CLIENT_DIR : deps.clientDir;
  const indexPath = clientDir ? join(clientDir, 'index.html') : null;
  const indexHtml = indexPath && existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : null;

  const selfUrl = () => `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
  const github =
    deps.github !== undefined
      ? deps.github
      : config.githubConfigured
        ? createGitHubClient({
            authorizeBaseUrl: config.GITHUB_URL,
            oauthBaseUrl: config.GITHUB_URL,
            apiBaseUrl: config.GITHUB_API_URL,
            clientId: config.GITHUB_CLIENT_ID!,
            clientSecret: config.GITHUB_CLIENT_SECRET!,
          })
        : config.devSignInEnabled
          ? createGitHubClient({
              authorizeBaseUrl: `${config.PUBLIC_URL}${DEV_OAUTH_PATH}`,
              oauthBaseUrl: () => `${selfUrl()}${DEV_OAUTH_PATH}`,
              apiBaseUrl: () => `${selfUrl()}${DEV_OAUTH_PATH}`,
              clientId: DEV_CLIENT_ID,
              clientSecret: DEV_CLIENT_SECRET,
            })
          : null;

  const sessionMiddleware = createSessionMiddleware(config, store);
  const io = createRealtime(httpServer, {
    config,
    logger,
    sessionMiddleware,
    adapterRedis: deps.adapterRedis,
  });
  const limiter = createRateLimiter(store);
  const apiRateRule = { limit: config.API_RATE_LIMIT, windowMs: config.API_RATE_WINDOW_SECONDS * 1000 };
  const content = createContentFeature({ config, store, logger });
  const search = createSearchFeature({ config, store, logger, content });

  const chat = createChatService({
    store,
    limiter,
    broadcaster: createChatBroadcaster(io),
    rateLimit: { limit: config.CHAT_RATE_LIMIT, windowMs: config.CHAT_RATE_WINDOW_SECONDS * 1000 },
  });
  const voice = createVoiceRealtime(io, createVoicePresence(store), logger);
  voice.start();
  const twilioVoice = config.twilioConfigured
    ? createTwilioVoice({
        accountSid: config.TWILIO_ACCOUNT_SID!,
        apiKeySid: config.TWILIO_API_KEY_SID!,
        apiKeySecret: config.TWILIO_API_KEY_SECRET!,
        twimlAppSid: config.TWILIO_TWIML_APP_SID!,
        authToken: config.TWILIO_AUTH_TOKEN,
      })
    : null;

  const sports = createSports({
    config,
    logger,
    store,
    io,
    limiter,
    // The text-llm source reads its page through the same reader as article content (Jina or guarded fetch),
    // uncached: scores change by the minute, the article cache keeps pages for half an hour.
    readPage:
      deps.readPage ??
      (async (url) => {
        const page = await content.reader.read(url);
        return { title: page.title, url: page.url, text: page.markdown };
      }),
    llm: deps.llm,
  });
  if (deps.sportsPolling) sports.poller.start();

  io.on('connection', (socket) => {
    registerChatHandlers(socket, chat, logger);
    voice.register(socket);
  });

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    const storeUp = await store.ping();
    res.status(storeUp ? 200 : 503).json({ status: storeUp ? 'ready' : 'unavailable', store: store.kind });
  });

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

  if (config.devSignInEnabled && deps.github === undefined) {
    app.use(DEV_OAUTH_PATH, createDevOAuthRouter(config, store));
  }

  const api = express.Router();
  api.use(express.json({ limit: JSON_BODY_LIMIT }));
  api.use(sessionMiddleware);
  api.use((_req, res, next) => {
    res.setHeader('cache-control', 'no-store');
    next();
  });
  api.use(
    '/auth',
    createAuthRouter(config, github, limiter, (sessionId) => disconnectSession(io, sessionId)),
  );
  api.use('/chat', createChatRouter(chat, limiter, apiRateRule));
  api.use(createVoiceRouter(config, twilioVoice));
  api.use('/exa', createSearchRouter(search.provider, limiter, apiRateRule));
  api.use(createContentRouter(content.service, limiter, apiRateRule));
  api.use(sports.router);
  api.use(apiNotFound);
  app.use('/api', api);

  if (clientDir && indexHtml) {
    app.use(
      '/assets',
      // Scripts and styles go out brotli/gzip-compressed (bench/README.md, client).
      compressedAssets(join(clientDir, 'assets')),
      express.static(join(clientDir, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false }),
    );
    app.use(express.static(clientDir, { index: false, maxAge: '1h' }));
    // History fallback: every other GET is a client route.
    app.get(/^\/(?!api\/|socket\.io\/|dev-oauth\/).*/, (_req, res) => {
      res.setHeader('cache-control', 'no-cache');
      res.type('html').send(indexHtml);
    });
  }

  app.use(errorHandler(logger));

  async function close() {
    voice.stop();
    search.news?.stop();
    await sports.poller.stop();
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

  return { app, httpServer, io, voice, news: search.news, sports, close };
}
