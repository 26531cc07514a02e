import { z } from 'zod';
import { userSchema, type User } from '@shared/schemas/auth';
import { withoutTrailingSlashes } from '@shared/url';
import { errors } from '../../errors';

/** The provider side of sign-in: GitHub, GitHub Enterprise, or the development sign-in. */
export interface GitHubClient {
  /** The authorize page URL the browser is sent to. */
  authorizeUrl(state: string, redirectUri: string): string;
  /** Exchanges a callback code for an access token. Throws token_exchange_failed (refused) or token_exchange_unavailable. */
  exchangeCode(code: string, redirectUri: string): Promise<string>;
  /** The signed-in user's profile. Throws AppError('profile_fetch_failed'). */
  fetchUser(token: string): Promise<User>;
}

export interface GitHubClientOptions {
  /** Where the authorize page lives, as the browser sees it (e.g. https://github.com). */
  authorizeBaseUrl: string;
  /** Where the server exchanges codes (usually the same host as authorizeBaseUrl). A function when
   * the address is known only after listen (the development sign-in on port 0). */
  oauthBaseUrl: string | (() => string);
  /** REST API base (https://api.github.com, or https://HOST/api/v3). */
  apiBaseUrl: string | (() => string);
  clientId: string;
  clientSecret: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const tokenAnswerSchema = z.union([
  z.object({
    access_token: z.string().min(1),
    token_type: z.string().optional(),
    scope: z.string().optional(),
  }),
  z.object({ error: z.string(), error_description: z.string().optional() }),
]);

/** Scope requested at sign-in: the profile and the user's email, nothing more. */
export const OAUTH_SCOPE = 'user:email';

const join = (base: string | (() => string), path: string) =>
  `${withoutTrailingSlashes(typeof base === 'function' ? base() : base)}${path}`;

export function createGitHubClient(options: GitHubClientOptions): GitHubClient {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;

  return {
    authorizeUrl(state, redirectUri) {
      const url = new URL(join(options.authorizeBaseUrl, '/login/oauth/authorize'));
      url.searchParams.set('client_id', options.clientId);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('scope', OAUTH_SCOPE);
      url.searchParams.set('state', state);
      return url.toString();
    },

    async exchangeCode(code, redirectUri) {
      let answer: unknown;
      try {
        const response = await doFetch(join(options.oauthBaseUrl, '/login/oauth/access_token'), {
          method: 'POST',
          headers: { accept: 'application/json', 'content-type': 'application/json' },
          body: JSON.stringify({
            client_id: options.clientId,
            client_secret: options.clientSecret,
            code,
            redirect_uri: redirectUri,
          }),
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!response.ok) throw new Error(`token endpoint answered ${response.status}`);
        answer = await response.json();
      } catch (error) {
        throw errors.tokenExchangeUnavailable(undefined, { cause: error });
      }
      // GitHub reports a bad code with HTTP 200 and an `error` field.
      const parsed = tokenAnswerSchema.safeParse(answer);
      if (!parsed.success || 'error' in parsed.data) {
        throw errors.tokenExchangeFailed();
      }
      return parsed.data.access_token;
    },

    async fetchUser(token) {
      if (!token) throw errors.noAccessToken();
      try {
        const response = await doFetch(join(options.apiBaseUrl, '/user'), {
          headers: {
            authorization: `Bearer ${token}`,
            accept: 'application/vnd.github+json',
            'x-github-api-version': '2022-11-28',
            'user-agent': 'tech-touchdown',
          },
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!response.ok) throw new Error(`user endpoint answered ${response.status}`);
        return userSchema.parse(await response.json());
      } catch (error) {
        throw errors.profileFetchFailed(undefined, { cause: error });
      }
    },
  };
}
