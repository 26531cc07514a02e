/**
 * docker-compose.yml as Docker Compose reads it, checked without a Docker engine: the YAML (with
 * Compose's `!reset` and `!override` tags) against the Compose specification's JSON schema
 * (tests/fixtures/compose-spec/, SOURCES.md there), then what README.md and docs/deployment.md
 * promise about it: one optional `.env` whose every setting reaches the app, no variable that must
 * be exported, PUBLIC_URL from SITE_ADDRESS behind Caddy, and the Compose version its features need.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { parseDocument, type CollectionTag, type ScalarTag } from 'yaml';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

/** A `!reset` scalar (`build: !reset null`): the key goes, as Compose drops it. */
const RESET = Symbol('reset');

/**
 * Compose's merge tags. On a collection the value stands as written (`ports: !reset []`); what they
 * change is how Compose merges the service with the one it extends, which `resolvedService` does.
 */
const composeTags: (CollectionTag | ScalarTag)[] = ['!reset', '!override'].flatMap((tag) => [
  { tag, collection: 'seq' as const },
  { tag, collection: 'map' as const },
  { tag, resolve: (value: string) => (tag === '!reset' ? RESET : value) },
]);

function withoutResets(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((item) => item !== RESET).map(withoutResets);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, item]) => item !== RESET)
        .map(([key, item]) => [key, withoutResets(item)]),
    );
  }
  return value;
}

interface Service {
  build?: unknown;
  image?: string;
  extends?: { service: string };
  profiles?: string[];
  ports?: string[];
  env_file?: unknown;
  environment?: Record<string, string>;
  volumes?: string[];
  depends_on?: Record<string, unknown>;
}

interface ComposeFile {
  services: Record<string, Service>;
  volumes?: Record<string, unknown>;
}

function parseCompose(source: string) {
  const document = parseDocument(source, { customTags: composeTags });
  return {
    problems: [...document.errors, ...document.warnings].map((problem) => problem.message),
    compose: withoutResets(document.toJS()) as ComposeFile,
  };
}

function schemaValidator() {
  const schema = JSON.parse(read('tests/fixtures/compose-spec/compose-spec.json')) as object;
  // Not strict: the schema uses annotations of its own ("deprecated") that Ajv does not know.
  const ajv = new Ajv({ allErrors: true, strict: false });
  // The schema names draft-07 by its https address; it is the draft-07 meta-schema Ajv ships.
  const draft07 = createRequire(import.meta.url)('ajv/dist/refs/json-schema-draft-07.json') as object;
  ajv.addMetaSchema({ ...draft07, $id: 'https://json-schema.org/draft-07/schema' });
  return ajv.compile(schema);
}

const source = read('docker-compose.yml');
const { problems, compose } = parseCompose(source);
const validate = schemaValidator();

/** A service with the one it extends merged in (Compose's merge, as far as this file uses it). */
function resolvedService(name: string): Service {
  const service = compose.services[name]!;
  if (!service.extends) return service;
  const base = resolvedService(service.extends.service);
  return {
    ...base,
    ...service,
    environment: { ...base.environment, ...service.environment },
    volumes: [...new Set([...(base.volumes ?? []), ...(service.volumes ?? [])])],
  };
}

/** Services that run the app's image: the ones that build it, and those extending them. */
const appServices = Object.keys(compose.services).filter((name) => {
  const service = resolvedService(name);
  return service.build !== undefined && service.image === 'tech-touchdown:latest';
});

/**
 * Compose's interpolation of one value: `${VAR}`, `${VAR:-default}` (unset or empty),
 * `${VAR-default}` (unset), nested defaults and `$$`; `${VAR:?…}` and `${VAR?…}` fail, as Compose
 * fails every command when such a variable is missing.
 */
