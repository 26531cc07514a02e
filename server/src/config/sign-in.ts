import { z } from 'zod';
import { loginFromUsername, signInProviderIdSchema } from '@shared/schemas/auth';

/**
 * Sign-in settings beyond GitHub's: the OpenID Connect providers of OIDC_PROVIDERS, each configured by
 * OIDC_<ID>_ISSUER, OIDC_<ID>_CLIENT_ID, OIDC_<ID>_CLIENT_SECRET and OIDC_<ID>_NAME, and the role
 * lists, whose entries say which provider a login is from once more than one is on. Their names
 * depend on the ids, so they are read here rather than in the fixed schema of index.ts.
 */

/** One OpenID Connect provider (GitLab, Gitea, Forgejo, Keycloak, authentik…). */
export interface OidcProviderConfig {
  /** From OIDC_PROVIDERS; its users' logins end in `@<id>`. */
  id: string;
  /** The button reads 'Sign in with <name>'. */
  name: string;
  /** Exactly as the provider's discovery document names itself (a trailing slash counts). */
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** Button names of the providers the docs name, so OIDC_<ID>_NAME is needed only for others. */
const KNOWN_NAMES: Record<string, string> = {
  gitlab: 'GitLab',
  gitea: 'Gitea',
  forgejo: 'Forgejo',
  codeberg: 'Codeberg',
  keycloak: 'Keycloak',
  authentik: 'authentik',
  google: 'Google',
};

/** OIDC_PROVIDERS: distinct provider ids, comma-separated; `github` is GitHub's own sign-in. */
export const oidcProviderIdsSchema = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(
    z
      .array(
        signInProviderIdSchema.refine(
          (id) => id !== 'github',
          "github is GitHub's own sign-in: set GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET",
        ),
      )
      .refine((ids) => new Set(ids).size === ids.length, 'lists a provider twice'),
  );

/** The environment names of one provider's settings. */
export const oidcSettingNames = (id: string) => {
  const prefix = `OIDC_${id.toUpperCase()}_`;
  return {
    issuer: `${prefix}ISSUER`,
    clientId: `${prefix}CLIENT_ID`,
    clientSecret: `${prefix}CLIENT_SECRET`,
    name: `${prefix}NAME`,
  };
};

function isLoopbackUrl(value: string): boolean {
  const host = new URL(value).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127(?:\.\d{1,3}){3}$/.test(host);
}

const required = (what: string) => z.string({ error: `required: ${what}` }).min(1, `required: ${what}`);

function providerSchema(isProduction: boolean) {
  return z.object({
    issuer: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL (the issuer, e.g. https://gitlab.com)' })
      // The client secret and the codes travel to it: in production only over TLS (loopback aside).
      .refine(
        (issuer) => !isProduction || issuer.startsWith('https://') || isLoopbackUrl(issuer),
        'must be https in production',
      ),
    clientId: required("the application's client id"),
    clientSecret: required("the application's client secret"),
    name: z.string().max(40, 'at most 40 characters').optional(),
  });
}

/**
 * The providers OIDC_PROVIDERS lists, with one line per problem of their settings (`env` has no
 * empty values). A malformed OIDC_PROVIDERS gives none here: the fixed schema reports it.
 */
export function readOidcProviders(
  env: Record<string, string>,
  isProduction: boolean,
): { providers: OidcProviderConfig[]; problems: string[] } {
  const ids = oidcProviderIdsSchema.safeParse(env.OIDC_PROVIDERS ?? '');
  if (!ids.success) return { providers: [], problems: [] };
  const schema = providerSchema(isProduction);
  const providers: OidcProviderConfig[] = [];
  const problems: string[] = [];
  for (const id of ids.data) {
    const names = oidcSettingNames(id);
    const parsed = schema.safeParse({
      issuer: env[names.issuer],
      clientId: env[names.clientId],
      clientSecret: env[names.clientSecret],
      name: env[names.name],
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        problems.push(`${names[issue.path[0] as keyof typeof names]}: ${issue.message}`);
      }
      continue;
    }
    const { name, ...settings } = parsed.data;
    providers.push({
      id,
      name: name ?? KNOWN_NAMES[id] ?? id.charAt(0).toUpperCase() + id.slice(1),
      ...settings,
    });
  }
  return { providers, problems };
}

/**
 * ADMIN_LOGINS or MODERATOR_LOGINS as the unique logins the app compares: `alice` stays GitHub's
 * `alice`, `alice@gitlab` is GitLab's alice, and `alice@github` is GitHub's. A bare login is enough
 * while one provider is on (with only GitLab on, `alice` is `alice@gitlab`); with more, an entry
 * must say whose it is. The username is read as sign-in reads it (`jane.doe@gitlab` is
 * `jane-doe@gitlab`). Problems name the setting.
 */
export function readRoleLogins(
  setting: string,
  entries: readonly string[],
  signIns: { github: boolean; oidc: readonly string[] },
): { logins: string[]; problems: string[] } {
  const logins: string[] = [];
  const problems: string[] = [];
  const providerCount = (signIns.github ? 1 : 0) + signIns.oidc.length;
  for (const entry of entries) {
    const at = entry.lastIndexOf('@');
    const username = at >= 0 ? entry.slice(0, at) : entry;
    const provider = at >= 0 ? entry.slice(at + 1).toLowerCase() : null;
    const login = loginFromUsername(username);
    if (!login) {
      problems.push(`${setting}: ${entry} is not a login`);
    } else if (provider === null) {
      if (providerCount > 1) {
        const choices = [...(signIns.github ? ['github'] : []), ...signIns.oidc];
        problems.push(
          `${setting}: ${entry}: several sign-ins are on, so say whose login it is (${choices.map((id) => `${login}@${id}`).join(' or ')})`,
        );
      } else {
        logins.push(!signIns.github && signIns.oidc.length === 1 ? `${login}@${signIns.oidc[0]}` : login);
      }
    } else if (provider === 'github') {
      if (signIns.github) logins.push(login);
      else problems.push(`${setting}: ${entry} names GitHub, whose sign-in is not configured`);
    } else if (signIns.oidc.includes(provider)) {
      logins.push(`${login}@${provider}`);
    } else {
      problems.push(`${setting}: ${entry} names ${provider}, which is not in OIDC_PROVIDERS`);
    }
  }
  return { logins, problems };
}
