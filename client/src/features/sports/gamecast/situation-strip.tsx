import type { Game, GameSituation } from '@shared/schemas/sports';
import { teamShortName, TONE_BADGE } from '../game-format';

const BASE_NAMES = ['first', 'second', 'third'] as const;

/** The runners in words, the base diamond's text alternative ('Runners on first and third'). */
export function runnersText(situation: Pick<GameSituation, 'onFirst' | 'onSecond' | 'onThird'>): string {
  const on = BASE_NAMES.filter(
    (_, index) => [situation.onFirst, situation.onSecond, situation.onThird][index],
  );
  if (on.length === 0) return 'Bases empty';
  if (on.length === 3) return 'Bases loaded';
  return on.length === 1 ? `Runner on ${on[0]}` : `Runners on ${on[0]} and ${on[1]}`;
}

/** The bases seen from behind home plate: second at the top, first on the right, third on the left. */
function BaseDiamond({ situation }: { situation: GameSituation }) {
  const base = (x: number, y: number, occupied: boolean, name: string) => (
    <rect
      key={name}
      x={x - 7}
      y={y - 7}
      width={14}
      height={14}
      transform={`rotate(45 ${x} ${y})`}
      className={occupied ? 'text-brand-600 dark:text-brand-500' : 'text-slate-400'}
      fill={occupied ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={2}
    />
  );
  return (
    <svg viewBox="0 0 56 44" className="h-10 w-12 shrink-0" role="img" aria-label={runnersText(situation)}>
      {base(28, 11, situation.onSecond, 'second')}
      {base(44, 27, situation.onFirst, 'first')}
      {base(12, 27, situation.onThird, 'third')}
    </svg>
  );
}

/** Filled dots for a count ('2 of 3'), read out as the label and number beside them. */
function CountDots({ label, value, of }: { label: string; value: number; of: number }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <span className="text-xs font-semibold text-slate-600 dark:text-slate-300">{label}</span>
      <span aria-hidden="true" className="inline-flex gap-0.5">
        {Array.from({ length: of }, (_, index) => (
          <span
            key={index}
            className={`h-2.5 w-2.5 rounded-full ${index < value ? 'bg-slate-900 dark:bg-slate-100' : 'ring-1 ring-slate-400 ring-inset'}`}
          />
        ))}
      </span>
      <span className="sr-only">{value}</span>
    </span>
  );
}

const PILL = 'rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset';

/**
 * Where a live game stands, from the scoreboard: NFL down and distance, ball on, possession and the red
 * zone; MLB the count, outs and runners; NHL the power play; every league the last play. The last play
 * can tell the score, so `hidePlay` (Hide scores on, game not revealed) leaves it out.
 */
export function SituationStrip({ game, hidePlay }: { game: Game; hidePlay: boolean }) {
  const situation = game.situation;
  if (!game.isLive || !situation) return null;
  const possession =
    situation.possession === null
      ? null
      : teamShortName(game.league, situation.possession === 'away' ? game.awayTeam : game.homeTeam);
  const hasCount = situation.balls !== null || situation.strikes !== null || situation.outs !== null;
  const showsBases = game.league === 'MLB';
  const lastPlay = hidePlay ? null : situation.lastPlay;
  const hasLine = situation.downDistance || possession || situation.isRedZone || hasCount || showsBases;
  if (!hasLine && !situation.powerPlay && !lastPlay) return null;

  return (
    <section
      aria-label="Situation"
      className="space-y-2 rounded-xl border border-slate-200 bg-slate-50 px-3 py-2.5 dark:border-slate-800 dark:bg-slate-800/40"
    >
      {hasLine || situation.powerPlay ? (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-slate-900 dark:text-slate-100">
          {situation.downDistance ? <span className="font-semibold">{situation.downDistance}</span> : null}
          {possession ? (
            <span className="inline-flex items-center gap-1.5">
              <span aria-hidden="true" className="h-2.5 w-3 rounded-full bg-brand-600" />
              <span>
                <span className="sr-only">Possession: </span>
                {possession} ball
              </span>
            </span>
          ) : null}
          {situation.isRedZone ? <span className={`${PILL} ${TONE_BADGE.live}`}>Red zone</span> : null}
          {hasCount ? (
            <span className="inline-flex flex-wrap items-center gap-3">
              {situation.balls !== null ? <CountDots label="Balls" value={situation.balls} of={4} /> : null}
              {situation.strikes !== null ? (
                <CountDots label="Strikes" value={situation.strikes} of={3} />
              ) : null}
              {situation.outs !== null ? <CountDots label="Outs" value={situation.outs} of={3} /> : null}
            </span>
          ) : null}
          {showsBases ? (
            <span className="inline-flex items-center gap-2">
              <BaseDiamond situation={situation} />
              <span aria-hidden="true" className="text-xs text-slate-600 dark:text-slate-300">
                {runnersText(situation)}
              </span>
            </span>
          ) : null}
          {situation.powerPlay ? (
            <span className={`${PILL} ${TONE_BADGE.other}`}>{situation.powerPlay}</span>
          ) : null}
        </div>
      ) : null}
      {lastPlay ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          <span className="font-semibold text-slate-900 dark:text-slate-100">Last play: </span>
          {lastPlay}
        </p>
      ) : null}
    </section>
  );
}
