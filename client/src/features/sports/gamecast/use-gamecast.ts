import { useStore } from '@client/lib/store';
import { useEffect, useState } from 'react';
import type { LeagueName } from '@shared/schemas/sports';
import { followGamecast, type GamecastState } from './gamecast-feed';

const LOADING: GamecastState = { status: 'loading' };

/**
 * The Gamecast of the game whose dialog is open: watched while the component is mounted (unwatched
 * when it unmounts or the game changes), live, and as far behind live as the viewer's game-day delay.
 */
export function useGamecast(gameId: string, league: LeagueName): GamecastState {
  const store = useStore();
  const [state, setState] = useState<{ gameId: string; value: GamecastState }>({ gameId, value: LOADING });

  useEffect(
    () => followGamecast({ store, gameId, league, onState: (value) => setState({ gameId, value }) }),
    [store, gameId, league],
  );

  return state.gameId === gameId ? state.value : LOADING;
}
