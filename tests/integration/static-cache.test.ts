/**
 * How long browsers may keep what the app serves from its build: hashed assets a year without asking
 * again (their names change with their contents), the page and the service worker never without
 * checking, so a new build reaches every user on their next visit.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';

const IMMUTABLE = 'public, max-age=31536000, immutable';

let clientDir: string;
let app: TestApp;

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'tt-static-'));
  mkdirSync(join(clientDir, 'assets'));
  writeFileSync(
    join(clientDir, 'index.html'),
    '<!doctype html><html><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(clientDir, 'sw.js'), "self.addEventListener('fetch', () => {});\n");
  writeFileSync(join(clientDir, 'manifest.webmanifest'), '{"name":"Tech Touchdown"}');
  writeFileSync(join(clientDir, 'assets', 'index-AbC123.js'), `export const x = ${'1'.repeat(2000)};\n`);
  writeFileSync(join(clientDir, 'assets', 'index-AbC123.css'), `body{color:red}\n`.repeat(100));
  writeFileSync(join(clientDir, 'assets', 'logo-AbC123.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  app = await startTestApp({ storeKind: 'memory', deps: { clientDir } });
});

afterAll(async () => {
  await app.close();
  rmSync(clientDir, { recursive: true, force: true });
});

async function cacheControl(path: string, acceptEncoding = 'gzip, deflate, br') {
  const answer = await fetch(`${app.baseUrl}${path}`, { headers: { 'accept-encoding': acceptEncoding } });
  expect(answer.status, path).toBe(200);
  return answer.headers.get('cache-control');
}

describe('cache headers of the built client', () => {
  it('serves hashed assets for a year, immutable, compressed or not', async () => {
    for (const path of ['/assets/index-AbC123.js', '/assets/index-AbC123.css', '/assets/logo-AbC123.png']) {
      expect(await cacheControl(path), path).toBe(IMMUTABLE);
      expect(await cacheControl(path, 'identity'), `${path} uncompressed`).toBe(IMMUTABLE);
    }
  });

  it('has the page and the service worker checked on every visit', async () => {
    for (const path of ['/', '/login', '/sports', '/index.html', '/sw.js']) {
      expect(await cacheControl(path), path).toBe('no-cache');
    }
  });

  it('keeps the other files of the build, whose names never change, for an hour', async () => {
    expect(await cacheControl('/manifest.webmanifest')).toBe('public, max-age=3600');
  });
});
