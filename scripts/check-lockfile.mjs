#!/usr/bin/env node
// Checks that package-lock.json lists every optional package that a locked package declares: the
// platform builds (rollup, esbuild, Tailwind's oxide, lightningcss, …). `npm ci` installs only what
// the lockfile lists, so a lockfile written against a registry that lacked one platform's build
// installs fine on the author's machine and then fails, or silently runs without the native binary,
// on that other platform (macOS, Windows, Alpine's musl, arm64). Offline: it reads the lockfile and,
// when they are installed, the packages' own package.json files in node_modules (a lockfile entry can
// miss its optionalDependencies while the installed manifest still declares them).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT } from './lib.mjs';

/**
 * The optional dependencies that no lockfile entry satisfies, as `{ from, version, dependency }`.
 * `readManifest(path)` returns the installed package.json at a lockfile path (`node_modules/x`) or
 * null; it is consulted only when its version is the locked one.
 */
export function findMissingOptionalPackages(lock, readManifest = () => null) {
  const packages = lock.packages ?? {};
  const missing = [];
  for (const [path, entry] of Object.entries(packages)) {
    if (entry.link) continue; // a workspace link: its target has an entry of its own
    const declared = new Set(Object.keys(entry.optionalDependencies ?? {}));
    const installed = path ? readManifest(path) : null;
    if (installed && installed.version === entry.version) {
      for (const name of Object.keys(installed.optionalDependencies ?? {})) declared.add(name);
    }
    for (const dependency of declared) {
      if (!resolveInLock(packages, path, dependency)) {
        missing.push({ from: path || '(root)', version: entry.version, dependency });
      }
    }
  }
  return missing;
}

/** Node's lookup: the package's own node_modules, then each enclosing one up to the root. */
export function resolveInLock(packages, fromPath, name) {
  let dir = fromPath;
  for (;;) {
    const candidate = `${dir ? `${dir}/` : ''}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!dir) return null;
    const parent = dir.lastIndexOf('/node_modules/');
    dir = parent < 0 ? '' : dir.slice(0, parent);
  }
}

function readInstalledManifest(root) {
  return (path) => {
    const file = join(root, path, 'package.json');
    if (!existsSync(file)) return null;
    try {
      return JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      return null;
    }
  };
}

function main() {
  const lockPath = process.argv[2] ?? join(ROOT, 'package-lock.json');
  const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
  // The installed packages beside that lockfile, if any.
  const missing = findMissingOptionalPackages(lock, readInstalledManifest(dirname(lockPath)));
  const declaring = Object.values(lock.packages ?? {}).filter((e) => e.optionalDependencies).length;
  if (missing.length === 0) {
    console.log(`lockfile: every optional (platform) package of ${declaring} packages is listed`);
    return;
  }
  console.error(`lockfile: ${missing.length} declared optional packages are missing from ${lockPath}:`);
  for (const { from, version, dependency } of missing) console.error(`  ${from}@${version} → ${dependency}`);
  console.error(
    'lockfile: `npm ci` would leave those platforms without the package. Pin the parent to a version ' +
      'whose every platform build is on the registry (npm view <name>@<version> optionalDependencies, ' +
      'then npm view each), add an exact "overrides" entry if it is a transitive dependency, and run ' +
      'npm install again.',
  );
  process.exitCode = 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
