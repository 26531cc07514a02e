/** Small pieces the fantasy tabs share. */
import type { ReactNode } from 'react';
import { cardClass } from '@client/components/button';
import { companyUrl, verticalLabel, type Company } from './catalogue';
import { CompanyLogo } from './company-logo';

/** A titled card section. */
export function Section({
  title,
  description,
  actions,
  children,
  className = '',
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section aria-label={title} className={`${cardClass} p-4 sm:p-5 ${className}`}>
      <div className="mb-4 flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold">{title}</h2>
          {description ? <p className="text-sm text-slate-600 dark:text-slate-400">{description}</p> : null}
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** A quiet message where a list would be. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 px-4 py-10 text-center dark:border-slate-700">
      <p className="font-semibold text-slate-800 dark:text-slate-100">{title}</p>
      {children ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{children}</p> : null}
    </div>
  );
}

export function VerticalBadge({ company }: { company: Company }) {
  return (
    <span className="inline-flex items-center rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300">
      {verticalLabel(company)}
    </span>
  );
}

/** The company's name, linking to its page on the accelerator's site in a new tab. */
export function CompanyName({ company, className = '' }: { company: Company; className?: string }) {
  return (
    <a
      href={companyUrl(company)}
      target="_blank"
      rel="noopener noreferrer"
      className={`font-semibold text-slate-900 hover:text-brand-700 hover:underline dark:text-slate-100 dark:hover:text-brand-100 ${className}`}
    >
      {company.name}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

/** Logo, name, vertical and tagline of a company in a row. */
export function CompanySummary({ company, compact = false }: { company: Company; compact?: boolean }) {
  return (
    <div className="flex min-w-0 items-start gap-3">
      <CompanyLogo company={company} size={compact ? 'sm' : 'md'} />
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <CompanyName company={company} className="break-words" />
          <VerticalBadge company={company} />
          {!compact && company['sub-vertical'] ? (
            <span className="text-xs text-slate-500 dark:text-slate-400">{company['sub-vertical']}</span>
          ) : null}
        </div>
        <p className={`text-sm text-slate-600 dark:text-slate-400 ${compact ? 'line-clamp-1' : ''}`}>
          {company.description}
        </p>
      </div>
    </div>
  );
}

/** A change in points: green up, red down, grey level. */
export function DeltaBadge({ delta }: { delta: number }) {
  const tone =
    delta > 0
      ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300'
      : delta < 0
        ? 'bg-red-100 text-red-800 dark:bg-red-500/15 dark:text-red-300'
        : 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300';
  const arrow = delta > 0 ? '▲' : delta < 0 ? '▼' : '•';
  const text = delta > 0 ? `+${delta}` : `${delta}`;
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold tabular-nums ${tone}`}
    >
      <span aria-hidden="true">{arrow}</span>
      <span className="sr-only">Change </span>
      {text}
    </span>
  );
}

/** Medal colours of the top three (gold, silver, bronze); others get a plain number. */
export function RankBadge({ rank }: { rank: number }) {
  const medal =
    rank === 1
      ? 'bg-amber-400 text-amber-950 ring-amber-500'
      : rank === 2
        ? 'bg-slate-300 text-slate-900 ring-slate-400'
        : rank === 3
          ? 'bg-orange-700 text-white ring-orange-800'
          : 'bg-slate-100 text-slate-700 ring-slate-200 dark:bg-slate-800 dark:text-slate-300 dark:ring-slate-700';
  const name = rank === 1 ? 'gold' : rank === 2 ? 'silver' : rank === 3 ? 'bronze' : undefined;
  return (
    <span
      data-medal={name}
      className={`inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-sm font-bold tabular-nums ring-2 ${medal}`}
    >
      <span className="sr-only">Rank </span>
      {rank}
    </span>
  );
}
