import type { Feature, FeatureDeps } from '../feature';
import { createGuardedFetcher, type GuardedFetcher } from '../http/guarded-fetch';
import { apiReadRule } from '../http/rate-limit';
import { createAiClient, type AiClient } from './ai';
import { createJinaReader, createReadabilityReader, type PageReader } from './reader';
import { createContentRouter, createPageReaderRouter } from './routes';
import { createContentService, type ContentService } from './service';
import { createContentStore } from './store';

export interface ContentFeature extends Feature {
  /** The one guarded fetcher for user-given URLs (and feeds). */
  fetcher: GuardedFetcher;
  /** Digests and answers from the AI endpoint, when one is configured. */
  ai: AiClient | null;
  service: ContentService;
  /** The page reader without the service's cache, for callers that need the page as it is now (live scores). */
  reader: PageReader;
}

/**
 * Article content (POST /api/jina, whichever reader runs) and the frame check
 * (/api/content/frame-check), with the page reader and AI that search and the scoreboard use too.
 */
export function createContentFeature(
  deps: Pick<FeatureDeps, 'config' | 'logger' | 'store' | 'limiter' | 'providers'>,
): ContentFeature {
  const { config, logger, store, limiter, providers } = deps;
  const fetcher = createGuardedFetcher({ allowPrivate: config.FETCH_ALLOW_PRIVATE });
  const ai = providers.llm ? createAiClient(providers.llm) : null;
  const reader = providers.jina
    ? createJinaReader(providers.jina, fetcher)
    : createReadabilityReader(fetcher);
  const service = createContentService({
    reader,
    fetcher,
    cache: createContentStore(store, logger),
    logger,
    ai,
    appOrigin: config.PUBLIC_URL,
  });
  return {
    basePath: '/api/content',
    router: createContentRouter(service, limiter, apiReadRule(config)),
    routersElsewhere: { '/api/jina': createPageReaderRouter(service, limiter, apiReadRule(config)) },
    fetcher,
    ai,
    service,
    reader,
  };
}