function interpolate(value: string, variables: Record<string, string>): string {
  let result = '';
  let index = 0;
  while (index < value.length) {
    if (value.startsWith('$$', index)) {
      result += '$';
      index += 2;
    } else if (value.startsWith('${', index)) {
      let depth = 0;
      let end = index;
      for (; end < value.length; end++) {
        if (value.startsWith('${', end)) depth++;
        if (value[end] === '}' && --depth === 0) break;
      }
      const inner = value.slice(index + 2, end);
      const match = /^([A-Za-z_][A-Za-z0-9_]*)(?:(:?)([-?])([\s\S]*))?$/.exec(inner);
      if (!match) throw new Error(`bad interpolation \${${inner}}`);
      const [, name, colon, operator, fallback] = match;
      const current = variables[name!];
      const missing = current === undefined || (colon === ':' && current === '');
      if (operator === '?' && missing) throw new Error(`${name} must be set: ${fallback}`);
      result += missing && operator === '-' ? interpolate(fallback!, variables) : (current ?? '');
      index = end + 1;
    } else {
      result += value[index++];
    }
  }
  return result;
}

/** Every `${…}` expression of the file, outer ones only. */
function interpolations(text: string): string[] {
  const found: string[] = [];
  for (const line of text.split('\n')) {
    if (line.trimStart().startsWith('#')) continue;
    for (let index = line.indexOf('${'); index !== -1;) {
      let depth = 0;
      let end = index;
      for (; end < line.length; end++) {
        if (line.startsWith('${', end)) depth++;
        if (line[end] === '}' && --depth === 0) break;
      }
      found.push(line.slice(index, end + 1));
      index = line.indexOf('${', end + 1);
    }
  }
  return found;
}

/** The names of the config contract, as .env.example lists them (tests/integration/env-example.test.ts). */
const settings = [...read('.env.example').matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]!);

