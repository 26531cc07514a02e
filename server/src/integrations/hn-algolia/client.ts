/**
 * Hacker News search through Algolia's public, keyless API (`/api/v1/search`). Only the fields the
 * app reads are kept, and a hit of another shape is skipped rather than sinking the answer. The base
 * URL comes from HN_SEARCH_URL so tests point it at tests/fakes/hn-algolia.ts.
 */
import { z } from 'zod';
import { withoutTrailingSlashes } from '@shared/url';
import type { GuardedFetcher } from '../../http/guarded-fetch';

/** An answer larger than this is refused (a page of 20 stories is a few tens of kB). */
export const HN_MAX_BYTES = 512 * 1024;
/** Stories asked for per search. */
export const HN_HITS_PER_PAGE = 20;

/** One story as the app reads it. */
export interface HnStory {
  id: string;
  title: string;
  /** The story's link; Ask HN and text posts have none. */
  url: string | null;
  points: number;
  comments: number;
  /** Unix seconds. */
  createdAt: number;
}

export interface HnSearchAnswer {
  stories: HnStory[];
  /** How many stories match in all (more than the page holds). */
  total: number;
}

const count = z.number().int().nonnegative().catch(0);

const hitSchema = z.object({
  objectID: z.string().min(1),
  title: z.string().min(1),
  url: z.string().nullish().catch(null),
  points: z.number().nullish().catch(null),
  num_comments: z.number().nullish().catch(null),
  created_at_i: z.number().int(),
});

const answerSchema = z.object({
  hits: z.array(z.unknown()),
  nbHits: count.optional(),
});

/** Reads one search answer; hits that are not stories with a title and time are left out. */
export function parseHnSearch(body: unknown): HnSearchAnswer {
  const answer = answerSchema.parse(body);
  const stories = answer.hits.flatMap((raw): HnStory[] => {
    const hit = hitSchema.safeParse(raw);
    if (!hit.success) return [];
    const { objectID, title, url, points, num_comments, created_at_i } = hit.data;
    return [
      {
        id: objectID,
        title,
        url: url && /^https?:\/\//i.test(url) ? url : null,
        points: points ?? 0,
        comments: num_comments ?? 0,
        createdAt: created_at_i,
      },
    ];
  });
  return { stories, total: answer.nbHits ?? stories.length };
}

/** The Hacker News item page of a story (for a story without a link of its own). */
export const hnItemUrl = (id: string) => `https://news.ycombinator.com/item?id=${encodeURIComponent(id)}`;

export interface HnSearchClient {
  /** Stories matching `query` created after `sinceSeconds` (Unix seconds), best first. */
  searchStories(query: string, sinceSeconds: number, signal?: AbortSignal): Promise<HnSearchAnswer>;
}

export function createHnSearchClient(options: { baseUrl: string; fetcher: GuardedFetcher }): HnSearchClient {
  const base = withoutTrailingSlashes(options.baseUrl);
  return {
    async searchStories(query, sinceSeconds, signal) {
      const params = new URLSearchParams({
        query,
        tags: 'story',
        numericFilters: `created_at_i>${Math.floor(sinceSeconds)}`,
        hitsPerPage: String(HN_HITS_PER_PAGE),
      });
      const response = await options.fetcher(`${base}/api/v1/search?${params}`, {
        headers: { accept: 'application/json' },
        maxBytes: HN_MAX_BYTES,
        signal,
      });
      if (response.status !== 200) throw new Error(`Hacker News search answered HTTP ${response.status}`);
      return parseHnSearch(JSON.parse(response.text()) as unknown);
    },
  };
}
