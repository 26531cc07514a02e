import { withoutTrailingSlashes } from '@shared/url';
import type { Feature, FeatureDeps } from '../feature';
import { disconnectSession } from '../realtime';
import { DEV_OAUTH_PATH } from '../integrations/github/dev-sign-in';
import { createDevOAuthRouter } from './dev-oauth';
import { createDevSignInStore } from './dev-sign-in-store';
import { createOidcLoginStore } from './oidc-users';
import { createAuthRouter } from './routes';
import { createAuthService } from './service';

export { noSignInWarning } from './warnings';

/** Sign-in (GitHub and OpenID Connect providers), profile and sign-out under /api/auth. */
export function createAuthFeature(
  deps: Pick<FeatureDeps, 'config' | 'io' | 'limiter' | 'providers' | 'store' | 'logger'>,
): Feature {
  const { config, io, limiter, providers, store, logger } = deps;
  const service = createAuthService(
    config,
    { github: providers.github, oidc: providers.oidc },
    createOidcLoginStore(store),
    logger,
  );
  return {
    basePath: '/api/auth',
    router: createAuthRouter(config, service, limiter, (sessionId) => disconnectSession(io, sessionId)),
    // A provider that cannot be discovered (down, or an issuer that is not exactly its own) is said
    // at start-up, not only when someone presses its button; sign-in tries again each time.
    start() {
      for (const client of providers.oidc) {
        client.discover().catch((error: unknown) => {
          const cause = error as { message?: string; code?: string };
          logger.warn(
            { provider: client.id, issuer: client.issuer, reason: cause.message, reasonCode: cause.code },
            `sign-in with ${client.name}: its discovery document (${withoutTrailingSlashes(client.issuer)}/.well-known/openid-configuration) could not be read; the button will fail until it can`,
          );
        });
      }
    },
  };
}

/**
 * The development sign-in: GitHub's side of OAuth played by this app, so the real code path runs
 * with no account anywhere. Present only when GitHub is not configured and NODE_ENV is not production.
 */
export function createDevSignInFeature(
  deps: Pick<FeatureDeps, 'config' | 'store' | 'providers'>,
): Feature | null {
  if (!deps.providers.devSignInPages) return null;
  return {
    basePath: DEV_OAUTH_PATH,
    router: createDevOAuthRouter(deps.config, createDevSignInStore(deps.store)),
  };
}
