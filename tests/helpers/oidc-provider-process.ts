/**
 * A real OpenID Provider on loopback: the certified `oidc-provider` package, with a one-field sign-in
 * page of its own (any username signs in, as with the development sign-in). It runs in a process of
 * its own, started by tests/helpers/oidc-provider.ts, so that its clock can be set apart from the
 * app's: an ID token it issues two hours "ago" is expired when the app reads it. It listens on a free
 * port, then tells its parent its issuer over IPC.
 */
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import Provider, { type Configuration } from 'oidc-provider';
import type { ProviderProcessOptions } from './oidc-provider';

const options = JSON.parse(process.env.TEST_OIDC_PROVIDER!) as ProviderProcessOptions;

if (options.clockOffsetSeconds) {
  const realNow = Date.now.bind(Date);
  Date.now = () => realNow() + options.clockOffsetSeconds! * 1000;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The claims of a username: the test's own for the accounts it named, made up from it otherwise. */
function claimsOf(username: string): Record<string, unknown> {
  return (
    options.accounts?.[username] ?? {
      preferred_username: username,
      name: `${username.charAt(0).toUpperCase()}${username.slice(1)} Example`,
      email: `${username}@example.test`,
      email_verified: true,
      profile: `${issuer}/${username}`,
    }
  );
}

function page(uid: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test OpenID Provider</title></head>
<body><main><h1>Test OpenID Provider</h1>
<form method="post" action="/interaction/${escapeHtml(uid)}">
<label for="username">Username</label> <input id="username" name="username" required>
<button type="submit">Sign in</button>
</form></main></body></html>`;
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of req) body += String(chunk);
  return new URLSearchParams(body);
}

/** The provider's own pages for its sign-in step: one form, then login and consent at once. */
async function interaction(req: IncomingMessage, res: ServerResponse, uid: string) {
  if (req.method === 'GET') {
    await provider.interactionDetails(req, res);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(uid));
    return;
  }
  const username = (await readForm(req)).get('username')?.trim();
  const details = await provider.interactionDetails(req, res);
  if (!username) {
    res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' }).end(page(uid));
    return;
  }
  const grant = new provider.Grant({ accountId: username, clientId: String(details.params.client_id) });
  grant.addOIDCScope(String(details.params.scope));
  const grantId = await grant.save();
  await provider.interactionFinished(
    req,
    res,
    { login: { accountId: username }, consent: { grantId } },
    { mergeWithLastSubmission: false },
  );
}

const server = createServer();
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address() as { port: number };
const issuer = `http://127.0.0.1:${port}`;

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const configuration: Configuration = {
  clients: [
    {
      client_id: options.clientId,
      client_secret: options.clientSecret,
      // A native client's loopback redirect URIs match any port (RFC 8252, 7.3): the provider starts
      // before the app knows its port.
      application_type: 'native',
      redirect_uris: options.redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    },
  ],
  jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test-key', use: 'sig', alg: 'RS256' }] },
  cookies: { keys: ['test-oidc-provider-cookie-key'] },
  claims: {
    openid: ['sub'],
    profile: ['preferred_username', 'nickname', 'name', 'picture', 'profile', 'website'],
    email: ['email', 'email_verified'],
  },
  // Profile claims in the ID token itself, as GitLab and Keycloak send them; off, they are only in
  // UserInfo (the spec's strict reading), which the app then asks.
  conformIdTokenClaims: !options.claimsInIdToken,
  findAccount: (_ctx, id) => ({
    accountId: id,
    claims: () => ({ ...claimsOf(id), sub: String(claimsOf(id).sub ?? id) }),
  }),
  interactions: { url: (_ctx, details) => `/interaction/${details.uid}` },
  features: { devInteractions: { enabled: false } },
  ttl: {
    IdToken: options.idTokenTtlSeconds ?? 3600,
    AccessToken: 3600,
    AuthorizationCode: 60,
    Interaction: 600,
    Grant: 3600,
    Session: 3600,
  },
};
const provider = new Provider(issuer, configuration);
const callback = provider.callback();

server.on('request', (req: IncomingMessage, res: ServerResponse) => {
  const uid = /^\/interaction\/([\w-]+)$/.exec(req.url ?? '')?.[1];
  if (!uid) {
    void callback(req, res);
    return;
  }
  interaction(req, res, uid).catch((error: unknown) => {
    console.error('test OpenID provider:', error);
    if (!res.headersSent) res.writeHead(500).end(String(error));
  });
});

process.send!({ issuer });
process.on('disconnect', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
