// What the app ships of other people's work, read from the bundlers' own output: the packages whose
// code esbuild put into the server bundle (its metafile) and Rollup put into the client bundle (the
// modules of its chunks, and the style sheets its CSS pipeline inlined), each mapped to its
// package.json and licence files. The builds fail on a licence that is not allowed below and write
// dist/THIRD-PARTY-NOTICES.txt (with the list of each bundle in dist/third-party/), which the image
// carries beside LICENSE and NOTICE. tests/licences.test.ts runs the same bundlers in memory and checks
// the same lists, so `npm test` fails before any build would. Plain Node, no dependencies: the
// Dockerfile's build stage runs it before anything else is compiled.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';

/**
 * Licences of code the app may bundle (SPDX ids): permissive licences whose only conditions are to
 * keep the copyright and licence notices (and, for Apache-2.0, the NOTICE file and a note of changes),
 * which THIRD-PARTY-NOTICES.txt does, so anyone may run, sell or redistribute the image. Left out on
 * purpose: copyleft licences (GPL, LGPL, AGPL), which would bind the whole bundle or demand its sources
 * and a way to relink; MPL-2.0 too, whose file-level copyleft asks that the source of those very
 * files be offered with a minified bundle (nothing bundled uses it today; adding one means publishing
 * those sources first); and anything non-commercial or unlicensed.
 */
export const PACKAGE_LICENCES = Object.freeze([
  'MIT',
  'ISC',
  'BSD-2-Clause',
  'BSD-3-Clause',
  'Apache-2.0',
  '0BSD',
  'BlueOak-1.0.0',
  'CC0-1.0',
]);

/**
 * Licences of the brand marks and icons the app draws: those of code above, plus Creative Commons
 * licences that allow commercial use. CC-BY-4.0 asks for attribution; CC-BY-SA (2.5 and 4.0) for
 * attribution and that adaptations of the mark itself be shared alike, which binds neither the app's
 * code nor anyone who redistributes it, since each mark is shipped as its authors published it (the
 * path Simple Icons carries) as a separate work beside the code, named with its source and licence
 * in NOTICE. Never a non-commercial (NC) or no-derivatives (ND) licence.
 */
export const MARK_LICENCES = Object.freeze([
  ...PACKAGE_LICENCES,
  'CC-BY-4.0',
  'CC-BY-SA-4.0',
  'CC-BY-SA-2.5',
]);

/** Tokens of an SPDX licence expression: ids, parentheses, AND, OR, WITH. */
function tokenize(expression) {
  return expression
    .replace(/[()]/g, ' $& ')
    .split(/\s+/)
    .filter((token) => token !== '');
}

/**
 * Whether an SPDX expression lets the app ship the work under one of `allowed`: `A OR B` when either
 * is allowed, `A AND B` when both are, `A WITH exception` as A (exceptions only widen a licence), `A+`
 * as A. Anything else (a bare name that is not an SPDX id, 'SEE LICENSE IN…', 'UNLICENSED', a
 * missing licence, a malformed expression) is not allowed.
 */
export function licenceAllowed(expression, allowed) {
  if (typeof expression !== 'string' || expression.trim() === '') return false;
  const ids = new Set(allowed);
  const tokens = tokenize(expression);
  let at = 0;
  const fail = () => {
    throw new Error(`not an SPDX expression: ${expression}`);
  };
  const atom = () => {
    const token = tokens[at++];
    if (token === '(') {
      const value = or();
      if (tokens[at++] !== ')') fail();
      return value;
    }
    if (!token || ['AND', 'OR', 'WITH', ')'].includes(token)) fail();
    if (tokens[at] === 'WITH') {
      at += 1;
      if (!tokens[at++]) fail();
    }
    return ids.has(token.endsWith('+') ? token.slice(0, -1) : token);
  };
  const and = () => {
    let value = atom();
    while (tokens[at] === 'AND') {
      at += 1;
      value = atom() && value;
    }
    return value;
  };
  const or = () => {
    let value = and();
    while (tokens[at] === 'OR') {
      at += 1;
      value = and() || value;
    }
    return value;
  };
  try {
    const value = or();
    return at === tokens.length && value;
  } catch {
    return false;
  }
}

/** A package.json's licence as one SPDX expression (the legacy object and array forms joined by OR). */
function licenceOf(pkg) {
  const name = (entry) => (typeof entry === 'string' ? entry : entry?.type);
  if (pkg.license) return name(pkg.license) ?? '';
  if (Array.isArray(pkg.licenses)) {
    const names = pkg.licenses.map(name).filter(Boolean);
    return names.length > 1 ? `(${names.join(' OR ')})` : (names[0] ?? '');
  }
  return '';
}

/** A package's licence and notice files: LICENSE, LICENCE, COPYING, NOTICE, with any suffix. */
const LICENCE_FILE = /^(?:licen[cs]e|copying|notice)(?:[-._][\w.-]*)?$/i;

