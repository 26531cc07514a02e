import { useEffect, useId, useState } from 'react';
import type { CompanyPoints } from '@shared/schemas/fantasy';
import { buttonClass } from '@client/components/button';
import { errorMessage } from '@client/lib/api-client';
import { leagueApi } from './league-api';

/** This week's real points by company link; empty while unknown or not computed yet. */
export function useLeaguePoints(): ReadonlyMap<string, number> {
  const [points, setPoints] = useState<ReadonlyMap<string, number>>(new Map());
  useEffect(() => {
    let active = true;
    leagueApi
      .points()
      .then((loaded) => active && setPoints(loaded))
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, []);
  return points;
}

/** A team's total of the points known; null when none of its companies has any yet. */
export function teamPoints(
  companyIds: readonly string[],
  points: ReadonlyMap<string, number>,
): number | null {
  const known = companyIds.map((id) => points.get(id)).filter((value) => value !== undefined);
  return known.length === 0 ? null : known.reduce((sum, value) => sum + value, 0);
}

/** Why a company has its points: the stories and stars behind them, loaded when asked. */
export function PointsWhy({ link, name }: { link: string; name: string }) {
  const [open, setOpen] = useState(false);
  const [why, setWhy] = useState<CompanyPoints | null>(null);
  const [error, setError] = useState<string | null>(null);
  const panelId = useId();
  const toggle = () => {
    setOpen((was) => !was);
    if (why || open) return;
    leagueApi
      .why(link)
      .then(setWhy)
      .catch((cause: unknown) => setError(errorMessage(cause, 'Could not load why.')));
  };
  const { news, hackerNews, github } = why?.breakdown ?? {};
  return (
    <div>
      <button
        type="button"
        className={buttonClass('ghost', 'sm')}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={`Why ${name} has these points`}
        onClick={toggle}
      >
        Why?
      </button>
      <div id={panelId} hidden={!open} className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        {error ? <p role="alert">{error}</p> : null}
        {!why && !error ? <p>Loading…</p> : null}
        {news ? (
          <p>
            News: {news.count} {news.count === 1 ? 'story' : 'stories'} ({news.inTitle} in the title),{' '}
            {news.points} points
          </p>
        ) : null}
        {hackerNews ? (
          <p>
            Hacker News: {hackerNews.count} {hackerNews.count === 1 ? 'story' : 'stories'},{' '}
            {hackerNews.points} points
          </p>
        ) : null}
        {github ? (
          <p>
            GitHub: {github.stars} stars on {github.org}, {github.points} points
          </p>
        ) : null}
        {why ? (
          <ul className="ml-4 list-disc">
            {[...(news?.stories ?? []), ...(hackerNews?.stories ?? [])].slice(0, 5).map((story) => (
              <li key={story.url}>
                <a href={story.url} target="_blank" rel="noreferrer" className="underline">
                  {story.title}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
