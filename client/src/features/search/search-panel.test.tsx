import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SearchResult } from '@shared/schemas/search';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetKeptHeadlinesRequest, requestKeptHeadlines } from '@client/lib/kept-headlines-request';
import { saveAnswer } from './answer-cache';
import { DEFAULT_FILTERS, buildSearchCall } from './filters';
import { SearchPanel, type ExternalQuery } from './search-panel';

const RESULTS: SearchResult[] = [
  {
    id: 'https://www.espn.com/nfl/story/1',
    url: 'https://www.espn.com/nfl/story/1',
    title: 'Chiefs win again',
    publishedDate: '2025-01-12T18:00:00.000Z',
    author: 'Jane Writer',
    score: 0.9,
    summary: 'Kansas City beat Buffalo in overtime.',
  },
  {
    id: 'https://example.org/a',
    url: 'https://example.org/a',
    title: 'Undated story',
    publishedDate: null,
    author: null,
    score: null,
  },
];

interface Call {
  path: string;
  body: Record<string, unknown>;
}
let calls: Call[] = [];
let respond: (call: Call) => Promise<Response>;
/** GET /api/exa/headlines (the server's kept default answers): none unless a test sets them. */
let headlineRequests = 0;
let respondHeadlines: () => Promise<unknown>;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ok = (results: SearchResult[]) =>
  json(200, { success: true, provider: 'local', requestId: 'r1', results });

