/**
 * Real points for the solo league's My Team: the server's weekly points of each startup (news index,
 * Hacker News, GitHub stars), shown instead of the placeholder where the server has them, with the
 * why on demand. Without them (signed out, not computed yet, server unreachable) the placeholders stay.
 */
import { useEffect, useId, useState } from 'react';
import { z } from 'zod/mini';
import {
  companyIdOfLink,
  companyPointsSchema,
  fantasyPointsResponseSchema,
  type CompanyPoints,
} from '@shared/schemas/fantasy';
import { api, errorMessage } from '@client/lib/api-client';

/** Points by company link, or null while none are known. */
export type RealPoints = ReadonlyMap<string, number> | null;

/** Loads this week's points once per mount; any failure leaves them unknown (the placeholders show). */
export function useRealPoints(): RealPoints {
  const [points, setPoints] = useState<RealPoints>(null);
  useEffect(() => {
    const controller = new AbortController();
    api
      .get<unknown>('/fantasy/points', { signal: controller.signal })
      .then((answer) => {
        const parsed = z.safeParse(fantasyPointsResponseSchema, answer);
        if (!parsed.success) return;
        const entries = Object.entries(parsed.data.points).map(
          ([id, value]) => [`/companies/${id}`, value] as const,
        );
        if (entries.length > 0) setPoints(new Map(entries));
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  return points;
}

/** A company's real points and a button that shows why (which stories, how many stars). */
export function RealPointsWhy({ link, name }: { link: string; name: string }) {
  const [open, setOpen] = useState(false);
  const [why, setWhy] = useState<CompanyPoints | null>(null);
  const [error, setError] = useState<string | null>(null);
  const panelId = useId();

  const toggle = () => {
    setOpen((was) => !was);
    if (why || open) return;
    setError(null);
    api
      .get<unknown>(`/fantasy/points/${encodeURIComponent(companyIdOfLink(link))}`)
      .then((answer) => {
        const parsed = z.safeParse(companyPointsSchema, answer);
        if (parsed.success) setWhy(parsed.data);
        else setError('The answer was not understood.');
      })
      .catch((cause: unknown) => setError(errorMessage(cause, 'Could not load why.')));
  };

  return (
    <div className="w-full">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
        className="text-xs font-medium text-brand-700 underline underline-offset-2 hover:no-underline dark:text-brand-100"
      >
        Why these points?
        <span className="sr-only"> ({name})</span>
      </button>
      {open ? (
        <div id={panelId} className="mt-2 text-sm text-slate-700 dark:text-slate-300">
          {error ? (
            <p role="alert">{error}</p>
          ) : why ? (
            <WhyDetails why={why} />
          ) : (
            <p role="status">Loading…</p>
          )}
        </div>
      ) : null}
    </div>
  );
}

function StoryLinks({ stories }: { stories: CompanyPoints['breakdown']['news']['stories'] }) {
  if (stories.length === 0) return null;
  return (
    <ul className="mt-1 ml-4 list-disc">
      {stories.map((story) => (
        <li key={story.url}>
          <a href={story.url} target="_blank" rel="noreferrer" className="underline underline-offset-2">
            {story.title}
          </a>
        </li>
      ))}
    </ul>
  );
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function WhyDetails({ why }: { why: CompanyPoints }) {
  const { news, hackerNews, github } = why.breakdown;
  return (
    <ul aria-label="Why these points" className="flex flex-col gap-2">
      <li>
        News: {plural(news.count, 'story', 'stories')} in the news index this week ({news.points} points)
        <StoryLinks stories={news.stories} />
      </li>
      <li>
        {hackerNews
          ? `Hacker News: ${plural(hackerNews.count, 'story', 'stories')} this week with ${hackerNews.storyPoints} points there (${hackerNews.points} points)`
          : 'Hacker News: not read this week'}
        {hackerNews ? <StoryLinks stories={hackerNews.stories} /> : null}
      </li>
      <li>
        {github
          ? `GitHub: ${plural(github.stars, 'star', 'stars')} on ${github.org}'s public repositories (${github.points} points)`
          : 'GitHub: no open-source organisation counted'}
        {github && github.repos.length > 0 ? (
          <StoryLinks
            stories={github.repos.map((repo) => ({
              title: `${repo.name} (${plural(repo.stars, 'star', 'stars')})`,
              url: repo.url,
            }))}
          />
        ) : null}
      </li>
    </ul>
  );
}
