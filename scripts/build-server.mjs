#!/usr/bin/env node
// `npm run build:server`: compiles the server to dist/server/index.js (one ES module, source map
// beside it) for production, so the image runs plain `node --enable-source-maps dist/server/index.js`
// with no node_modules at all: esbuild bundles server/src, shared/src (the @server/@shared aliases
// come from tsconfig.json) and the npm packages they use, so the image carries only the JavaScript
// the server loads, not every file of every package (the SDKs' type declarations, sources and APIs
// the server never calls). Packages stay npm "dependencies", because `npm start` runs the sources
// against node_modules; this script checks that every package the server's own code imports is one
// (a package moved to devDependencies would otherwise only break a from-source production install),
// or an optional peer dependency: the SDKs of optional integrations (twilio, openai), which the server
// imports only when that integration is configured and which the bundle carries all the same.
//
// Licences: every package whose code lands in the bundle (esbuild's metafile) must be under a licence
// scripts/third-party.mjs allows, and its licence files go into dist/THIRD-PARTY-NOTICES.txt, which
// the image carries. The packages' own legal comments (/*! … */, @license) are kept beside the bundle
// in dist/server/index.js.LEGAL.txt, linked from its last line.
//
// The bundle sits two folders below the repository root, like server/src/app.ts, so paths that the
// server derives from its own location (the built client in dist/client) stay the same.
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';
import { ROOT } from './lib.mjs';
import { SERVER_OUTFILE, serverBuildOptions } from './server-bundle.mjs';
import {
  bundledPackages,
  licenceProblems,
  serverBundleFiles,
  writeThirdPartyNotices,
} from './third-party.mjs';

const OUTFILE = join(ROOT, SERVER_OUTFILE);

let esbuild;
try {
  esbuild = await import('esbuild');
} catch {
  console.error('build:server: esbuild is not installed: run npm install');
  process.exit(1);
}

const started = Date.now();
const result = await esbuild.build(serverBuildOptions(ROOT));

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const builtins = new Set(builtinModules);
const packageName = (path) =>
  path
    .split('/')
    .slice(0, path.startsWith('@') ? 2 : 1)
    .join('/');
// The packages the server's own sources import (not what those packages pull in themselves).
const imported = new Set();
for (const [file, input] of Object.entries(result.metafile.inputs)) {
  if (file.includes('node_modules/')) continue;
  for (const { original } of input.imports) {
    if (
      !original ||
      original.startsWith('.') ||
      original.startsWith('@server/') ||
      original.startsWith('@shared/')
    )
      continue;
    if (original.startsWith('node:') || builtins.has(original.split('/')[0])) continue;
    imported.add(packageName(original));
  }
}
const optionalPeer = (name) =>
  Boolean(pkg.peerDependencies?.[name] && pkg.peerDependenciesMeta?.[name]?.optional);
const notProduction = [...imported].filter((name) => !pkg.dependencies?.[name] && !optionalPeer(name)).sort();
if (notProduction.length > 0) {
  console.error(
    `build:server: the server imports ${notProduction.join(', ')}, which ${notProduction.length > 1 ? 'are' : 'is'} ` +
      'not in "dependencies" (nor an optional peer dependency) of package.json: a production install ' +
      '(npm ci --omit=dev) would not have it',
  );
  process.exit(1);
}

// Every package whose code is in the bundle, from esbuild's metafile: each under a licence that allows
// commercial redistribution, and its notices in dist/THIRD-PARTY-NOTICES.txt for the image.
const packages = bundledPackages(serverBundleFiles(result.metafile, SERVER_OUTFILE), ROOT);
const problems = licenceProblems(packages);
if (problems.length > 0) {
  console.error(
    `build:server: bundled packages under a licence that is not allowed (scripts/third-party.mjs):`,
  );
  for (const problem of problems) console.error(`  ${problem}`);
  process.exit(1);
}
const notices = writeThirdPartyNotices('server', packages, ROOT);

const bytes = result.metafile.outputs[relative(ROOT, OUTFILE)]?.bytes ?? 0;
console.log(
  `build:server: ${relative(ROOT, OUTFILE)} (${(bytes / 1024).toFixed(0)} kB, ${packages.length} packages bundled, ` +
    `their notices in ${notices}) in ${Date.now() - started} ms`,
);
