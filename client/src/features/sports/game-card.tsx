import type { ReactNode } from 'react';
import { Eye, Tv } from '@client/components/icons';
import type { Game, LeagueName, WatchLabel } from '@shared/schemas/sports';
import { buttonClass } from '@client/components/button';
import { textOn } from '@client/lib/colour-contrast';
import {
  catalogueTeam,
  formatStartTime,
  showsStartTime,
  statusLabel,
  statusTone,
  TONE_TEXT,
  WATCH_BADGE,
} from './game-format';

/** The team's short name on its colour: no remote logo, so a card never looks broken offline. */
export function TeamMark({
  league,
  name,
  size = 'sm',
}: {
  league: LeagueName;
  name: string;
  size?: 'sm' | 'lg';
}) {
  const team = catalogueTeam(league, name);
  const label = team?.short_name ?? name.slice(0, 3).toUpperCase();
  const dimensions = size === 'lg' ? 'h-12 w-12 text-sm' : 'h-8 w-8 text-[0.65rem]';
  const colour = team?.primary_color ?? '#475569';
  return (
    <span
      aria-hidden="true"
      className={`${dimensions} inline-flex shrink-0 items-center justify-center rounded-lg font-bold tracking-tight ring-1 ring-black/10 dark:ring-white/30`}
      style={{ backgroundColor: colour, color: textOn(colour) }}
    >
      {label}
    </span>
  );
}

function TvIcon() {
  return <Tv aria-hidden="true" className="h-3.5 w-3.5 shrink-0" />;
}

/** Stands in for a score while Hide scores keeps it from the viewer. */
export function HiddenScore() {
  return (
    <>
      <span aria-hidden="true">–</span>
      <span className="sr-only">score hidden</span>
    </>
  );
}

/**
 * Whether the game is worth watching ('Close game', 'Comeback', 'Blowout'), told without the score, so
 * it shows with Hide scores on too. The one-sentence reason is for the caller to give: visible text in
 * the dialog, the card's accessible description.
 */
