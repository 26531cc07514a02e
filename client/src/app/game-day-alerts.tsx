import { useCallback } from 'react';
import { useNavigate } from 'react-router';
// The favourites' atom itself, not their hooks' module: only this and the Sports page would share
// that one, a file of its own on every signed-in page.
import { favouriteTeamsAtom } from '@client/features/favourites/state';
import { AlertToasts } from '@client/features/game-day/toasts';
import { useGameAlerts } from '@client/features/game-day/use-game-alerts';
// The score feed itself, not the sports barrel: the barrel would bring the Sports page's cards and
// dialog into every signed-in page.
import { useGameChangeStream } from '@client/features/sports/score-feed';
import { useAtomValue } from '@client/lib/store';

/** Where a game's dialog opens: the Sports page, told which game by the `game` search parameter. */
export function gamePath(gameId: string): string {
  return `/sports?${new URLSearchParams({ game: gameId })}`;
}

/**
 * Game-day alerts on every signed-in page: each change the scoreboard releases (after the fan's
 * delay) that concerns a favourite team becomes a toast here and, when no tab is on screen, a desktop
 * notification; either opens the game.
 */
export function GameDayAlerts() {
  const favourites = useAtomValue(favouriteTeamsAtom);
  const navigate = useNavigate();
  const openGame = useCallback((gameId: string) => void navigate(gamePath(gameId)), [navigate]);
  const announce = useGameAlerts({ favourites, onOpenGame: openGame });
  useGameChangeStream((payload) => announce(payload.changes));
  return <AlertToasts onOpenGame={openGame} />;
}
