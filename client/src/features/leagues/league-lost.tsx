import { useEffect, useId, useRef } from 'react';
import { Link } from '@client/components/link';
import { buttonClass, cardClass } from '@client/components/button';
import type { LeagueLost } from './use-league-room';

/** The page's title while the notice shows. */
export function leagueLostTitle(reason: LeagueLost, leagueName: string | null): string {
  const name = leagueName ?? 'a league';
  return reason === 'removed' ? `Removed from ${name}` : `No longer in ${name}`;
}

/**
 * What a league page shows once the league is no longer the person's: it says so plainly and leads
 * back to their leagues. It takes the focus when it appears, so a screen reader reads it out and the
 * keyboard starts from it (the page under it, and whatever had the focus there, is gone).
 */
export function LeagueLostNotice({ reason, leagueName }: { reason: LeagueLost; leagueName: string | null }) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const name = leagueName ?? 'this league';
  return (
    <section
      aria-labelledby={headingId}
      className={`${cardClass} mx-auto flex w-full max-w-xl flex-col items-start gap-3 p-5`}
    >
      <h1
        id={headingId}
        ref={heading}
        tabIndex={-1}
        className="text-2xl font-bold tracking-tight focus:outline-none"
      >
        {reason === 'removed' ? `You were removed from ${name}` : `You're no longer in ${name}`}
      </h1>
      <p className="text-slate-700 dark:text-slate-300">
        {reason === 'removed'
          ? 'The commissioner removed you from this league: its lobby, draft and chat are closed to you now.'
          : 'This league is not open to you any more: the commissioner may have removed you.'}
      </p>
      <Link to="/fantasy/leagues" className={buttonClass('primary')}>
        Back to my leagues
      </Link>
    </section>
  );
}
