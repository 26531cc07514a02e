import type { RandomSource } from '@shared/fantasy/ai-picks';
import type { Feature, FeatureDeps } from '../feature';
import { apiReadRule } from '../http/rate-limit';
import type { Metrics } from '../metrics';
import { createLeagueBroadcaster } from './broadcaster';
import { createLeagueClocks, type LeagueClocks } from './clocks';
import { createLeagueSocketHandlers } from './handlers';
import { createLeaguesRouter } from './routes';
import { createLeagueService, type LeagueService } from './service';
import { createLeagueStore } from './store';

/** REST changes (create, join, remove, start, pause, resume) one login may make a minute. */
const CHANGES_PER_MINUTE = 120;

export interface LeaguesFeature extends Feature {
  service: LeagueService;
  clocks: LeagueClocks;
}

/** What tests (and the composition root) may set: the clock, the random source, the ticking. */
export interface LeaguesOptions {
  /** The server's time in ms (Date.now unless a test steps it). */
  now?: () => number;
  random?: RandomSource;
  /**
   * Whether the clock runner ticks on its own: the composition root turns it on; tests tick by hand
   * with clocks.tick(), and an app built without it writes nothing on its own.
   */
  clockTicks?: boolean;
  /** REST changes one login may make a minute (CHANGES_PER_MINUTE unless a test sends thousands). */
  changesPerMinute?: number;
}

/**
 * Leagues with friends: REST under /api/leagues, the league:* socket events, and the draft clocks
 * that one instance at a time runs.
 */
export function createLeaguesFeature(
  deps: Pick<FeatureDeps, 'config' | 'logger' | 'store' | 'io' | 'limiter'> & {
    metrics: Pick<Metrics, 'ackTimer'>;
    options?: LeaguesOptions;
  },
): LeaguesFeature {
  const { config, store, io, limiter, metrics, options = {} } = deps;
  const logger = deps.logger.child({ component: 'leagues' });
  const service = createLeagueService({
    store: createLeagueStore(store),
    broadcaster: createLeagueBroadcaster(io),
    now: options.now,
    random: options.random,
  });
  const clocks = createLeagueClocks({ store, service, logger });
  return {
    basePath: '/api/leagues',
    router: createLeaguesRouter(service, limiter, {
      read: apiReadRule(config),
      write: { limit: options.changesPerMinute ?? CHANGES_PER_MINUTE, windowMs: 60_000 },
    }),
    registerSocket: createLeagueSocketHandlers({ service, logger, metrics }),
    service,
    clocks,
    start() {
      if (options.clockTicks) clocks.start();
    },
    stop: () => clocks.stop(),
  };
}
