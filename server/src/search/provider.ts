import type {
  AnswerResponse,
  AnswerStreamChunk,
  GetContentsResponse,
  ParsedAnswerRequest,
  ParsedFindSimilarRequest,
  ParsedGetContentsRequest,
  ParsedSearchRequest,
  SearchProvider as SearchProviderName,
  SearchResponse,
} from '@shared/schemas/search';
import type { ContentFlags } from '../content/service';

/**
 * The news search behind /api/exa. Two implementations, chosen in createSearchFeature from what
 * integrations/ resolved: Exa when EXA_API_KEY is set, else the local news index built from
 * NEWS_FEEDS. Every method takes validated input and answers the shared response shapes; failures
 * throw AppError with the text a user sees: the reason when there is one, else 'Search failed'.
 */
export interface SearchProvider {
  readonly name: SearchProviderName;
  /** Whether answer/streamAnswer can work (Exa, or the local index with an AI endpoint). */
  readonly answersConfigured: boolean;
  /** Ranked results; `contents` asks for text, highlights and a summary per result (null: metadata only). */
  search(
    request: ParsedSearchRequest,
    contents: ContentFlags | null,
    signal?: AbortSignal,
  ): Promise<SearchResponse>;
  /** Pages like the given one. */
  findSimilar(request: ParsedFindSimilarRequest, signal?: AbortSignal): Promise<SearchResponse>;
  /** Full contents of the named pages; throws 502 `content_failed` when none could be read. */
  getContents(request: ParsedGetContentsRequest, signal?: AbortSignal): Promise<GetContentsResponse>;
  /** An answer with citations; throws 503 `answer_not_configured` when no AI is configured. */
  answer(request: ParsedAnswerRequest, signal?: AbortSignal): Promise<AnswerResponse>;
  /**
   * The answer as it is written: text pieces, then the citations. Configuration is checked before the
   * first chunk (the route checks answersConfigured so it can still answer with an HTTP error).
   */
  streamAnswer(request: ParsedAnswerRequest, signal?: AbortSignal): AsyncGenerator<AnswerStreamChunk>;
}

/** Flags of a request that carries them, or null when none is asked for. */
export function contentFlags(request: {
  text: boolean;
  highlights: boolean;
  summary: boolean;
}): ContentFlags | null {
  return request.text || request.highlights || request.summary
    ? { text: request.text, highlights: request.highlights, summary: request.summary }
    : null;
}
