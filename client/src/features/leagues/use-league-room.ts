import { useCallback, useEffect, useState } from 'react';
import type { League, LeagueWatchAnswer } from '@shared/schemas/leagues';
import { ApiError, errorMessage } from '@client/lib/api-client';
import { SocketRequestError } from '@client/lib/socket';
import { leagueApi } from './league-api';
import { pickCompany, setQueue, watchLeague } from './league-socket';

/**
 * Why a league the page was showing is no longer the person's: the commissioner removed them (the
 * server said so), or the server now answers that the league does not exist for them (a removal
 * whose push this tab missed, while it was offline say).
 */
export type LeagueLost = 'removed' | 'not_found';

export interface LeagueRoomState {
  league: League | null;
  queue: string[];
  /** Why the league could not be read at all. */
  loadError: string | null;
  /** Set once the league is no longer the person's; the page says so instead of showing it. */
  lost: LeagueLost | null;
}

/** The server's answer for a league the caller does not sit in (or that does not exist). */
export const isNotFound = (error: unknown) =>
  (error instanceof SocketRequestError || error instanceof ApiError) && error.code === 'not_found';

/** Keeps the newer of two versions of a league: pushes may arrive out of order. */
export function newer(current: League | null, next: League): League {
  return current && current.version >= next.version ? current : next;
}

/**
 * One league for its page: read over HTTP at once, then live over the socket (every change by any
 * member or the server's clock), with the caller's own queue, until it is no longer the caller's
 * (`lost`). One hook per league id: the page is mounted again for another league.
 */
export function useLeagueRoom(leagueId: string) {
  const [state, setState] = useState<LeagueRoomState>({
    league: null,
    queue: [],
    loadError: null,
    lost: null,
  });

  /**
   * A not_found for the league the page shows means it is no longer the person's; before anything
   * was shown it stays a league that could not be loaded. Once lost, nothing brings it back.
   */
  const noteNotFound = useCallback(
    () =>
      setState((current) => (current.league && !current.lost ? { ...current, lost: 'not_found' } : current)),
    [],
  );

  /** The league and the caller's queue as the server answered them (a read or a watch). */
  const take = useCallback(
    (answer: LeagueWatchAnswer) =>
      setState((current) =>
        current.lost
          ? current
          : {
              ...current,
              league: newer(current.league, answer.league),
              queue: answer.queue.companyIds,
              loadError: null,
            },
      ),
    [],
  );

  useEffect(() => {
    let active = true;
    leagueApi
      .read(leagueId)
      .then((answer) => active && take(answer))
      .catch((error: unknown) => {
        if (!active) return;
        if (isNotFound(error)) noteNotFound();
        setState((current) =>
          current.league
            ? current
            : { ...current, loadError: errorMessage(error, 'Could not load the league.') },
        );
      });
    const stop = watchLeague(leagueId, {
      onAnswer: take,
      onLeague: (league) =>
        setState((current) =>
          current.lost ? current : { ...current, league: newer(current.league, league) },
        ),
      onQueue: (queue) => setState((current) => ({ ...current, queue: queue.companyIds })),
      onRemoved: () => setState((current) => ({ ...current, lost: 'removed' })),
      // The HTTP read shows a failure already; a refused watch (after a reconnect that missed the
      // removal) is the server's membership check itself: not_found means the league is lost.
      onError: (error) => {
        if (isNotFound(error)) noteNotFound();
      },
    });
    return () => {
      active = false;
      stop();
    };
  }, [leagueId, noteNotFound, take]);

  /**
   * Runs an action on the league (a pick, a command...) and throws its refusal on as it came. A
   * not_found may name something else than the league (the seat a commissioner removes was gone
   * already), so the league is read again then: not_found for it marks it lost (the page says so).
   */
  const act = useCallback(
    async <T>(action: () => Promise<T>): Promise<T> => {
      try {
        return await action();
      } catch (error) {
        if (isNotFound(error))
          await leagueApi.read(leagueId).then(take, (readError: unknown) => {
            if (isNotFound(readError)) noteNotFound();
          });
        throw error;
      }
    },
    [leagueId, noteNotFound, take],
  );

  /** A league answered by an action (start, pick...) is applied at once, before its push arrives. */
  const apply = useCallback(
    (league: League) =>
      setState((current) => (current.lost ? current : { ...current, league: newer(current.league, league) })),
    [],
  );

  const pick = useCallback(
    async (companyId: string) => apply(await act(() => pickCompany(leagueId, companyId))),
    [act, apply, leagueId],
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
        const stored = await act(() => setQueue(leagueId, companyIds));
        setState((current) => ({ ...current, queue: stored.companyIds }));
      } catch (error) {
        setState((current) => ({ ...current, queue: previous }));
        throw error;
      }
    },
    [act, leagueId],
  );

  return { ...state, act, apply, pick, saveQueue };
}
