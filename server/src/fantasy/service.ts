import type { Logger } from 'pino';
import {
  weekStartOf,
  type CompanyId,
  type CompanyPoints,
  type FantasyPointsReader,
  type FantasyPointsResponse,
} from '@shared/schemas/fantasy';
import type { GitHubReposClient } from '../integrations/github-repos/client';
import type { HnSearchClient } from '../integrations/hn-algolia/client';
import {
  nameMatcher,
  scoreGithub,
  scoreHackerNews,
  scoreNews,
  totalPoints,
  type ScoredArticle,
} from './scoring';
import type { FantasyStore } from './store';

/** Outside requests one run may make in all (Hacker News and GitHub together); the rest are skipped. */
export const MAX_REQUESTS_PER_RUN = 250;
/** Outside requests in flight at once. */
export const REQUEST_CONCURRENCY = 4;
/** A run stops asking outside services after this long (what is left reads as not read). */
export const RUN_DEADLINE_MS = 10 * 60 * 1000;

/** A catalogue company as the points see it. */
export interface PointsCompany {
  id: CompanyId;
  name: string;
}

/** A stored news article as the points read it. */
export interface PointsArticle extends ScoredArticle {
  publishedDate: string | null;
  ingestedAt: string;
}

export interface FantasyServiceDeps {
  store: FantasyStore;
  companies: readonly PointsCompany[];
  /** The app's own news index, every stored article. */
  readArticles(): Promise<PointsArticle[]>;
  /** Null when outside signals are off. */
  hackerNews: HnSearchClient | null;
  github: GitHubReposClient | null;
  /** Company id → its GitHub organisation, where one is known. */
  githubOrgs: ReadonlyMap<CompanyId, string>;
  logger: Logger;
  now?: () => number;
}

export interface RunReport {
  week: string;
  companies: number;
  /** Outside requests made, and how many of them failed. */
  requests: number;
  failed: number;
}

export interface FantasyService extends FantasyPointsReader {
  /** Computes every company's points now and stores them. Never throws for an outside failure. */
  compute(): Promise<RunReport>;
  /** Every company with points this week, compact. */
  all(): Promise<FantasyPointsResponse>;
  /** One company's points this week with the why, or null. */
  one(companyId: CompanyId): Promise<CompanyPoints | null>;
  isKnownCompany(companyId: string): boolean;
}

/** Runs `task` over `items`, `limit` at a time. */
async function eachLimited<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>) {
  const queue = [...items];
  const worker = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await task(item);
  };
  await Promise.all(Array.from({ length: Math.min(limit, queue.length) }, worker));
}

export function createFantasyService(deps: FantasyServiceDeps): FantasyService {
  const { store, companies, logger } = deps;
  const now = deps.now ?? Date.now;
  const known = new Set(companies.map((company) => company.id));
  const currentWeek = () => weekStartOf(now());

  async function compute(): Promise<RunReport> {
    const startedAt = now();
    const week = weekStartOf(startedAt);
    const weekStart = Date.parse(`${week}T00:00:00Z`);
    const sinceSeconds = Math.floor(weekStart / 1000);
    const deadline = AbortSignal.timeout(RUN_DEADLINE_MS);
    let budget = MAX_REQUESTS_PER_RUN;
    let requests = 0;
    let failed = 0;
    /** One outside read within the run's budget; null when over budget, past the deadline, or failed. */
    async function outside<T>(what: string, read: () => Promise<T>): Promise<T | null> {
      if (budget <= 0 || deadline.aborted) return null;
      budget--;
      requests++;
      try {
        return await read();
      } catch (error) {
        failed++;
        logger.warn({ err: error, what }, 'fantasy points: an outside signal could not be read');
        return null;
      }
    }

    const articles = (await deps.readArticles()).filter((article) => {
      const time = Date.parse(article.publishedDate ?? article.ingestedAt);
      return Number.isFinite(time) && time >= weekStart;
    });
    const updatedAt = new Date(startedAt).toISOString();
    await eachLimited(companies, REQUEST_CONCURRENCY, async (company) => {
      const matcher = nameMatcher(company.name);
      const news = scoreNews(matcher, articles);
      const hnClient = deps.hackerNews;
      const hnAnswer = hnClient
        ? await outside(`hacker news: ${company.id}`, () =>
            hnClient.searchStories(company.name, sinceSeconds, deadline),
          )
        : null;
      const org = deps.githubOrgs.get(company.id);
      const githubClient = deps.github;
      const repos =
        githubClient && org
          ? await outside(`github: ${org}`, () => githubClient.orgRepos(org, deadline))
          : null;
      const breakdown: CompanyPoints['breakdown'] = {
        news,
        hackerNews: hnAnswer ? scoreHackerNews(matcher, hnAnswer.stories, sinceSeconds) : null,
        github: repos && org ? scoreGithub(org, repos) : null,
      };
      await store.save({ companyId: company.id, week, points: totalPoints(breakdown), breakdown, updatedAt });
    });
    const report = { week, companies: companies.length, requests, failed };
    logger.info(report, 'fantasy points computed');
    return report;
  }

  async function thisWeek(): Promise<CompanyPoints[]> {
    const week = currentWeek();
    return (await store.all()).filter((points) => points.week === week && known.has(points.companyId));
  }

  return {
    compute,
    async all() {
      const stored = await thisWeek();
      const latest = stored.reduce<string | null>(
        (max, points) => (max === null || points.updatedAt > max ? points.updatedAt : max),
        null,
      );
      return {
        week: stored.length > 0 ? currentWeek() : null,
        updatedAt: latest,
        points: Object.fromEntries(stored.map((points) => [points.companyId, points.points])),
      };
    },
    async one(companyId) {
      const [points] = await store.many([companyId]);
      return points && points.week === currentWeek() ? points : null;
    },
    async pointsFor(companyIds) {
      const wanted = [...new Set(companyIds)].filter((id) => known.has(id));
      const week = currentWeek();
      const stored = await store.many(wanted);
      const result = new Map<CompanyId, number>();
      stored.forEach((points, index) => {
        if (points && points.week === week) result.set(wanted[index]!, points.points);
      });
      return result;
    },
    isKnownCompany: (companyId) => known.has(companyId),
  };
}
