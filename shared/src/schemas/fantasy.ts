import { z } from 'zod/mini';

/**
 * Fantasy points that mean something: each startup of the catalogue earns points each week from
 * signals the server reads without any key. The server computes them on a schedule (one instance at
 * a time), stores them and serves them; the friends' leagues rank by them and the solo league shows
 * them instead of its placeholders where they exist.
 *
 * Endpoints (signed-in; errors are `{ error: { code, message } }`):
 * - GET /api/fantasy/points             → FantasyPointsResponse (every company with points, compact)
 * - GET /api/fantasy/points/:companyId  → CompanyPoints (one company, with the why); 400 for an id that
 *   is not one, 404 for a company with no points stored this week or one not in the catalogue
 */

/**
 * The weights, in one place: what each signal is worth. A company's points are the sum of its three
 * parts, each capped, rounded to a whole number.
 */
export const FANTASY_POINT_WEIGHTS = {
  /** A story in the app's own news index that names the company in its title. */
  newsTitleMention: 10,
  /** A story that names it only in its summary. */
  newsSummaryMention: 4,
  newsCap: 100,
  /** A Hacker News story this week that names the company in its title... */
  hackerNewsStory: 5,
  /** ...plus one point per this many of its Hacker News points, up to hackerNewsStoryCap per story. */
  hackerNewsPointsPerPoint: 10,
  hackerNewsStoryCap: 25,
  hackerNewsCap: 100,
  /** GitHub: this many points per doubling of the stars of the company's public repositories. */
  githubPerStarDoubling: 5,
  githubCap: 100,
} as const;

/** A company's id: the slug of its catalogue link (`/companies/nox-metals` → `nox-metals`). */
export const companyIdSchema = z
  .string()
  .check(z.regex(/^[a-z0-9][a-z0-9-]{0,79}$/, 'must be a company id such as nox-metals'));
export type CompanyId = z.infer<typeof companyIdSchema>;

const COMPANY_LINK_PREFIX = '/companies/';

/** The id of a catalogue company from its link (`/companies/nox-metals` → `nox-metals`). */
export function companyIdOfLink(link: string): CompanyId {
  return link.startsWith(COMPANY_LINK_PREFIX) ? link.slice(COMPANY_LINK_PREFIX.length) : link;
}

/** One story behind points: its title and where it is. */
export const pointsStorySchema = z.object({
  title: z.string(),
  url: z.string(),
});
export type PointsStory = z.infer<typeof pointsStorySchema>;

/** The app's own news index: how many stories name the company, and a few of them. */
export const newsBreakdownSchema = z.object({
  count: z.number(),
  /** How many of them name it in the title (the rest in the summary). */
  inTitle: z.number(),
  points: z.number(),
  stories: z.array(pointsStorySchema),
});

/** Hacker News stories of the week that name the company (null: not read this run, or off). */
export const hackerNewsBreakdownSchema = z.object({
  count: z.number(),
  points: z.number(),
  /** The stories' own Hacker News points, summed. */
  storyPoints: z.number(),
  stories: z.array(pointsStorySchema),
});

/** One public repository counted for the stars. */
export const starredRepoSchema = z.object({
  name: z.string(),
  url: z.string(),
  stars: z.number(),
});

/** Stars of the company's public GitHub repositories (null: no organisation known, not read, or off). */
export const githubBreakdownSchema = z.object({
  org: z.string(),
  stars: z.number(),
  points: z.number(),
  /** The most starred, a few. */
  repos: z.array(starredRepoSchema),
});

/** A company's points this week and why. */
export const companyPointsSchema = z.object({
  companyId: companyIdSchema,
  /** The week the points are for: its Monday (UTC), as YYYY-MM-DD. */
  week: z.string(),
  points: z.number(),
  breakdown: z.object({
    news: newsBreakdownSchema,
    hackerNews: z.nullable(hackerNewsBreakdownSchema),
    github: z.nullable(githubBreakdownSchema),
  }),
  /** When they were computed (ISO time). */
  updatedAt: z.string(),
});
export type CompanyPoints = z.infer<typeof companyPointsSchema>;

/** Every company with points this week, compact: id → points (no why). */
export const fantasyPointsResponseSchema = z.object({
  week: z.nullable(z.string()),
  updatedAt: z.nullable(z.string()),
  points: z.record(z.string(), z.number()),
});
export type FantasyPointsResponse = z.infer<typeof fantasyPointsResponseSchema>;

/**
 * What another part of the server (the friends' leagues) reads points through: the stored points of
 * this week for the companies asked, by id; a company with none is absent.
 */
export interface FantasyPointsReader {
  pointsFor(companyIds: readonly CompanyId[]): Promise<Map<CompanyId, number>>;
}

/** The Monday (UTC) of the week `time` falls in, as YYYY-MM-DD. */
export function weekStartOf(time: number): string {
  const date = new Date(time);
  const daysSinceMonday = (date.getUTCDay() + 6) % 7;
  const monday = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() - daysSinceMonday);
  return new Date(monday).toISOString().slice(0, 10);
}
