import { useAtomValue, useSetAtom, useStore, RESET } from '@client/lib/store';
import { useCallback, useEffect, useRef } from 'react';
import {
  applyGameChanges,
  SPORTS_DEFAULT_MAX_GAMES,
  type Game,
  type GameProcessResponse,
  type ScoreboardResponse,
  type SportsDataset,
  type SportsGenerateRequest,
  type SportsGenerateResponse,
  type SportsRefreshProgress,
} from '@shared/schemas/sports';
import { api, errorMessage } from '@client/lib/api-client';
import { getSocket } from '@client/lib/socket';
import { useScoreFeed, type ScoreFeedItem } from './score-feed';
import { sportsStateAtom, type SportsAction, type SportsState } from './state';

/** The fallback texts when a call fails without a message. */
export const GENERATE_FAILED = 'Failed to generate sports data';
export const GAME_PROCESS_FAILED = 'Failed to process game data';
export const LOAD_FAILED = 'An error occurred';

/** What Refresh All asks for (the server ignores the prompt). */
const GENERATE_REQUEST: SportsGenerateRequest = {
  prompt: 'Extract and structure game information from the fetched text',
  maxGames: SPORTS_DEFAULT_MAX_GAMES,
  includeCompleted: true,
  includeScheduled: true,
  includeLive: true,
};

export interface SportsData extends SportsState {
  refetch(): Promise<void>;
  refreshAll(): Promise<void>;
  /** Refreshes one game (it arrives in `data` too); resolves to an error message or null. */
  refreshGame(game: Game): Promise<string | null>;
}

/**
 * The scoreboard as this tab sees it: painted at once from the browser cache, then read from the
 * server, then kept current by the server's pushes (whole scoreboards, and the games a refresh
 * changed), so no tab polls and no tab compares scoreboards itself. Everything that carries scores
 * comes through the score feed, so it shows after the viewer's game-day delay, in the order it
 * arrived. An answer older than what the tab already has (a read overtaken by a push) is ignored.
 */
export function useSportsData(): SportsData {
  const state = useAtomValue(sportsStateAtom);
  const setState = useSetAtom(sportsStateAtom);
  const store = useStore();

  // Each visit starts from the cache again; an answer arriving after the page closed changes nothing.
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      setState(RESET);
    };
  }, [setState]);
  const dispatch = useCallback(
    (action: SportsAction) => {
      if (mounted.current) setState(action);
    },
    [setState],
  );

  const show = useCallback((next: SportsDataset) => dispatch({ type: 'dataset', data: next }), [dispatch]);
  // Read below, declared here: a games-changed push for a game this copy lacks asks for the whole scoreboard.
  const refetchRef = useRef<() => Promise<void>>(async () => {});

  const feed = useScoreFeed((item: ScoreFeedItem) => {
    if (item.type === 'dataset') {
      show(item.data);
      dispatch({ type: 'remote-refresh-ended' });
      return;
    }
    const current = store.get(sportsStateAtom).data;
    // No scoreboard yet: the read under way brings these games too.
    if (!current) return;
    const next = applyGameChanges(current, item.payload);
    if (next) show(next);
    else void refetchRef.current();
  });
  /** Scoreboards this tab is answered go through the feed too, behind whatever it still holds. */
  const apply = useCallback((next: SportsDataset) => feed.push({ type: 'dataset', data: next }), [feed]);

  const readScoreboard = useCallback(
    () =>
      api.get<ScoreboardResponse>('/sports/scoreboard').then(
        (answer) => {
          apply(answer.sportsData);
          dispatch({ type: 'load-finished', error: null });
        },
        (error: unknown) => dispatch({ type: 'load-finished', error: errorMessage(error, LOAD_FAILED) }),
      ),
    [apply, dispatch],
  );

  const refetch = useCallback(async () => {
    dispatch({ type: 'load-started' });
    await readScoreboard();
  }, [dispatch, readScoreboard]);
  useEffect(() => {
    refetchRef.current = refetch;
  }, [refetch]);

  const refreshAll = useCallback(async () => {
    if (store.get(sportsStateAtom).refreshing) return;
    dispatch({ type: 'refresh-started' });
    try {
      const answer = await api.post<SportsGenerateResponse>('/sports/generate', GENERATE_REQUEST);
      apply(answer.sportsData);
    } catch (error) {
      dispatch({ type: 'refresh-failed', error: errorMessage(error, GENERATE_FAILED) });
    } finally {
      dispatch({ type: 'refresh-finished' });
    }
  }, [apply, dispatch, store]);

  const refreshGame = useCallback(
    async (game: Game) => {
      if (!game.url) return GAME_PROCESS_FAILED;
      try {
        const answer = await api.post<GameProcessResponse>('/game/process', {
          gameId: game.id,
          url: game.url,
        });
        apply(answer.sportsData);
        return null;
      } catch (error) {
        return errorMessage(error, GAME_PROCESS_FAILED);
      }
    },
    [apply],
  );

  // The scoreboard read runs on mount (the cached copy is already painted).
  useEffect(() => {
    void readScoreboard();
  }, [readScoreboard]);

  useEffect(() => {
    const socket = getSocket();
    const onProgress = (next: SportsRefreshProgress) => {
      if (next.stage === 'saved' || next.stage === 'failed') {
        dispatch({ type: 'remote-refresh-ended' });
        return;
      }
      dispatch({ type: 'progress', progress: { stage: next.stage, message: next.message } });
    };
    // Back after a longer absence than the server replays: read what was missed.
    const onConnect = () => {
      if (!socket.recovered) void refetch();
    };
    socket.on('sports:refresh-progressed', onProgress);
    socket.on('connect', onConnect);
    return () => {
      socket.off('sports:refresh-progressed', onProgress);
      socket.off('connect', onConnect);
    };
  }, [dispatch, refetch]);

  return { ...state, refetch, refreshAll, refreshGame };
}
