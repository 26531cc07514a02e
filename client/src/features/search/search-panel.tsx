import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ListFilter } from '@client/components/icons';
import type { SearchResult } from '@shared/schemas/search';
import { buttonClass, cardClass } from '@client/components/button';
import { Spinner } from '@client/components/spinner';
import { loadOrReload } from '@client/lib/stale-build';
import { formatAnswerAge } from './answer-cache';
import { AUTO_SEARCH_DELAY_MS } from './filters';
import type { FilterPanel as FilterPanelType } from './filter-panel';
import { ResultCard } from './result-card';
import { useSearch, type SearchState } from './use-search';

/**
 * The filter form's code loads when it is first wanted (most visits never open it); a pointer on the
 * Filters button or focus on it starts the download, so it is usually in by the click.
 */
const loadFilterPanel = loadOrReload(() => import('./filter-panel'));

/** A query from outside the panel (a chip click); a new object per click. */
export interface ExternalQuery {
  query: string;
}

export interface SearchPanelProps {
  /** 'Sports News' or 'Tech News'. */
  title: string;
  placeholder: string;
  /** Run about 1 s after the panel loads, unless a search ran already; '' for none. */
  defaultQuery: string;
  externalQuery?: ExternalQuery | null;
  onRead: (result: SearchResult) => void;
}

/**
 * A news search: the text box, Search ('Searching...' while loading), the Filters toggle and panel,
 * then the result list in one of its states.
 */
