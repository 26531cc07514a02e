import { createHash } from 'node:crypto';
import { loginFromUsername, userSchema, type User } from '@shared/schemas/auth';
import type { OidcProviderConfig } from '../config/sign-in';
import { errors } from '../errors';
import type { OidcClaims } from '../integrations/oidc/client';
import { keys } from '../storage/keys';
import type { Store } from '../storage/store';
import { initialAvatar } from './dev-oauth';

/**
 * A login stays with the account that first signed in with it for this long after its last sign-in:
 * in practice for good, so a renamed or deleted account's login (and any role it is listed with) is
 * never handed to whoever takes the username next at the provider.
 */
const LOGIN_HOLD_MS = 10 * 365 * 24 * 60 * 60 * 1000;
/** Longer claim values are cut, not refused: they come from someone else's server. */
const TEXT_MAX_CHARS = 200;
const URL_MAX_CHARS = 2048;

type Provider = Pick<OidcProviderConfig, 'id' | 'name' | 'issuer'>;

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim().slice(0, TEXT_MAX_CHARS) : null;

function webUrl(value: unknown, protocols: readonly string[] = ['https:']): string | null {
  if (typeof value !== 'string' || value.length > URL_MAX_CHARS || !URL.canParse(value)) return null;
  return protocols.includes(new URL(value).protocol) ? value : null;
}

/**
 * The username the login is made from. The OpenID Connect `preferred_username` first (GitLab, Gitea,
 * Forgejo, Keycloak and authentik send it), then `nickname`, then the e-mail's local part (Google
 * sends only that). Null when none gives a login.
 */
export function usernameLogin(claims: OidcClaims): string | null {
  for (const claim of ['preferred_username', 'nickname', 'email'] as const) {
    const value = claims[claim];
    const login = typeof value === 'string' ? loginFromUsername(value) : null;
    if (login) return login;
  }
  return null;
}

/**
 * The profile of a person signed in with an OpenID Connect provider: the unique login
 * `<username>@<provider>`, the name, picture, profile link and a verified e-mail from the claims, and
 * 'member since' the first sign-in here. The GitHub-only figures (repositories, followers) are 0.
 */
export function oidcUser(provider: Provider, claims: OidcClaims, login: string, since: string): User {
  const id = createHash('sha256').update(`${provider.id}\n${claims.sub}`).digest().readUIntBE(0, 6);
  return userSchema.parse({
    id,
    login: `${login}@${provider.id}`,
    name: text(claims.name),
    // img-src allows any https image; anything else is replaced, not fetched.
    avatar_url: webUrl(claims.picture) ?? initialAvatar(login),
    html_url: webUrl(claims.profile, ['https:', 'http:']) ?? provider.issuer,
    bio: null,
    created_at: since,
    location: null,
    company: null,
    blog: webUrl(claims.website, ['https:', 'http:']),
    email: claims.email_verified === false ? null : text(claims.email),
    public_repos: 0,
    followers: 0,
    following: 0,
    provider: { id: provider.id, name: provider.name },
  });
}

/**
 * Which account holds each login at each provider. OpenID Connect promises only that `sub` is
 * unique and stable, not the username: the first account to sign in with a login keeps it, and
 * another account whose username gives the same login (renamed, reused, or `jane.doe` beside
 * `jane-doe`) is refused rather than let in as someone else.
 */
export function createOidcLoginStore(store: Store) {
  return {
    /**
     * Gives `login` at `provider` to the account `subject` if nobody holds it, and answers when that
     * account first signed in here; null when another account holds it.
     */
    async claim(provider: string, login: string, subject: string): Promise<{ since: string } | null> {
      const key = keys.oidcLogin(provider, login.toLowerCase());
      const since = new Date().toISOString();
      // Twice: the holder's claim could lapse between the two calls.
      for (let attempt = 0; attempt < 2; attempt++) {
        if (await store.setIfAbsent(key, JSON.stringify({ sub: subject, since }), LOGIN_HOLD_MS)) {
          return { since };
        }
        const held = await store.get(key);
        if (held === null) continue;
        let holder: { sub?: unknown; since?: unknown };
        try {
          holder = JSON.parse(held) as typeof holder;
        } catch {
          return null; // unreadable: nobody gets it
        }
        if (holder.sub !== subject) return null;
        await store.expire(key, LOGIN_HOLD_MS);
        return { since: typeof holder.since === 'string' ? holder.since : since };
      }
      return null;
    },
  };
}

export type OidcLoginStore = ReturnType<typeof createOidcLoginStore>;

/** The profile for verified claims, with the login held for this account; refuses a login another holds. */
export async function signInOidcUser(
  logins: OidcLoginStore,
  provider: Provider,
  claims: OidcClaims,
): Promise<User> {
  const login = usernameLogin(claims);
  if (!login) {
    throw errors.profileFetchFailed(
      `Failed to fetch user information: ${provider.name} did not say a username (preferred_username).`,
    );
  }
  const held = await logins.claim(provider.id, login, claims.sub);
  if (!held) {
    throw errors.forbidden(
      `The ${provider.name} username ${login} is already used here by another ${provider.name} account.`,
    );
  }
  return oidcUser(provider, claims, login, held.since);
}
