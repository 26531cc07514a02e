import * as oidc from 'openid-client';
import { errors } from '../../errors';

/**
 * One OpenID Connect provider (GitLab, Gitea, Forgejo, Keycloak, authentik…), spoken to through
 * openid-client: discovery, the authorization code flow with PKCE (S256), state and nonce, and an ID
 * token whose signature, issuer, audience, expiry and nonce are checked before any claim is read.
 */
export interface OidcClient {
  readonly id: string;
  readonly name: string;
  readonly issuer: string;
  /** Reads the discovery document now (kept for later sign-ins); rejects with why it cannot. */
  discover(): Promise<void>;
  /**
   * A new authorization request: the authorize page to send the browser to, and the PKCE verifier
   * and nonce to keep (server-side) until the callback. Throws upstream_failed when the provider's
   * discovery document cannot be read.
   */
  authorize(state: string, redirectUri: string): Promise<OidcAuthorization>;
  /**
   * Exchanges the callback's code and answers the ID token's verified claims (with the UserInfo
   * answer's when the ID token carries no username). Throws token_exchange_failed when the provider
   * or a check refuses, token_exchange_unavailable when the provider cannot be reached.
   */
  complete(callback: OidcCallback, expected: OidcExpected): Promise<OidcClaims>;
}

export interface OidcAuthorization {
  url: string;
  codeVerifier: string;
  nonce: string;
}

/** What the provider sent the browser back with. */
export interface OidcCallback {
  code: string;
  state: string;
  /** The provider's name for itself (RFC 9207), when it sends one. */
  iss?: string;
}

/** What this sign-in sent, kept in the session. */
export interface OidcExpected {
  state: string;
  codeVerifier: string;
  nonce: string;
  redirectUri: string;
}

/** Verified claims: `sub` always, the rest as the provider gives them. */
export type OidcClaims = { sub: string } & Record<string, unknown>;

export interface OidcClientOptions {
  id: string;
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  timeoutMs?: number;
}

/** Scopes asked for: who the user is and nothing more. */
export const OIDC_SCOPE = 'openid profile email';
/** A discovery document is read again after this long, so a provider's changes reach running apps. */
const DISCOVERY_TTL_MS = 60 * 60 * 1000;

/** Network failures, time-outs and 5xx answers: the provider is down, not refusing. */
function providerUnreachable(error: unknown): boolean {
  if (error instanceof TypeError) return true; // fetch failed: refused, reset, unknown host
  if (error instanceof oidc.ResponseBodyError) return error.status >= 500;
  if (error instanceof oidc.ClientError) {
    if (error.code === 'OAUTH_TIMEOUT' || error.code === 'OAUTH_ABORT') return true;
    return error.cause instanceof Response && error.cause.status >= 500;
  }
  return false;
}

export function createOidcClient(options: OidcClientOptions): OidcClient {
  const timeoutSeconds = Math.ceil((options.timeoutMs ?? 10_000) / 1000);
  const issuer = new URL(options.issuer);
  let discovered: { at: number; configuration: Promise<oidc.Configuration> } | null = null;

  /** The provider's configuration, discovered once an hour; a failed discovery is not kept. */
  function configuration(): Promise<oidc.Configuration> {
    if (discovered && Date.now() - discovered.at < DISCOVERY_TTL_MS) return discovered.configuration;
    const execute: Array<(config: oidc.Configuration) => void> = [
      // Signatures are checked even on the TLS-protected token answer: a compromised or
      // misconfigured proxy in between cannot then vouch for a token the provider never signed.
      oidc.enableNonRepudiationChecks,
    ];
    // An http issuer is refused in production by config (loopback aside): allowed here as configured.
    if (issuer.protocol === 'http:') execute.push(oidc.allowInsecureRequests);
    const configuration = oidc.discovery(
      issuer,
      options.clientId,
      undefined,
      oidc.ClientSecretBasic(options.clientSecret),
      { execute, timeout: timeoutSeconds },
    );
    const entry = { at: Date.now(), configuration };
    discovered = entry;
    configuration.catch(() => {
      if (discovered === entry) discovered = null;
    });
    return configuration;
  }

  return {
    id: options.id,
    name: options.name,
    issuer: options.issuer,

    async discover() {
      await configuration();
    },

    async authorize(state, redirectUri) {
      let config: oidc.Configuration;
      try {
        config = await configuration();
      } catch (error) {
        throw errors.upstreamFailed(`${options.name} could not be reached. Please try again.`, {
          cause: error,
        });
      }
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const nonce = oidc.randomNonce();
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: OIDC_SCOPE,
        state,
        nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
      });
      return { url: url.toString(), codeVerifier, nonce };
    },

    async complete(callback, expected) {
      const failed = `Failed to authenticate with ${options.name}`;
      try {
        const config = await configuration();
        const currentUrl = new URL(expected.redirectUri);
        currentUrl.searchParams.set('code', callback.code);
        currentUrl.searchParams.set('state', callback.state);
        if (callback.iss !== undefined) currentUrl.searchParams.set('iss', callback.iss);
        const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
          pkceCodeVerifier: expected.codeVerifier,
          expectedState: expected.state,
          expectedNonce: expected.nonce,
          idTokenExpected: true,
        });
        const idToken = tokens.claims();
        if (!idToken) throw new oidc.ClientError('no ID token in the token answer');
        const claims: OidcClaims = { ...idToken };
        // Some providers put the username only in UserInfo; its subject must be the ID token's.
        const username = [claims.preferred_username, claims.nickname, claims.email].some(
          (value) => typeof value === 'string' && value.trim() !== '',
        );
        if (!username && config.serverMetadata().userinfo_endpoint) {
          const info = await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub);
          Object.assign(claims, info, { sub: idToken.sub });
        }
        return claims;
      } catch (error) {
        if (providerUnreachable(error)) throw errors.tokenExchangeUnavailable(failed, { cause: error });
        throw errors.tokenExchangeFailed(failed, { cause: error });
      }
    },
  };
}
