import type { Feature, FeatureDeps } from '../feature';
import { apiReadRule } from '../http/rate-limit';
import type { Metrics } from '../metrics';
import { createSportsBroadcaster } from './broadcaster';
import { createGamecast, type GamecastFeature } from './gamecast';
import { createEspnGamecastSource } from './gamecast/espn-source';
import type { GamecastSource } from './gamecast/source';
import { createSportsPoller, type SportsPoller } from './poller';
import { createGameRouter, createSportsRouter } from './routes';
import { createSportsService, type SportsService } from './service';
import { createEspnStandingsClient } from '../integrations/espn/standings';
import { createStandingsService } from './standings';
import type { PageTextReader, SportsSource } from './source';
import { createEspnSource } from './sources/espn';
import { createTextLlmSource } from './sources/text-llm';
import { createSportsStore } from './store';

export type { PageTextReader } from './source';

export interface SportsFeature extends Feature {
  service: SportsService;
  poller: SportsPoller;
  /** The live Gamecast of the games fans have open. */
  gamecast: GamecastFeature;
}

/**
 * The scoreboard: the source integrations/ chose, the service, the poller (started by start() when
 * `polling`), and its calls under /api/sports and /api/game; and the live Gamecast of open games.
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
  // The text-llm source has no game summaries: a Gamecast watch answers null there.
  const gamecastSource: GamecastSource | null =
    scoreboard.source === 'espn' ? createEspnGamecastSource({ baseUrl: scoreboard.espn.baseUrl }) : null;
  const store = createSportsStore(deps.store, logger);
  const gamecast = createGamecast({
    source: gamecastSource,
    store: deps.store,
    io,
    logger,
    metrics: deps.metrics,
    scoreboard: store.scoreboard,
    pollSeconds: config.GAMECAST_POLL_SECONDS,
  });
  const service = createSportsService({
    store,
    source,
    broadcaster: createSportsBroadcaster(io),
    logger,
    minRefreshIntervalMs: config.SPORTS_REFRESH_MIN_SECONDS * 1000,
    metrics: deps.metrics,
    watchLabels: gamecast.service?.labels,
  });
  // Standings come from the scoreboard's ESPN host; the text-llm source has none.
  const standings = createStandingsService({
    store: deps.store,
    source:
      scoreboard.source === 'espn' ? createEspnStandingsClient({ baseUrl: scoreboard.espn.baseUrl }) : null,
    logger,
  });
  const poller = createSportsPoller({ store, service, logger, pollSeconds: config.SPORTS_POLL_SECONDS });
  logger.debug({ source: service.source }, 'sports: scoreboard source chosen');
  return {
    basePath: '/api/sports',
    router: createSportsRouter(service, limiter, apiReadRule(config), standings),
    routersElsewhere: { '/api/game': createGameRouter(service, limiter, apiReadRule(config)) },
    service,
    poller,
    gamecast,
    registerSocket: gamecast.registerSocket,
    start() {
      if (deps.polling) poller.start();
      gamecast.start(deps.polling);
    },
    async stop() {
      await Promise.all([poller.stop(), gamecast.stop()]);
    },
  };
}
