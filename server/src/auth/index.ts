import type { Feature, FeatureDeps } from '../feature';
import { disconnectSession } from '../realtime';
import { createDevOAuthRouter, DEV_OAUTH_PATH } from './dev-oauth';
import { createDevSignInStore } from './dev-sign-in-store';
import { createAuthRouter } from './routes';
import { createAuthService } from './service';

/** Sign-in, profile and sign-out under /api/auth. */
export function createAuthFeature(
  deps: Pick<FeatureDeps, 'config' | 'io' | 'limiter' | 'providers'>,
): Feature {
  const { config, io, limiter, providers } = deps;
  const service = createAuthService(config, providers.github);
  return {
    basePath: '/api/auth',
    router: createAuthRouter(config, service, limiter, (sessionId) => disconnectSession(io, sessionId)),
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
