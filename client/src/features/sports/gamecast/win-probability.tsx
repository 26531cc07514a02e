import { useId, useState } from 'react';
import type { WinProbabilityPoint } from '@shared/schemas/gamecast';
import type { Game } from '@shared/schemas/sports';
import { teamShortName } from '../game-format';
import { CELL, HEAD_CELL, SECTION_HEADING, TABLE, toggleClass } from './section-style';

const percent = (value: number) => `${Math.round(value)}%`;

/** Where the period changes (its first point), for the marks across the chart. */
export function periodStarts(
  points: readonly WinProbabilityPoint[],
): Array<{ index: number; period: string }> {
  const starts: Array<{ index: number; period: string }> = [];
  points.forEach((point, index) => {
    if (index > 0 && point.period !== points[index - 1]!.period) starts.push({ index, period: point.period });
  });
  return starts;
}

const PERIOD_LETTER: Record<string, string> = { quarter: 'Q', period: 'P', half: 'H' };

/**
 * A period mark's label, short enough for a phone: '2nd Quarter' → 'Q2', '3rd Period' → 'P3', an
 * inning's top → '3rd'; null for an inning's bottom (its line is enough). Other words stay as they are.
 */
export function markLabel(period: string): string | null {
  const numbered = /^(\d+)(?:st|nd|rd|th) (quarter|period|half)$/i.exec(period);
  if (numbered) return `${PERIOD_LETTER[numbered[2]!.toLowerCase()]}${numbered[1]}`;
  if (/^(?:bottom|bot|mid|end) /i.test(period)) return null;
  const top = /^top (.+)$/i.exec(period);
  return top ? top[1]! : period;
}

/** Labels closer than this (in % of the chart's width) to the one before are left out. */
const MIN_LABEL_GAP = 9;

/**
 * The home team's chance of winning over the game: a line drawn from the source's points (oldest on the
 * left), the 50 % line, and a mark where each period starts. The SVG stretches to any width (the line
 * keeps its thickness); the labels are HTML, so they stay readable on a phone. "Show win probability
 * table" gives the same points as a table, its text alternative.
 */
export function WinProbability({ game, points }: { game: Game; points: WinProbabilityPoint[] }) {
  const headingId = useId();
  const tableId = useId();
  const [tableOpen, setTableOpen] = useState(false);
  if (points.length === 0) return null;
  const home = teamShortName(game.league, game.homeTeam);
  const away = teamShortName(game.league, game.awayTeam);
  const last = points[points.length - 1]!;
  const span = Math.max(1, points.length - 1);
  const x = (index: number) => (points.length === 1 ? 50 : (index / span) * 100);
  const line = points
    .map((point, index) => `${x(index).toFixed(2)},${(100 - point.homePercent).toFixed(2)}`)
    .join(' ');
  const marks = periodStarts(points);
  const labels: Array<{ at: number; text: string }> = [];
  for (const mark of marks) {
    const text = markLabel(mark.period);
    const at = x(mark.index);
    const previous = labels.at(-1)?.at ?? -Infinity;
    if (text && at - previous >= MIN_LABEL_GAP && at >= 3 && at <= 97) labels.push({ at, text });
  }

  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className={SECTION_HEADING}>
          Win probability
        </h3>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {home}{' '}
          <span className="font-semibold text-slate-900 dark:text-slate-100">
            {percent(last.homePercent)}
          </span>
          <span aria-hidden="true"> · </span>
          <span className="sr-only">, </span>
          {away}{' '}
          <span className="font-semibold text-slate-900 dark:text-slate-100">
            {percent(100 - last.homePercent)}
          </span>
        </p>
      </div>
      <div className="flex gap-2">
        {/* The axis: the home side's certain win at the top, the away side's at the bottom. */}
        <div
          aria-hidden="true"
          style={{ height: '9.5rem' }}
          className="flex shrink-0 flex-col justify-between text-right text-xs leading-none text-slate-600 dark:text-slate-300"
        >
          <span>{home}</span>
          <span>50%</span>
          <span>{away}</span>
        </div>
        <div className="min-w-0 flex-1">
          <div
            style={{ height: '9.5rem' }}
            className="relative rounded-lg border border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-800/40"
          >
            <svg
              viewBox="0 0 100 100"
              preserveAspectRatio="none"
              className="absolute inset-0 h-full w-full"
              role="img"
              aria-label={`${home}'s chance of winning over the game, ${percent(last.homePercent)} now`}
            >
              {marks.map((mark) => (
                <line
                  key={mark.index}
                  x1={x(mark.index)}
                  x2={x(mark.index)}
                  y1={0}
                  y2={100}
                  vectorEffect="non-scaling-stroke"
                  stroke="currentColor"
                  className="text-slate-400 dark:text-slate-600"
                  strokeWidth={1}
                />
              ))}
              <line
                x1={0}
                x2={100}
                y1={50}
                y2={50}
                vectorEffect="non-scaling-stroke"
                strokeDasharray="4 4"
                stroke="currentColor"
                className="text-slate-500"
                strokeWidth={1}
              />
              <polyline
                points={line}
                fill="none"
                vectorEffect="non-scaling-stroke"
                strokeWidth={2}
                strokeLinejoin="round"
                stroke="currentColor"
                className="text-brand-600 dark:text-brand-500"
              />
            </svg>
          </div>
          <div aria-hidden="true" className="relative mt-1 h-4 text-xs text-slate-600 dark:text-slate-300">
            {labels.map((label) => (
              <span
                key={label.at}
                className="absolute -translate-x-1/2 whitespace-nowrap"
                style={{ left: `${label.at}%` }}
              >
                {label.text}
              </span>
            ))}
          </div>
        </div>
      </div>
      <button
        type="button"
        aria-expanded={tableOpen}
        aria-controls={tableId}
        onClick={() => setTableOpen((open) => !open)}
        className={toggleClass(false)}
      >
        {tableOpen ? 'Hide win probability table' : 'Show win probability table'}
      </button>
      <div id={tableId} hidden={!tableOpen}>
        {tableOpen ? (
          <div
            role="region"
            aria-label="Win probability table"
            tabIndex={0}
            className="max-h-96 overflow-y-auto rounded-xl border border-slate-200 dark:border-slate-800"
          >
            <table className={TABLE}>
              <caption className="sr-only">Win probability after each play, oldest first</caption>
              <thead className="sticky top-0 bg-white dark:bg-slate-900">
                <tr>
                  <th scope="col" className={`${HEAD_CELL} text-left`}>
                    Period
                  </th>
                  <th scope="col" className={`${HEAD_CELL} text-left`}>
                    Clock
                  </th>
                  <th scope="col" className={`${HEAD_CELL} text-right`}>
                    {home}
                  </th>
                  <th scope="col" className={`${HEAD_CELL} text-right`}>
                    {away}
                  </th>
                </tr>
              </thead>
              <tbody>
                {points.map((point, index) => (
                  <tr key={index}>
                    <td className={CELL}>{point.period}</td>
                    <td className={CELL}>{point.clock ?? '–'}</td>
                    <td className={`${CELL} text-right`}>{percent(point.homePercent)}</td>
                    <td className={`${CELL} text-right`}>{percent(100 - point.homePercent)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </div>
    </section>
  );
}
