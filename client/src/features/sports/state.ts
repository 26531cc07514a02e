import { atom, RESET } from '@client/lib/store';
import type { SportsDataset, SportsRefreshProgress } from '@shared/schemas/sports';
import { readCachedSports, writeCachedSports } from './sports-cache';

export interface SportsState {
  data: SportsDataset | null;
  /** The scoreboard read (mount, 'Refresh API', 'Try again') is running. */
  loading: boolean;
  /** The scoreboard read failed: 'Error loading sports data'. */
  loadError: string | null;
  /** This tab's Refresh All is running. */
  refreshing: boolean;
  /** Refresh All failed: 'Error processing sports data'. */
  refreshError: string | null;
  /** A refresh in progress: this tab's, or one this user asked for in another tab (pushed by the server). */
  progress: { stage: SportsRefreshProgress['stage']; message: string | null } | null;
}

export type SportsAction =
  | { type: 'dataset'; data: SportsDataset }
  | { type: 'load-started' }
  | { type: 'load-finished'; error: string | null }
  | { type: 'refresh-started' }
  | { type: 'refresh-failed'; error: string }
  | { type: 'refresh-finished' }
  | { type: 'progress'; progress: SportsState['progress'] }
  /** Another tab's refresh ended: its progress goes, unless this tab's own refresh is running. */
  | { type: 'remote-refresh-ended' };

/** Painted at once from the browser cache; the scoreboard read starts as the page opens. */
export function initialSportsState(): SportsState {
  return {
    data: readCachedSports(),
    loading: true,
    loadError: null,
    refreshing: false,
    refreshError: null,
    progress: null,
  };
}

export function sportsReducer(state: SportsState, action: SportsAction): SportsState {
  switch (action.type) {
    case 'dataset':
      return { ...state, data: action.data };
    case 'load-started':
      return { ...state, loading: true, loadError: null };
    case 'load-finished':
      return { ...state, loading: false, loadError: action.error };
    case 'refresh-started':
      return {
        ...state,
        refreshing: true,
        refreshError: null,
        progress: { stage: 'fetching', message: null },
      };
    case 'refresh-failed':
      return { ...state, refreshError: action.error };
    case 'refresh-finished':
      return { ...state, refreshing: false, progress: null };
    case 'progress':
      return { ...state, progress: action.progress };
    case 'remote-refresh-ended':
      return state.refreshing ? state : { ...state, progress: null };
  }
}

const isNewer = (next: SportsDataset, current: SportsDataset | null) =>
  current === null || !(Date.parse(next.lastUpdated) < Date.parse(current.lastUpdated));

/** null: nothing happened since the page opened, so the state is the initial one. */
const currentAtom = atom<SportsState | null>(null);
/** Counts resets, so the initial state (and the cache under it) is read again after each one. */
const visitAtom = atom(0);

/**
 * The scoreboard as the Sports page sees it, one reducer over one state. Writing RESET starts over
 * (the page does when it closes), so each visit paints from the cache and reads the scoreboard anew.
 */
export const sportsStateAtom = atom(
  (get) => {
    get(visitAtom);
    return get(currentAtom) ?? initialSportsState();
  },
  (get, set, action: SportsAction | typeof RESET) => {
    if (action === RESET) {
      set(currentAtom, null);
      set(visitAtom, (visit) => visit + 1);
      return;
    }
    // A dataset older than the one shown (a read overtaken by a push) is ignored.
    if (action.type === 'dataset' && !isNewer(action.data, get(sportsStateAtom).data)) return;
    set(currentAtom, sportsReducer(get(sportsStateAtom), action));
    if (action.type === 'dataset') writeCachedSports(action.data);
  },
);
