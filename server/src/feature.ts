import type { Router } from 'express';
import type { Logger } from 'pino';
import type { Config } from './config';
import type { RateLimiter } from './http/rate-limit';
import type { Providers } from './integrations';
import type { AppServer, AppSocket } from './realtime';
import type { Store } from './storage/store';

/**
 * What every server feature hands the app: createApp mounts `router` at `basePath` (and each of
 * `routersElsewhere` at its own prefix), calls
 * `registerSocket` for every new socket, `start` once the app is built and `stop` when it closes.
 * A feature is built by its folder's `createXFeature(deps)`; inside the folder, routes.ts and
 * handlers.ts are the transport (parse with the shared schema, call the service, map errors),
 * service.ts the domain (no request, no socket), store.ts its keys and serialisation over the
 * generic Store, and broadcaster.ts what it pushes to sockets.
 */
export interface Feature {
  /** The feature's own URL prefix, e.g. '/api/chat'; the router's paths are relative to it. */
  basePath: string;
  router?: Router;
  /**
   * Routers for published URLs outside the prefix, kept as they are (Twilio's webhook is set in its
   * console; clients call /api/jina), by their prefix; each router's paths are relative to it.
   */
  routersElsewhere?: Readonly<Record<string, Router>>;
  /** Listens to one socket's events; shared handlers, never closures built per socket. */
  registerSocket?(socket: AppSocket): void;
  /** Background work (timers, pollers, ingest); the app calls it once. */
  start?(): void;
  /** Stops the background work; awaited before the app closes its server. */
  stop?(): void | Promise<void>;
}

/** What createApp gives every feature factory; a feature takes the parts it needs. */
export interface FeatureDeps {
  config: Config;
  logger: Logger;
  store: Store;
  io: AppServer;
  limiter: RateLimiter;
  /** Which provider serves each integration, decided once from config. */
  providers: Providers;
}
