/**
 * The Content Security Policy's word on workers and the manifest, as SECURITY.md states it: the
 * offline service worker and the web app manifest come from the app's own origin only (no `blob:`
 * worker, no other host), on the page and on the files the browser fetches for the installed app.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';

let app: TestApp;
let clientDir: string;

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'tt-csp-workers-'));
  writeFileSync(
    join(clientDir, 'index.html'),
    '<!doctype html><html><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(clientDir, 'sw.js'), "self.addEventListener('fetch', () => {});");
  writeFileSync(join(clientDir, 'manifest.webmanifest'), '{"name":"Tech Touchdown"}');
  // Nothing here reaches the internet: no feeds, and a scoreboard source on a closed loopback port.
  app = await startTestApp({
    storeKind: 'memory',
    env: { NEWS_FEEDS: '', ESPN_BASE_URL: 'http://127.0.0.1:9' },
    deps: { clientDir },
  });
});

afterAll(async () => {
  await app?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

/** The policy's directives by name, each with its sources. */
async function policy(path: string): Promise<Map<string, string[]>> {
  const answer = await fetch(`${app.baseUrl}${path}`);
  expect(answer.status, path).toBe(200);
  const csp = answer.headers.get('content-security-policy') ?? '';
  return new Map(
    csp.split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/);
      return [name, sources] as const;
    }),
  );
}

describe('the CSP on workers and the manifest', () => {
  for (const path of ['/', '/sports', '/sw.js', '/manifest.webmanifest']) {
    it(`allows them from the app's own origin only (${path})`, async () => {
      const directives = await policy(path);
      expect(directives.get('worker-src')).toEqual(["'self'"]);
      expect(directives.get('manifest-src')).toEqual(["'self'"]);
    });
  }
});
