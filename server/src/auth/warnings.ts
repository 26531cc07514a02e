import type { Config } from '../config';

/**
 * The start-up warning when nobody can sign in (production with neither GitHub nor an OpenID Connect
 * provider): what to set, and the callback URL to register. Null when someone can.
 */
export function noSignInWarning(
  config: Pick<Config, 'githubConfigured' | 'oidcProviders' | 'devSignInEnabled' | 'oauthRedirectUri'>,
): string | null {
  if (config.githubConfigured || config.oidcProviders.length > 0 || config.devSignInEnabled) return null;
  return (
    'No sign-in is configured, so nobody can sign in (the login page says so). Set GITHUB_CLIENT_ID and ' +
    'GITHUB_CLIENT_SECRET (a GitHub OAuth app), or OIDC_PROVIDERS with OIDC_<ID>_ISSUER, ' +
    'OIDC_<ID>_CLIENT_ID and OIDC_<ID>_CLIENT_SECRET (GitLab, Gitea, Forgejo or any OpenID Connect ' +
    `provider), and register ${config.oauthRedirectUri} as the callback URL.`
  );
}
