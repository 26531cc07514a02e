import { z } from 'zod/mini';
import { searchResultSchema, type SearchResult } from '@shared/schemas/search-results';
import { SEARCH_ANSWERS_STORAGE_KEY } from '@client/lib/kept-headlines-request';
import type { SearchCall } from './filters';

/**
 * The last answers of the dashboard's searches, kept in this browser so a returning fan sees the
 * previous headlines at once (marked with their age) while the fresh search runs. Keyed by the whole
 * request (path, query and filters), so an answer is only ever shown for the search that produced
 * it. Bounded in count, in size per answer and in total, and dropped after a week.
 */

export const ANSWER_CACHE_LIMITS = {
  /** Answers kept; the oldest goes first. */
  entries: 6,
  /** Characters of one stored answer (JSON); a larger one is kept with its article texts cut, or not at all. */
  entryChars: 48_000,
  /** Characters of everything stored under the key. */
  totalChars: 160_000,
  /** A request longer than this (a pasted essay) is not worth keeping. */
  keyChars: 2_000,
  /** Older answers are not shown. */
  maxAgeMs: 7 * 24 * 60 * 60 * 1000,
} as const;

/** An answer as kept: the request it answered, when it arrived (ms since the epoch) and its articles. */
export interface CachedAnswer {
  key: string;
  savedAt: number;
  results: SearchResult[];
}

const cachedAnswerSchema = z.object({
  key: z.string().check(z.maxLength(ANSWER_CACHE_LIMITS.keyChars)),
  savedAt: z.number(),
  results: z.array(searchResultSchema).check(z.minLength(1)),
});
const storedSchema = z.array(cachedAnswerSchema).check(z.maxLength(ANSWER_CACHE_LIMITS.entries));

/** One key per distinct request: the path and the body exactly as sent. */
export function answerKey(call: SearchCall): string {
  return `${call.path} ${JSON.stringify(call.body)}`;
}

/** Browser storage can be missing, full or refused (private mode): the cache is then empty. */
function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function readAll(now: number): CachedAnswer[] {
  const store = storage();
  let raw: string | null = null;
  try {
    raw = store?.getItem(SEARCH_ANSWERS_STORAGE_KEY) ?? null;
  } catch {
    return [];
  }
  if (raw === null) return [];
  if (raw.length > ANSWER_CACHE_LIMITS.totalChars) {
    forgetAll();
    return [];
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = null;
  }
  const checked = storedSchema.safeParse(parsed);
  if (!checked.success) {
    // Written by another build or edited by hand: start again rather than show it.
    forgetAll();
    return [];
  }
  // An answer from the future (the clock was put back) has no honest age.
  return checked.data.filter(
    (entry) => entry.savedAt <= now && now - entry.savedAt <= ANSWER_CACHE_LIMITS.maxAgeMs,
  );
}

function writeAll(entries: CachedAnswer[]): void {
  const kept = [...entries].sort((a, b) => b.savedAt - a.savedAt).slice(0, ANSWER_CACHE_LIMITS.entries);
  let text = JSON.stringify(kept);
  while (text.length > ANSWER_CACHE_LIMITS.totalChars && kept.length > 0) {
    kept.pop();
    text = JSON.stringify(kept);
  }
  try {
    storage()?.setItem(SEARCH_ANSWERS_STORAGE_KEY, text);
  } catch (error) {
    // Quota or private mode: the next visit simply waits for the search, as before.
    console.warn('search: could not keep the answer', error);
  }
}

function forgetAll(): void {
  try {
    storage()?.removeItem(SEARCH_ANSWERS_STORAGE_KEY);
  } catch {
    // Nothing to do: storage is unavailable.
  }
}

/** The kept answer to exactly this request, or null. */
export function readCachedAnswer(call: SearchCall, now = Date.now()): CachedAnswer | null {
  const key = answerKey(call);
  return readAll(now).find((entry) => entry.key === key) ?? null;
}

/** Enough of an article's text for its card's teaser; the reader fetches the whole text again. */
const SLIM_TEXT_CHARS = 1_000;

/** The answer as it fits one entry: whole, else with the article texts cut to their teasers, else null. */
function fitted(key: string, savedAt: number, results: SearchResult[]): CachedAnswer | null {
  const whole = { key, savedAt, results };
  if (JSON.stringify(whole).length <= ANSWER_CACHE_LIMITS.entryChars) return whole;
  const slimResults = results.map((result) =>
    result.text === undefined ? result : { ...result, text: result.text.slice(0, SLIM_TEXT_CHARS) },
  );
  const slim = { key, savedAt, results: slimResults };
  return JSON.stringify(slim).length <= ANSWER_CACHE_LIMITS.entryChars ? slim : null;
}

/**
 * Keeps a fresh answer for its request. An empty answer removes the kept one: the next visit must
 * not show articles the search no longer finds.
 */
export function saveAnswer(call: SearchCall, results: SearchResult[], now = Date.now()): void {
  const key = answerKey(call);
  if (key.length > ANSWER_CACHE_LIMITS.keyChars) return;
  const others = readAll(now).filter((entry) => entry.key !== key);
  const entry = results.length > 0 ? fitted(key, now, results) : null;
  writeAll(entry ? [entry, ...others] : others);
}

/** 'Updated just now', 'Updated 5 min ago', 'Updated 2 h ago', 'Updated 3 d ago'. */
export function formatAnswerAge(savedAt: number, now = Date.now()): string {
  const minutes = Math.floor(Math.max(0, now - savedAt) / 60_000);
  if (minutes < 1) return 'Updated just now';
  if (minutes < 60) return `Updated ${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `Updated ${hours} h ago`;
  return `Updated ${Math.floor(hours / 24)} d ago`;
}
