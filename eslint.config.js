import { isBuiltin } from 'node:module';
import { statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import regexp from 'eslint-plugin-regexp';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const ROOT = dirname(fileURLToPath(import.meta.url));

/** Import aliases (tsconfig.base.json's paths) and the folders they stand for. */
const ALIASES = { '@client/': 'client/src/', '@server/': 'server/src/', '@shared/': 'shared/src/' };

/** Vendor SDKs: the app reaches these services only through its wrappers in server/src/integrations/. */
const VENDOR_SDKS = ['openai', 'twilio'];

/** Where an import lands as a path from the repository root ('client/src/lib/x'); null for a package. */
function landsIn(specifier, filename) {
  for (const [alias, folder] of Object.entries(ALIASES)) {
    if (specifier.startsWith(alias)) return folder + specifier.slice(alias.length);
  }
  if (specifier !== '.' && !specifier.startsWith('./') && !specifier.startsWith('../')) return null;
  return relative(ROOT, resolve(dirname(filename), specifier))
    .split(sep)
    .join('/');
}

const featureOf = (path) => /^client\/src\/features\/([^/]+)/.exec(path ?? '')?.[1];

/** The server's shared plumbing: every feature builds on these folders, and they know no feature. */
const SERVER_PLUMBING = ['config', 'http', 'integrations', 'metrics', 'realtime', 'storage'];

/** The server folder a path lies in or names ('chat' for server/src/chat/x or server/src/chat), or undefined. */
function serverFolderOf(path) {
  const name = /^server\/src\/([^/]+)/.exec(path ?? '')?.[1];
  if (!name) return undefined;
  return path.length > `server/src/${name}`.length || isDirectory(join(ROOT, 'server/src', name))
    ? name
    : undefined;
}

function isDirectory(path) {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Why importing `specifier` from `file` (a path from the repository root) crosses a zone, or null.
 * shared/ runs in the browser and in Node, so it imports neither side nor Node's built-ins; the client
 * and the server never import each other; each client feature stands alone (app/ composes them) and
 * components/ and lib/ sit below every feature; on the server the shared plumbing (SERVER_PLUMBING)
 * imports no feature; vendor SDKs stay inside server/src/integrations/.
 */
function zoneViolation(file, specifier, filename) {
  const side = file.split('/')[0];
  const target = landsIn(specifier, filename);
  const targetSide = target?.split('/')[0];
  if (side === 'shared' && (targetSide === 'client' || targetSide === 'server')) {
    return 'shared code runs on both sides and imports neither the client nor the server';
  }
  if (side === 'server' && targetSide === 'client') return 'the server never imports client code';
  if (side === 'client' && targetSide === 'server') return 'the client never imports server code';
  if ((side === 'client' || side === 'shared') && !target && isBuiltin(specifier)) {
    return `${side} code runs in the browser, where Node built-ins do not exist`;
  }
  const sdk = VENDOR_SDKS.find((name) => specifier === name || specifier.startsWith(`${name}/`));
  if (sdk && !file.startsWith('server/src/integrations/')) {
    return `the ${sdk} SDK is used only through its wrapper in server/src/integrations/`;
  }
  const feature = featureOf(file);
  const targetFeature = featureOf(target);
  if (feature && targetFeature && feature !== targetFeature) {
    return `client features never import each other (${feature} → ${targetFeature}): share through lib/ or components/, or compose them in app/`;
  }
  if (targetFeature && /^client\/src\/(components|lib)\//.test(file)) {
    return 'components/ and lib/ import no feature: features build on them, not the other way round';
  }
  const folder = serverFolderOf(file);
  const targetFolder = serverFolderOf(target);
  if (
    SERVER_PLUMBING.includes(folder) &&
    targetFolder &&
    targetFolder !== folder &&
    !SERVER_PLUMBING.includes(targetFolder)
  ) {
    return `server/src/${folder}/ is shared plumbing and imports no feature (${targetFolder}): move what both need into the plumbing`;
  }
  return null;
}

/** The import zones as a lint rule: every import, re-export and import() with a literal source. */
const importZones = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports stay inside the zones the code is divided into' },
    schema: [],
    messages: { zone: "'{{specifier}}': {{reason}}." },
  },
  create(context) {
    const file = relative(ROOT, context.filename).split(sep).join('/');
    const check = (source) => {
      if (source?.type !== 'Literal' || typeof source.value !== 'string') return;
      const reason = zoneViolation(file, source.value, context.filename);
      if (reason)
        context.report({ node: source, messageId: 'zone', data: { specifier: source.value, reason } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'coverage', 'test-results', 'playwright-report', '.tmp'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // Regular expressions in app code run on text from other people's pages, feeds and users: none may
  // take super-linear time (a run of one character must never be rescanned from each position).
  {
    files: ['server/**/*.ts', 'shared/**/*.ts', 'client/**/*.{ts,tsx}'],
    plugins: { regexp },
    rules: {
      'regexp/no-super-linear-move': 'error',
      'regexp/no-super-linear-backtracking': 'error',
    },
  },
  // The client's state library is imported only by lib/store.ts: the rest goes through it.
  {
    files: ['client/**/*.{ts,tsx}'],
    ignores: ['client/src/lib/store.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'jotai', message: 'Import atoms, hooks and the store from @client/lib/store.' },
            // React Router's own links bring its framework-mode prefetching into every page (vite.config.ts).
            {
              name: 'react-router',
              importNames: ['Link', 'NavLink'],
              message: 'Import Link and NavLink from @client/components/link.',
            },
          ],
          patterns: [
            { group: ['jotai/*'], message: 'Import atoms, hooks and the store from @client/lib/store.' },
          ],
        },
      ],
    },
  },
  // Import zones: which part of the code may import which (the rule and its reasons are above).
  {
    files: ['client/**/*.{ts,tsx}', 'server/**/*.ts', 'shared/**/*.ts'],
    plugins: { local: { rules: { 'import-zones': importZones } } },
    rules: { 'local/import-zones': 'error' },
  },
);
