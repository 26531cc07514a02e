import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Logger } from 'pino';
import type { OAuthCallbackBody, Role, SignInProvider, User } from '@shared/schemas/auth';
import { OAUTH_STATE_LENGTH } from '@shared/limits';
import type { Config } from '../config';
import { AppError, errors } from '../errors';
import type { GitHubClient } from '../integrations/github/client';
import type { OidcClient } from '../integrations/oidc/client';
import { signInOidcUser, type OidcLoginStore } from './oidc-users';
import { roleFor } from './roles';

/** About 26 random base-36 characters: long enough that a forged callback cannot guess it. */
function newOAuthState(): string {
  let state = '';
  while (state.length < OAUTH_STATE_LENGTH) {
    for (const byte of randomBytes(OAUTH_STATE_LENGTH)) {
      if (byte < 252) state += (byte % 36).toString(36); // drop 252..255 to keep the alphabet uniform
    }
  }
  return state.slice(0, OAUTH_STATE_LENGTH);
}

function sameString(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * A sign-in between its start and its callback, kept in the session (never in the browser): which
 * provider, the state sent, and for OpenID Connect the PKCE verifier and the nonce.
 */
export interface PendingSignIn {
  provider: string;
  state: string;
  codeVerifier?: string;
  nonce?: string;
}

export interface SignedIn {
  /** GitHub's access token, kept on the server only; OpenID Connect tokens are not kept at all. */
  token?: string;
  user: User;
  role: Role;
}

export interface SignInClients {
  /** GitHub, GitHub Enterprise or the development sign-in; null when none. */
  github: GitHubClient | null;
  oidc: readonly OidcClient[];
}

/**
 * Sign-in with GitHub (or the development sign-in playing it) and with OpenID Connect providers:
 * which ones there are, the start (state, and PKCE and nonce for OpenID Connect), and the callback.
 */
export function createAuthService(
  config: Config,
  clients: SignInClients,
  logins: OidcLoginStore,
  logger: Logger,
) {
  const oidcById = new Map(clients.oidc.map((client) => [client.id, client]));
  const github = () => {
    if (!clients.github) throw errors.oauthNotConfigured();
    return clients.github;
  };

  async function completeOidc(client: OidcClient, pending: PendingSignIn, body: OAuthCallbackBody) {
    try {
      const claims = await client.complete(body, {
        state: pending.state,
        codeVerifier: pending.codeVerifier ?? '',
        nonce: pending.nonce ?? '',
        redirectUri: config.oauthRedirectUri,
      });
      return await signInOidcUser(logins, client, claims);
    } catch (error) {
      // Refusals are 4xx answers, which the error middleware does not log: say here why, for the
      // operator (a clock off, a wrong client secret), without any token.
      if (error instanceof AppError && error.status < 500) {
        const cause = error.cause as { message?: string; code?: string } | undefined;
        logger.warn(
          { provider: client.id, code: error.code, reason: cause?.message, reasonCode: cause?.code },
          `sign-in with ${client.name} refused`,
        );
      }
      throw error;
    }
  }

  return {
    /** The sign-ins offered, GitHub (or the development sign-in) first; none when nobody can sign in. */
    providers(): SignInProvider[] {
      return [
        ...(clients.github ? [{ id: 'github', name: 'GitHub' }] : []),
        ...clients.oidc.map(({ id, name }) => ({ id, name })),
      ];
    },

    /** Fails with oauth_not_configured when no sign-in is there. */
    ensureConfigured(): void {
      if (!clients.github && clients.oidc.length === 0) throw errors.oauthNotConfigured();
    },

    /** A fresh sign-in with `provider`: what the session keeps, and the authorize page to go to. */
    async start(provider: string): Promise<{ pending: PendingSignIn; url: string }> {
      const state = newOAuthState();
      if (provider === 'github') {
        return { pending: { provider, state }, url: github().authorizeUrl(state, config.oauthRedirectUri) };
      }
      const client = oidcById.get(provider);
      if (!client) throw errors.notFound('There is no such sign-in on this server.');
      const { url, codeVerifier, nonce } = await client.authorize(state, config.oauthRedirectUri);
      return { pending: { provider, state, codeVerifier, nonce }, url };
    },

    /** Checks the returned state against the one the session kept (in constant time). */
    checkState(pending: PendingSignIn | undefined, returned: string): PendingSignIn {
      if (!pending || !sameString(pending.state, returned)) throw errors.oauthStateMismatch();
      return pending;
    },

    /**
     * Finishes the sign-in the session started (its state already checked): GitHub's code is
     * exchanged and its profile read; an OpenID Connect provider's ID token is verified and the
     * profile made from its claims. The role comes from ADMIN_LOGINS and MODERATOR_LOGINS.
     */
    async complete(pending: PendingSignIn, body: OAuthCallbackBody): Promise<SignedIn> {
      if (pending.provider === 'github') {
        const token = await github().exchangeCode(body.code, config.oauthRedirectUri);
        const user = await github().fetchUser(token);
        return { token, user, role: roleFor(user.login, config) };
      }
      const client = oidcById.get(pending.provider);
      // The provider left the configuration between the start and the callback.
      if (!client) throw errors.oauthStateMismatch();
      const user = await completeOidc(client, pending, body);
      return { user, role: roleFor(user.login, config) };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
