import { useCallback, useEffect, useRef, useState } from 'react';
import { searchResponseSchema, type SearchResult } from '@shared/schemas/search-results';
import { api, errorMessage } from '@client/lib/api-client';
import { answerKey, readCachedAnswer, saveAnswer } from './answer-cache';
import { DEFAULT_FILTERS, buildSearchCall, type SearchFilters } from './filters';
import { keptHeadlineFor, keptHeadlineNow } from './kept-headlines';

/** A search's state: isLoading, results, error, query, filters. */
export interface SearchState {
  isLoading: boolean;
  results: SearchResult[];
  error: string | null;
  /** The last query run, trimmed; '' before the first search. */
  query: string;
  filters: SearchFilters;
  /**
   * When the results shown are an answer kept from an earlier visit, the time it arrived (ms since
   * the epoch); null when they are this page's own answer.
   */
  savedAt: number | null;
}

const INITIAL: SearchState = {
  isLoading: false,
  results: [],
  error: null,
  query: '',
  filters: DEFAULT_FILTERS,
  savedAt: null,
};

/**
 * The panel before any search: the kept answer to `cachedQuery` (with the default filters) if any,
 * this browser's own or else the server's when it is already in, and the request it answered.
 */
function initialState(cachedQuery: string): { state: SearchState; keptKey: string | null } {
  const call = buildSearchCall(cachedQuery, DEFAULT_FILTERS);
  const kept = call ? (readCachedAnswer(call) ?? keptHeadlineNow(call.body.query)) : null;
  if (!call || !kept) return { state: INITIAL, keptKey: null };
  return {
    state: { ...INITIAL, query: call.body.query, results: kept.results, savedAt: kept.savedAt },
    keptKey: answerKey(call),
  };
}

/**
 * Runs searches against /api/exa. A new search cancels the one in flight, so a slow answer never
 * overwrites a newer one. Each answer is kept in browser storage; with `cachedQuery` (the default
 * query) the panel starts from that query's kept answer, shown until its fresh one arrives. A
 * browser with no answer of its own to it shows the server's kept one instead, if that arrives
 * before any search of this panel starts.
 */
export function useSearch(cachedQuery = '') {
  const [initial] = useState(() => initialState(cachedQuery));
  const [state, setState] = useState<SearchState>(initial.state);
  // The request whose kept answer is on screen, until the first search runs.
  const keptKeyRef = useRef(initial.keptKey);
  const filtersRef = useRef(state.filters);
  const queryRef = useRef('');
  const controllerRef = useRef<AbortController | null>(null);

  useEffect(() => () => controllerRef.current?.abort(), []);

  useEffect(() => {
    const call = buildSearchCall(cachedQuery, DEFAULT_FILTERS);
    if (!call || initial.keptKey !== null) return;
    let mounted = true;
    void keptHeadlineFor(call.body.query).then((kept) => {
      // Too late once this panel has searched (its own answer or its loading state is on screen) or
      // has other filters than the default request's.
      if (!mounted || !kept || queryRef.current !== '' || filtersRef.current !== DEFAULT_FILTERS) return;
      keptKeyRef.current = answerKey(call);
      setState((current) => ({
        ...current,
        query: call.body.query,
        results: kept.results,
        savedAt: kept.savedAt,
      }));
    });
    return () => {
      mounted = false;
    };
  }, [cachedQuery, initial.keptKey]);

  const run = useCallback(async (rawQuery: string, filters: SearchFilters) => {
    const call = buildSearchCall(rawQuery, filters);
    if (!call) return; // blank or whitespace-only queries are ignored
    controllerRef.current?.abort();
    const controller = new AbortController();
    controllerRef.current = controller;
    queryRef.current = call.body.query;
    // A kept answer stays in view only while the very request it answered is loading.
    const showsKept = keptKeyRef.current === answerKey(call);
    keptKeyRef.current = null;
    setState((current) => ({
      ...current,
      isLoading: true,
      error: null,
      query: call.body.query,
      savedAt: showsKept ? current.savedAt : null,
    }));
    try {
      const answer = await api.post<unknown>(call.path, call.body, { signal: controller.signal });
      const parsed = searchResponseSchema.safeParse(answer);
      if (!parsed.success) throw new Error('Search failed');
      if (controller.signal.aborted) return;
      saveAnswer(call, parsed.data.results);
      setState((current) => ({ ...current, isLoading: false, results: parsed.data.results, savedAt: null }));
    } catch (error) {
      if (controller.signal.aborted) return;
      setState((current) => ({
        ...current,
        isLoading: false,
        results: [],
        error: errorMessage(error, 'Search failed'),
        savedAt: null,
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
