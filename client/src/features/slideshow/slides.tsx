import type { ReactNode } from 'react';
import { VennDiagram } from './venn-diagram';

export interface Slide {
  title: string;
  content: ReactNode;
}

/** The full-screen slideshow's slides. */
export const SLIDES: Slide[] = [
  {
    title: 'Tech Touchdown',
    content: <TitleSlide />,
  },
  {
    title: 'Our Venn Diagram',
    content: <VennSlide />,
  },
];

const HIGHLIGHTS = [
  { label: 'Tech news', detail: 'Releases, launches and the stories engineers share.' },
  { label: 'Live sports', detail: 'Scores from the NFL, NBA, MLB and NHL, and a chat for every game.' },
  { label: 'The podcast', detail: 'Tech Touchdown episodes, playing from any page.' },
];

function TitleSlide() {
  return (
    <div className="grid items-center gap-8 md:grid-cols-[1.3fr_1fr] md:gap-12">
      <div>
        <p className="text-xs font-semibold tracking-[0.2em] text-brand-700 uppercase sm:text-sm dark:text-brand-100">
          A hackathon project and podcast
        </p>
        <h2 className="mt-3 bg-gradient-to-r from-brand-600 via-indigo-500 to-emerald-500 bg-clip-text text-5xl font-extrabold tracking-tight text-transparent sm:text-6xl lg:text-7xl dark:from-indigo-300 dark:via-brand-100 dark:to-emerald-300">
          Tech Touchdown
        </h2>
        <p className="mt-3 text-xl font-semibold text-slate-800 sm:text-2xl dark:text-slate-100">
          The Latest News in Tech &amp; Sports
        </p>
        <p className="mt-5 max-w-xl text-base leading-relaxed text-slate-600 sm:text-lg dark:text-slate-300">
          Built at a hackathon for software engineers who are sports fans: the code news you read in the
          morning and the scores you check on game day, on one screen, with a podcast that bridges the two.
        </p>
        <ul className="mt-6 grid gap-3 sm:grid-cols-3">
          {HIGHLIGHTS.map((item) => (
            <li
              key={item.label}
              className="rounded-xl border border-slate-200 bg-white/70 p-3 shadow-sm dark:border-slate-700/70 dark:bg-slate-900/60"
            >
              <p className="text-sm font-semibold text-slate-900 dark:text-white">{item.label}</p>
              <p className="mt-1 text-xs leading-snug text-slate-600 dark:text-slate-400">{item.detail}</p>
            </li>
          ))}
        </ul>
      </div>
      <FootballCode className="mx-auto hidden w-full max-w-xs md:block" />
    </div>
  );
}

const REASONS = [
  {
    title: 'One tab for the whole morning',
    text: 'Release notes and box scores side by side, instead of two apps and a group chat.',
  },
  {
    title: 'Sport is a data problem',
    text: 'Tracking, analytics, streaming and wearables: the best sports stories are engineering stories.',
  },
  {
    title: 'The same playbook',
    text: 'Teams, drafts, game plans and post-mortems: engineers already speak sports.',
  },
  {
    title: 'Talk shop anywhere',
    text: 'Sports at stand-up, tech at the tailgate. The overlap is where the good conversations are.',
  },
];

function VennSlide() {
  // Phones read the heading, then the diagram, then the reasons; wide screens put the diagram left.
  return (
    <div className="grid items-center gap-5 md:grid-cols-2 md:grid-rows-[auto_auto] md:gap-x-12 md:gap-y-5">
      <div className="md:col-start-2 md:self-end">
        <h2 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-5xl dark:text-white">
          Our Venn Diagram
        </h2>
        <p className="mt-2 text-base text-slate-600 sm:mt-3 sm:text-lg dark:text-slate-300">
          Why put tech and sports news in one place?
        </p>
      </div>
      <VennDiagram className="mx-auto w-full max-w-xs sm:max-w-md md:col-start-1 md:row-span-2 md:row-start-1 md:max-w-lg" />
      <ul className="space-y-3 md:col-start-2 md:self-start">
        {REASONS.map((reason) => (
          <li key={reason.title} className="flex gap-3">
            <span
              aria-hidden="true"
              className="mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full bg-gradient-to-br from-indigo-500 to-emerald-500"
            />
            <p className="text-sm leading-relaxed text-slate-600 sm:text-base dark:text-slate-300">
              <span className="font-semibold text-slate-900 dark:text-white">{reason.title}.</span>{' '}
              {reason.text}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The app's football between code brackets: the project in one picture (decorative). */
function FootballCode({ className }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 240 200" className={className}>
      <path
        d="M46 58L14 100l32 42M194 58l32 42-32 42"
        fill="none"
        strokeWidth="10"
        strokeLinecap="round"
        strokeLinejoin="round"
        className="stroke-emerald-500 dark:stroke-emerald-400"
      />
      <g transform="rotate(-30 120 100)">
        <ellipse cx="120" cy="100" rx="70" ry="42" className="fill-brand-600 dark:fill-brand-500" />
        <path
          d="M94 100h52M102 90v20M114 90v20M126 90v20M138 90v20"
          stroke="white"
          strokeWidth="5"
          strokeLinecap="round"
          fill="none"
        />
        <path d="M72 76c-6 14-6 34 0 48M168 76c6 14 6 34 0 48" stroke="white" strokeWidth="4" fill="none" />
      </g>
    </svg>
  );
}
