import { useCallback, useEffect, useRef, useState } from 'react';
import {
  SPORTS_DEFAULT_MAX_GAMES,
  sportsDatasetSchema,
  type Game,
  type GameProcessResponse,
  type ScoreboardResponse,
  type SportsDataset,
  type SportsDataUpdatedPayload,
  type SportsGenerateRequest,
  type SportsGenerateResponse,
  type SportsRefreshProgress,
} from '@shared/schemas/sports';
import { api, errorMessage } from '@client/lib/api-client';
import { getSocket } from '@client/lib/socket';
import { readCachedSports, writeCachedSports } from './sports-cache';

/** SPEC.md section 8: the fallbacks when a call fails without a message. */
export const GENERATE_FAILED = 'Failed to generate sports data';
export const GAME_PROCESS_FAILED = 'Failed to process game data';
export const LOAD_FAILED = 'An error occurred';

/** SPEC.md section 7: what Refresh All asks for. */
const GENERATE_REQUEST: SportsGenerateRequest = {
  prompt: 'Extract and structure game information from the fetched text',
  maxGames: SPORTS_DEFAULT_MAX_GAMES,
  includeCompleted: true,
  includeScheduled: true,
  includeLive: true,
};

export interface SportsData {
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
  refetch(): Promise<void>;
  refreshAll(): Promise<void>;
  /** Refreshes one game (it arrives in `data` too); resolves to an error message or null. */
  refreshGame(game: Game): Promise<string | null>;
}

const newer = (next: SportsDataset, current: SportsDataset | null) =>
  current === null || !(Date.parse(next.lastUpdated) < Date.parse(current.lastUpdated));

/**
 * The scoreboard as this tab sees it: painted at once from the browser cache, then read from the
 * server, then kept current by every `sportsDataUpdated` push, so no tab polls. An answer older than
 * what the tab already has (a read overtaken by a push) is ignored.
 */
export function useSportsData(): SportsData {
  const [data, setData] = useState<SportsDataset | null>(readCachedSports);
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  const [refreshError, setRefreshError] = useState<string | null>(null);
  const [progress, setProgress] = useState<SportsData['progress']>(null);
  const dataRef = useRef(data);
  const refreshingRef = useRef(false);

  const apply = useCallback((next: SportsDataset) => {
    if (!newer(next, dataRef.current)) return;
    dataRef.current = next;
    setData(next);
    writeCachedSports(next);
  }, []);

  const readScoreboard = useCallback(
    () =>
      api.get<ScoreboardResponse>('/sports/scoreboard').then(
        (answer) => {
          apply(answer.sportsData);
          setLoadError(null);
          setLoading(false);
        },
        (error: unknown) => {
          setLoadError(errorMessage(error, LOAD_FAILED));
          setLoading(false);
        },
      ),
    [apply],
  );

  const refetch = useCallback(async () => {
    setLoading(true);
    setLoadError(null);
    await readScoreboard();
  }, [readScoreboard]);

  const refreshAll = useCallback(async () => {
    if (refreshingRef.current) return;
    refreshingRef.current = true;
    setRefreshing(true);
    setRefreshError(null);
    setProgress({ stage: 'fetching', message: null });
    try {
      const answer = await api.post<SportsGenerateResponse>('/sports/generate', GENERATE_REQUEST);
      apply(answer.sportsData);
    } catch (error) {
      setRefreshError(errorMessage(error, GENERATE_FAILED));
    } finally {
      refreshingRef.current = false;
      setRefreshing(false);
      setProgress(null);
    }
  }, [apply]);

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

  // SPEC.md section 4: the scoreboard read runs on mount (the cached copy is already painted).
  useEffect(() => {
    void readScoreboard();
  }, [readScoreboard]);

  useEffect(() => {
    const socket = getSocket();
    const onUpdate = (payload: SportsDataUpdatedPayload) => {
      const parsed = sportsDatasetSchema.safeParse(payload?.sportsData);
      if (!parsed.success) {
        console.warn('sports: ignoring an unreadable sportsDataUpdated push');
        return;
      }
      apply(parsed.data);
      if (!refreshingRef.current) setProgress(null);
    };
    const onProgress = (next: SportsRefreshProgress) => {
      if (next.stage === 'saved' || next.stage === 'failed') {
        if (!refreshingRef.current) setProgress(null);
        return;
      }
      setProgress({ stage: next.stage, message: next.message });
    };
    // Back after a longer absence than the server replays: read what was missed.
    const onConnect = () => {
      if (!socket.recovered) void refetch();
    };
    socket.on('sportsDataUpdated', onUpdate);
    socket.on('sports:refresh-progressed', onProgress);
    socket.on('connect', onConnect);
    return () => {
      socket.off('sportsDataUpdated', onUpdate);
      socket.off('sports:refresh-progressed', onProgress);
      socket.off('connect', onConnect);
    };
  }, [apply, refetch]);

  return { data, loading, loadError, refreshing, refreshError, progress, refetch, refreshAll, refreshGame };
}
