import { useId, useState } from 'react';
import type { GamecastPlay } from '@shared/schemas/gamecast';
import type { Game } from '@shared/schemas/sports';
import { teamShortName } from '../game-format';
import { SECTION_HEADING, toggleClass } from './section-style';

function PlayItem({ play, game }: { play: GamecastPlay; game: Game }) {
  const away = teamShortName(game.league, game.awayTeam);
  const home = teamShortName(game.league, game.homeTeam);
  const team = play.team === null ? null : play.team === 'away' ? away : home;
  const when = [play.period, play.clock].filter(Boolean).join(' · ');
  return (
    <li className="py-2">
      {/* When and who, with the score after it, on one line; the play's text gets the full width. */}
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <p className="text-xs font-medium text-slate-500 dark:text-slate-400">
          {when}
          {team ? (
            <span className="ml-2 font-semibold text-slate-700 dark:text-slate-200">{team}</span>
          ) : null}
        </p>
        {play.awayScore !== null && play.homeScore !== null ? (
          <p className="text-sm font-semibold whitespace-nowrap text-slate-900 tabular-nums dark:text-slate-100">
            <span className="sr-only">Score after: </span>
            {away} {play.awayScore}
            <span aria-hidden="true"> – </span>
            <span className="sr-only">, </span>
            {home} {play.homeScore}
          </p>
        ) : null}
      </div>
      <p className="mt-0.5 text-sm break-words text-slate-900 dark:text-slate-100">{play.text}</p>
    </li>
  );
}

/**
 * The game's plays, newest first: the scoring plays, or every play the source lists once "Show all
 * plays" is pressed (the toggle is there only when the source lists plays, which the NFL's does not).
 */
export function PlaysSection({
  game,
  scoringPlays,
  plays,
}: {
  game: Game;
  scoringPlays: GamecastPlay[];
  plays: GamecastPlay[];
}) {
  const [showAll, setShowAll] = useState(false);
  const headingId = useId();
  if (scoringPlays.length === 0 && plays.length === 0) return null;
  const shown = showAll ? plays : scoringPlays;
  const title = showAll ? 'All plays' : 'Scoring plays';
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className={SECTION_HEADING}>
          {title}
        </h3>
        {plays.length > 0 ? (
          <button
            type="button"
            aria-pressed={showAll}
            onClick={() => setShowAll((all) => !all)}
            className={toggleClass(showAll)}
          >
            Show all plays
          </button>
        ) : null}
      </div>
      {shown.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">No scoring plays yet.</p>
      ) : (
        // Scrolls within itself, so a game of 500 plays does not push the chat out of reach.
        <div
          role="region"
          aria-label={`${title}, newest first`}
          tabIndex={0}
          className="max-h-96 overflow-y-auto rounded-xl border border-slate-200 px-3 dark:border-slate-800"
        >
          <ol className="divide-y divide-slate-100 dark:divide-slate-800">
            {shown.map((play) => (
              <PlayItem key={play.id} play={play} game={game} />
            ))}
          </ol>
        </div>
      )}
    </section>
  );
}
