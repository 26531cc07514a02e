import type { Gamecast } from '@shared/schemas/gamecast';
import type { Game } from '@shared/schemas/sports';
import { BoxScore } from './box-score';
import { LeadersSection } from './leaders-section';
import { PlaysSection } from './plays-section';
import { GamecastSkeleton } from './skeleton';
import { useGamecast } from './use-gamecast';
import { WinProbability } from './win-probability';

export { SituationStrip } from './situation-strip';

/** Whether a Gamecast has anything to show beyond what the scoreboard has. */
export const hasGamecastContent = (gamecast: Gamecast): boolean =>
  gamecast.scoringPlays.length > 0 ||
  gamecast.plays.length > 0 ||
  gamecast.teamStats.length > 0 ||
  gamecast.playerTables.some((table) => table.athletes.length > 0) ||
  gamecast.leaders.length > 0 ||
  (gamecast.winProbability?.length ?? 0) > 0;

export interface GamecastPanelProps {
  game: Game;
  /** Hide scores is on and the game is not revealed: plays, box score, leaders and chart stay out. */
  hidden: boolean;
}

/**
 * The game's Gamecast in its dialog: scoring plays (all plays on request), win probability, leaders
 * and the box score, live while the dialog is open. Sections with nothing in them are left out, and a
 * game without a summary shows none. With `hidden` none of it is rendered, so nothing of it can be read
 * until the score is revealed.
 */
export function GamecastPanel({ game, hidden }: GamecastPanelProps) {
  const state = useGamecast(game.id, game.league);
  if (state.status === 'loading') return <GamecastSkeleton />;
  if (state.status === 'unavailable') {
    return state.notFound ? null : (
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Live game details are not available right now.
      </p>
    );
  }
  const { gamecast } = state;
  if (!gamecast || !hasGamecastContent(gamecast)) return null;
  if (hidden) {
    return (
      <p className="rounded-xl border border-dashed border-slate-300 px-4 py-3 text-sm text-slate-600 dark:border-slate-700 dark:text-slate-300">
        Plays, box score and win probability are hidden with the score. Reveal score to see them.
      </p>
    );
  }
  return (
    <div className="space-y-6">
      <PlaysSection game={game} scoringPlays={gamecast.scoringPlays} plays={gamecast.plays} />
      {gamecast.winProbability ? <WinProbability game={game} points={gamecast.winProbability} /> : null}
      <LeadersSection game={game} leaders={gamecast.leaders} />
      <BoxScore game={game} gamecast={gamecast} />
    </div>
  );
}
