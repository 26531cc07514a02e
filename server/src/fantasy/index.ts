import rawCompanies from '@shared/data/yc-companies.json';
import { companyIdOfLink, type CompanyId, type FantasyPointsReader } from '@shared/schemas/fantasy';
import type { Feature, FeatureDeps } from '../feature';
import { createGuardedFetcher } from '../http/guarded-fetch';
import { apiReadRule } from '../http/rate-limit';
import { createGitHubReposClient } from '../integrations/github-repos/client';
import { createHnSearchClient } from '../integrations/hn-algolia/client';
import { createNewsStore } from '../search/local/news-store';
import { createPointsSchedule, type PointsSchedule } from './schedule';
import { createFantasyRouter } from './routes';
import { createFantasyService, type FantasyService, type PointsCompany } from './service';
import { createFantasyStore } from './store';

/** One outside request waits this long at most. */
const REQUEST_TIMEOUT_MS = 10_000;

export interface FantasyFeature extends Feature {
  service: FantasyService;
  /** What the friends' leagues rank by. */
  points: FantasyPointsReader;
  schedule: PointsSchedule;
}

/** The catalogue the league drafts from, as the points see it. */
export const POINTS_COMPANIES: readonly PointsCompany[] = (
  rawCompanies as Array<{ link: string; name: string }>
).map((company) => ({ id: companyIdOfLink(company.link), name: company.name }));

/**
 * Fantasy points under /api/fantasy: each startup's weekly points from the app's own news index and,
 * when FANTASY_OUTSIDE_SIGNALS is on, Hacker News (keyless search) and the stars of the GitHub
 * organisations FANTASY_GITHUB_ORGS names. start() computes them every FANTASY_POINTS_HOURS when
 * `schedule` is on (the composition root; tests run them by hand).
 */
export function createFantasyFeature(
  deps: Pick<FeatureDeps, 'config' | 'logger' | 'store' | 'limiter'> & { schedule: boolean },
): FantasyFeature {
  const { config, store, limiter } = deps;
  const logger = deps.logger.child({ component: 'fantasy-points' });
  const fetcher = createGuardedFetcher({
    allowPrivate: config.FETCH_ALLOW_PRIVATE,
    timeoutMs: REQUEST_TIMEOUT_MS,
  });
  const outside = config.FANTASY_OUTSIDE_SIGNALS;
  const newsStore = createNewsStore(store);
  const githubOrgs = new Map<CompanyId, string>(
    config.FANTASY_GITHUB_ORGS.map((pair) => pair.split('=') as [CompanyId, string]),
  );
  const pointsStore = createFantasyStore(store);
  const service = createFantasyService({
    store: pointsStore,
    companies: POINTS_COMPANIES,
    readArticles: async () => (await newsStore.articles()).flatMap(([, article]) => article ?? []),
    hackerNews: outside ? createHnSearchClient({ baseUrl: config.HN_SEARCH_URL, fetcher }) : null,
    github: outside ? createGitHubReposClient({ apiBaseUrl: config.GITHUB_API_URL, fetcher }) : null,
    githubOrgs,
    logger,
  });
  const schedule = createPointsSchedule({
    store: pointsStore,
    compute: () => service.compute(),
    hours: config.FANTASY_POINTS_HOURS,
    logger,
  });
  return {
    basePath: '/api/fantasy',
    router: createFantasyRouter(service, limiter, apiReadRule(config)),
    service,
    points: service,
    schedule,
    start() {
      if (deps.schedule) schedule.start();
    },
    stop: () => schedule.stop(),
  };
}
