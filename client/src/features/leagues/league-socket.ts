import { z } from 'zod/mini';
import {
  leagueRemovedSchema,
  type League,
  type LeagueQueue,
  type LeagueWatchAnswer,
} from '@shared/schemas/leagues';
import { getSocket, request } from '@client/lib/socket';

/** What the draft room hears about one league. */
export interface LeagueRoomListener {
  onAnswer(answer: LeagueWatchAnswer): void;
  onLeague(league: League): void;
  onQueue(queue: LeagueQueue): void;
  /** The commissioner removed the signed-in person from this league (`league:removed`). */
  onRemoved(): void;
  onError(error: unknown): void;
}

/**
 * Calls `listener` with the id of each league the commissioner removes the signed-in person from
 * (`league:removed`, to every tab of theirs), read through the shared schema: anything else is
 * ignored. Returns the stop.
 */
export function onLeagueRemoved(listener: (leagueId: string) => void): () => void {
  const socket = getSocket();
  const onRemoved = (payload: unknown) => {
    const parsed = z.safeParse(leagueRemovedSchema, payload);
    if (!parsed.success) {
      console.warn('leagues: ignoring an unreadable league:removed push');
      return;
    }
    listener(parsed.data.leagueId);
  };
  socket.on('league:removed', onRemoved);
  return () => {
    socket.off('league:removed', onRemoved);
  };
}

/**
 * Watches one league on the app's socket: asks for it now (when connected) and again after every
 * reconnect, and passes on its pushes. Returns the stop, which unwatches.
 */
export function watchLeague(leagueId: string, listener: LeagueRoomListener): () => void {
  const socket = getSocket();
  let stopped = false;
  const watch = () => {
    request('league:watch', { leagueId })
      .then((answer) => {
        if (!stopped) listener.onAnswer(answer);
      })
      .catch((error: unknown) => {
        if (!stopped) listener.onError(error);
      });
  };
  const onLeague = (league: League) => {
    if (league.id === leagueId) listener.onLeague(league);
  };
  const onQueue = (queue: LeagueQueue) => {
    if (queue.leagueId === leagueId) listener.onQueue(queue);
  };
  socket.on('connect', watch);
  socket.on('league:changed', onLeague);
  socket.on('league:queue-changed', onQueue);
  const stopRemoved = onLeagueRemoved((removedFrom) => {
    if (removedFrom === leagueId && !stopped) listener.onRemoved();
  });
  if (socket.connected) watch();
  return () => {
    stopped = true;
    stopRemoved();
    socket.off('connect', watch);
    socket.off('league:changed', onLeague);
    socket.off('league:queue-changed', onQueue);
    if (socket.connected) socket.emit('league:unwatch', { leagueId });
  };
}

export const pickCompany = (leagueId: string, companyId: string) =>
  request('league:pick', { leagueId, companyId });

export const setQueue = (leagueId: string, companyIds: string[]) =>
  request('league:queue-set', { leagueId, companyIds });