export function SearchPanel({ title, placeholder, defaultQuery, externalQuery, onRead }: SearchPanelProps) {
  // The default query's answer from the last visit paints at once; its fresh answer replaces it.
  const { state, search, retry, applyFilters, clearFilters } = useSearch(defaultQuery);
  const [input, setInput] = useState('');
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [FilterPanel, setFilterPanel] = useState<typeof FilterPanelType | null>(null);
  const [filtersFailed, setFiltersFailed] = useState(false);
  const searchedRef = useRef(false);
  const lastQueryRef = useRef('');
  const titleId = useId();
  const filtersId = useId();

  useEffect(() => {
    lastQueryRef.current = state.query;
  }, [state.query]);

  const runQuery = (query: string) => {
    if (!query.trim()) return;
    searchedRef.current = true;
    void search(query);
  };

  // The default headlines, once, about 1 s after load; a chip click or typed search comes first.
  useEffect(() => {
    if (!defaultQuery.trim()) return;
    const timer = setTimeout(() => {
      if (searchedRef.current) return;
      searchedRef.current = true;
      setInput(defaultQuery);
      void search(defaultQuery);
    }, AUTO_SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [defaultQuery, search]);

  // A chip click fills the box (during render, so the box never shows the old text)...
  const [seenExternal, setSeenExternal] = useState(externalQuery);
  if (externalQuery !== seenExternal) {
    setSeenExternal(externalQuery);
    if (externalQuery?.query.trim()) setInput(externalQuery.query.trim());
  }
  // ...and runs when it differs from the current query.
  useEffect(() => {
    const query = externalQuery?.query.trim();
    if (!query || query === lastQueryRef.current) return;
    searchedRef.current = true;
    void search(query);
  }, [externalQuery, search]);

  const preloadFilters = () => void loadFilterPanel().catch(() => {});
  // The form opens once its code is in. Offline before it ever loaded, the fan is told so; the next
  // press tries again.
  const toggleFilters = () => {
    if (filtersOpen || FilterPanel) {
      setFiltersOpen((open) => !open);
      return;
    }
    setFiltersFailed(false);
    loadFilterPanel().then(
      (module) => {
        setFilterPanel(() => module.FilterPanel);
        setFiltersOpen(true);
      },
      () => setFiltersFailed(true),
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    runQuery(input);
  };

  return (
    <section aria-labelledby={titleId} className={`${cardClass} p-4 sm:p-5`}>
      <h2 id={titleId} className="mb-3 text-lg font-semibold text-slate-900 dark:text-slate-100">
        {title}
      </h2>
      <form role="search" aria-label={title} onSubmit={onSubmit} className="flex flex-wrap gap-2">
        <input
          type="search"
          aria-label={`Search ${title}`}
          placeholder={placeholder}
          value={input}
          onChange={(event) => setInput(event.target.value)}
          className="min-w-0 flex-1 basis-56 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-400 focus:border-brand-500 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-500"
        />
        <div className="flex gap-2">
          <button type="submit" disabled={state.isLoading} className={buttonClass('primary')}>
            {state.isLoading ? 'Searching...' : 'Search'}
          </button>
          <button
            type="button"
            aria-expanded={filtersOpen}
            aria-controls={filtersOpen ? filtersId : undefined}
            onPointerEnter={preloadFilters}
            onFocus={preloadFilters}
            onClick={toggleFilters}
            className={buttonClass('secondary')}
          >
            <ListFilter aria-hidden="true" className="h-4 w-4" />
            Filters
          </button>
        </div>
      </form>
      {filtersFailed ? (
        <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-400">
          Filters could not load. Check your connection and try again.
        </p>
      ) : null}
      {filtersOpen && FilterPanel ? (
        <FilterPanel
          id={filtersId}
          filters={state.filters}
          onApply={(filters) => {
            setFiltersOpen(false);
            applyFilters(filters, state.query);
          }}
          onClear={clearFilters}
        />
      ) : null}
      <div className="mt-4">
        <ResultList state={state} onRetry={() => void retry()} onRead={onRead} />
      </div>
    </section>
  );
}

function StateBox({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center dark:border-slate-700">
      <h3 className="font-semibold text-slate-900 dark:text-slate-100">{title}</h3>
      {children}
    </div>
  );
}

/** Grey stand-ins for result cards while a first search loads, so the panel is never an empty hole. */
function ResultSkeleton() {
  return (
    <ul aria-hidden="true" className="mt-2 flex flex-col gap-3">
      {[0, 1, 2].map((index) => (
        <li
          key={index}
          className="flex animate-pulse flex-col gap-2 rounded-xl border border-slate-200 p-4 dark:border-slate-800"
        >
          <div className="h-4 w-3/4 rounded bg-slate-200 dark:bg-slate-800" />
          <div className="h-3 w-1/3 rounded bg-slate-200 dark:bg-slate-800" />
          <div className="h-3 w-full rounded bg-slate-200 dark:bg-slate-800" />
          <div className="h-3 w-5/6 rounded bg-slate-200 dark:bg-slate-800" />
        </li>
      ))}
    </ul>
  );
}

/** The result list's states: loading, error, no query, empty, results. */
export function ResultList({
  state,
  onRetry,
  onRead,
}: {
  state: SearchState;
  onRetry: () => void;
  onRead: (result: SearchResult) => void;
}) {
  // An answer kept from an earlier visit stays in view, with its age, while its fresh one loads.
  const showsKept = state.savedAt !== null && state.results.length > 0;
  if (state.isLoading && !showsKept) {
    return (
      <div className="pt-8">
        <Spinner label="Searching for articles..." />
        <ResultSkeleton />
      </div>
    );
  }
  if (state.error) {
    return (
      <div role="alert">
        <StateBox title="Search Error">
          <p className="text-sm text-red-700 dark:text-red-400">{state.error}</p>
          <button type="button" className={`${buttonClass('secondary', 'sm')} mt-1`} onClick={onRetry}>
            Try Again
          </button>
        </StateBox>
      </div>
    );
  }
  if (!state.query) {
    return (
      <StateBox title="Start Your Search">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Enter a search query above to discover articles and web content
        </p>
      </StateBox>
    );
  }
  if (state.results.length === 0) {
    return (
      <div role="status">
        <StateBox title="No Results Found">
          <p className="text-sm text-slate-600 dark:text-slate-400">
            No articles found for &quot;{state.query}&quot;. Try adjusting your search terms or filters.
          </p>
          <button type="button" className={`${buttonClass('secondary', 'sm')} mt-1`} onClick={onRetry}>
            Try Again
          </button>
        </StateBox>
      </div>
    );
  }
  const count = state.results.length;
  return (
    <div>
      <div className="mb-3">
        {/* The age and the fresh search's progress share the heading's line and never wrap (a long
            one is cut short), so the line keeps its height as they come and go and nothing moves.
            A phone has no room for the progress's words beside the age: the spinner shows there and
            the words are read out (the Search button says 'Searching...' too). */}
        <div className="flex items-center justify-between gap-3">
          <h3 className="shrink-0 font-semibold text-slate-900 dark:text-slate-100">Search Results</h3>
          {state.savedAt !== null ? (
            <p className="flex min-w-0 items-center gap-2 text-xs whitespace-nowrap text-slate-600 dark:text-slate-400">
              <time className="shrink-0" dateTime={new Date(state.savedAt).toISOString()}>
                {formatAnswerAge(state.savedAt)}
              </time>
              {state.isLoading ? (
                <span role="status" className="flex min-w-0 items-center gap-1.5">
                  <span
                    aria-hidden="true"
                    className="h-3 w-3 shrink-0 animate-spin rounded-full border-2 border-slate-300 border-t-brand-600 dark:border-slate-700 dark:border-t-brand-500"
                  />
                  <span className="truncate max-sm:sr-only">Searching for articles...</span>
                </span>
              ) : null}
            </p>
          ) : null}
        </div>
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
          Found {count} {count === 1 ? 'result' : 'results'} for &quot;{state.query}&quot;
        </p>
      </div>
      <ul className="flex flex-col gap-3">
        {state.results.map((result) => (
          <li key={result.id}>
            <ResultCard result={result} onRead={onRead} />
          </li>
        ))}
      </ul>
    </div>
  );
}
