import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

export default defineConfig({
  root: fromRoot('./client'),
  publicDir: fromRoot('./client/public'),
  plugins: [react(), tailwindcss(), serviceWorkerBuildId()],
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
