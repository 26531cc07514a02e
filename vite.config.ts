import { createHash } from 'node:crypto';
import { readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import {
  bundledPackages,
  clientBundleFiles,
  licenceProblems,
  writeThirdPartyNotices,
  type BundledPackage,
} from './scripts/third-party.mjs';
import { FIRST_SLIDE_PICTURE } from './client/src/features/auth/first-slide';

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

/**
 * React Router ships its code as one module whose top level calls `React.createContext`,
 * `React.forwardRef` and `React.memo` without a pure annotation and then sets `displayName` on the
 * results, so no bundler can drop what the app does not use (`<Form>`, the data routers' contexts,
 * framework-mode prefetching): about 6 KB (gzip) on every page. This marks those calls pure and drops
 * the `displayName`s (React DevTools names only; the build carries no DevTools names anyway), as
 * React's own packages are written. The build fails if the module no longer has that shape, so a
 * React Router update that changes it is looked at rather than silently shipping the whole module.
 */
function treeShakeReactRouter(): Plugin {
  const module = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/][^\\/]+[\\/]chunk-[\w-]+\.mjs$/;
  const topLevelCall = /^((?:var|const|let) \w+ = )(React\d*\.(?:createContext|forwardRef|memo)\()/gm;
  const displayName = /^\w+\.displayName = "[^"\n]*";$/gm;
  let annotated = 0;
  return {
    name: 'tree-shake-react-router',
    apply: 'build',
    buildStart() {
      annotated = 0;
    },
    transform(code, id) {
      if (!module.test(id)) return null;
      const calls = code.match(topLevelCall)?.length ?? 0;
      if (calls === 0) return null;
      annotated += calls;
      return {
        code: code.replace(topLevelCall, '$1/* @__PURE__ */ $2').replace(displayName, ''),
        map: null,
      };
    },
    buildEnd(error) {
      const bundlesRouter = [...this.getModuleIds()].some((id) => module.test(id));
      if (!error && bundlesRouter && annotated === 0) {
        this.error('no React Router module had the expected shape: see treeShakeReactRouter');
      }
    },
  };
}

/** What index.html starts loading for a page: its modules (with what they import) and its largest picture. */
interface RoutePreload {
  modules: string[];
  image?: string;
}

/**
 * The pages' code is loaded on demand (client/src/app/router.tsx), so a visit would fetch a page's
 * code only once the entry had run (and the signed-in frame's, then the page's). A small script in
 * index.html starts those downloads beside the entry's, for the page the address names (a key ending
 * in `/*` names the paths below it): the page's modules and every chunk they import, and its
 * largest picture. The server's Content Security Policy allows the script by its hash, as it does
 * the theme script.
 */
function routePreloads(routes: Record<string, RoutePreload>): Plugin {
  return {
    name: 'route-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return html;
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        // What the entry imports statically is already on its way.
        const loaded = new Set<string>();
        const staticGraph = (file: string, into: Set<string>) => {
          if (into.has(file) || loaded.has(file)) return;
          into.add(file);
          for (const imported of byFile.get(file)?.imports ?? []) staticGraph(imported, into);
        };
        staticGraph(entry.fileName, loaded);
        const table: Record<string, [string[], string?]> = {};
        for (const [path, { modules, image }] of Object.entries(routes)) {
          const graph = new Set<string>();
          for (const source of modules) {
            const chunk = chunks.find((candidate) => candidate.moduleIds.includes(fromRoot(source)));
            if (!chunk) throw new Error(`route-preloads: no chunk holds ${source}`);
            staticGraph(chunk.fileName, graph);
          }
          const files = [...graph].map((file) => `/${file}`);
          table[path] = image ? [files, image] : [files];
        }
        const script = `(function () {
        var routes = ${JSON.stringify(table)};
        var path = location.pathname.replace(/(.)\\/$/, '$1');
        var route = routes[path];
        for (var key in routes) {
          var below = key.slice(-2) === '/*' && key.slice(0, -2);
          if (!route && below && (path === below || path.indexOf(below + '/') === 0)) route = routes[key];
        }
        if (!route) return;
        function preload(rel, href) {
          var link = document.createElement('link');
          link.rel = rel;
          link.href = href;
          if (rel === 'preload') {
            link.as = 'image';
            link.fetchPriority = 'high';
          } else {
            link.crossOrigin = '';
          }
          document.head.appendChild(link);
        }
        if (route[1]) preload('preload', route[1]);
        for (var i = 0; i < route[0].length; i++) preload('modulepreload', route[0][i]);
      })();`;
        return html.replace(
          '</head>',
          `  <!-- Starts the code of the page the address names beside the entry's (vite.config.ts). -->\n    <script>\n      ${script}\n    </script>\n  </head>`,
        );
      },
    },
  };
}

