// Tests of the lockfile check (scripts/check-lockfile.mjs), run by `npm test` with `node --test`.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { findMissingOptionalPackages, resolveInLock } from './check-lockfile.mjs';

const PLATFORMS = [
  '@rollup/rollup-linux-x64-gnu',
  '@rollup/rollup-darwin-arm64',
  '@rollup/rollup-win32-x64-msvc',
];

/** A lockfile where rollup declares three platform builds and all three are locked. */
function completeLock() {
  const packages = {
    '': { name: 'app', version: '1.0.0', devDependencies: { vite: '^7.0.0' } },
    'node_modules/vite': { version: '7.3.8', dependencies: { rollup: '^4.0.0' } },
    'node_modules/rollup': {
      version: '4.67.4',
      optionalDependencies: Object.fromEntries(PLATFORMS.map((name) => [name, '4.67.4'])),
    },
  };
  for (const name of PLATFORMS) packages[`node_modules/${name}`] = { version: '4.67.4', optional: true };
  return { name: 'app', lockfileVersion: 3, packages };
}

test('a lockfile with every platform package passes', () => {
  assert.deepEqual(findMissingOptionalPackages(completeLock()), []);
});

test('a lockfile missing one platform package names it and its parent', () => {
  const lock = completeLock();
  delete lock.packages['node_modules/@rollup/rollup-darwin-arm64'];
  assert.deepEqual(findMissingOptionalPackages(lock), [
    { from: 'node_modules/rollup', version: '4.67.4', dependency: '@rollup/rollup-darwin-arm64' },
  ]);
});

test('optional packages declared only by the installed package.json count too', () => {
  const lock = completeLock();
  delete lock.packages['node_modules/rollup'].optionalDependencies;
  delete lock.packages['node_modules/@rollup/rollup-win32-x64-msvc'];
  const installed = {
    'node_modules/rollup': {
      version: '4.67.4',
      optionalDependencies: Object.fromEntries(PLATFORMS.map((name) => [name, '4.67.4'])),
    },
  };
  const missing = findMissingOptionalPackages(lock, (path) => installed[path] ?? null);
  assert.deepEqual(
    missing.map((m) => m.dependency),
    ['@rollup/rollup-win32-x64-msvc'],
  );
});

test('an installed package.json of another version is not trusted', () => {
  const lock = completeLock();
  const other = { version: '4.0.0', optionalDependencies: { '@rollup/rollup-freebsd-x64': '4.0.0' } };
  assert.deepEqual(
    findMissingOptionalPackages(lock, () => other),
    [],
  );
});

test('a nested copy satisfies its parent, as Node resolves it', () => {
  const packages = {
    'node_modules/a': { version: '1.0.0' },
    'node_modules/a/node_modules/b': { version: '2.0.0', optionalDependencies: { c: '1.0.0' } },
    'node_modules/a/node_modules/c': { version: '1.0.0' },
  };
  assert.equal(
    resolveInLock(packages, 'node_modules/a/node_modules/b', 'c'),
    'node_modules/a/node_modules/c',
  );
  assert.equal(resolveInLock(packages, 'node_modules/a/node_modules/b', 'd'), null);
  assert.deepEqual(findMissingOptionalPackages({ packages }), []);
});

test('the command fails, naming the missing package, on such a lockfile', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tt-lockcheck-'));
  try {
    const lock = completeLock();
    delete lock.packages['node_modules/@rollup/rollup-linux-x64-gnu'];
    const file = join(dir, 'package-lock.json');
    writeFileSync(file, JSON.stringify(lock));
    const script = fileURLToPath(new URL('./check-lockfile.mjs', import.meta.url));
    const result = spawnSync(process.execPath, [script, file], { encoding: 'utf8' });
    assert.equal(result.status, 1);
    assert.match(result.stderr, /node_modules\/rollup@4\.67\.4 → @rollup\/rollup-linux-x64-gnu/);

    writeFileSync(file, JSON.stringify(completeLock()));
    assert.equal(spawnSync(process.execPath, [script, file]).status, 0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
