import { useId } from 'react';

const TECH = ['Launches', 'Open source', 'AI & chips'];
const SPORTS = ['Scores', 'Trades', 'Rivalries'];
const BOTH = ['Analytics', 'Streaming', 'Wearables'];

/**
 * Tech and sports news as two overlapping circles, drawn in SVG so it scales, follows the theme and
 * is described to screen readers (the <title> and <desc>), not a picture of text.
 */
export function VennDiagram({ className = '' }: { className?: string }) {
  const id = useId();
  const titleId = `${id}-title`;
  const descId = `${id}-desc`;
  const item = 'fill-slate-700 text-[12.5px] font-medium dark:fill-slate-200';
  return (
    <svg
      role="img"
      aria-labelledby={titleId}
      aria-describedby={descId}
      viewBox="0 0 360 270"
      className={className}
    >
      <title id={titleId}>Venn diagram of tech and sports news</title>
      <desc id={descId}>
        {`Tech covers ${TECH.join(', ')}. Sports covers ${SPORTS.join(', ')}. They overlap in ${BOTH.join(
          ', ',
        )}, and that overlap is where Tech Touchdown lives.`}
      </desc>
      <circle
        cx="132"
        cy="128"
        r="104"
        className="fill-indigo-500/20 stroke-indigo-500 dark:fill-indigo-400/20 dark:stroke-indigo-400"
        strokeWidth="2.5"
      />
      <circle
        cx="228"
        cy="128"
        r="104"
        className="fill-emerald-500/20 stroke-emerald-600 dark:fill-emerald-400/20 dark:stroke-emerald-400"
        strokeWidth="2.5"
      />

      <text
        x="82"
        y="62"
        textAnchor="middle"
        className="fill-indigo-700 text-[15px] font-extrabold tracking-widest dark:fill-indigo-300"
      >
        TECH
      </text>
      <text
        x="278"
        y="62"
        textAnchor="middle"
        className="fill-emerald-700 text-[15px] font-extrabold tracking-widest dark:fill-emerald-300"
      >
        SPORTS
      </text>

      {TECH.map((label, row) => (
        <text key={label} x="78" y={106 + row * 26} textAnchor="middle" className={item}>
          {label}
        </text>
      ))}
      {SPORTS.map((label, row) => (
        <text key={label} x="282" y={106 + row * 26} textAnchor="middle" className={item}>
          {label}
        </text>
      ))}
      {BOTH.map((label, row) => (
        <text
          key={label}
          x="180"
          y={98 + row * 24}
          textAnchor="middle"
          className="fill-slate-900 text-[12px] font-semibold dark:fill-white"
        >
          {label}
        </text>
      ))}

      {/* The overlap's name, on a pill below the circles' meeting point. */}
      <rect x="116" y="236" width="128" height="26" rx="13" className="fill-brand-600 dark:fill-brand-500" />
      <text x="180" y="253.5" textAnchor="middle" className="fill-white text-[12px] font-bold">
        Tech Touchdown
      </text>
      <path
        d="M180 236v-28"
        className="stroke-brand-600 dark:stroke-brand-500"
        strokeWidth="2"
        strokeDasharray="3 3"
      />
    </svg>
  );
}
