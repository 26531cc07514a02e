import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Path aliases shared by Vite and Vitest (mirrors tsconfig.json). */
export const alias = {
  '@client': fromRoot('./client/src'),
  '@server': fromRoot('./server/src'),
  '@shared': fromRoot('./shared/src'),
};

export default defineConfig({
  root: fromRoot('./client'),
  publicDir: fromRoot('./client/public'),
  plugins: [react(), tailwindcss()],
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
