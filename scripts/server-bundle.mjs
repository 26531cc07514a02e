// The esbuild options of the server bundle, in one place for the build (scripts/build-server.mjs) and
// for tests/licences.test.ts, which bundles the server in memory with these very options to check the
// licences of what lands in it.

/** Where the bundle is written, relative to the repository root. */
export const SERVER_OUTFILE = 'dist/server/index.js';

/** esbuild's build options for the server bundle of the repository at `root`. */
export function serverBuildOptions(root) {
  return {
    absWorkingDir: root,
    entryPoints: ['server/src/index.ts'],
    outfile: SERVER_OUTFILE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    // The oldest Node this package supports (engines): nothing newer is emitted.
    target: 'node20.19',
    // Optional add-ons packages probe for with require() inside try/catch, never installed here:
    // ws's native speed-ups, linkedom's canvas. pino-pretty is a development transport (terminal only).
    external: ['bufferutil', 'utf-8-validate', 'canvas', 'pino-pretty'],
    // Bundled CommonJS packages call require() for Node's built-ins; an ES module has none of its own.
    banner: {
      js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);",
    },
    tsconfig: 'tsconfig.json',
    sourcemap: 'linked',
    sourcesContent: false,
    // The bundled packages' legal comments (/*! … */, @license, @preserve) go to index.js.LEGAL.txt
    // beside the bundle, linked from its end, instead of being dropped; the licence texts themselves
    // are in dist/THIRD-PARTY-NOTICES.txt (scripts/third-party.mjs).
    legalComments: 'linked',
    metafile: true,
    logLevel: 'warning',
  };
}
