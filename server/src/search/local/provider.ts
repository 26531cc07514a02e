/**
 * The local search provider (no EXA_API_KEY): searches the news index in-process; page contents come
 * from the content service (Jina Reader or the guarded fetcher with Readability); summaries from the
 * AI endpoint when configured, else extractive; answers need the AI endpoint.
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { AnswerCitation, ContentStatus, SearchResult } from '@shared/schemas/search';
import type { AiClient, AnswerSource } from '../../content/ai';
import { PageReadError } from '../../content/reader';
import type { ContentFlags, ContentService } from '../../content/service';
import { extractiveDigest, markdownToPlain } from '../../content/text';
import { errors } from '../../errors';
import type { SearchProvider } from '../provider';
import { NewsIndex, type NewsArticle, type NewsHit } from './news-index';

const ANSWER_SOURCES = 5;
const GET_CONTENTS_CONCURRENCY = 3;
const SUMMARY_MAX_CHARS = 400;

const requestId = () => `local-${randomUUID()}`;

function articleText(article: NewsArticle): string {
  return article.content ?? article.description;
}

/** A search result from an indexed article; contents come from what the feed carried. */
function toResult(hit: NewsHit, flags: ContentFlags | null, query?: string): SearchResult {
  const { article } = hit;
  const result: SearchResult = {
    id: article.url,
    url: article.url,
    title: article.title,
    publishedDate: article.publishedDate,
    author: article.author,
    score: Math.round(hit.score * 1000) / 1000,
  };
  if (article.image) result.image = article.image;
  if (!flags) return result;
  const text = articleText(article);
  if (flags.text) result.text = text;
  if (flags.summary || flags.highlights) {
    const digest = extractiveDigest(text, { title: article.title, query });
    if (flags.summary) {
      // A feed's description is written to be a summary; longer ones are cut at a sentence.
      const description = article.description.trim();
      result.summary =
        description && description.length <= SUMMARY_MAX_CHARS ? description : digest.summary || description;
    }
    if (flags.highlights) result.highlights = digest.highlights;
  }
  return result;
}

function toCitation(article: NewsArticle, withText: boolean): AnswerCitation {
  const citation: AnswerCitation = {
    id: article.url,
    url: article.url,
    title: article.title,
    author: article.author,
    publishedDate: article.publishedDate,
  };
  if (withText) citation.text = markdownToPlain(articleText(article));
  return citation;
}

export interface LocalProviderDeps {
  index: NewsIndex;
  content: ContentService;
  ai: AiClient | null;
  logger: Logger;
}