/**
 * The licence section of a package's README (a heading that starts with License or Licence, up to the
 * next heading of the same level or above), for the few packages that publish no licence file.
 */
function readmeLicence(dir) {
  const readme = readdirSync(dir).find((name) => /^readme(?:\.(?:md|markdown|txt))?$/i.test(name));
  if (!readme) return null;
  const lines = readFileSync(join(dir, readme), 'utf8').replace(/\r\n?/g, '\n').split('\n');
  const start = lines.findIndex((line) => /^#{1,6}\s*licen[cs]e\b/i.test(line));
  if (start === -1) return null;
  const level = /^#+/.exec(lines[start])[0].length;
  const end = lines.findIndex(
    (line, index) => index > start && /^#{1,6}\s/.test(line) && /^#+/.exec(line)[0].length <= level,
  );
  const section = lines
    .slice(start + 1, end === -1 ? undefined : end)
    .join('\n')
    .trim();
  return section === '' ? null : section;
}

/** A package.json's author as one line ('' when none). */
function authorOf(pkg) {
  const { author } = pkg;
  if (!author) return '';
  if (typeof author === 'string') return author;
  return [author.name, author.email && `<${author.email}>`, author.url && `(${author.url})`]
    .filter(Boolean)
    .join(' ');
}

/**
 * The folder of the package a bundled file belongs to (the part of its path up to the last
 * node_modules/ and the package's name), or null for the app's own code.
 */
function packageDirOf(file) {
  const parts = file.split(sep);
  const last = parts.lastIndexOf('node_modules');
  if (last === -1) return null;
  const length = parts[last + 1]?.startsWith('@') ? 2 : 1;
  if (parts.length < last + 1 + length + 1) throw new Error(`${file}: not a file inside a package`);
  return parts.slice(0, last + 1 + length).join(sep);
}

/**
 * @typedef {{
 *   name: string,
 *   version: string,
 *   license: string,
 *   author: string,
 *   dir: string,
 *   licenceFiles: string[],
 *   readmeLicence: string | null,
 * }} BundledPackage
 */

/**
 * The packages that bundled files (absolute paths) belong to, one entry per name and version (of two
 * installed copies of one version, the first found), sorted by name and version; files of the app
 * itself are left out. `dir` and `licenceFiles` are relative to `root`.
 * @param {Iterable<string>} files
 * @param {string} root
 * @returns {BundledPackage[]}
 */
export function bundledPackages(files, root) {
  const dirs = new Set();
  for (const file of files) {
    const dir = packageDirOf(resolve(root, file));
    if (dir) dirs.add(dir);
  }
  return [...dirs]
    .map((dir) => {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      const licenceFiles = readdirSync(dir, { withFileTypes: true })
        .filter((entry) => entry.isFile() && LICENCE_FILE.test(entry.name))
        .map((entry) => relative(root, join(dir, entry.name)).split(sep).join('/'))
        .sort();
      return {
        name: pkg.name,
        version: pkg.version,
        license: licenceOf(pkg),
        author: authorOf(pkg),
        dir: relative(root, dir).split(sep).join('/'),
        licenceFiles,
        // Only where no licence file says it: what the README says of the licence.
        readmeLicence: licenceFiles.length === 0 ? readmeLicence(dir) : null,
      };
    })
    .filter(
      (pkg, index, all) =>
        all.findIndex((other) => other.name === pkg.name && other.version === pkg.version) === index,
    )
    .sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));
}

/** One line per bundled package whose licence is not in `allowed`; empty when all are. */
export function licenceProblems(packages, allowed = PACKAGE_LICENCES) {
  return packages
    .filter((pkg) => !licenceAllowed(pkg.license, allowed))
    .map(
      (pkg) => `${pkg.name}@${pkg.version} (${pkg.dir}): licence '${pkg.license || 'none'}' is not allowed`,
    );
}

/**
 * The files whose code esbuild put into the bundle `outfile` (relative to absWorkingDir, as in the
 * metafile): its inputs that left at least one byte in it (tree-shaken files leave none).
 */
export function serverBundleFiles(metafile, outfile) {
  const output = metafile.outputs[outfile];
  if (!output) throw new Error(`the metafile has no output ${outfile}`);
  return Object.entries(output.inputs)
    .filter(([, input]) => input.bytesInOutput > 0)
    .map(([file]) => {
      if (file.startsWith('<')) throw new Error(`an input of the server bundle that is no file: ${file}`);
      return file.replace(/^\(disabled\):/, '');
    });
}

/** Rollup's virtual modules that carry Vite's own code (Vite bundles @rollup/plugin-commonjs). */
const VITE_VIRTUAL = /^(?:vite\/|commonjsHelpers\.js$)/;

