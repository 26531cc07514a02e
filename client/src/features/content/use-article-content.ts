import { useEffect, useState } from 'react';
import {
  getContentsResponseSchema,
  type GetContentsRequest,
  type SearchResult,
} from '@shared/schemas/search';
import { api, errorMessage } from '@client/lib/api-client';

export type ArticleContent =
  { status: 'loading' } | { status: 'ready'; content: SearchResult } | { status: 'error'; error: string };

/** A content failure shows the server's message, or this when it has none. */
export const CONTENT_FAILED = 'Failed to load content';

/** Full contents of one article: text, highlights and summary all asked for. */
export async function fetchArticleContent(url: string, signal?: AbortSignal): Promise<SearchResult> {
  const body: GetContentsRequest = { urls: [url], text: true, highlights: true, summary: true };
  const parsed = getContentsResponseSchema.safeParse(
    await api.post<unknown>('/exa/get-contents', body, { signal }),
  );
  if (!parsed.success) throw new Error(CONTENT_FAILED);
  const first = parsed.data.results[0];
  if (!first) throw new Error(parsed.data.statuses[0]?.error?.message || CONTENT_FAILED);
  return first;
}

/** Loads the contents of the chosen result; a new result cancels the previous load. */
export function useArticleContent(url: string): ArticleContent {
  const [state, setState] = useState<{ url: string; value: ArticleContent }>({
    url,
    value: { status: 'loading' },
  });
  if (state.url !== url) setState({ url, value: { status: 'loading' } });

  useEffect(() => {
    const controller = new AbortController();
    fetchArticleContent(url, controller.signal).then(
      (content) => setState({ url, value: { status: 'ready', content } }),
      (error: unknown) => {
        if (!controller.signal.aborted)
          setState({ url, value: { status: 'error', error: errorMessage(error, CONTENT_FAILED) } });
      },
    );
    return () => controller.abort();
  }, [url]);

  return state.url === url ? state.value : { status: 'loading' };
}

/** What the drawer shows: the fetched contents, each part falling back to the result's own data. */
export function mergeArticle(result: SearchResult, content: SearchResult | null) {
  const summary = content?.summary?.trim() || result.summary?.trim() || '';
  const highlights = (content?.highlights?.length ? content.highlights : result.highlights) ?? [];
  const text = content?.text?.trim() || result.text?.trim() || '';
  return {
    title: result.title || content?.title || result.url,
    author: result.author ?? content?.author ?? null,
    publishedDate: result.publishedDate ?? content?.publishedDate ?? null,
    summary,
    highlights: highlights.map((line) => line.trim()).filter(Boolean),
    text,
  };
}