/**
 * What keeps pages light, checked on every build (the build fails otherwise):
 * - the entry imports no other chunk: every page, /login too, would load it;
 * - no chunk carries zod's classic API, which no bundler can tree-shake: the client parses with
 *   `zod/mini`, and takes plain values from modules without zod (shared/src/chat-rules.ts), since
 *   importing a constant from a module that builds classic schemas brings the whole API along.
 */
function bundleBudget(): Plugin {
  return {
    name: 'bundle-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        if (output.isEntry && output.imports.length > 0) {
          this.error(`the entry ${output.fileName} imports ${output.imports.join(', ')}`);
        }
        const classic = output.moduleIds.find((id) => /[\\/]zod[\\/]v4[\\/]classic[\\/]/.test(id));
        if (classic) this.error(`${output.fileName} bundles zod's classic API (${classic}): use zod/mini`);
      }
    },
  };
}

const FRAME = './client/src/app/protected-layout.tsx';

/**
 * Chunks that carry, beside what Rollup puts in them, small modules named here: alone, each was a
 * file of a few hundred bytes that gzip compresses without the dictionary of the rest, and that
 * every chunk using it imports by name again. A chunk named here holds its listed modules and what
 * only they import (nothing else imports it, so it never loads without them); Rollup places every
 * other module as it would. Join a module to a chunk only where every page that loads the module
 * loads that chunk anyway, so no page fetches more; and mind the paint: a module a page used to
 * load after its first paint now comes before it if the chunk does.
 *
 * Each chunk must hold a module that is loaded on demand (a dynamic import's target): Rollup treats
 * a chunk of plain modules as a second entry and splits what it shares with the entry out of the
 * entry, which the bundle budget's check then refuses.
 */
function joinedChunks(chunks: Record<string, string[]>): Rollup.GetManualChunk {
  let chunkOf: Map<string, string> | null = null;
  return (id, { getModuleInfo }) => {
    chunkOf ??= new Map(
      Object.entries(chunks).flatMap(([name, sources]) => {
        const members = new Set(
          sources.map((source) => {
            const member = realpathSync(fromRoot(source));
            if (!getModuleInfo(member)) throw new Error(`joined chunks: ${source} is not in the build`);
            return member;
          }),
        );
        if (![...members].some((member) => getModuleInfo(member)!.dynamicImporters.length > 0)) {
          throw new Error(`joined chunks: ${name} holds no module loaded on demand`);
        }
        for (const member of members) {
          for (const imported of getModuleInfo(member)!.importedIds) {
            const info = getModuleInfo(imported);
            if (!info || members.has(imported) || info.isEntry || info.dynamicImporters.length > 0) continue;
            // The Set's iteration reaches what is added during it.
            if (info.importers.every((importer) => members.has(importer))) members.add(imported);
          }
        }
        return [...members].map((member) => [member, name] as const);
      }),
    );
    return chunkOf.get(id);
  };
}

