import type { SearchRequest, SearchWithContentRequest } from '@shared/schemas/search';
import { SEARCH_DEFAULT_NUM_RESULTS, domainSchema, type SearchType } from '@shared/schemas/search-results';

/** Search filters with their defaults; dates are the date inputs' values. */
export interface SearchFilters {
  numResults: number;
  useAutoprompt: boolean;
  type: SearchType;
  includeContent: boolean;
  includeHighlights: boolean;
  includeSummary: boolean;
  /** 'YYYY-MM-DD' or '' when not set. */
  startPublishedDate: string;
  endPublishedDate: string;
  includeDomains: string[];
  excludeDomains: string[];
}

export const DEFAULT_FILTERS: SearchFilters = {
  numResults: SEARCH_DEFAULT_NUM_RESULTS,
  useAutoprompt: true,
  type: 'neural',
  includeContent: true,
  includeHighlights: false,
  includeSummary: true,
  startPublishedDate: '',
  endPublishedDate: '',
  includeDomains: [],
  excludeDomains: [],
};

/** The default search runs this long after the view loads. */
export const AUTO_SEARCH_DELAY_MS = 1000;

/** A domain list as typed: split on commas, trimmed, blanks dropped. */
export function parseDomainList(text: string): string[] {
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
}

/** The first entry of a domain list the server would refuse, with why; null when all are fine. */
export function invalidDomain(domains: readonly string[]): string | null {
  for (const domain of domains) {
    const result = domainSchema.safeParse(domain);
    if (!result.success) return `${domain}: ${result.error.issues[0]?.message ?? 'not a domain'}`;
  }
  return null;
}

export type SearchCall =
  | { path: '/exa/search'; body: SearchRequest }
  | { path: '/exa/search-with-content'; body: SearchWithContentRequest };

/**
 * The request a search sends: /exa/search-with-content with the content flags when
 * includeContent is on, else /exa/search with the filters alone. A blank query sends nothing; empty
 * dates and empty domain lists are left out of the body.
 */
export function buildSearchCall(rawQuery: string, filters: SearchFilters): SearchCall | null {
  const query = rawQuery.trim();
  if (!query) return null;
  const body: SearchRequest = {
    query,
    numResults: filters.numResults,
    useAutoprompt: filters.useAutoprompt,
    type: filters.type,
  };
  if (filters.startPublishedDate) body.startPublishedDate = filters.startPublishedDate;
  if (filters.endPublishedDate) body.endPublishedDate = filters.endPublishedDate;
  const include = filters.includeDomains.map((domain) => domain.trim()).filter(Boolean);
  const exclude = filters.excludeDomains.map((domain) => domain.trim()).filter(Boolean);
  if (include.length > 0) body.includeDomains = include;
  if (exclude.length > 0) body.excludeDomains = exclude;
  if (!filters.includeContent) return { path: '/exa/search', body };
  return {
    path: '/exa/search-with-content',
    body: { ...body, text: true, highlights: filters.includeHighlights, summary: filters.includeSummary },
  };
}
