/**
 * Who may name the client's address, as self-hosters deploy the app (docker-compose.yml): the
 * directly published `app` trusts no proxy, and in the `scale` profile only nginx is published while
 * the instances behind it trust the one hop in front of them (TRUST_PROXY=1). Run for real: the
 * repo's nginx config in front of two instances configured so, where a forged X-Forwarded-For does
 * not move a client past the per-address sign-in limit.
 */
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFaultApp, type FaultApp } from '../faults/app';
import { NGINX_CONFIG, startNginx, type Nginx } from '../helpers/nginx';
import { freePort, startRedisServer, type RedisServer } from '../helpers/redis-server';

const COMPOSE = readFileSync(new URL('../../docker-compose.yml', import.meta.url), 'utf8');

/** Each service's lines under `services:` (two-space indented names), by name. */
function composeServices(): Map<string, string> {
  const services = new Map<string, string>();
  const body = COMPOSE.slice(COMPOSE.indexOf('\nservices:\n'));
  let current: string | null = null;
  for (const line of body.split('\n').slice(2)) {
    if (/^\S/.test(line)) break; // the next top-level key
    const name = /^ {2}([a-z][\w-]*):\s*$/.exec(line)?.[1];
    if (name) current = name;
    else if (current && !/^\s*#/.test(line)) services.set(current, `${services.get(current) ?? ''}${line}\n`);
  }
  return services;
}

/** The `server name:port` lines of the nginx upstream: the services it sends requests to. */
const upstreamServices = () =>
  [...readFileSync(NGINX_CONFIG, 'utf8').matchAll(/^\s*server\s+([\w-]+):3000\b/gm)].map((m) => m[1]!);

const publishes = (service: string) => /^ {4}ports:\s*\n\s+- /m.test(service);

describe('docker-compose.yml', () => {
  it('trusts no proxy on the published app, and only nginx (scale) and Caddy (https) are published in front of instances', () => {
    const services = composeServices();
    const app = services.get('app')!;
    expect(publishes(app)).toBe(true);
    // Only what the operator sets in .env (env_file): nothing by default.
    expect(app).not.toMatch(/TRUST_PROXY/);

    const behindNginx = upstreamServices();
    expect(behindNginx.length).toBeGreaterThanOrEqual(2);
    expect(behindNginx).not.toContain('app');
    for (const name of behindNginx) {
      const service = services.get(name);
      expect(service, name).toBeDefined();
      expect(service, name).toMatch(/^ {4}profiles: \[scale\]$/m);
      expect(service, name).toMatch(/^ {4}ports: !reset \[\]$/m);
      expect(publishes(service!), name).toBe(false);
      expect(service, name).toMatch(/^ {6}TRUST_PROXY: '1'$/m);
      expect(services.get('nginx'), `nginx waits for ${name}`).toMatch(new RegExp(`^ {6}${name}:$`, 'm'));
    }
    // Behind Caddy: one instance, not published, trusting the one hop in front of it.
    const behindCaddy = services.get('app-https')!;
    expect(behindCaddy).toMatch(/^ {4}profiles: \[https\]$/m);
    expect(behindCaddy).toMatch(/^ {4}ports: !reset \[\]$/m);
    expect(behindCaddy).toMatch(/^ {6}TRUST_PROXY: '1'$/m);
    const published = [...services].filter(([, service]) => publishes(service)).map(([name]) => name);
    expect(published.sort()).toEqual(['app', 'caddy', 'nginx']);
  });
});

/** A sign-in start through nginx from `localAddress` (any 127.x address is this machine's). */
function startFrom(localAddress: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${nginx.url}/api/auth/github/login`, { localAddress }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
    });
    req.on('error', reject);
    req.end();
  });
}

let nginx: Nginx;

describe('behind the repo nginx config, instances with TRUST_PROXY=1', () => {
  let redis: RedisServer;
  let instances: FaultApp[] = [];

  beforeAll(async () => {
    // A Redis of its own: the sign-in counter of 127.0.0.1 is not shared with other tests.
    redis = await startRedisServer();
    const port = await freePort();
    const env = { TRUST_PROXY: '1', SIGNIN_RATE_LIMIT: '3' };
    const publicUrl = `http://127.0.0.1:${port}`;
    instances = [
      await startFaultApp({ redisUrl: redis.url, publicUrl, env }),
      await startFaultApp({ redisUrl: redis.url, publicUrl, env }),
    ];
    nginx = await startNginx(
      instances.map((instance) => `127.0.0.1:${instance.port}`),
      { port },
    );
  }, 30_000);
  afterAll(async () => {
    await nginx?.stop();
    for (const instance of instances) await instance.close();
    await redis?.stop();
  });

  it('count the address nginx saw, however X-Forwarded-For is forged', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      // Documentation addresses, only ever written in a header: no packet leaves loopback.
      const answer = await fetch(`${nginx.url}/api/auth/github/login`, {
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429, 429, 429, 429, 429]);
    // Another client, from another loopback address: nginx names it, and it has starts of its own.
    expect(await startFrom('127.0.0.2')).toBe(200);
  });
});
