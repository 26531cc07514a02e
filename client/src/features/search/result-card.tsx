import { useId } from 'react';
import type { SearchResult } from '@shared/schemas/search';
import { buttonClass } from '@client/components/button';

/** The host of a URL without 'www.'; the URL itself when it does not parse. */
export function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}

/** A published date for people, or 'Unknown date' when there is none. */
export function formatPublishedDate(value: string | null | undefined): string {
  if (!value) return 'Unknown date';
  const time = Date.parse(value);
  if (Number.isNaN(time)) return 'Unknown date';
  return new Date(time).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

/** The most of a result's text read for its teaser (the teaser keeps 300 characters). */
const TEASER_INPUT_MAX_CHARS = 4_000;

/**
 * A short plain-text teaser: the summary, else the start of the text without markdown marks. Link
 * texts stop at a bracket and targets at a parenthesis, so a text full of `[` stays linear.
 */
function teaser(result: SearchResult): string | null {
  if (result.summary?.trim()) return result.summary.trim();
  const text = result.text
    ?.slice(0, TEASER_INPUT_MAX_CHARS)
    .replace(/!\[[^[\]]*\]\([^()]*\)/g, '')
    .replace(/\[([^[\]]*)\]\([^()]*\)/g, '$1')
    .replace(/[#>*_`|-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text ? text.slice(0, 300) : null;
}

/** One result: title, host, date, author, a two-line summary, 'Read' (the drawer) and 'Visit' (new tab). */
export function ResultCard({
  result,
  onRead,
}: {
  result: SearchResult;
  onRead: (result: SearchResult) => void;
}) {
  const titleId = useId();
  const summary = teaser(result);
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 shadow-xs transition-shadow hover:shadow-md dark:border-slate-800 dark:bg-slate-900"
    >
      <h3 id={titleId} className="line-clamp-2 font-semibold leading-snug text-slate-900 dark:text-slate-100">
        {result.title}
      </h3>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-slate-500 dark:text-slate-400">
        <span className="font-medium text-brand-700 dark:text-brand-100">{hostOf(result.url)}</span>
        <span aria-hidden="true">·</span>
        {result.publishedDate && !Number.isNaN(Date.parse(result.publishedDate)) ? (
          <time dateTime={result.publishedDate}>{formatPublishedDate(result.publishedDate)}</time>
        ) : (
          <span>Unknown date</span>
        )}
        {result.author ? (
          <>
            <span aria-hidden="true">·</span>
            <span className="truncate">{result.author}</span>
          </>
        ) : null}
      </p>
      {summary ? <p className="line-clamp-2 text-sm text-slate-700 dark:text-slate-300">{summary}</p> : null}
      <div className="mt-1 flex items-center gap-2">
        <button type="button" className={buttonClass('primary', 'sm')} onClick={() => onRead(result)}>
          Read
        </button>
        <a
          href={result.url}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClass('secondary', 'sm')}
        >
          Visit
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </div>
    </article>
  );
}
