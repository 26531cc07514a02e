/**
 * deploy/Caddyfile, the HTTPS front of docker-compose.yml's `https` profile, read by Debian's caddy
 * (`caddy validate` and `caddy adapt`, which load it without listening or reaching any CA) with the
 * settings a self-hoster writes in .env: a public domain, a LAN name on Caddy's own CA, an address.
 * tests/e2e/https-caddy.spec.ts runs it in front of the app.
 */
import { describe, expect, it } from 'vitest';
import { adaptCaddyfile, CADDYFILE, loopbackCaddyConfig, runCaddy, type CaddyConfig } from '../helpers/caddy';

const validate = (settings: Record<string, string>) =>
  runCaddy(['validate', '--config', CADDYFILE, '--adapter', 'caddyfile'], settings);

/** Every handler of the site's routes, flattened (subroutes included). */
function handlers(config: CaddyConfig): Record<string, unknown>[] {
  const found: Record<string, unknown>[] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      const object = value as Record<string, unknown>;
      if (typeof object.handler === 'string') found.push(object);
      Object.values(object).forEach(walk);
    }
  };
  walk(config.apps.http.servers);
  return found;
}

function issuersFor(config: CaddyConfig, subject: string): string[] {
  const policies = config.apps.tls?.automation?.policies ?? [];
  return policies
    .filter((policy) => policy.subjects?.includes(subject))
    .flatMap((policy) => policy.issuers?.map((issuer) => issuer.module) ?? []);
}

describe('deploy/Caddyfile', () => {
  it.each([
    ['nothing set (localhost)', {}],
    ['a public domain', { SITE_ADDRESS: 'touchdown.example.com' }],
    ['a LAN name on Caddy’s CA', { SITE_ADDRESS: 'touchdown.lan', SITE_TLS: 'internal' }],
    ['an IP address', { SITE_ADDRESS: '192.168.1.20' }],
  ])('is valid with %s', (_name, settings: Record<string, string>) => {
    const result = validate(settings);
    expect(result.stdout + result.stderr).toContain('Valid configuration');
    expect(result.status).toBe(0);
    // As `caddy fmt` writes it (Caddy warns otherwise at every start).
    expect(result.stderr).not.toContain('not formatted');
  });

  it('proxies the site to the https profile’s app on ports 80 and 443', () => {
    const config = adaptCaddyfile({ SITE_ADDRESS: 'touchdown.example.com' });
    expect(config.apps.http.http_port).toBe(80);
    expect(config.apps.http.https_port).toBe(443);
    const servers = Object.values(config.apps.http.servers);
    expect(servers.map((server) => server.listen)).toEqual([[':443']]);
    expect(JSON.stringify(servers[0])).toContain('"host":["touchdown.example.com"]');
    const proxy = handlers(config).find((handler) => handler.handler === 'reverse_proxy');
    expect(proxy).toMatchObject({ upstreams: [{ dial: 'app-https:3000' }] });
    // Caddy sets X-Forwarded-For itself, from the address it saw: no header rewriting here.
    expect(proxy?.headers).toBeUndefined();
    expect(handlers(config).find((handler) => handler.handler === 'request_body')).toMatchObject({
      max_size: 1_000_000,
    });
    // Clients without SNI (an IP address as SITE_ADDRESS) still get the site's certificate.
    expect(JSON.stringify(servers[0])).toContain('"default_sni":"touchdown.example.com"');
    // Devices trust the CA by hand; Caddy does not try to install it in the container.
    expect(JSON.stringify(config.apps.pki)).toContain('"install_trust":false');
  });

  it('leaves a public domain to automatic certificates, and SITE_TLS=internal uses Caddy’s CA', () => {
    expect(
      issuersFor(adaptCaddyfile({ SITE_ADDRESS: 'touchdown.example.com' }), 'touchdown.example.com'),
    ).toEqual([]);
    expect(
      issuersFor(adaptCaddyfile({ SITE_ADDRESS: 'touchdown.lan', SITE_TLS: 'internal' }), 'touchdown.lan'),
    ).toEqual(['internal']);
  });

  it('refuses an unknown SITE_TLS', () => {
    const result = validate({ SITE_ADDRESS: 'touchdown.lan', SITE_TLS: 'letsencrypt' });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('tls-letsencrypt');
  });

  it('runs in the tests on loopback only, without an admin endpoint', () => {
    const config = loopbackCaddyConfig(
      adaptCaddyfile({
        SITE_ADDRESS: 'localhost',
        HTTPS_PORT: '8443',
        HTTP_PORT: '8080',
        CADDY_UPSTREAM: '127.0.0.1:3000',
      }),
    );
    expect(Object.values(config.apps.http.servers).map((server) => server.listen)).toEqual([
      ['127.0.0.1:8443'],
    ]);
    expect(config.apps.http.http_port).toBe(8080);
    expect(config.admin).toEqual({ disabled: true });
    expect(handlers(config).find((handler) => handler.handler === 'reverse_proxy')).toMatchObject({
      upstreams: [{ dial: '127.0.0.1:3000' }],
    });
  });
});