export function createLocalProvider(deps: LocalProviderDeps): SearchProvider {
  const { index, content, ai, logger } = deps;

  async function guardedQuery(query: Parameters<NewsIndex['query']>[0]): Promise<NewsHit[]> {
    const hits = await index.query(query);
    const report = index.lastIngest;
    if (index.size === 0 && report && report.feeds.length > 0 && report.feeds.every((feed) => !feed.ok)) {
      // An empty index because every feed failed is an outage, not 'No Results Found'.
      throw errors.newsUnavailable();
    }
    return hits;
  }

  async function sources(query: string): Promise<NewsArticle[]> {
    const hits = await guardedQuery({ query, numResults: ANSWER_SOURCES, type: 'neural' });
    return hits.map((hit) => hit.article);
  }

  const asSources = (articles: NewsArticle[]): AnswerSource[] =>
    articles.map((article) => ({
      title: article.title,
      url: article.url,
      publishedDate: article.publishedDate,
      text: markdownToPlain(articleText(article)),
    }));

  function requireAi(): AiClient {
    if (!ai) throw errors.answerNotConfigured();
    return ai;
  }

  return {
    name: 'local',
    answersConfigured: ai !== null,

    async search(request, flags) {
      const hits = await guardedQuery(request);
      return {
        success: true,
        provider: 'local',
        requestId: requestId(),
        resolvedSearchType: request.type,
        results: hits.map((hit) => toResult(hit, flags, request.query)),
      };
    },

    async findSimilar(request) {
      const known = index.byArticleUrl(request.url);
      const query = NewsIndex.similarityQuery(known, request.url);
      const hits = query.trim()
        ? await guardedQuery({ ...request, query, type: 'neural', excludeUrls: [request.url] })
        : [];
      const flags = request.text || request.highlights || request.summary ? request : null;
      return {
        success: true,
        provider: 'local',
        requestId: requestId(),
        resolvedSearchType: 'neural',
        results: hits.map((hit) => toResult(hit, flags)),
      };
    },

    async getContents(request, signal) {
      const flags: ContentFlags = {
        text: request.text,
        highlights: request.highlights,
        summary: request.summary,
      };
      const outcomes: (
        { result: SearchResult; status: ContentStatus } | { result: null; status: ContentStatus }
      )[] = [];
      const queue = request.urls.map((url, position) => ({ url, position }));
      const worker = async () => {
        for (let next = queue.shift(); next; next = queue.shift()) {
          const { url, position } = next;
          try {
            const result = await content.contents(url, flags, signal);
            outcomes[position] = { result: { ...result, id: url }, status: { id: url, status: 'success' } };
          } catch (error) {
            const known = index.byArticleUrl(url);
            if (known && !(error instanceof PageReadError && error.tag === 'URL_REFUSED')) {
              // The site would not let us read the page; the feed's own text still beats nothing.
              logger.info({ url, err: error }, 'page unreadable; answering with the feed text');
              const digest = await content.digest(
                { url, title: known.title, text: articleText(known) },
                signal,
              );
              const result: SearchResult = { ...toResult({ article: known, score: 0 }, null), score: null };
              if (flags.text) result.text = articleText(known);
              if (flags.summary) result.summary = digest.summary;
              if (flags.highlights) result.highlights = digest.highlights;
              outcomes[position] = { result, status: { id: url, status: 'success' } };
              continue;
            }
            const readError =
              error instanceof PageReadError
                ? error
                : new PageReadError('READER_FAILED', 'The page could not be read.', null, { cause: error });
            if (!(error instanceof PageReadError)) logger.warn({ err: error, url }, 'page read failed');
            outcomes[position] = {
              result: null,
              status: {
                id: url,
                status: 'error',
                error: {
                  tag: readError.tag,
                  httpStatusCode: readError.httpStatusCode,
                  message: readError.message,
                },
              },
            };
          }
        }
      };
      await Promise.all(Array.from({ length: GET_CONTENTS_CONCURRENCY }, worker));
      const results = outcomes.flatMap((outcome) => (outcome.result ? [outcome.result] : []));
      const statuses = outcomes.map((outcome) => outcome.status);
      if (results.length === 0) {
        const failure = statuses[0]?.error;
        if (failure?.tag === 'URL_REFUSED') throw errors.urlRefused(failure.message);
        throw errors.contentFailed(failure ? `Failed to load content: ${failure.message}` : undefined);
      }
      return { success: true, provider: 'local', requestId: requestId(), results, statuses };
    },

    async answer(request, signal) {
      const model = requireAi();
      const articles = await sources(request.query);
      let answer: string;
      try {
        answer = articles.length
          ? await model.answer(request.query, asSources(articles), request.systemPrompt, signal)
          : 'No articles in the news index match this question yet.';
      } catch (error) {
        throw errors.searchFailed('Search failed: the AI endpoint did not answer.', {
          cause: error,
        });
      }
      return {
        success: true,
        provider: 'local',
        answer,
        citations: articles.map((article) => toCitation(article, request.text)),
      };
    },

    async *streamAnswer(request, signal) {
      const model = requireAi();
      const articles = await sources(request.query);
      if (articles.length === 0) {
        yield { type: 'text', content: 'No articles in the news index match this question yet.' };
      } else {
        try {
          for await (const piece of model.streamAnswer(
            request.query,
            asSources(articles),
            request.systemPrompt,
            signal,
          )) {
            yield { type: 'text', content: piece };
          }
        } catch (error) {
          throw errors.searchFailed('Search failed: the AI endpoint did not answer.', {
            cause: error,
          });
        }
      }
      yield { type: 'citations', citations: articles.map((article) => toCitation(article, request.text)) };
    },
  };
}
