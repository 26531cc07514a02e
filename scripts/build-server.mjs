#!/usr/bin/env node
// `npm run build:server`: compiles the server to dist/server/index.js (one ES module, source map
// beside it) for production, so the image runs plain `node --enable-source-maps dist/server/index.js`
// and carries no TypeScript compiler. esbuild bundles server/src and shared/src (the @server/@shared
// aliases come from tsconfig.json) and leaves every npm package external: they load from
// node_modules at run time, so each one the bundle imports must be a production dependency, which
// this script checks (a package moved to devDependencies would otherwise only fail in the image).
//
// The bundle sits two folders below the repository root, like server/src/app.ts, so paths that the
// server derives from its own location (the built client in dist/client) stay the same.
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';
import { ROOT } from './lib.mjs';

const OUTFILE = join(ROOT, 'dist/server/index.js');

let esbuild;
try {
  esbuild = await import('esbuild');
} catch {
  console.error('build:server: esbuild is not installed: run npm install');
  process.exit(1);
}

const started = Date.now();
const result = await esbuild.build({
  absWorkingDir: ROOT,
  entryPoints: ['server/src/index.ts'],
  outfile: OUTFILE,
  bundle: true,
  platform: 'node',
  format: 'esm',
  // The oldest Node this package supports (engines): nothing newer is emitted.
  target: 'node20.19',
  packages: 'external',
  tsconfig: 'tsconfig.json',
  sourcemap: 'linked',
  sourcesContent: false,
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
});

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const builtins = new Set(builtinModules);
const packageName = (path) =>
  path
    .split('/')
    .slice(0, path.startsWith('@') ? 2 : 1)
    .join('/');
const imported = new Set();
for (const output of Object.values(result.metafile.outputs)) {
  for (const { path, external } of output.imports) {
    if (!external || path.startsWith('node:') || builtins.has(path.split('/')[0])) continue;
    imported.add(packageName(path));
  }
}
const notProduction = [...imported].filter((name) => !pkg.dependencies?.[name]).sort();
if (notProduction.length > 0) {
  console.error(
    `build:server: the server imports ${notProduction.join(', ')}, which ${notProduction.length > 1 ? 'are' : 'is'} ` +
      'not in "dependencies" of package.json: a production install (npm ci --omit=dev) would not have it',
  );
  process.exit(1);
}

const bytes = result.metafile.outputs[relative(ROOT, OUTFILE)]?.bytes ?? 0;
console.log(
  `build:server: ${relative(ROOT, OUTFILE)} (${(bytes / 1024).toFixed(0)} kB, ${imported.size} packages external) ` +
    `in ${Date.now() - started} ms`,
);
