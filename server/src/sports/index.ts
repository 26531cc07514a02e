import type { Feature, FeatureDeps } from '../feature';
import { apiReadRule } from '../http/rate-limit';
import type { Metrics } from '../metrics';
import { createSportsBroadcaster } from './broadcaster';
import { createSportsPoller, type SportsPoller } from './poller';
import { createSportsRouter } from './routes';
import { createSportsService, type SportsService } from './service';
import type { PageTextReader, SportsSource } from './source';
import { createEspnSource } from './sources/espn';
import { createTextLlmSource } from './sources/text-llm';
import { createSportsStore } from './store';

export type { PageTextReader } from './source';

export interface SportsFeature extends Feature {
  service: SportsService;
  poller: SportsPoller;
}

/**
 * The scoreboard: the source integrations/ chose, the service, the poller (started by start() when
 * `polling`), and its calls under /api/sports and /api/game.
 */
export function createSportsFeature(
  deps: Pick<FeatureDeps, 'config' | 'logger' | 'store' | 'io' | 'limiter' | 'providers'> & {
    /** The page reader the text-llm source reads SPORTS_TEXT_URL and game pages with. */
    readPage: PageTextReader;
    /** Whether start() runs the poller (the composition root turns it on; tests choose). */
    polling: boolean;
    metrics: Metrics;
  },
): SportsFeature {
  const { config, logger, io, limiter, providers } = deps;
  const scoreboard = providers.scoreboard;
  const source: SportsSource =
    scoreboard.source === 'text-llm'
      ? createTextLlmSource({
          readPage: deps.readPage,
          llm: scoreboard.llm,
          textUrl: scoreboard.textUrl,
          logger,
        })
      : createEspnSource({ client: scoreboard.espn, logger });
  const store = createSportsStore(deps.store, logger);
  const service = createSportsService({
    store,
    source,
    broadcaster: createSportsBroadcaster(io),
    logger,
    minRefreshIntervalMs: config.SPORTS_REFRESH_MIN_SECONDS * 1000,
    metrics: deps.metrics,
  });
  const poller = createSportsPoller({ store, service, logger, pollSeconds: config.SPORTS_POLL_SECONDS });
  logger.debug({ source: service.source }, 'sports: scoreboard source chosen');
  return {
    basePath: '/api',
    router: createSportsRouter(service, limiter, apiReadRule(config)),
    service,
    poller,
    start() {
      if (deps.polling) poller.start();
    },
    stop: () => poller.stop(),
  };
}
