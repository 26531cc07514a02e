import { api } from './api-client';

/** Where the news panels keep their answers in this browser (features/search/answer-cache.ts). */
export const SEARCH_ANSWERS_STORAGE_KEY = 'tt.searchAnswers';

/**
 * The server's latest answers to the dashboard's default searches (GET /api/exa/headlines), asked for
 * at most once per page load; the news panels check what it holds (features/search/kept-headlines.ts).
 * Null when it failed or was refused.
 */
let pending: Promise<unknown> | null = null;
let settled = false;
let answer: unknown = null;

export function requestKeptHeadlines(): Promise<unknown> {
  pending ??= api
    .get<unknown>('/exa/headlines')
    .catch(() => null)
    .then((value) => {
      settled = true;
      answer = value;
      return value;
    });
  return pending;
}

/** Whether the request has started and not yet answered. */
export function keptHeadlinesLoading(): boolean {
  return pending !== null && !settled;
}

/** What the request answered, once it has; undefined before that. */
export function keptHeadlinesAnswer(): unknown {
  return settled ? answer : undefined;
}

/**
 * Starts the request beside the session check and the page's code when a visit opens on the
 * dashboard (app/router.tsx), so the answers are in by its first paint; not when this browser keeps
 * answers of its own, which paint at once without it.
 */
export function prefetchKeptHeadlines(): void {
  let keepsAnswers = false;
  try {
    keepsAnswers = window.localStorage.getItem(SEARCH_ANSWERS_STORAGE_KEY) !== null;
  } catch {
    // Storage refused (private mode): nothing kept here, so ask the server.
  }
  if (!keepsAnswers) void requestKeptHeadlines();
}

/** Tests only: the next call asks again. */
export function forgetKeptHeadlinesRequest(): void {
  pending = null;
  settled = false;
  answer = null;
}
