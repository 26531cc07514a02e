import type { Router } from 'express';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { RateLimiter } from '../http/rate-limit';
import { createEspnClient } from '../integrations/espn/client';
import { createOpenAICompatibleClient, type LlmClient } from '../integrations/openai/client';
import type { AppServer } from '../realtime';
import type { Store } from '../storage/store';
import { createSportsBroadcaster } from './broadcaster';
import { createSportsPoller, type SportsPoller } from './poller';
import { createSportsRouter } from './routes';
import { createSportsService, type SportsService } from './service';
import type { PageTextReader, SportsSource } from './source';
import { createEspnSource } from './sources/espn';
import { createTextLlmSource } from './sources/text-llm';

export type { PageTextReader } from './source';

export interface SportsDeps {
  config: Config;
  logger: Logger;
  store: Store;
  io: AppServer;
  limiter: RateLimiter;
  /** The page reader the text-llm source reads SPORTS_TEXT_URL and game pages with. */
  readPage?: PageTextReader;
  /** Replaces the OpenAI-compatible client built from config (tests). */
  llm?: LlmClient;
}

export interface Sports {
  service: SportsService;
  poller: SportsPoller;
  router: Router;
}

/** Picks the source from config: text-llm when asked for and possible, else ESPN (no key needed). */
function chooseSource(deps: SportsDeps): SportsSource {
  const { config, logger } = deps;
  const espn = () =>
    createEspnSource({ client: createEspnClient({ baseUrl: config.ESPN_BASE_URL }), logger });
  if (config.SPORTS_SOURCE !== 'text-llm') return espn();
  const llm =
    deps.llm ??
    (config.OPENAI_API_KEY
      ? createOpenAICompatibleClient({
          apiKey: config.OPENAI_API_KEY,
          baseURL: config.OPENAI_BASE_URL,
          model: config.OPENAI_MODEL,
        })
      : null);
  if (!llm) {
    logger.warn('SPORTS_SOURCE=text-llm needs OPENAI_API_KEY: using the ESPN scoreboard instead');
    return espn();
  }
  if (!deps.readPage) {
    logger.warn('SPORTS_SOURCE=text-llm needs the page reader: using the ESPN scoreboard instead');
    return espn();
  }
  return createTextLlmSource({ readPage: deps.readPage, llm, textUrl: config.SPORTS_TEXT_URL, logger });
}

/** The scoreboard feature: source, service, poller (not started) and its API router. */
export function createSports(deps: SportsDeps): Sports {
  const { config, logger, store, io, limiter } = deps;
  const service = createSportsService({
    store,
    source: chooseSource(deps),
    broadcaster: createSportsBroadcaster(io),
    logger,
    minRefreshIntervalMs: config.SPORTS_REFRESH_MIN_SECONDS * 1000,
  });
  const poller = createSportsPoller({ store, service, logger, pollSeconds: config.SPORTS_POLL_SECONDS });
  const router = createSportsRouter(service, limiter, {
    limit: config.API_RATE_LIMIT,
    windowMs: config.API_RATE_WINDOW_SECONDS * 1000,
  });
  logger.debug({ source: service.source }, 'sports: scoreboard source chosen');
  return { service, poller, router };
}
