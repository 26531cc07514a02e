import type { Logger } from 'pino';
import type { Config } from '../config';
import { createGuardedFetcher, type GuardedFetcher } from '../http/guarded-fetch';
import { createJinaReaderClient } from '../integrations/jina/client';
import type { Store } from '../storage/store';
import { createAiClient, type AiClient } from './ai';
import { createJinaReader, createReadabilityReader, type PageReader } from './reader';
import { createContentService, type ContentService } from './service';

export interface ContentFeature {
  /** The one guarded fetcher for user-given URLs (and feeds). */
  fetcher: GuardedFetcher;
  /** The AI endpoint, when OPENAI_API_KEY is set. */
  ai: AiClient | null;
  service: ContentService;
  /** The page reader without the service's cache, for callers that need the page as it is now (live scores). */
  reader: PageReader;
}

/** Builds page reading from config: Jina Reader when JINA_API_KEY is set, else the embedded reader. */
export function createContentFeature(deps: { config: Config; store: Store; logger: Logger }): ContentFeature {
  const { config, store, logger } = deps;
  const fetcher = createGuardedFetcher({ allowPrivate: config.FETCH_ALLOW_PRIVATE });
  const ai = config.OPENAI_API_KEY
    ? createAiClient({
        apiKey: config.OPENAI_API_KEY,
        baseUrl: config.OPENAI_BASE_URL,
        model: config.OPENAI_MODEL,
      })
    : null;
  const reader = config.JINA_API_KEY
    ? createJinaReader(
        createJinaReaderClient({ baseUrl: config.JINA_READER_URL, apiKey: config.JINA_API_KEY }),
        fetcher,
      )
    : createReadabilityReader(fetcher);
  const service = createContentService({ reader, fetcher, store, logger, ai, appOrigin: config.PUBLIC_URL });
  return { fetcher, ai, service, reader };
}
