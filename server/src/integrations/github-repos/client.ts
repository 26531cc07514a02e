/**
 * The public repositories of a GitHub organisation and their stars (`GET /orgs/{org}/repos`), read
 * without a token (GitHub allows a few dozen such reads an hour per address, so they are few and
 * spaced out). Only the fields the app reads are kept. The base URL is GITHUB_API_URL.
 */
import { z } from 'zod';
import { withoutTrailingSlashes } from '@shared/url';
import type { GuardedFetcher } from '../../http/guarded-fetch';

/** An answer larger than this is refused (a page of 100 repositories is a few hundred kB). */
export const GITHUB_REPOS_MAX_BYTES = 2 * 1024 * 1024;
const PER_PAGE = 100;

/** A GitHub login: letters, digits and single hyphens, up to 39 characters. */
export const githubLoginPattern = /^[a-z\d](?:[a-z\d]|-(?=[a-z\d])){0,38}$/i;

export interface PublicRepo {
  name: string;
  url: string;
  stars: number;
  fork: boolean;
  archived: boolean;
}

const starCount = z.number().int().nonnegative().optional().catch(undefined);

// `watchers_count` and `watchers` are the star count under GitHub's older names (an answer of 2012
// has only `watchers`): read when `stargazers_count` is missing.
const repoSchema = z.object({
  name: z.string().min(1),
  html_url: z.string().regex(/^https:\/\//),
  stargazers_count: starCount,
  watchers_count: starCount,
  watchers: starCount,
  fork: z.boolean().catch(false),
  archived: z.boolean().catch(false),
  private: z.boolean().catch(false),
});

/** Reads one page of repositories; entries of another shape, and private ones, are left out. */
export function parseOrgRepos(body: unknown): PublicRepo[] {
  return z
    .array(z.unknown())
    .parse(body)
    .flatMap((raw): PublicRepo[] => {
      const repo = repoSchema.safeParse(raw);
      if (!repo.success || repo.data.private) return [];
      const { name, html_url, fork, archived } = repo.data;
      const stars = repo.data.stargazers_count ?? repo.data.watchers_count ?? repo.data.watchers ?? 0;
      return [{ name, url: html_url, stars, fork, archived }];
    });
}

export class GitHubOrgNotFoundError extends Error {}

export interface GitHubReposClient {
  /** The first page (up to 100) of the organisation's public repositories. */
  orgRepos(org: string, signal?: AbortSignal): Promise<PublicRepo[]>;
}

export function createGitHubReposClient(options: {
  apiBaseUrl: string;
  fetcher: GuardedFetcher;
}): GitHubReposClient {
  const base = withoutTrailingSlashes(options.apiBaseUrl);
  return {
    async orgRepos(org, signal) {
      if (!githubLoginPattern.test(org)) throw new Error(`Not a GitHub organisation name: ${org}`);
      const response = await options.fetcher(
        `${base}/orgs/${encodeURIComponent(org)}/repos?type=public&per_page=${PER_PAGE}`,
        {
          headers: { accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28' },
          maxBytes: GITHUB_REPOS_MAX_BYTES,
          signal,
        },
      );
      if (response.status === 404) throw new GitHubOrgNotFoundError(`No GitHub organisation ${org}`);
      if (response.status !== 200) throw new Error(`GitHub answered HTTP ${response.status}`);
      return parseOrgRepos(JSON.parse(response.text()) as unknown);
    },
  };
}
