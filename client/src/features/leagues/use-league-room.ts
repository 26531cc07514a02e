import { useCallback, useEffect, useState } from 'react';
import type { League, LeagueWatchAnswer } from '@shared/schemas/leagues';
import { errorMessage } from '@client/lib/api-client';
import { leagueApi } from './league-api';
import { pickCompany, setQueue, watchLeague } from './league-socket';

export interface LeagueRoomState {
  league: League | null;
  queue: string[];
  /** Why the league could not be read at all. */
  loadError: string | null;
}

/** Keeps the newer of two versions of a league: pushes may arrive out of order. */
export function newer(current: League | null, next: League): League {
  return current && current.version >= next.version ? current : next;
}

/**
 * One league for its page: read over HTTP at once, then live over the socket (every change by any
 * member or the server's clock), with the caller's own queue.
 */
export function useLeagueRoom(leagueId: string) {
  const [state, setState] = useState<LeagueRoomState>({ league: null, queue: [], loadError: null });

  useEffect(() => {
    let active = true;
    const take = (answer: LeagueWatchAnswer) =>
      setState((current) => {
        const league = newer(current.league, answer.league);
        return { league, queue: answer.queue.companyIds, loadError: null };
      });
    leagueApi
      .read(leagueId)
      .then((answer) => active && take(answer))
      .catch((error: unknown) => {
        if (active)
          setState((current) =>
            current.league
              ? current
              : { ...current, loadError: errorMessage(error, 'Could not load the league.') },
          );
      });
    const stop = watchLeague(leagueId, {
      onAnswer: take,
      onLeague: (league) => setState((current) => ({ ...current, league: newer(current.league, league) })),
      onQueue: (queue) => setState((current) => ({ ...current, queue: queue.companyIds })),
      // The HTTP read shows a failure already; a refused watch alone leaves the page as it is.
      onError: () => undefined,
    });
    return () => {
      active = false;
      stop();
    };
  }, [leagueId]);

  /** A league answered by an action (start, pick...) is applied at once, before its push arrives. */
  const apply = useCallback(
    (league: League) => setState((current) => ({ ...current, league: newer(current.league, league) })),
    [],
  );

  const pick = useCallback(
    async (companyId: string) => apply(await pickCompany(leagueId, companyId)),
    [apply, leagueId],
  );

  const saveQueue = useCallback(
    async (companyIds: string[]) => {
      let previous: string[] = [];
      // The new order shows at once; a refusal puts the stored one back.
      setState((current) => {
        previous = current.queue;
        return { ...current, queue: companyIds };
      });
      try {
        const stored = await setQueue(leagueId, companyIds);
        setState((current) => ({ ...current, queue: stored.companyIds }));
      } catch (error) {
        setState((current) => ({ ...current, queue: previous }));
        throw error;
      }
    },
    [leagueId],
  );

  return { ...state, apply, pick, saveQueue };
}