/**
 * What a dynamic import preloads (Vite lists every chunk the imported one needs, and each importing
 * chunk carries that list), less what the importing chunk imports itself: that ran before the import
 * could, so preloading it again only made every list longer (the entry's name was in all of them).
 */
function preloadsNotLoaded() {
  let importsOf = new Map<string, readonly string[]>();
  const loadedBy = new Map<string, Set<string>>();
  const plugin: Plugin = {
    name: 'preloads-not-loaded',
    apply: 'build',
    // Before Vite's own generateBundle, which writes the lists.
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        importsOf = new Map(chunks.map((chunk) => [chunk.fileName, chunk.imports]));
        loadedBy.clear();
      },
    },
  };
  const staticGraph = (host: string) => {
    let graph = loadedBy.get(host);
    if (!graph) {
      const files = new Set<string>();
      const visit = (file: string) => {
        if (files.has(file)) return;
        files.add(file);
        for (const imported of importsOf.get(file) ?? []) visit(imported);
      };
      visit(host);
      loadedBy.set(host, (graph = files));
    }
    return graph;
  };
  return {
    plugin,
    resolveDependencies: (_file: string, deps: string[], { hostId }: { hostId: string }) =>
      deps.filter((dep) => !staticGraph(hostId).has(dep)),
  };
}
const preloads = preloadsNotLoaded();

export default defineConfig({
  root: fromRoot('./client'),
  publicDir: fromRoot('./client/public'),
  plugins: [
    react(),
    tailwindcss(),
    treeShakeReactRouter(),
    routePreloads({
      '/login': { modules: ['./client/src/features/auth/login-page.tsx'], image: FIRST_SLIDE_PICTURE },
      '/auth/callback': { modules: ['./client/src/features/auth/callback-page.tsx'] },
      // The signed-in pages of router.tsx, each inside the signed-in frame.
      '/': { modules: [FRAME, './client/src/app/home-page.tsx'] },
      '/sports': { modules: [FRAME, './client/src/app/sports-route.tsx'] },
      '/fantasy': { modules: [FRAME, './client/src/features/fantasy/fantasy-page.tsx'] },
      '/fantasy/leagues/*': { modules: [FRAME, './client/src/app/leagues-route.tsx'] },
      '/slideshow': { modules: [FRAME, './client/src/features/slideshow/slideshow-page.tsx'] },
      '/profile': { modules: [FRAME, './client/src/features/profile/profile-page.tsx'] },
    }),
    bundleBudget(),
    preloads.plugin,
    serviceWorkerBuildId(),
    thirdPartyNotices(),
  ],
  resolve: { alias },
  build: {
    outDir: fromRoot('./dist/client'),
    emptyOutDir: true,
    sourcemap: true,
    // Chromium, and Safari and Firefox for two years, preload modules themselves; in older ones the
    // modules load when imported, only not ahead. The polyfill cost every page 0.4 KB (gzip).
    modulePreload: { polyfill: false, resolveDependencies: preloads.resolveDependencies },
    rollupOptions: {
      output: {
        onlyExplicitManualChunks: true,
        manualChunks: joinedChunks({
          // Every signed-in page loads the frame before it paints; these load on every signed-in
          // page too (the page paint marks, the socket's state, the game-day controls' stored
          // settings), most before the paint, and no public page loads them.
          'protected-layout': [
            FRAME,
            './client/src/app/after-first-paint.tsx',
            './client/src/lib/after-paint.ts',
            './client/src/components/link.tsx',
            './client/src/lib/socket-state.ts',
            './client/src/lib/stored-atom.ts',
            './client/src/lib/local-storage.ts',
            './node_modules/jotai/esm/vanilla/utils.mjs',
          ],
        }),
        // A chunk imports only what it uses: Rollup would also import what those import, so the
        // browser finds it sooner, but the preloads already start all of it (index.html's route
        // preloads hold a page's whole static graph, and a dynamic import's preloads the imported
        // chunk's).
        hoistTransitiveImports: false,
      },
    },
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
