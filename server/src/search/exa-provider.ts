/**
 * The Exa search provider: validated requests become Exa's own request shapes, Exa's answers become the
 * shared, normalised result shape (title never empty, missing dates and authors as null).
 */
import type { AnswerCitation, SearchResponse, SearchResult } from '@shared/schemas/search';
import type { ContentFlags } from '../content/service';
import { AppError, errors } from '../errors';
import { GuardedFetchError } from '../http/guarded-fetch';
import {
  ExaError,
  type ExaClient,
  type ExaContentsOptions,
  type ExaResult,
  type ExaSearchResponse,
} from '../integrations/exa/client';
import type { SearchProvider } from './provider';

function contentsOptions(flags: ContentFlags | null): ExaContentsOptions | undefined {
  if (!flags) return undefined;
  const options: ExaContentsOptions = {};
  if (flags.text) options.text = true;
  if (flags.highlights) options.highlights = true;
  if (flags.summary) options.summary = true;
  return Object.keys(options).length > 0 ? options : undefined;
}

const nonEmpty = (value: string | null | undefined) =>
  typeof value === 'string' && value.trim() ? value.trim() : null;

export function toSearchResult(result: ExaResult): SearchResult {
  const normalised: SearchResult = {
    id: result.id || result.url,
    url: result.url,
    title: nonEmpty(result.title) ?? result.url,
    publishedDate: nonEmpty(result.publishedDate),
    author: nonEmpty(result.author),
    score: typeof result.score === 'number' ? result.score : null,
  };
  if (nonEmpty(result.image)) normalised.image = result.image!;
  if (nonEmpty(result.favicon)) normalised.favicon = result.favicon!;
  if (typeof result.text === 'string') normalised.text = result.text;
  if (Array.isArray(result.highlights))
    normalised.highlights = result.highlights.filter((h) => typeof h === 'string');
  if (typeof result.summary === 'string') normalised.summary = result.summary;
  return normalised;
}

/** A search or find-similar answer of Exa's, as the app answers it. */
function searchAnswer(answer: ExaSearchResponse, resolvedSearchType: string | undefined): SearchResponse {
  return {
    success: true,
    provider: 'exa',
    requestId: answer.requestId ?? '',
    resolvedSearchType,
    results: (answer.results ?? []).map(toSearchResult),
  };
}

function toCitation(result: ExaResult): AnswerCitation {
  const citation: AnswerCitation = {
    id: result.id || result.url,
    url: result.url,
    title: nonEmpty(result.title) ?? result.url,
    author: nonEmpty(result.author),
    publishedDate: nonEmpty(result.publishedDate),
  };
  if (typeof result.text === 'string') citation.text = result.text;
  return citation;
}

/** Exa's failures, as the user sees them. */
function searchError(
  error: unknown,
  fallbackCode: 'search_failed' | 'content_failed' = 'search_failed',
): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof ExaError) {
    if (error.status === 429) {
      return errors.rateLimited('The search service is busy. Please try again in a moment.', {
        cause: error,
      });
    }
    if (error.status === 400 || error.status === 422) {
      return new AppError(fallbackCode, `Search failed: ${error.message}`, { cause: error });
    }
    if (error.status === 401 || error.status === 402 || error.status === 403) {
      // The key is the operator's problem; the user learns the service refused, not the key's details.
      return new AppError(fallbackCode, 'Search failed: the search service refused this server’s API key.', {
        cause: error,
      });
    }
  }
  return new AppError(fallbackCode, undefined, { cause: error });
}

/** The guarded fetcher's checks without fetching (GuardedFetcher.vet); throws GuardedFetchError. */
export type UrlVetter = (url: string) => Promise<void>;

/**
 * Why a URL must not be handed to Exa, or null. Exa fetches on its side, but a private, loopback or
 * metadata address is refused here as the page readers refuse it; a name this server
 * cannot resolve is Exa's to try.
 */
async function refusal(vet: UrlVetter, url: string): Promise<string | null> {
  try {
    await vet(url);
    return null;
  } catch (error) {
    if (error instanceof GuardedFetchError && error.refused) return error.message;
    return null;
  }
}

