import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './redis-server';
import { startServerProcess } from './server-process';

/** The repo's nginx config for self-hosters (docker-compose.yml, profile `scale`). */
export const NGINX_CONFIG = fileURLToPath(new URL('../../deploy/nginx/tech-touchdown.conf', import.meta.url));

export interface Nginx {
  /** http://127.0.0.1:PORT */
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** Debian's nginx (apt-get install nginx): on PATH, or in /usr/sbin for users without it on PATH. */
export function nginxBinary(): string | null {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/sbin'];
  for (const dir of dirs) if (dir && existsSync(join(dir, 'nginx'))) return join(dir, 'nginx');
  return null;
}

/**
 * The repo's config as a test runs it: the same map, upstream and server blocks, with the upstream
 * servers pointed at instances on loopback and the listener on a loopback port.
 */
export function loopbackConfig(source: string, upstreams: string[], port: number): string {
  const servers = upstreams.map((address) => `    server ${address} max_fails=1 fail_timeout=5s;`).join('\n');
  const upstreamLines = /^\s*server\s+app(-\d+)?:3000\b.*;\s*$/gm;
  const matches = source.match(upstreamLines) ?? [];
  if (matches.length === 0) throw new Error('deploy/nginx config: no `server app:3000` upstream lines');
  let replaced = false;
  const withUpstreams = source.replace(upstreamLines, () => {
    if (replaced) return '';
    replaced = true;
    return servers;
  });
  const withListen = withUpstreams.replace(/^(\s*)listen\s+80;/m, `$1listen 127.0.0.1:${port};`);
  if (withListen === withUpstreams) throw new Error('deploy/nginx config: no `listen 80;` line');
  return withListen;
}

/**
 * Runs nginx in the foreground with the repo's config in front of `upstreams` (host:port on
 * loopback), in its own temp prefix: nothing of the machine's nginx setup is used or touched.
 * `port` lets the instances behind it know their PUBLIC_URL before it starts.
 */
export async function startNginx(upstreams: string[], options: { port?: number } = {}): Promise<Nginx> {
  const binary = nginxBinary();
  if (!binary) throw new Error('nginx is not installed: apt-get install nginx (npm test installs it)');
  const port = options.port ?? (await freePort());
  const dir = mkdtempSync(join(tmpdir(), 'tt-nginx-'));
  // Workers may run as another user (nginx started as root): they need to reach their temp paths.
  chmodSync(dir, 0o755);
  for (const name of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    mkdirSync(join(dir, name));
    chmodSync(join(dir, name), 0o777);
  }
  writeFileSync(join(dir, 'site.conf'), loopbackConfig(readFileSync(NGINX_CONFIG, 'utf8'), upstreams, port));
  writeFileSync(
    join(dir, 'nginx.conf'),
    `worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log stderr warn;
events { worker_connections 1024; }
http {
    access_log off;
    client_body_temp_path ${join(dir, 'client_body')};
    proxy_temp_path ${join(dir, 'proxy')};
    fastcgi_temp_path ${join(dir, 'fastcgi')};
    uwsgi_temp_path ${join(dir, 'uwsgi')};
    scgi_temp_path ${join(dir, 'scgi')};
    include ${join(dir, 'site.conf')};
}
`,
  );
  const server = await startServerProcess(
    'nginx',
    binary,
    ['-p', dir, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'],
    { port, timeoutMs: 10_000 },
  );
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    async stop() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
