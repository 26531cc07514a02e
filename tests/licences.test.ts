// Everything the app ships of other people's work may be redistributed commercially: the packages
// esbuild bundles into the server and Rollup into the client (both bundlers run here in memory with
// the builds' own configuration, no network and nothing written), and the brand marks and icons
// vendored into client/src. The allow-lists and their reasons are in scripts/third-party.mjs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { build, type Plugin, type Rollup } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';
import { PACKAGED_ICONS } from '@client/features/favourites/packaged-icons';
import { findInterest } from '@shared/data/tech-interests';
import { SERVER_OUTFILE, serverBuildOptions } from '../scripts/server-bundle.mjs';
import {
  MARK_LICENCES,
  PACKAGE_LICENCES,
  bundledPackages,
  clientBundleFiles,
  licenceAllowed,
  licenceProblems,
  renderThirdPartyNotices,
  serverBundleFiles,
  type BundledPackage,
} from '../scripts/third-party.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Each bundle takes a few seconds on a busy two-core machine; the client's Vite build the longest. */
const BUILD_TIMEOUT_MS = 180_000;

/** The server bundle's packages, from esbuild's metafile of the build's own options. */
async function serverPackages(): Promise<BundledPackage[]> {
  const result = await esbuild.build({ ...serverBuildOptions(ROOT), write: false, sourcemap: false });
  return bundledPackages(serverBundleFiles(result.metafile, SERVER_OUTFILE), ROOT);
}

/**
 * The client bundle's packages, as the third-party-notices plugin of vite.config.ts lists them, from a
 * production build of that config kept in memory (not minified: minifying changes no module).
 */
async function clientPackages(): Promise<readonly BundledPackage[]> {
  let notices: { api?: { packages: () => readonly BundledPackage[] } } | undefined;
  const findNotices: Plugin = {
    name: 'licences-test',
    configResolved(config) {
      notices = config.plugins.find((plugin) => plugin.name === 'third-party-notices');
    },
  };
  // Vitest sets NODE_ENV=test, which Vite would inline: React's development build would be bundled.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: join(ROOT, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'silent',
      plugins: [findNotices],
      build: { write: false, minify: false, sourcemap: false, copyPublicDir: false, emptyOutDir: false },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  if (!notices?.api) throw new Error('vite.config.ts has no third-party-notices plugin');
  return notices.api.packages();
}

describe('licence expressions', () => {
  it('allows an expression when every AND part, or one OR part, is on the list', () => {
    const allowed = PACKAGE_LICENCES;
    expect(licenceAllowed('MIT', allowed)).toBe(true);
    expect(licenceAllowed('(MIT OR GPL-3.0-only)', allowed)).toBe(true);
    expect(licenceAllowed('MIT AND Zlib', allowed)).toBe(false);
    expect(licenceAllowed('(MIT AND BSD-3-Clause) OR GPL-2.0-only', allowed)).toBe(true);
    expect(licenceAllowed('Apache-2.0 WITH LLVM-exception', allowed)).toBe(true);
    expect(licenceAllowed('GPL-2.0-only WITH Classpath-exception-2.0', allowed)).toBe(false);
  });

  it('refuses copyleft, non-commercial, unlicensed, missing and malformed licences', () => {
    for (const expression of [
      'GPL-3.0-only',
      'LGPL-2.1-or-later',
      'AGPL-3.0-only',
      'MPL-2.0',
      'CC-BY-NC-SA-4.0',
      'UNLICENSED',
      'SEE LICENSE IN LICENSE.md',
      '',
      undefined,
      '(MIT',
      'MIT OR',
    ]) {
      expect(licenceAllowed(expression, MARK_LICENCES), String(expression)).toBe(false);
    }
  });

  it('allows Creative Commons attribution licences for marks only, never NC or ND', () => {
    expect(licenceAllowed('CC-BY-4.0', MARK_LICENCES)).toBe(true);
    expect(licenceAllowed('CC-BY-SA-4.0', MARK_LICENCES)).toBe(true);
    expect(licenceAllowed('CC-BY-4.0', PACKAGE_LICENCES)).toBe(false);
    expect(MARK_LICENCES.filter((id) => /-N[CD]\b/.test(id))).toEqual([]);
  });
});

describe("reading the bundlers' output", () => {
  const chunk = (modules: Record<string, number>) =>
    ({
      type: 'chunk',
      modules: Object.fromEntries(
        Object.entries(modules).map(([id, renderedLength]) => [id, { renderedLength }]),
      ),
    }) as unknown as Rollup.OutputChunk;

  it("counts the client modules that rendered code, Vite's virtual ones as Vite, and inlined style sheets", () => {
    const react = join(ROOT, 'node_modules/react/index.js');
    const files = clientBundleFiles(
      {
        'a.js': chunk({
          [`\0${react}?commonjs-module`]: 120,
          [join(ROOT, 'node_modules/unified/index.js')]: 0,
          '\0vite/preload-helper.js': 80,
          [join(ROOT, 'client/src/main.tsx')]: 300,
        }),
      },
      [join(ROOT, 'node_modules/tailwindcss/index.css'), join(ROOT, 'client/src/index.css')],
      ROOT,
    );
    expect(bundledPackages(files, ROOT).map((pkg) => pkg.name)).toEqual(['react', 'tailwindcss', 'vite']);
  });

  it('refuses a virtual module it cannot trace to a package', () => {
    expect(() => clientBundleFiles({ 'a.js': chunk({ '\0some-plugin:thing': 10 }) }, [], ROOT)).toThrow(
      /no file/,
    );
  });

  it('reports every package whose licence is not allowed', () => {
    const pkg = (name: string, license: string): BundledPackage => ({
      name,
      version: '1.0.0',
      license,
      author: '',
      dir: `node_modules/${name}`,
      licenceFiles: [],
      readmeLicence: null,
    });
    expect(licenceProblems([pkg('ok', 'MIT'), pkg('gpl', 'GPL-3.0-only'), pkg('none', '')])).toEqual([
      "gpl@1.0.0 (node_modules/gpl): licence 'GPL-3.0-only' is not allowed",
      "none@1.0.0 (node_modules/none): licence 'none' is not allowed",
    ]);
  });
});