export function createExaProvider(client: ExaClient, vet: UrlVetter): SearchProvider {
  return {
    name: 'exa',
    answersConfigured: true,

    async search(request, contents, signal) {
      try {
        const answer = await client.search(
          {
            query: request.query,
            numResults: request.numResults,
            type: request.type,
            useAutoprompt: request.useAutoprompt,
            startPublishedDate: request.startPublishedDate,
            endPublishedDate: request.endPublishedDate,
            includeDomains: request.includeDomains,
            excludeDomains: request.excludeDomains,
            contents: contentsOptions(contents),
          },
          signal,
        );
        return searchAnswer(answer, answer.resolvedSearchType ?? request.type);
      } catch (error) {
        throw searchError(error);
      }
    },

    async findSimilar(request, signal) {
      const refused = await refusal(vet, request.url);
      if (refused) throw errors.urlRefused(refused);
      try {
        const answer = await client.findSimilar(
          {
            url: request.url,
            numResults: request.numResults,
            startPublishedDate: request.startPublishedDate,
            endPublishedDate: request.endPublishedDate,
            includeDomains: request.includeDomains,
            excludeDomains: request.excludeDomains,
            contents: contentsOptions(request),
          },
          signal,
        );
        return searchAnswer(answer, answer.resolvedSearchType);
      } catch (error) {
        throw searchError(error);
      }
    },

    async getContents(request, signal) {
      const checks = await Promise.all(
        request.urls.map(async (url) => ({ url, refused: await refusal(vet, url) })),
      );
      const allowed = checks.filter((check) => !check.refused).map((check) => check.url);
      const refusedStatuses = checks.flatMap((check) =>
        check.refused
          ? [
              {
                id: check.url,
                status: 'error' as const,
                error: { tag: 'URL_REFUSED', httpStatusCode: null, message: check.refused },
              },
            ]
          : [],
      );
      if (allowed.length === 0) throw errors.urlRefused(refusedStatuses[0]!.error.message);
      let answer;
      try {
        answer = await client.contents({ urls: allowed, ...contentsOptions(request) }, signal);
      } catch (error) {
        throw searchError(error, 'content_failed');
      }
      const results = (answer.results ?? []).map(toSearchResult);
      const exaStatuses = (answer.statuses ?? []).map((status) => {
        const ok = status.status === 'success';
        return ok
          ? { id: status.id, status: 'success' as const }
          : {
              id: status.id,
              status: 'error' as const,
              error: {
                tag: status.error?.tag ?? 'CRAWL_FAILED',
                httpStatusCode: status.error?.httpStatusCode ?? null,
                message: `The page could not be read (${status.error?.tag ?? 'unknown reason'}).`,
              },
            };
      });
      // Every URL has a status: Exa's, or this server's refusal.
      const statuses = [...exaStatuses, ...refusedStatuses];
      if (results.length === 0) {
        const failed = statuses.find((status) => status.status === 'error');
        throw errors.contentFailed(
          failed?.error ? `Failed to load content: ${failed.error.message}` : undefined,
        );
      }
      return { success: true, provider: 'exa', requestId: answer.requestId ?? '', results, statuses };
    },

    async answer(request, signal) {
      try {
        const answer = await client.answer(
          { query: request.query, text: request.text, systemPrompt: request.systemPrompt },
          signal,
        );
        return {
          success: true,
          provider: 'exa',
          answer: typeof answer.answer === 'string' ? answer.answer : JSON.stringify(answer.answer),
          citations: (answer.citations ?? []).map(toCitation),
        };
      } catch (error) {
        throw searchError(error);
      }
    },

    async *streamAnswer(request, signal) {
      try {
        for await (const chunk of client.streamAnswer(
          { query: request.query, text: request.text, systemPrompt: request.systemPrompt },
          signal,
        )) {
          if (chunk.content) yield { type: 'text', content: chunk.content };
          if (chunk.citations) yield { type: 'citations', citations: chunk.citations.map(toCitation) };
        }
      } catch (error) {
        throw searchError(error);
      }
    },
  };
}
