/**
 * Article content: read a page (Jina Reader or the embedded reader), digest it (AI summary when
 * configured, else extractive), and check whether it can be framed. Reads and AI digests are cached
 * in the store, so the drawer reopening an article or several users reading it cost one fetch.
 */
import type { Logger } from 'pino';
import type { FrameCheckResponse } from '@shared/schemas/content';
import type { SearchResult } from '@shared/schemas/search';
import { AppError, errors } from '../errors';
import { GuardedFetchError, type GuardedFetcher } from '../http/guarded-fetch';
import type { AiClient } from './ai';
import { frameVerdict } from './frame-check';
import { PageReadError, type PageReader, type ReadPage } from './reader';
import type { ContentStore } from './store';
import { extractiveDigest, type ExtractiveDigest } from './text';

export interface ContentFlags {
  text: boolean;
  highlights: boolean;
  summary: boolean;
}

export interface ContentService {
  /** 'jina' or 'readability'. */
  readonly readerName: PageReader['name'];
  /** True when summaries come from the AI endpoint. */
  readonly aiConfigured: boolean;
  /** The page's readable text; throws PageReadError. */
  readPage(url: string, signal?: AbortSignal): Promise<ReadPage>;
  /** A summary and highlights of a text: AI when configured (cached per URL), else extractive. */
  digest(
    input: { url: string; title: string | null; text: string },
    signal?: AbortSignal,
  ): Promise<ExtractiveDigest>;
  /** A page as a search result with the asked-for contents; throws PageReadError. */
  contents(url: string, flags: ContentFlags, signal?: AbortSignal): Promise<SearchResult>;
  /** Whether the page can be shown in the frame viewer; throws AppError. */
  frameCheck(url: string): Promise<FrameCheckResponse>;
}

export interface ContentServiceDeps {
  reader: PageReader;
  fetcher: GuardedFetcher;
  cache: ContentStore;
  logger: Logger;
  ai: AiClient | null;
  /** This app's origin (PUBLIC_URL), the would-be framing ancestor. */
  appOrigin: string;
}

/** Maps a read failure to the HTTP error a user sees. */
export function contentError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof PageReadError) {
    if (error.tag === 'URL_REFUSED') return errors.urlRefused(error.message, { cause: error });
    return errors.contentFailed(`Failed to load content: ${error.message}`, { cause: error });
  }
  if (error instanceof GuardedFetchError) {
    if (error.refused) return errors.urlRefused(error.message, { cause: error });
    return errors.contentFailed(`Failed to load content: ${error.message}`, { cause: error });
  }
  return errors.contentFailed(undefined, { cause: error });
}

export function createContentService(deps: ContentServiceDeps): ContentService {
  const { reader, fetcher, cache, logger, ai } = deps;

  const service: ContentService = {
    readerName: reader.name,
    aiConfigured: ai !== null,

    readPage(url, signal) {
      return cache.page(reader.name, url, () => reader.read(url, signal));
    },

    async digest(input, signal) {
      if (!ai) return extractiveDigest(input.text, { title: input.title ?? undefined });
      try {
        return await cache.digest(input.url, () => ai.digest(input, signal));
      } catch (error) {
        // The drawer still gets a summary when the AI endpoint fails.
        logger.warn({ err: error, url: input.url }, 'AI summary failed; using the extractive summary');
        return extractiveDigest(input.text, { title: input.title ?? undefined });
      }
    },

    async contents(url, flags, signal) {
      const page = await service.readPage(url, signal);
      const result: SearchResult = {
        id: url,
        url: page.url,
        title: page.title || page.url,
        publishedDate: page.publishedTime,
        author: page.byline,
        score: null,
      };
      if (flags.text) result.text = page.markdown;
      if (flags.summary || flags.highlights) {
        const digest = await service.digest(
          { url: page.url, title: page.title, text: page.markdown },
          signal,
        );
        if (flags.summary) result.summary = digest.summary;
        if (flags.highlights) result.highlights = digest.highlights;
      }
      return result;
    },

    async frameCheck(url) {
      let response;
      try {
        response = await fetcher(url, { readBody: false });
      } catch (error) {
        throw contentError(error);
      }
      return { url: response.url, ...frameVerdict(response.headers, response.url, deps.appOrigin) };
    },
  };
  return service;
}
