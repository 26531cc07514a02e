import type { Logger } from 'pino';
import type { Config } from '../config';
import type { ContentFeature } from '../content';
import { createExaClient } from '../integrations/exa/client';
import type { Store } from '../storage/store';
import { createExaProvider } from './exa-provider';
import { NewsIndex } from './local/news-index';
import { createLocalProvider } from './local/provider';
import type { SearchProvider } from './provider';

export interface SearchFeature {
  provider: SearchProvider;
  /** The local news index; null when Exa answers. Its ingest starts with start(). */
  news: NewsIndex | null;
}

/** Chooses the search provider from config: Exa when EXA_API_KEY is set, else the local news index. */
export function createSearchFeature(deps: {
  config: Config;
  store: Store;
  logger: Logger;
  content: ContentFeature;
}): SearchFeature {
  const { config, store, logger, content } = deps;
  if (config.EXA_API_KEY) {
    return {
      provider: createExaProvider(
        createExaClient({ apiKey: config.EXA_API_KEY, baseUrl: config.EXA_BASE_URL }),
        // Exa fetches on its side; a private or local address is still refused here (DESIGN.md).
        (url) => content.fetcher.vet(url),
      ),
      news: null,
    };
  }
  const news = new NewsIndex({
    store,
    fetcher: content.fetcher,
    logger: logger.child({ component: 'news-index' }),
    feeds: config.NEWS_FEEDS,
    refreshMinutes: config.NEWS_REFRESH_MINUTES,
  });
  return {
    provider: createLocalProvider({ index: news, content: content.service, ai: content.ai, logger }),
    news,
  };
}