/**
 * The files whose code Rollup put into a client build: every module that rendered into a chunk of
 * `bundle` (Rollup's OutputBundle), plus the style sheets of packages the CSS pipeline read
 * (`watchFiles`, Rollup's this.getWatchFiles(): Tailwind's, inlined into the CSS asset). Vite's own
 * virtual modules (the preload helper, the module preload polyfill, CommonJS helpers) count as
 * Vite's code. A virtual module of any other kind throws, so that nothing is shipped unaccounted.
 */
export function clientBundleFiles(bundle, watchFiles, root) {
  const files = new Set();
  for (const chunk of Object.values(bundle)) {
    if (chunk.type !== 'chunk') continue;
    for (const [id, module] of Object.entries(chunk.modules)) {
      if (module.renderedLength === 0) continue;
      const path = id.replace(/^\0/, '').replace(/\?.*$/, '');
      if (isAbsolute(path)) files.add(path);
      else if (VITE_VIRTUAL.test(path)) files.add(join(root, 'node_modules/vite/package.json'));
      else throw new Error(`a module of the client bundle that is no file: ${JSON.stringify(id)}`);
    }
  }
  for (const file of watchFiles) {
    if (file.endsWith('.css') && file.split(sep).includes('node_modules')) files.add(file);
  }
  return [...files];
}

const DIST = 'dist';
const LISTS = 'dist/third-party';
const NOTICES = 'dist/THIRD-PARTY-NOTICES.txt';
const BUNDLES = {
  server: 'Server bundle (dist/server/index.js)',
  client: 'Client bundle (dist/client)',
};

/** The notices of the bundles' packages: a table per bundle, then each package's licence files. */
export function renderThirdPartyNotices(lists, root) {
  const app = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const rule = '-'.repeat(79);
  const lines = [
    `Third-party notices of ${app.name} ${app.version}`,
    '',
    `${app.name} is released under the ${app.license} License (see LICENSE). Its builds bundle the`,
    "packages below, listed from the bundlers' own output (esbuild's metafile for the server, the",
    "modules of Rollup's chunks for the client), each under the licence its package.json declares,",
    'followed by the licence and notice files each package ships. The icons and brand marks kept in the',
    'repository itself (Lucide, Simple Icons) are in NOTICE.',
  ];
  for (const [bundle, title] of Object.entries(BUNDLES)) {
    lines.push('', rule, title, rule);
    const packages = lists[bundle];
    if (!packages) {
      lines.push('(not built)');
      continue;
    }
    const width = Math.max(...packages.map((pkg) => `${pkg.name}@${pkg.version}`.length));
    for (const pkg of packages) lines.push(`${`${pkg.name}@${pkg.version}`.padEnd(width)}  ${pkg.license}`);
  }
  const byId = new Map();
  for (const bundle of Object.keys(BUNDLES)) {
    for (const pkg of lists[bundle] ?? []) {
      const id = `${pkg.name}@${pkg.version}`;
      const entry = byId.get(id) ?? { pkg, bundles: [] };
      entry.bundles.push(bundle);
      byId.set(id, entry);
    }
  }
  lines.push('', rule, 'Licence texts', rule);
  for (const [id, { pkg, bundles }] of [...byId].sort(([a], [b]) => a.localeCompare(b))) {
    lines.push('', `== ${id} (${pkg.license}; ${bundles.join(', ')}) ==`);
    if (pkg.licenceFiles.length === 0) {
      const by = pkg.author ? `, author ${pkg.author}` : '';
      lines.push(`The package ships no licence file; its package.json declares ${pkg.license}${by}.`);
      if (pkg.readmeLicence) lines.push('Its README says of its licence:', pkg.readmeLicence);
    }
    for (const file of pkg.licenceFiles) {
      const name = file.slice(file.lastIndexOf('/') + 1);
      const text = readFileSync(join(root, file), 'utf8').replace(/\r\n?/g, '\n').trimEnd();
      if (pkg.licenceFiles.length > 1) lines.push(`-- ${name} --`);
      lines.push(text);
    }
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Records the packages of one bundle (`server` or `client`) in dist/third-party/<bundle>.json and
 * rewrites dist/THIRD-PARTY-NOTICES.txt from the lists of both bundles (a bundle not built yet is
 * marked so). Returns the notices' path.
 */
export function writeThirdPartyNotices(bundle, packages, root) {
  if (!(bundle in BUNDLES)) throw new Error(`unknown bundle ${bundle}`);
  mkdirSync(join(root, LISTS), { recursive: true });
  writeFileSync(join(root, LISTS, `${bundle}.json`), `${JSON.stringify(packages, null, 2)}\n`);
  const lists = {};
  for (const name of Object.keys(BUNDLES)) {
    const file = join(root, LISTS, `${name}.json`);
    if (existsSync(file)) lists[name] = JSON.parse(readFileSync(file, 'utf8'));
  }
  mkdirSync(join(root, DIST), { recursive: true });
  writeFileSync(join(root, NOTICES), renderThirdPartyNotices(lists, root));
  return NOTICES;
}