describe('docker-compose.yml', () => {
  it('is YAML that Compose reads, valid against the Compose specification schema', () => {
    expect(problems).toEqual([]);
    const valid = validate(compose);
    expect(validate.errors ?? [], JSON.stringify(validate.errors, null, 2)).toEqual([]);
    expect(valid).toBe(true);
  });

  it('is checked for real: the schema refuses a mistyped key and a wrong type', () => {
    const mistyped = parseCompose(source.replace(/^ {4}env_file:/m, '    envfile:')).compose;
    expect(validate(mistyped)).toBe(false);
    const wrongType = parseCompose(source).compose;
    wrongType.services.app!.ports = '3000' as unknown as string[];
    expect(validate(wrongType)).toBe(false);
    expect(parseCompose('services:\n  app:\n    ports: !unknown []\n').problems).not.toEqual([]);
  });

  it('needs nothing exported: every variable has a default, none is required', () => {
    const expressions = interpolations(source);
    expect(expressions.length).toBeGreaterThan(0);
    for (const expression of expressions) {
      expect(expression, `${expression} fails \`docker compose logs/ps/down\` when unset`).not.toMatch(
        /^\$\{[A-Za-z_][A-Za-z0-9_]*:?\?/,
      );
      expect(() => interpolate(expression, {}), expression).not.toThrow();
    }
  });

  it('gives every app service the settings of an optional .env, and overrides only what compose decides', () => {
    expect(appServices.sort()).toEqual(['app', 'app-1', 'app-2', 'app-https']);
    const decidedByCompose = ['NODE_ENV', 'PORT', 'PUBLIC_URL', 'REDIS_URL', 'TRUST_PROXY'];
    for (const name of appServices) {
      const service = resolvedService(name);
      // A fresh clone has no .env: optional, or every command would fail.
      expect(service.env_file, name).toEqual([{ path: '.env', required: false }]);
      expect(Object.keys(service.environment ?? {}).filter((key) => !decidedByCompose.includes(key))).toEqual(
        [],
      );
      expect(service.environment?.NODE_ENV).toBe('production');
      // The session secret's volume, shared by every instance.
      expect(service.volumes).toContain('app-data:/var/lib/tech-touchdown');
    }
    // Each name README documents is either passed from .env as it is, or decided above.
    expect(settings.length).toBeGreaterThan(40);
    expect(decidedByCompose.filter((name) => !settings.includes(name))).toEqual([]);
    // The directly published app keeps the operator's PUBLIC_URL and TRUST_PROXY from .env.
    const app = resolvedService('app');
    expect(interpolate(app.environment!.PUBLIC_URL!, { PUBLIC_URL: 'https://td.example.com' })).toBe(
      'https://td.example.com',
    );
    expect(interpolate(app.environment!.PUBLIC_URL!, { APP_PORT: '8000' })).toBe('http://localhost:8000');
    expect(app.environment?.TRUST_PROXY).toBeUndefined();
    expect(app.environment?.SESSION_SECRET).toBeUndefined();
  });

  it('serves HTTPS through Caddy with PUBLIC_URL from SITE_ADDRESS (profile https)', () => {
    const app = resolvedService('app-https');
    const caddy = compose.services.caddy!;
    expect(app.profiles).toEqual(['https']);
    expect(caddy.profiles).toEqual(['https']);
    // Reached through Caddy alone, so it trusts that one hop.
    expect(app.ports).toEqual([]);
    expect(app.environment?.TRUST_PROXY).toBe('1');
    for (const [variables, url] of [
      [{ SITE_ADDRESS: 'touchdown.example.com' }, 'https://touchdown.example.com'],
      [{ SITE_ADDRESS: '192.168.1.20' }, 'https://192.168.1.20'],
      [{}, 'https://localhost'],
    ] as const) {
      expect(interpolate(app.environment!.PUBLIC_URL!, variables)).toBe(url);
      expect(`https://${interpolate(caddy.environment!.SITE_ADDRESS!, variables)}`).toBe(url);
    }
    expect(caddy.ports).toEqual(['80:80', '443:443', '443:443/udp']);
    expect(caddy.volumes).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro');
    expect(caddy.depends_on).toEqual({ 'app-https': { condition: 'service_healthy' } });
    expect(Object.keys(compose.volumes ?? {})).toEqual(
      expect.arrayContaining(['app-data', 'caddy-data', 'caddy-config', 'redis-data']),
    );

    // Caddy gets each setting its Caddyfile reads, but those the tests alone set (ports, upstream).
    const caddyfile = read('deploy/Caddyfile');
    const readByCaddyfile = [...new Set([...caddyfile.matchAll(/\{\$([A-Z_]+)/g)].map((match) => match[1]!))];
    const testsOnly = ['HTTP_PORT', 'HTTPS_PORT', 'CADDY_UPSTREAM'];
    expect(Object.keys(caddy.environment ?? {}).sort()).toEqual(
      readByCaddyfile.filter((name) => !testsOnly.includes(name)).sort(),
    );
    // Its upstream by default is the https profile's app.
    expect(caddyfile).toMatch(/reverse_proxy \{\$CADDY_UPSTREAM:app-https:3000\}/);
  });

  it('states the Docker Compose version its features need, in README.md and docs/deployment.md', () => {
    /** Compose features by the release that first reads them. */
    const features: { version: string; used: boolean }[] = [
      { version: '2.18', used: /!reset\b/.test(source) },
      {
        version: '2.24',
        used: appServices.some((name) =>
          JSON.stringify(resolvedService(name).env_file).includes('"required"'),
        ),
      },
      { version: '2.24.4', used: /!override\b/.test(source) },
      { version: '2.20', used: /^include:/m.test(source) },
    ];
    const needed = features
      .filter((feature) => feature.used)
      .map((feature) => feature.version)
      .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
      .at(-1)!;
    expect(needed).toBe('2.24');
    for (const path of ['README.md', 'docs/deployment.md', 'docker-compose.yml']) {
      const stated = [...read(path).matchAll(/Docker Compose (\d+\.\d+(?:\.\d+)?) or later/g)].map(
        (match) => match[1],
      );
      expect(stated.length, `${path} states the Compose version`).toBeGreaterThan(0);
      expect(new Set(stated), path).toEqual(new Set([needed]));
    }
  });
});
