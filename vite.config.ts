import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import {
  bundledPackages,
  clientBundleFiles,
  licenceProblems,
  writeThirdPartyNotices,
  type BundledPackage,
} from './scripts/third-party.mjs';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Path aliases shared by Vite and Vitest (mirrors tsconfig.json). */
export const alias = {
  '@client': fromRoot('./client/src'),
  '@server': fromRoot('./server/src'),
  '@shared': fromRoot('./shared/src'),
};

/**
 * Stamps the service worker (client/public/sw.js, copied as is) with a hash of the build's file
 * names: browsers install a new worker only when its bytes change, and the new one replaces the
 * previous build's cached shell.
 */
function serviceWorkerBuildId(): Plugin {
  return {
    name: 'service-worker-build-id',
    apply: 'build',
    writeBundle(options, bundle) {
      const file = join(options.dir ?? fromRoot('./dist/client'), 'sw.js');
      const source = readFileSync(file, 'utf8');
      if (!source.includes('__BUILD_ID__')) throw new Error('sw.js: no __BUILD_ID__ to replace');
      const id = createHash('sha256')
        .update(Object.keys(bundle).sort().join('\n'))
        .digest('hex')
        .slice(0, 16);
      writeFileSync(file, source.replace('__BUILD_ID__', id));
    },
  };
}

/**
 * The licences of what the client bundle carries, read from Rollup's own output: every package with
 * code in a chunk (or a style sheet in the CSS) must be under a licence scripts/third-party.mjs
 * allows, or the build fails; a written build adds the client's part to dist/THIRD-PARTY-NOTICES.txt.
 * `api.packages()` hands the list to tests/licences.test.ts, which builds in memory.
 */
function thirdPartyNotices(): Plugin<{ packages: () => readonly BundledPackage[] }> {
  const root = fromRoot('.');
  let packages: BundledPackage[] = [];
  return {
    name: 'third-party-notices',
    apply: 'build',
    api: { packages: () => packages },
    generateBundle(_options, bundle) {
      packages = bundledPackages(clientBundleFiles(bundle, this.getWatchFiles(), root), root);
      const problems = licenceProblems(packages);
      if (problems.length > 0) {
        this.error(
          `bundled packages under a licence that is not allowed (scripts/third-party.mjs):\n  ${problems.join('\n  ')}`,
        );
      }
    },
    writeBundle() {
      writeThirdPartyNotices('client', packages, root);
    },
  };
}

export default defineConfig({
  root: fromRoot('./client'),
  publicDir: fromRoot('./client/public'),
  plugins: [react(), tailwindcss(), serviceWorkerBuildId(), thirdPartyNotices()],
  resolve: { alias },
  build: {
    outDir: fromRoot('./dist/client'),
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    // `npm run dev`: the API and socket live on the Node server.
    proxy: {
      '/api': 'http://localhost:3000',
      '/socket.io': { target: 'http://localhost:3000', ws: true },
      '/dev-oauth': 'http://localhost:3000',
    },
  },
});