export function WatchBadge({ watch, size = 'sm' }: { watch: WatchLabel; size?: 'sm' | 'md' }) {
  const text = size === 'md' ? 'text-xs' : 'text-[0.65rem]';
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 font-semibold tracking-normal whitespace-nowrap normal-case ring-1 ring-inset ${text} ${WATCH_BADGE[watch.kind]}`}
    >
      {watch.label}
    </span>
  );
}

/** Whether a game has a score to hide (a game before its start has none). */
export const hasScore = (game: Game) => game.awayScore !== null || game.homeScore !== null;

function TeamRow({ game, side, scoreHidden }: { game: Game; side: 'away' | 'home'; scoreHidden: boolean }) {
  const name = side === 'away' ? game.awayTeam : game.homeTeam;
  const score = side === 'away' ? game.awayScore : game.homeScore;
  const other = side === 'away' ? game.homeScore : game.awayScore;
  // The winner in bold would tell the result just as well as the score.
  const leading = !scoreHidden && game.isCompleted && score !== null && other !== null && score > other;
  return (
    <div className="flex items-center gap-3">
      <TeamMark league={game.league} name={name} />
      <span
        className={`line-clamp-2 min-w-0 flex-1 leading-snug break-words ${leading ? 'font-semibold text-slate-900 dark:text-white' : 'text-slate-800 dark:text-slate-200'}`}
      >
        {name}
      </span>
      {score !== null ? (
        <span
          className={`text-lg tabular-nums ${leading ? 'font-bold text-slate-900 dark:text-white' : 'font-semibold text-slate-700 dark:text-slate-300'}`}
        >
          {scoreHidden ? <HiddenScore /> : score}
        </span>
      ) : null}
    </div>
  );
}

export interface GameCardProps {
  game: Game;
  /** The card is a button only when this is given. */
  onClick?: (game: Game) => void;
  favourite?: boolean;
  /** Hide scores is on and this game is not revealed: scores show as "–". */
  scoreHidden?: boolean;
  /** With scoreHidden, a "Reveal score" button on the card calls this for the game. */
  onReveal?: (game: Game) => void;
  /** Shown beside the league (the app puts the game room's unread badge here). */
  badge?: ReactNode;
}

/**
 * One game: league, status (red live, grey completed, blue otherwise), both teams with scores when
 * there are any, the start time only before the game, and the broadcast line.
 */
export function GameCard({
  game,
  onClick,
  favourite = false,
  scoreHidden = false,
  onReveal,
  badge,
}: GameCardProps) {
  const revealable = scoreHidden && hasScore(game) && onReveal !== undefined;
  const tone = statusTone(game);
  const start = showsStartTime(game) ? formatStartTime(game.startTime) : null;
  const livePeriod = game.isLive ? game.period : null;
  const watchReasonId = `watch-reason-${game.id}`;
  const body = (
    <>
      <div className="flex items-center justify-between gap-2 text-xs font-semibold tracking-wide uppercase">
        <span className="flex min-w-0 flex-wrap items-center gap-x-1.5 gap-y-1 text-slate-500 dark:text-slate-400">
          <span>
            {game.league}
            {favourite ? (
              <span className="ml-1.5 text-amber-500" title="Favourite team">
                ★<span className="sr-only"> Favourite team</span>
              </span>
            ) : null}
          </span>
          {badge}
          {game.watch ? <WatchBadge watch={game.watch} /> : null}
        </span>
        <span className={`flex items-center gap-1.5 ${TONE_TEXT[tone]}`}>
          {game.isLive ? (
            <span aria-hidden="true" className="relative flex h-2 w-2">
              <span className="absolute inline-flex h-full w-full animate-ping rounded-full bg-red-500 opacity-60" />
              <span className="relative inline-flex h-2 w-2 rounded-full bg-red-500" />
            </span>
          ) : null}
          {statusLabel(game)}
        </span>
      </div>
      <div className="mt-3 space-y-2">
        <TeamRow game={game} side="away" scoreHidden={scoreHidden} />
        <TeamRow game={game} side="home" scoreHidden={scoreHidden} />
      </div>
      {start || livePeriod || game.broadcast ? (
        <div className="mt-3 flex flex-wrap items-center justify-between gap-x-3 gap-y-1 border-t border-slate-100 pt-2 text-xs text-slate-500 dark:border-slate-800 dark:text-slate-400">
          {livePeriod ? (
            <span className="font-medium text-red-600 dark:text-red-400">{livePeriod}</span>
          ) : start ? (
            <span>{start}</span>
          ) : (
            <span />
          )}
          {game.broadcast ? (
            <span className="inline-flex min-w-0 items-center gap-1">
              <TvIcon />
              <span className="sr-only">Broadcast: </span>
              <span className="truncate">{game.broadcast}</span>
            </span>
          ) : null}
        </div>
      ) : null}
      {game.watch ? (
        // The card's accessible description: a tooltip would reach neither touch nor keyboard.
        <span id={watchReasonId} className="sr-only">
          {game.watch.reason}
        </span>
      ) : null}
      {/* Room for the Reveal score button, which sits over the card beside (never inside) its button. */}
      {revealable ? <div aria-hidden="true" className="mt-3 h-8" /> : null}
    </>
  );
  const frame =
    'block w-full rounded-xl border bg-white p-4 text-left shadow-sm dark:bg-slate-900 ' +
    (game.isLive ? 'border-red-200 dark:border-red-900/60' : 'border-slate-200 dark:border-slate-800');
  const card = !onClick ? (
    <div className={frame}>{body}</div>
  ) : (
    <button
      type="button"
      onClick={() => onClick(game)}
      aria-describedby={game.watch ? watchReasonId : undefined}
      className={`${frame} transition hover:-translate-y-0.5 hover:border-brand-500 hover:shadow-md focus-visible:border-brand-500 dark:hover:border-brand-500`}
    >
      {body}
    </button>
  );
  if (!revealable) return card;
  const teamsId = `reveal-teams-${game.id}`;
  return (
    <div className="relative">
      {card}
      <button
        type="button"
        aria-describedby={teamsId}
        onClick={() => onReveal(game)}
        className={`absolute bottom-4 left-4 ${buttonClass('secondary', 'sm')}`}
      >
        <Eye aria-hidden="true" className="h-4 w-4" />
        Reveal score
      </button>
      <span id={teamsId} hidden>
        {game.awayTeam} at {game.homeTeam}
      </span>
    </div>
  );
}
