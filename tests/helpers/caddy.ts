import { spawnSync } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './redis-server';
import { startServerProcess } from './server-process';

/** The repo's Caddyfile for self-hosters (docker-compose.yml, profile `https`). */
export const CADDYFILE = fileURLToPath(new URL('../../deploy/Caddyfile', import.meta.url));

/** Debian's caddy (apt-get install caddy): on PATH, or in /usr/bin for users without it on PATH. */
export function caddyBinary(): string | null {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/bin', '/usr/local/bin'];
  for (const dir of dirs) if (dir && existsSync(join(dir, 'caddy'))) return join(dir, 'caddy');
  return null;
}

function requireCaddy(): string {
  const binary = caddyBinary();
  if (!binary) throw new Error('caddy is not installed: apt-get install caddy (npm test installs it)');
  return binary;
}

/**
 * The environment Caddy gets: the Caddyfile's settings and a home of its own (storage, CA, config
 * autosave), nothing of the caller's, so a SITE_ADDRESS in a developer's shell cannot leak in.
 */
function caddyEnv(dir: string, settings: Record<string, string>): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: dir,
    XDG_DATA_HOME: join(dir, 'data'),
    XDG_CONFIG_HOME: join(dir, 'config'),
    ...settings,
  };
}

export interface CaddyResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `caddy <args>` with only `settings` as the Caddyfile's environment, in a temp home. */
export function runCaddy(args: string[], settings: Record<string, string> = {}): CaddyResult {
  const dir = mkdtempSync(join(tmpdir(), 'tt-caddy-'));
  try {
    const result = spawnSync(requireCaddy(), args, {
      env: caddyEnv(dir, settings),
      encoding: 'utf8',
      timeout: 30_000,
    });
    if (result.error) throw result.error;
    return { status: result.status, stdout: result.stdout, stderr: result.stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Caddy's JSON config, as far as these tests read it. */
export interface CaddyConfig {
  admin?: { disabled?: boolean; listen?: string };
  apps: {
    http: {
      http_port?: number;
      https_port?: number;
      servers: Record<string, { listen: string[]; [key: string]: unknown }>;
    };
    tls?: { automation?: { policies?: { subjects?: string[]; issuers?: { module: string }[] }[] } };
    [app: string]: unknown;
  };
}

/** The repo's Caddyfile adapted to JSON (`caddy adapt`) with these settings. */
export function adaptCaddyfile(settings: Record<string, string> = {}): CaddyConfig {
  const result = runCaddy(['adapt', '--config', CADDYFILE, '--adapter', 'caddyfile'], settings);
  if (result.status !== 0) throw new Error(`caddy adapt failed:\n${result.stderr}`);
  return JSON.parse(result.stdout) as CaddyConfig;
}

/**
 * The adapted config as a test runs it: the same sites, TLS and proxying, with every listener on
 * loopback (Caddy listens on every interface by default) and no admin endpoint.
 */
export function loopbackCaddyConfig(config: CaddyConfig): CaddyConfig {
  const servers = Object.fromEntries(
    Object.entries(config.apps.http.servers).map(([name, server]) => [
      name,
      {
        ...server,
        listen: server.listen.map((address) => {
          if (!/^:\d+$/.test(address)) throw new Error(`deploy/Caddyfile: unexpected listener ${address}`);
          return `127.0.0.1${address}`;
        }),
      },
    ]),
  );
  return {
    ...config,
    admin: { disabled: true },
    apps: { ...config.apps, http: { ...config.apps.http, servers } },
  };
}

/** Base64 SHA-256 of a certificate's SubjectPublicKeyInfo, as Chromium's SPKI allow-list takes it. */
export function spkiHash(pem: string): string {
  const spki = new X509Certificate(pem).publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(spki).digest('base64');
}

export interface Caddy {
  /** https://localhost:PORT, the address the browser opens (PUBLIC_URL of the app behind it). */
  url: string;
  port: number;
  /** Caddy's plain-HTTP port: it redirects to https. */
  httpPort: number;
  /** PEM of Caddy's internal CA: the root a device installs, and the intermediate it signs with. */
  rootCertificate: string;
  intermediateCertificate: string;
  output(): string;
  stop(): Promise<void>;
}

/**
 * Runs Debian's caddy with the repo's Caddyfile in front of `upstream` (host:port on loopback):
 * SITE_ADDRESS=localhost, so Caddy's internal CA signs the certificate, on free loopback ports, with
 * its storage in a temp dir. Nothing of the machine's Caddy setup is used or touched.
 */
export async function startCaddy(options: { upstream: string; port?: number }): Promise<Caddy> {
  const binary = requireCaddy();
  const port = options.port ?? (await freePort());
  const httpPort = await freePort();
  const settings = {
    SITE_ADDRESS: 'localhost',
    HTTPS_PORT: String(port),
    HTTP_PORT: String(httpPort),
    CADDY_UPSTREAM: options.upstream,
  };
  const config = loopbackCaddyConfig(adaptCaddyfile(settings));
  const dir = mkdtempSync(join(tmpdir(), 'tt-caddy-'));
  const configPath = join(dir, 'caddy.json');
  writeFileSync(configPath, JSON.stringify(config));

  const server = await startServerProcess('caddy', binary, ['run', '--config', configPath], {
    port,
    env: caddyEnv(dir, settings),
    timeoutMs: 15_000,
  });
  const authority = join(dir, 'data/caddy/pki/authorities/local');
  return {
    url: `https://localhost:${port}`,
    port,
    httpPort,
    rootCertificate: readFileSync(join(authority, 'root.crt'), 'utf8'),
    intermediateCertificate: readFileSync(join(authority, 'intermediate.crt'), 'utf8'),
    output: server.output,
    async stop() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
