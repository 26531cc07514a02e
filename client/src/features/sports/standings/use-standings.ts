import { useCallback, useEffect, useState } from 'react';
import { standingsSchema, type Standings } from '@shared/schemas/gamecast';
import type { LeagueName } from '@shared/schemas/sports';
import { api, ApiError, errorMessage } from '@client/lib/api-client';

/** What a fan sees when the answer fails without a message, or is not standings. */
export const STANDINGS_LOAD_FAILED = 'The standings could not be loaded.';

export type StandingsState =
  | { status: 'loading' }
  | { status: 'ready'; standings: Standings }
  /** `unavailable`: the server has no standings to give (the text scoreboard source); a retry cannot help. */
  | { status: 'error'; message: string; unavailable: boolean };

interface Failure {
  league: LeagueName;
  attempt: number;
  message: string;
  unavailable: boolean;
}

/**
 * One league's standings from the server. A league read once stays at hand while the view is open,
 * so going back to it shows it at once; `retry` reads a league that failed again.
 */
export function useStandings(league: LeagueName): { state: StandingsState; retry: () => void } {
  const [read, setRead] = useState<Partial<Record<LeagueName, Standings>>>({});
  const [failure, setFailure] = useState<Failure | null>(null);
  const [attempt, setAttempt] = useState(0);
  const held = read[league];

  useEffect(() => {
    if (held) return;
    const controller = new AbortController();
    api
      .get<unknown>(`/sports/standings/${league}`, { signal: controller.signal })
      .then((answer) => {
        const parsed = standingsSchema.safeParse(answer);
        if (!parsed.success) throw new Error(STANDINGS_LOAD_FAILED);
        setRead((known) => ({ ...known, [league]: parsed.data }));
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setFailure({
          league,
          attempt,
          message: errorMessage(error, STANDINGS_LOAD_FAILED),
          unavailable: error instanceof ApiError && error.code === 'not_configured',
        });
      });
    return () => controller.abort();
  }, [league, attempt, held]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  let state: StandingsState = { status: 'loading' };
  if (held) state = { status: 'ready', standings: held };
  else if (failure && failure.league === league && failure.attempt === attempt)
    state = { status: 'error', message: failure.message, unavailable: failure.unavailable };
  return { state, retry };
}
