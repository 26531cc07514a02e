import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Role, User } from '@shared/schemas/auth';
import { OAUTH_STATE_LENGTH } from '@shared/limits';
import type { Config } from '../config';
import { errors } from '../errors';
import type { GitHubClient } from '../integrations/github/client';
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

export interface SignedIn {
  /** The provider's access token: kept on the server only. */
  token: string;
  user: User;
  role: Role;
}

/** Sign-in with GitHub (or the development sign-in playing GitHub): OAuth state, code exchange, role. */
export function createAuthService(config: Config, github: GitHubClient | null) {
  const provider = () => {
    if (!github) throw errors.oauthNotConfigured();
    return github;
  };
  return {
    /** A fresh OAuth state and the authorize page to send the browser to with it. */
    start(): { state: string; url: string } {
      const state = newOAuthState();
      return { state, url: provider().authorizeUrl(state, config.oauthRedirectUri) };
    },

    /** Fails with oauth_not_configured when no provider is there. */
    ensureConfigured(): void {
      provider();
    },

    /** Checks the returned state against the one the session kept (in constant time). */
    checkState(expected: string | undefined, returned: string): void {
      if (!expected || !sameString(expected, returned)) throw errors.oauthStateMismatch();
    },

    /** Exchanges the callback code and reads the profile; the role comes from ADMIN/MODERATOR_LOGINS. */
    async complete(code: string): Promise<SignedIn> {
      const token = await provider().exchangeCode(code, config.oauthRedirectUri);
      const user = await provider().fetchUser(token);
      return { token, user, role: roleFor(user.login, config) };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