beforeEach(() => {
  localStorage.clear();
  forgetKeptHeadlinesRequest();
  calls = [];
  respond = async () => ok(RESULTS);
  headlineRequests = 0;
  respondHeadlines = async () => ({ headlines: [] });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit) => {
      if (input === '/api/exa/headlines') {
        headlineRequests += 1;
        const body = await respondHeadlines();
        // Answered in microtasks only, so fake timers need not wait on a body stream.
        return { ok: true, status: 200, json: async () => body } as Response;
      }
      const call = { path: input, body: JSON.parse(String(init.body)) as Record<string, unknown> };
      calls.push(call);
      return respond(call);
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** The default query only where a test is about it, so a slow run never sees an extra search. */
function renderPanel(externalQuery: ExternalQuery | null = null, defaultQuery = '') {
  const onRead = vi.fn();
  const props = {
    title: 'Tech News',
    placeholder: 'Search for tech articles, startup news, or software engineering topics...',
    defaultQuery,
    onRead,
  };
  const view = render(<SearchPanel {...props} externalQuery={externalQuery} />);
  return {
    onRead,
    user: userEvent.setup(),
    rerender: (next: ExternalQuery | null) => view.rerender(<SearchPanel {...props} externalQuery={next} />),
  };
}

const box = () => screen.getByRole('searchbox', { name: 'Search Tech News' });

// Typing and clicking through forms: more than the default 5 s when the machine is busy.
describe('search panel', { timeout: 20_000 }, () => {
  it('runs the default query about a second after load', async () => {
    vi.useFakeTimers();
    renderPanel(null, 'latest tech headlines');
    expect(screen.getByText('Start Your Search')).toBeInTheDocument();
    expect(
      screen.getByText('Enter a search query above to discover articles and web content'),
    ).toBeInTheDocument();
    expect(box()).toHaveAttribute(
      'placeholder',
      'Search for tech articles, startup news, or software engineering topics...',
    );
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(calls).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(calls[0]).toMatchObject({
      path: '/api/exa/search-with-content',
      body: { query: 'latest tech headlines' },
    });
    vi.useRealTimers();
    expect(await screen.findByText('Search Results')).toBeInTheDocument();
    expect(box()).toHaveValue('latest tech headlines');
  });

  it('shows loading, then the result cards', async () => {
    let release!: () => void;
    respond = () => new Promise((resolve) => (release = () => resolve(ok(RESULTS))));
    const { user, onRead } = renderPanel();
    await user.type(box(), '  chiefs  {Enter}');
    expect(screen.getByText('Searching for articles...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Searching...' })).toBeDisabled();
    expect(calls[0]!.body.query).toBe('chiefs');
    act(() => release());

    expect(await screen.findByText('Found 2 results for "chiefs"')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Search' })).toBeEnabled();
    const first = screen.getByRole('article', { name: 'Chiefs win again' });
    expect(within(first).getByText('espn.com')).toBeInTheDocument();
    expect(within(first).getByText('Jane Writer')).toBeInTheDocument();
    expect(within(first).getByText('Kansas City beat Buffalo in overtime.')).toBeInTheDocument();
    const visit = within(first).getByRole('link', { name: /Visit/ });
    expect(visit).toHaveAttribute('href', 'https://www.espn.com/nfl/story/1');
    expect(visit).toHaveAttribute('target', '_blank');
    expect(visit).toHaveAttribute('rel', expect.stringContaining('noopener'));
    const second = screen.getByRole('article', { name: 'Undated story' });
    expect(within(second).getByText('Unknown date')).toBeInTheDocument();

    await user.click(within(first).getByRole('button', { name: 'Read' }));
    expect(onRead).toHaveBeenCalledWith(RESULTS[0]);
  });

  it('says "1 result" for one', async () => {
    respond = async () => ok([RESULTS[0]!]);
    const { user } = renderPanel();
    await user.type(box(), 'one{Enter}');
    expect(await screen.findByText('Found 1 result for "one"')).toBeInTheDocument();
  });

  it('ignores a blank query', async () => {
    const { user } = renderPanel();
    await user.type(box(), '   ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(calls).toHaveLength(0);
    expect(screen.getByText('Start Your Search')).toBeInTheDocument();
  });

  it('shows the empty state and tries again', async () => {
    respond = async () => ok([]);
    const { user } = renderPanel();
    await user.type(box(), 'zzz{Enter}');
    expect(await screen.findByText('No Results Found')).toBeInTheDocument();
    expect(
      screen.getByText('No articles found for "zzz". Try adjusting your search terms or filters.'),
    ).toBeInTheDocument();
    respond = async () => ok(RESULTS);
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Found 2 results for "zzz"')).toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });

  it("shows the server's error message and tries again", async () => {
    respond = async () =>
      json(503, { error: { code: 'search_unavailable', message: 'The news index is warming up' } });
    const { user } = renderPanel();
    await user.type(box(), 'nba{Enter}');
    expect(await screen.findByText('Search Error')).toBeInTheDocument();
    expect(screen.getByText('The news index is warming up')).toBeInTheDocument();
    respond = async () => json(500, 'not json either');
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('HTTP error! status: 500')).toBeInTheDocument();
  });

  it('falls back to "Search failed" on an answer of the wrong shape', async () => {
    respond = async () => json(200, { nope: true });
    const { user } = renderPanel();
    await user.type(box(), 'nba{Enter}');
    expect(await screen.findByText('Search failed')).toBeInTheDocument();
  });

  it('runs a chip query when it differs from the current one', async () => {
    const { rerender } = renderPanel();
    rerender({ query: 'TypeScript Languages news articles latest updates' });
    expect(box()).toHaveValue('TypeScript Languages news articles latest updates');
    expect(await screen.findByText(/Found 2 results/)).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    rerender({ query: 'TypeScript Languages news articles latest updates' }); // same query, new click
    expect(calls).toHaveLength(1);
    rerender({ query: 'Rust Languages news articles latest updates' });
    expect(await screen.findByText(/for "Rust Languages/)).toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });

  it('applies filters to the request and clears them back to the defaults', async () => {
    const { user } = renderPanel();
    await user.type(box(), 'trade deadline{Enter}');
    await screen.findByText('Search Results');

    await user.click(screen.getByRole('button', { name: 'Filters' }));
    // The form's code loads on the first opening.
    const form = await screen.findByRole('form', { name: 'Search filters' });
    await user.selectOptions(within(form).getByLabelText('Number of Results'), '20');
    await user.selectOptions(within(form).getByLabelText('Search Type'), 'keyword');
    await user.type(within(form).getByLabelText('Start Date'), '2025-03-01');
    await user.type(within(form).getByLabelText('Include Domains'), ' espn.com, ,nhl.com ,');
    await user.click(within(form).getByLabelText('Include Content'));
    await user.click(within(form).getByRole('button', { name: 'Apply Filters' }));

    await screen.findByText('Found 2 results for "trade deadline"');
    expect(calls[1]).toEqual({
      path: '/api/exa/search',
      body: {
        query: 'trade deadline',
        numResults: 20,
        useAutoprompt: true,
        type: 'keyword',
        startPublishedDate: '2025-03-01',
        includeDomains: ['espn.com', 'nhl.com'],
      },
    });

    await user.click(screen.getByRole('button', { name: 'Filters' }));
    expect(screen.getByLabelText('Number of Results')).toHaveValue('20');
    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(screen.getByLabelText('Number of Results')).toHaveValue('10');
    expect(screen.getByLabelText('Include Domains')).toHaveValue('');
    expect(screen.getByLabelText('Include Content')).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByText('Search Results');
    expect(calls[2]!.path).toBe('/api/exa/search-with-content');
    expect(calls[2]!.body).not.toHaveProperty('includeDomains');
  });

  it('refuses a malformed domain in the form instead of sending it', async () => {
    const { user } = renderPanel();
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.type(await screen.findByLabelText('Exclude Domains'), 'not a domain');
    await user.click(screen.getByRole('button', { name: 'Apply Filters' }));
    expect(screen.getByRole('alert')).toHaveTextContent('not a domain');
    expect(calls).toHaveLength(0);
  });
});

const KEPT: SearchResult = {
  id: 'https://news.example/yesterday',
  url: 'https://news.example/yesterday',
  title: 'Yesterday headline',
  publishedDate: null,
  author: null,
  score: null,
  summary: 'Kept from the last visit.',
};
const DEFAULT_QUERY = 'latest tech headlines';
const NOW = Date.parse('2026-11-27T12:00:00.000Z');

/** The answer a visit two hours ago got for `query` with the default filters. */
function keepAnswer(query: string, results: SearchResult[] = [KEPT]) {
  saveAnswer(buildSearchCall(query, DEFAULT_FILTERS)!, results, NOW - 2 * 60 * 60 * 1000);
}

/** Fetches wait until the test lets them answer. */
function holdSearches() {
  const releases: Array<() => void> = [];
  respond = (call) =>
    new Promise((resolve) => releases.push(() => resolve(ok(call.body.query === 'fail' ? [] : RESULTS))));
  return releases;
}

describe('search panel: the answer kept from the last visit', { timeout: 20_000 }, () => {
  it('paints at once with its age, stays while the default search runs and is replaced by the fresh answer', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
    keepAnswer(DEFAULT_QUERY);
    const releases = holdSearches();
    renderPanel(null, DEFAULT_QUERY);

    // Before any request: the kept answer, marked with its age.
    expect(calls).toHaveLength(0);
    expect(screen.getByRole('article', { name: 'Yesterday headline' })).toBeInTheDocument();
    expect(screen.getByText('Updated 2 h ago')).toBeInTheDocument();
    expect(screen.getByText(`Found 1 result for "${DEFAULT_QUERY}"`)).toBeInTheDocument();
    expect(screen.queryByText('Start Your Search')).not.toBeInTheDocument();

    // The default search still runs about a second later; the kept answer stays while it loads.
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(calls).toHaveLength(1);
    expect(screen.getByText('Searching for articles...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Searching...' })).toBeDisabled();
    expect(screen.getByRole('article', { name: 'Yesterday headline' })).toBeInTheDocument();
    expect(screen.getByText('Updated 2 h ago')).toBeInTheDocument();

    vi.useRealTimers();
    act(() => releases[0]!());
    expect(await screen.findByText(`Found 2 results for "${DEFAULT_QUERY}"`)).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Chiefs win again' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Yesterday headline' })).not.toBeInTheDocument();
    expect(screen.queryByText(/^Updated /)).not.toBeInTheDocument();
  });

  it('keeps the fresh answer for the next visit', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
    renderPanel(null, DEFAULT_QUERY);
    expect(screen.getByText('Start Your Search')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    vi.useRealTimers();
    expect(await screen.findByText(`Found 2 results for "${DEFAULT_QUERY}"`)).toBeInTheDocument();
    cleanup();

    // The next visit, five minutes after that answer arrived.
    vi.useFakeTimers();
    vi.setSystemTime(NOW + 1000 + 5 * 60_000);
    renderPanel(null, DEFAULT_QUERY);
    expect(screen.getByRole('article', { name: 'Chiefs win again' })).toBeInTheDocument();
    expect(screen.getByText('Updated 5 min ago')).toBeInTheDocument();
  });

  it('is never shown for another query: not on load, and not while a typed search loads', async () => {
    keepAnswer('nba scores');
    renderPanel(null, DEFAULT_QUERY);
    expect(screen.getByText('Start Your Search')).toBeInTheDocument();
    expect(screen.queryByText('Yesterday headline')).not.toBeInTheDocument();
    cleanup();

    keepAnswer(DEFAULT_QUERY);
    const releases = holdSearches();
    const { user } = renderPanel(null, DEFAULT_QUERY);
    expect(screen.getByText('Yesterday headline')).toBeInTheDocument();
    await user.type(box(), 'rust{Enter}');
    expect(screen.getByText('Searching for articles...')).toBeInTheDocument();
    expect(screen.queryByText('Yesterday headline')).not.toBeInTheDocument();
    expect(screen.queryByText(/^Updated /)).not.toBeInTheDocument();
    act(() => releases[0]!());
    expect(await screen.findByText('Found 2 results for "rust"')).toBeInTheDocument();
  });

  it('gives way to the error when the fresh search fails', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
    keepAnswer(DEFAULT_QUERY);
    respond = async () => json(503, { error: { code: 'search_unavailable', message: 'Index warming up' } });
    renderPanel(null, DEFAULT_QUERY);
    expect(screen.getByText('Yesterday headline')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    vi.useRealTimers();
    expect(await screen.findByText('Search Error')).toBeInTheDocument();
    expect(screen.getByText('Index warming up')).toBeInTheDocument();
    expect(screen.queryByText('Yesterday headline')).not.toBeInTheDocument();
    expect(screen.queryByText(/^Updated /)).not.toBeInTheDocument();
  });

  it('shows stand-in cards under the loading text when there is nothing kept', async () => {
    holdSearches();
    const { user } = renderPanel();
    await user.type(box(), 'first visit{Enter}');
    const loading = screen.getByText('Searching for articles...').closest('div.pt-8')!;
    expect(loading.querySelectorAll('ul[aria-hidden="true"] > li')).toHaveLength(3);
  });
});

describe("search panel: the server's kept answer for a browser with none", { timeout: 20_000 }, () => {
  const served = (query: string, ageMs: number, results: SearchResult[] = [KEPT]) => ({
    headlines: [{ query, ageMs, results }],
  });

  it('paints it with its age before the default search, which still runs and replaces it', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
    respondHeadlines = async () => served(DEFAULT_QUERY, 5 * 60_000);
    const releases = holdSearches();
    renderPanel(null, DEFAULT_QUERY);
    await act(() => vi.advanceTimersByTimeAsync(0));

    expect(headlineRequests).toBe(1);
    expect(calls).toHaveLength(0);
    expect(screen.getByRole('article', { name: 'Yesterday headline' })).toBeInTheDocument();
    expect(screen.getByText('Updated 5 min ago')).toBeInTheDocument();
    expect(screen.getByText(`Found 1 result for "${DEFAULT_QUERY}"`)).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body.query).toBe(DEFAULT_QUERY);
    expect(screen.getByText('Searching for articles...')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Yesterday headline' })).toBeInTheDocument();

    vi.useRealTimers();
    act(() => releases[0]!());
    expect(await screen.findByText(`Found 2 results for "${DEFAULT_QUERY}"`)).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Yesterday headline' })).not.toBeInTheDocument();
    expect(screen.queryByText(/^Updated /)).not.toBeInTheDocument();
  });

  it('is in the very first render when it answered before the panel showed', async () => {
    respondHeadlines = async () => served(DEFAULT_QUERY, 3 * 60_000);
    await requestKeptHeadlines();
    renderPanel(null, DEFAULT_QUERY);
    expect(screen.getByRole('article', { name: 'Yesterday headline' })).toBeInTheDocument();
    expect(screen.getByText('Updated 3 min ago')).toBeInTheDocument();
    expect(screen.queryByText('Start Your Search')).not.toBeInTheDocument();
  });

  it('is not asked for when this browser keeps its own answer', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
    keepAnswer(DEFAULT_QUERY);
    respondHeadlines = async () => served(DEFAULT_QUERY, 60_000, [{ ...KEPT, title: 'Server headline' }]);
    renderPanel(null, DEFAULT_QUERY);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(headlineRequests).toBe(0);
    expect(screen.getByText('Updated 2 h ago')).toBeInTheDocument();
    expect(screen.queryByText('Server headline')).not.toBeInTheDocument();
  });

  it('never replaces a search the fan started before it arrived', async () => {
    let answerHeadlines: (body: unknown) => void = () => {};
    respondHeadlines = () => new Promise((resolve) => (answerHeadlines = resolve));
    const releases = holdSearches();
    const { user } = renderPanel(null, DEFAULT_QUERY);
    await user.type(box(), 'rust{Enter}');
    await act(async () => answerHeadlines(served(DEFAULT_QUERY, 60_000)));
    expect(screen.getByText('Searching for articles...')).toBeInTheDocument();
    expect(screen.queryByText('Yesterday headline')).not.toBeInTheDocument();
    // Every search held so far (the default one too, should a busy machine have started it first).
    act(() => releases.forEach((release) => release()));
    expect(await screen.findByText('Found 2 results for "rust"')).toBeInTheDocument();
    expect(screen.queryByText('Yesterday headline')).not.toBeInTheDocument();
  });

  it('is ignored when it answers another query or is not a kept answer', async () => {
    vi.useFakeTimers(); // the default search stays a second away
    for (const body of [
      served('another query', 60_000),
      served(DEFAULT_QUERY, -1),
      served(DEFAULT_QUERY, 60_000, []),
      { headlines: 'none' },
      null,
    ]) {
      forgetKeptHeadlinesRequest();
      respondHeadlines = async () => body;
      renderPanel(null, DEFAULT_QUERY);
      await act(() => vi.advanceTimersByTimeAsync(0));
      expect(headlineRequests).toBeGreaterThan(0);
      expect(screen.getByText('Start Your Search')).toBeInTheDocument();
      expect(screen.queryByText('Yesterday headline')).not.toBeInTheDocument();
      cleanup();
    }
  });
});
