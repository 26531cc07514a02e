import { useCallback, useEffect, useRef, useState } from 'react';
import { searchResponseSchema, type SearchResult } from '@shared/schemas/search-results';
import { api, errorMessage } from '@client/lib/api-client';
import { DEFAULT_FILTERS, buildSearchCall, type SearchFilters } from './filters';

/** A search's state: isLoading, results, error, query, filters. */
export interface SearchState {
  isLoading: boolean;
  results: SearchResult[];
  error: string | null;
  /** The last query run, trimmed; '' before the first search. */
  query: string;
  filters: SearchFilters;
}

const INITIAL: SearchState = {
  isLoading: false,
  results: [],
  error: null,
  query: '',
  filters: DEFAULT_FILTERS,
};

/**
 * Runs searches against /api/exa. A new search cancels the one in flight, so a slow answer never
 * overwrites a newer one.
 */
export function useSearch() {
  const [state, setState] = useState<SearchState>(INITIAL);
  const filtersRef = useRef(state.filters);
  const queryRef = useRef('');
  const controllerRef = useRef<AbortController | null>(null);

  useEffect(() => () => controllerRef.current?.abort(), []);

  const run = useCallback(async (rawQuery: string, filters: SearchFilters) => {
    const call = buildSearchCall(rawQuery, filters);
    if (!call) return; // blank or whitespace-only queries are ignored
    controllerRef.current?.abort();
    const controller = new AbortController();
    controllerRef.current = controller;
    queryRef.current = call.body.query;
    setState((current) => ({ ...current, isLoading: true, error: null, query: call.body.query }));
    try {
      const answer = await api.post<unknown>(call.path, call.body, { signal: controller.signal });
      const parsed = searchResponseSchema.safeParse(answer);
      if (!parsed.success) throw new Error('Search failed');
      if (controller.signal.aborted) return;
      setState((current) => ({ ...current, isLoading: false, results: parsed.data.results }));
    } catch (error) {
      if (controller.signal.aborted) return;
      setState((current) => ({
        ...current,
        isLoading: false,
        results: [],
        error: errorMessage(error, 'Search failed'),
      }));
    }
  }, []);

  /** Runs a query with the current filters. */
  const search = useCallback((query: string) => run(query, filtersRef.current), [run]);

  /** Runs the last query again ('Try Again'). */
  const retry = useCallback(() => run(queryRef.current, filtersRef.current), [run]);

  /** Applies new filters, re-running the last query when there is one. */
  const applyFilters = useCallback(
    (filters: SearchFilters, rerunQuery: string) => {
      filtersRef.current = filters;
      setState((current) => ({ ...current, filters }));
      if (rerunQuery.trim()) void run(rerunQuery, filters);
    },
    [run],
  );

  /** 'Clear Filters': back to the defaults. */
  const clearFilters = useCallback(() => {
    filtersRef.current = DEFAULT_FILTERS;
    setState((current) => ({ ...current, filters: DEFAULT_FILTERS }));
  }, []);

  return { state, search, retry, applyFilters, clearFilters };
}
