import { z } from 'zod';

/**
 * A sign-in provider's id: `github`, or the id an operator gave an OpenID Connect provider in
 * OIDC_PROVIDERS (lower-case letters and digits, so it reads the same in OIDC_<ID>_ISSUER).
 */
export const signInProviderIdSchema = z
  .string()
  .regex(/^[a-z][a-z0-9]{0,19}$/, 'A provider id has lower-case letters and digits, at most 20');

/** A login has at most this many characters before any `@provider` (GitHub's limit). */
export const LOGIN_MAX_CHARS = 39;
/** Usernames are cut to this many characters before they are read (they come from elsewhere). */
const USERNAME_READ_MAX_CHARS = 256;

const isAsciiLetterOrDigit = (code: number) =>
  (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);

/**
 * A provider's username in GitHub's login characters (letters, digits, single inner hyphens, at
 * most 39), which is what chat mentions and moderation read: an e-mail address gives its local
 * part, accents are dropped (`José` → `Jose`), and every other run of characters becomes one hyphen
 * (`jane.doe_1` → `jane-doe-1`). Null when nothing is left. Two usernames can give the same login;
 * the server keeps such a login for the account that had it first.
 */
export function loginFromUsername(username: string): string | null {
  let local = username.slice(0, USERNAME_READ_MAX_CHARS);
  const at = local.indexOf('@');
  if (at >= 0) local = local.slice(0, at);
  let login = '';
  let gap = false;
  for (const char of local.normalize('NFKD')) {
    const code = char.charCodeAt(0);
    if (isAsciiLetterOrDigit(code)) {
      if (gap && login) login += '-';
      if (login.length + 1 > LOGIN_MAX_CHARS) break;
      login += char;
      gap = false;
    } else if (!(code >= 0x300 && code <= 0x36f)) {
      gap = true; // a combining accent (from NFKD) is dropped; anything else separates
    }
  }
  if (login.endsWith('-')) login = login.slice(0, -1);
  return login || null;
}

/** A sign-in the login page offers: its id (`GET /api/auth/{id}/login`) and the name on its button. */
export interface SignInProvider {
  id: string;
  name: string;
}

/** Answer of GET /api/auth/providers: the configured sign-ins, none when nobody can sign in. */
export interface SignInProvidersResponse {
  providers: SignInProvider[];
}

/**
 * The profile fields the app shows: GitHub's own, or made from an OpenID Connect provider's claims.
 * `login` is unique across providers: a GitHub login as it is (`octocat`), another provider's
 * username followed by `@` and the provider's id (`octocat@gitlab`).
 */
export const userSchema = z.object({
  id: z.number().int(),
  login: z.string().min(1),
  name: z.string().nullable(),
  avatar_url: z.string(),
  html_url: z.string().optional(),
  bio: z.string().nullable(),
  created_at: z.string(),
  location: z.string().nullable(),
  company: z.string().nullable(),
  blog: z.string().nullable(),
  email: z.string().nullable(),
  public_repos: z.number().int(),
  followers: z.number().int(),
  following: z.number().int(),
  /** The OpenID Connect provider the user signed in with; absent for GitHub. */
  provider: z.object({ id: z.string(), name: z.string() }).optional(),
});
export type User = z.infer<typeof userSchema>;

/** Role in chat, derived on the server from ADMIN_LOGINS / MODERATOR_LOGINS. */
export const roleSchema = z.enum(['user', 'moderator', 'admin']);
export type Role = z.infer<typeof roleSchema>;

/**
 * Body of POST /api/auth/callback (and its older name POST /api/auth/github): the callback page
 * forwards what the provider gave it, `iss` too when the provider names itself (RFC 9207).
 */
export const oauthCallbackBodySchema = z.object({
  code: z.string().min(1).max(2048),
  state: z.string().min(1).max(512),
  iss: z.string().max(2048).optional(),
  redirect_uri: z.string().max(2048).optional(),
});
export type OAuthCallbackBody = z.infer<typeof oauthCallbackBodySchema>;

/** Answer of GET /api/auth/me and POST /api/auth/github. */
export interface MeResponse {
  user: User;
  role: Role;
}

/** Answer of GET /api/auth/{provider}/login: where to send the browser. */
export interface LoginUrlResponse {
  url: string;
}
