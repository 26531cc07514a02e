// No module of the server, the client or shared imports itself back through others: a circle makes
// the order modules load in matter and hides which part depends on which. Imports are read with
// TypeScript's own pre-processor (type-only imports count too: they tie the files together for a
// reader just the same) and resolved through the project's path aliases.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const ALIASES: Record<string, string> = {
  '@client/': 'client/src/',
  '@server/': 'server/src/',
  '@shared/': 'shared/src/',
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The file an import names, or null for a package. */
function resolveImport(from: string, specifier: string): string | null {
  const alias = Object.keys(ALIASES).find((prefix) => specifier.startsWith(prefix));
  let base: string;
  if (alias) base = join(root, ALIASES[alias]!, specifier.slice(alias.length));
  else if (specifier.startsWith('.')) base = resolve(dirname(from), specifier);
  else return null;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile()) ?? null;
}

/** Every circle of imports among `files`, each as the list of files around it. */
function importCircles(files: string[], read = (file: string) => readFileSync(file, 'utf8')): string[][] {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(read(file), true, true);
    graph.set(
      file,
      importedFiles
        .map((imported) => resolveImport(file, imported.fileName))
        .filter((target): target is string => target !== null),
    );
  }
  const circles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    path.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') circles.push(path.slice(path.indexOf(next)));
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return circles.map((circle) => circle.map((file) => relative(root, file)));
}

describe('imports', () => {
  for (const folder of ['server/src', 'client/src', 'shared/src']) {
    it(`form no circle in ${folder}`, () => {
      expect(importCircles(sourceFiles(join(root, folder)))).toEqual([]);
    });
  }

  it('finds a circle when there is one', () => {
    // The two news-index files as they were before the article's shape moved to the store.
    const dir = join(root, 'server/src/search/local');
    const sources: Record<string, string> = {
      [join(dir, 'news-index.ts')]: "import { createNewsStore } from './news-store';",
      [join(dir, 'news-store.ts')]: "import type { NewsArticle } from './news-index';",
      [join(dir, 'provider.ts')]: "import { NewsIndex } from '@server/search/local/news-index';",
    };
    expect(importCircles(Object.keys(sources), (file) => sources[file]!)).toEqual([
      ['server/src/search/local/news-index.ts', 'server/src/search/local/news-store.ts'],
    ]);
  });
});