describe('bundled packages', () => {
  let server: BundledPackage[];
  let client: readonly BundledPackage[];
  beforeAll(async () => {
    server = await serverPackages();
    client = await clientPackages();
  }, BUILD_TIMEOUT_MS);

  it('bundles into the server only packages under an allowed licence', () => {
    expect(server.map((pkg) => pkg.name)).toEqual(
      expect.arrayContaining(['express', 'socket.io', 'ioredis', 'zod']),
    );
    expect(licenceProblems(server)).toEqual([]);
  });

  it('bundles into the client only packages under an allowed licence, its style sheets included', () => {
    expect(client.map((pkg) => pkg.name)).toEqual(
      expect.arrayContaining(['react', 'react-dom', 'socket.io-client', 'tailwindcss', 'vite']),
    );
    expect(licenceProblems(client)).toEqual([]);
  });

  it('leaves out what the bundles do not carry: tools, type packages, tree-shaken packages', () => {
    const names = new Set([...server, ...client].map((pkg) => pkg.name));
    for (const name of ['typescript', 'esbuild', 'vitest', '@types/node', 'pino-pretty', 'lucide-react']) {
      expect(names.has(name), name).toBe(false);
    }
  });

  it('writes notices that name every bundled package with its licence and licence text', () => {
    const notices = renderThirdPartyNotices({ server, client }, ROOT);
    for (const pkg of [...server, ...client]) {
      expect(notices).toContain(`== ${pkg.name}@${pkg.version} (${pkg.license};`);
      // Every licence and notice file: Apache-2.0 asks for the package's NOTICE file too.
      for (const file of pkg.licenceFiles) {
        const text = readFileSync(join(ROOT, file), 'utf8').replace(/\r\n?/g, '\n').trim();
        expect(notices).toContain(text);
      }
      if (pkg.readmeLicence) expect(notices).toContain(pkg.readmeLicence);
    }
  });

  it('finds for every package its licence file, or else its README on its licence', () => {
    // The notices reproduce each package's copyright and licence notices; the few packages that
    // publish no licence file (cookie-signature 1.0, @nodable/entities) state them in their README.
    const missing = [...server, ...client]
      .filter((pkg) => pkg.licenceFiles.length === 0 && !pkg.readmeLicence)
      .map((pkg) => `${pkg.name}@${pkg.version} (${pkg.dir})`);
    expect(missing).toEqual([]);
  });
});

describe('vendored marks and icons', () => {
  const notice = readFileSync(join(ROOT, 'NOTICE'), 'utf8');

  it('records an allowed licence for every brand mark the tech picker draws', () => {
    const marks = Object.entries(PACKAGED_ICONS);
    expect(marks.length).toBeGreaterThan(40);
    for (const [key, mark] of marks) {
      expect(licenceAllowed(mark.license, MARK_LICENCES), `${key} (${mark.title}): ${mark.license}`).toBe(
        true,
      );
    }
  });

  it('names in NOTICE every mark whose licence asks for attribution, with that licence', () => {
    const attributed = new Map(
      Object.values(PACKAGED_ICONS)
        .filter((mark) => mark.license !== 'CC0-1.0')
        .map((mark) => [mark.title, mark.license]),
    );
    expect(attributed.size).toBeGreaterThan(0);
    for (const [title, license] of attributed) {
      const named = notice.split('\n').some((line) => line.startsWith(`${title} (${license}): `));
      expect(named, `NOTICE names ${title} (${license})`).toBe(true);
    }
  });

  it('draws no Vue.js mark (CC-BY-NC-SA-4.0) and hotlinks none: its tile shows the initial badge', () => {
    expect(Object.values(PACKAGED_ICONS).map((mark) => mark.title)).not.toContain('Vue.js');
    expect(findInterest('stacks', 'VUE')?.icon_url).toBeUndefined();
  });

  it('keeps the interface icons under the licences their header names (Lucide ISC, Feather MIT)', () => {
    const icons = readFileSync(join(ROOT, 'client/src/components/icons.tsx'), 'utf8');
    const spdx = /^\/\/ SPDX-License-Identifier: (.+)$/m.exec(icons)?.[1];
    expect(spdx).toBe('ISC AND MIT');
    expect(licenceAllowed(spdx, MARK_LICENCES)).toBe(true);
    expect(notice).toContain('ISC License');
  });
});
