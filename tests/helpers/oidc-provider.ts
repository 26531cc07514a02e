/**
 * Starts a real OpenID Provider on loopback (tests/helpers/oidc-provider-process.ts, the certified
 * `oidc-provider` package) in a child process, and walks its sign-in as a browser would.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface ProviderProcessOptions {
  clientId: string;
  clientSecret: string;
  /** The app's callback, on any loopback port (default http://localhost/auth/callback and 127.0.0.1's). */
  redirectUris: string[];
  /**
   * Claims by the username typed on the provider's page (`sub` among them to give two usernames one
   * account, or one username two). Other usernames get made-up claims with `sub` = the username.
   */
  accounts?: Record<string, Record<string, unknown>>;
  /** Runs the provider's clock this far from the real one (negative: its tokens are old). */
  clockOffsetSeconds?: number;
  idTokenTtlSeconds?: number;
  /** Profile claims in the ID token (default), or only in UserInfo. */
  claimsInIdToken?: boolean;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Stops the provider: it is then down (connections refused). */
  close(): Promise<void>;
}

const PROCESS = fileURLToPath(new URL('./oidc-provider-process.ts', import.meta.url));
export const TEST_OIDC_CLIENT_ID = 'tech-touchdown-test';
export const TEST_OIDC_CLIENT_SECRET = 'tech-touchdown-test-secret';

export async function startOidcProvider(
  options: Partial<ProviderProcessOptions> = {},
): Promise<TestOidcProvider> {
  const settings: ProviderProcessOptions = {
    clientId: TEST_OIDC_CLIENT_ID,
    clientSecret: TEST_OIDC_CLIENT_SECRET,
    redirectUris: ['http://localhost/auth/callback', 'http://127.0.0.1/auth/callback'],
    claimsInIdToken: true,
    ...options,
  };
  const child: ChildProcess = fork(PROCESS, {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, TEST_OIDC_PROVIDER: JSON.stringify(settings) },
    stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += String(chunk);
  });
  const issuer = await new Promise<string>((resolve, reject) => {
    child.once('message', (message: { issuer: string }) => resolve(message.issuer));
    child.once('exit', (code) => reject(new Error(`the OpenID provider exited (${code}): ${stderr}`)));
  });
  return {
    issuer,
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    async close() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.disconnect();
      await exited;
    },
  };
}

/** The app's environment for one provider `id` (OIDC_PROVIDERS and its OIDC_<ID>_* settings). */
export function oidcEnv(id: string, provider: TestOidcProvider, extra: Record<string, string> = {}) {
  const prefix = `OIDC_${id.toUpperCase()}_`;
  return {
    OIDC_PROVIDERS: id,
    [`${prefix}ISSUER`]: provider.issuer,
    [`${prefix}CLIENT_ID`]: provider.clientId,
    [`${prefix}CLIENT_SECRET`]: provider.clientSecret,
    ...extra,
  };
}

/** A cookie jar around fetch for the provider's own cookies (its sign-in step), as a browser keeps them. */
function browserAt() {
  const jar = new Map<string, string>();
  return async (url: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (jar.size > 0) headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...rest] = pair!.split('=');
      jar.set(name!.trim(), rest.join('='));
    }
    return response;
  };
}

/**
 * Follows an authorize URL through the provider as a browser does, typing `username` on its sign-in
 * page, and answers the callback's parameters (code, state and iss).
 */
export async function approveAtProvider(authorizeUrl: string, username: string) {
  const browse = browserAt();
  const location = (response: Response, base: string) => {
    const target = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !target) {
      throw new Error(`expected a redirect from ${base}, got ${response.status}`);
    }
    return new URL(target, base).toString();
  };
  const interaction = location(await browse(authorizeUrl), authorizeUrl);
  const form = await browse(interaction);
  if (form.status !== 200) throw new Error(`the provider's sign-in page answered ${form.status}`);
  const resume = location(
    await browse(interaction, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username }),
    }),
    interaction,
  );
  const callback = new URL(location(await browse(resume), resume));
  const error = callback.searchParams.get('error');
  if (error)
    throw new Error(`the provider answered ${error}: ${callback.searchParams.get('error_description')}`);
  return {
    callbackUrl: callback,
    code: callback.searchParams.get('code')!,
    state: callback.searchParams.get('state')!,
    iss: callback.searchParams.get('iss') ?? undefined,
  };
}
