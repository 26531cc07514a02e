import type { Logger } from 'pino';
import {
  DASHBOARD_DEFAULT_QUERIES,
  KEPT_HEADLINES_LIMITS,
  dashboardDefaultRequest,
  keptHeadlineSchema,
  type KeptHeadline,
  type KeptHeadlinesResponse,
} from '@shared/schemas/headlines';
import { searchWithContentRequestSchema, type ParsedSearchWithContentRequest } from '@shared/schemas/search';
import type { SearchResult } from '@shared/schemas/search-results';
import { keys } from '../storage/keys';
import type { Store } from '../storage/store';
import { contentFlags, type SearchProvider } from './provider';

type Panel = keyof typeof DASHBOARD_DEFAULT_QUERIES;
const PANELS = Object.keys(DASHBOARD_DEFAULT_QUERIES) as Panel[];

/**
 * The panel whose default request this is, or null. Only the dashboard's own default request (its
 * default query with its default filters, nothing more) counts: any other answer depends on what one
 * fan asked and is not shown to anyone else.
 */
export function dashboardPanelOf(request: ParsedSearchWithContentRequest): Panel | null {
  const panel = PANELS.find((name) => DASHBOARD_DEFAULT_QUERIES[name] === request.query);
  if (!panel) return null;
  const expected = dashboardDefaultRequest(request.query);
  const same =
    request.numResults === expected.numResults &&
    request.useAutoprompt === expected.useAutoprompt &&
    request.type === expected.type &&
    request.text === expected.text &&
    request.highlights === expected.highlights &&
    request.summary === expected.summary &&
    request.startPublishedDate === undefined &&
    request.endPublishedDate === undefined &&
    (request.includeDomains ?? []).length === 0 &&
    (request.excludeDomains ?? []).length === 0;
  return same ? panel : null;
}

/** The answer as kept: article texts cut to their teasers, then the last articles dropped until it fits. */
function fitted(query: string, savedAt: number, results: SearchResult[]): KeptHeadline | null {
  const kept = results.map((result) =>
    result.text === undefined || result.text.length <= KEPT_HEADLINES_LIMITS.textChars
      ? result
      : { ...result, text: result.text.slice(0, KEPT_HEADLINES_LIMITS.textChars) },
  );
  while (kept.length > 0) {
    const headline = { query, savedAt, results: kept };
    if (JSON.stringify(headline).length <= KEPT_HEADLINES_LIMITS.answerChars) return headline;
    kept.pop();
  }
  return null;
}

/**
 * The latest answer to each dashboard default query, kept in the shared store (every instance serves
 * it) for a day. A fan with no answer of their own in this browser sees it at once while their own
 * default search runs. Best effort: a store failure is logged and the dashboard waits for the search.
 */
export function createHeadlines(store: Store, logger: Logger, now: () => number = Date.now) {
  return {
    /** Keeps a fresh answer when it answers a default request; an empty one forgets the kept one. */
    async keep(request: ParsedSearchWithContentRequest, results: SearchResult[]): Promise<void> {
      const panel = dashboardPanelOf(request);
      if (!panel) return;
      const key = keys.searchHeadlines(panel);
      try {
        const headline = fitted(request.query, now(), results);
        if (headline) await store.set(key, JSON.stringify(headline), KEPT_HEADLINES_LIMITS.maxAgeMs);
        else await store.del(key);
      } catch (error) {
        logger.warn({ err: error, panel }, 'could not keep the default headlines');
      }
    },

    /** The kept answers that are still fresh, with their ages; one that no longer reads as a kept answer is skipped. */
    async read(): Promise<KeptHeadlinesResponse['headlines']> {
      const raws = await Promise.all(
        PANELS.map((panel) =>
          store.get(keys.searchHeadlines(panel)).catch((error: unknown) => {
            logger.warn({ err: error, panel }, 'could not read the default headlines');
            return null;
          }),
        ),
      );
      return PANELS.flatMap((panel, index) => {
        const raw = raws[index] ?? null;
        if (raw === null || raw.length > KEPT_HEADLINES_LIMITS.answerChars) return [];
        let parsed: unknown = null;
        try {
          parsed = JSON.parse(raw);
        } catch {
          return [];
        }
        const checked = keptHeadlineSchema.safeParse(parsed);
        if (!checked.success || checked.data.query !== DASHBOARD_DEFAULT_QUERIES[panel]) return [];
        const ageMs = now() - checked.data.savedAt;
        if (ageMs < 0 || ageMs > KEPT_HEADLINES_LIMITS.maxAgeMs) return [];
        return [{ query: checked.data.query, ageMs, results: checked.data.results }];
      });
    },
  };
}

export type Headlines = ReturnType<typeof createHeadlines>;

/**
 * Runs the dashboard's default searches and keeps their answers. Called after each ingest of the
 * local news index, where a search costs nothing, so a server's very first visitor paints headlines
 * too (with Exa each search is paid for: there the answers kept are the fans' own).
 */
export async function keepDefaultHeadlines(provider: SearchProvider, headlines: Headlines): Promise<void> {
  for (const query of Object.values(DASHBOARD_DEFAULT_QUERIES)) {
    const request = searchWithContentRequestSchema.parse(dashboardDefaultRequest(query));
    const answer = await provider.search(request, contentFlags(request));
    await headlines.keep(request, answer.results);
  }
}
