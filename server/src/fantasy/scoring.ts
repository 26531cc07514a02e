/**
 * Pure scoring: which stories name a company, and what they are worth (the weights are
 * FANTASY_POINT_WEIGHTS in the shared contract). No I/O here, so the rules are tested on real payloads.
 */
import {
  FANTASY_POINT_WEIGHTS as WEIGHTS,
  type CompanyPoints,
  type PointsStory,
} from '@shared/schemas/fantasy';
import type { PublicRepo } from '../integrations/github-repos/client';
import { hnItemUrl, type HnStory } from '../integrations/hn-algolia/client';

type Breakdown = CompanyPoints['breakdown'];

/** Stories listed in a why, per signal. */
export const STORIES_SHOWN = 5;
/** Repositories listed in a why. */
export const REPOS_SHOWN = 3;
/** A name shorter than this never matches: too many words contain it. */
const MIN_NAME_LENGTH = 3;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Words that say a story is about a young company, required beside a name that is also a plain word. */
const STARTUP_CONTEXT = /(?<![\p{L}\p{N}])(?:YC|Y Combinator|[Ss]tartups?|Launch HN)(?![\p{L}\p{N}])/u;

export interface NameMatcher {
  /** True when the name could be an ordinary word ('Blue', 'Kernel'): a mention also needs startup context. */
  readonly ambiguous: boolean;
  /** Whether `text` names the company (whole words; `context` is more text of the same story). */
  names(text: string, context?: string): boolean;
}

/**
 * Whole-word matching of a company's name. A name of several words ('Nox Metals'), or one spelt in a
 * way no dictionary word is ('RealRoots', 'TectoAI', 'dScribe AI', a digit), matches in any case.
 * A single plain word ('Blue', 'Paloma', 'stagewise') is ambiguous: it matches only as written (or
 * capitalised) and only when the story also says YC, Y Combinator, startup or Launch HN.
 */
export function nameMatcher(name: string): NameMatcher {
  const trimmed = name.trim();
  const words = trimmed.split(/\s+/);
  const distinctive = words.length > 1 || /\p{Ll}\p{Lu}|\p{N}/u.test(trimmed);
  if (trimmed.length < MIN_NAME_LENGTH) return { ambiguous: true, names: () => false };
  const body = words.map(escapeRegExp).join('\\s+');
  const bounded = (source: string, flags: string) =>
    new RegExp(`(?<![\\p{L}\\p{N}])${source}(?![\\p{L}\\p{N}])`, flags);
  if (distinctive) {
    const pattern = bounded(body, 'iu');
    return { ambiguous: false, names: (text) => pattern.test(text) };
  }
  const capitalised = trimmed[0]!.toUpperCase() + trimmed.slice(1);
  const asWritten = bounded(`(?:${escapeRegExp(trimmed)}|${escapeRegExp(capitalised)})`, 'u');
  return {
    ambiguous: true,
    names: (text, context = '') => asWritten.test(text) && STARTUP_CONTEXT.test(`${text}\n${context}`),
  };
}

/** A news article as scoring reads it. */
export interface ScoredArticle {
  title: string;
  description: string;
  url: string;
}

/** News index mentions: title mentions weigh more than summary ones. */
export function scoreNews(matcher: NameMatcher, articles: readonly ScoredArticle[]): Breakdown['news'] {
  const inTitle: PointsStory[] = [];
  const inSummary: PointsStory[] = [];
  for (const article of articles) {
    const story = { title: article.title, url: article.url };
    if (matcher.names(article.title, article.description)) inTitle.push(story);
    else if (matcher.names(article.description, article.title)) inSummary.push(story);
  }
  const raw = inTitle.length * WEIGHTS.newsTitleMention + inSummary.length * WEIGHTS.newsSummaryMention;
  return {
    count: inTitle.length + inSummary.length,
    inTitle: inTitle.length,
    points: Math.min(WEIGHTS.newsCap, raw),
    stories: [...inTitle, ...inSummary].slice(0, STORIES_SHOWN),
  };
}

/**
 * Hacker News stories created since `sinceSeconds` whose title names the company (the search
 * matches loosely: prefixes, typos, links; the title check keeps only real mentions).
 */
export function scoreHackerNews(
  matcher: NameMatcher,
  stories: readonly HnStory[],
  sinceSeconds: number,
): NonNullable<Breakdown['hackerNews']> {
  const kept = stories.filter((story) => story.createdAt >= sinceSeconds && matcher.names(story.title));
  const perStory = (story: HnStory) =>
    Math.min(
      WEIGHTS.hackerNewsStoryCap,
      WEIGHTS.hackerNewsStory + Math.floor(story.points / WEIGHTS.hackerNewsPointsPerPoint),
    );
  const raw = kept.reduce((sum, story) => sum + perStory(story), 0);
  return {
    count: kept.length,
    points: Math.min(WEIGHTS.hackerNewsCap, raw),
    storyPoints: kept.reduce((sum, story) => sum + story.points, 0),
    stories: [...kept]
      .sort((a, b) => b.points - a.points)
      .slice(0, STORIES_SHOWN)
      .map((story) => ({ title: story.title, url: story.url ?? hnItemUrl(story.id) })),
  };
}

/** Stars of the organisation's own public repositories (forks are someone else's work). */
export function scoreGithub(org: string, repos: readonly PublicRepo[]): NonNullable<Breakdown['github']> {
  const own = repos.filter((repo) => !repo.fork).sort((a, b) => b.stars - a.stars);
  const stars = own.reduce((sum, repo) => sum + repo.stars, 0);
  return {
    org,
    stars,
    points: Math.min(WEIGHTS.githubCap, Math.round(WEIGHTS.githubPerStarDoubling * Math.log2(1 + stars))),
    repos: own
      .slice(0, REPOS_SHOWN)
      .map(({ name, url, stars: repoStars }) => ({ name, url, stars: repoStars })),
  };
}

/** The sum of the parts that were read. */
export function totalPoints(breakdown: Breakdown): number {
  return breakdown.news.points + (breakdown.hackerNews?.points ?? 0) + (breakdown.github?.points ?? 0);
}
