import type { ContentFeature } from '../content';
import type { Feature, FeatureDeps } from '../feature';
import { apiReadRule } from '../http/rate-limit';
import { createExaProvider } from './exa-provider';
import { createHeadlines, keepDefaultHeadlines } from './headlines';
import { NewsIndex } from './local/news-index';
import { createLocalProvider } from './local/provider';
import type { SearchProvider } from './provider';
import { createSearchRouter } from './routes';

export interface SearchFeature extends Feature {
  provider: SearchProvider;
  /** The local news index; null when Exa answers. Its ingest runs from start() when `ingest` is on. */
  news: NewsIndex | null;
}

/**
 * News search under /api/exa (the published path, whichever provider answers): Exa when
 * integrations/ found its key, else the local index of NEWS_FEEDS, with AI answers from the AI
 * endpoint when there is one.
 */
export function createSearchFeature(
  deps: Pick<FeatureDeps, 'config' | 'logger' | 'store' | 'limiter' | 'providers'> & {
    content: ContentFeature;
    /** Whether start() ingests the feeds now and on a schedule (the composition root; tests drive it by hand). */
    ingest: boolean;
  },
): SearchFeature {
  const { config, store, logger, limiter, providers, content } = deps;
  const headlines = createHeadlines(store, logger.child({ component: 'headlines' }));
  const news = providers.exa
    ? null
    : new NewsIndex({
        store,
        fetcher: content.fetcher,
        logger: logger.child({ component: 'news-index' }),
        feeds: config.NEWS_FEEDS,
        refreshMinutes: config.NEWS_REFRESH_MINUTES,
        // Fresh articles, fresh default headlines (searching the local index costs nothing).
        afterIngest: () => keepDefaultHeadlines(provider, headlines),
      });
  const provider: SearchProvider = providers.exa
    ? // Exa fetches on its side; a private or local address is still refused here, as for any page read.
      createExaProvider(providers.exa, (url) => content.fetcher.vet(url))
    : createLocalProvider({ index: news!, content: content.service, ai: content.ai, logger });
  return {
    basePath: '/api/exa',
    router: createSearchRouter(provider, headlines, limiter, apiReadRule(config)),
    provider,
    news,
    start() {
      if (deps.ingest) news?.start();
    },
    stop() {
      news?.stop();
    },
  };
}
