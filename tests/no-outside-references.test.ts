// Comments and docs stand on their own: nothing in the repository may send a reader to a document that
// does not ship with it (a product spec, a design note or a reference folder that lived beside the
// checkout while the app was built). State the rule where it applies, or write it in docs/.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The names that point outside the repository, built from parts so this file does not match itself. */
const OUTSIDE = new RegExp(
  [
    ...['SPEC', 'DESIGN', 'CONVENTIONS'].map((name) => `${name}\\.md`),
    ['shared', 'reference'].join('/'),
    ['\\.\\.', 'shared', ''].join('/'),
  ].join('|'),
);

/** Files git tracks, plus new ones not ignored (so a reference is caught before its first commit). */
function repositoryFiles(): string[] {
  const output = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return [...new Set(output.split('\0').filter(Boolean))];
}

/** Every `file:line` whose text names a document outside the repository; binary files are skipped. */
function outsideReferences(): string[] {
  const found: string[] = [];
  for (const file of repositoryFiles()) {
    let bytes: Buffer;
    try {
      bytes = readFileSync(join(ROOT, file));
    } catch {
      continue; // listed by git but deleted in the working tree
    }
    if (bytes.includes(0)) continue;
    bytes
      .toString('utf8')
      .split('\n')
      .forEach((line, index) => {
        if (OUTSIDE.test(line)) found.push(`${file}:${index + 1}: ${line.trim().slice(0, 120)}`);
      });
  }
  return found;
}

describe('references outside the repository', () => {
  it('recognises each pattern it guards against', () => {
    const samples = ['see ' + 'SPEC' + '.md section 8', 'DESIGN' + '.md', 'CONVENTIONS' + '.md'];
    samples.push('../' + 'shared/' + 'reference/x.md', 'import ../' + 'shared/notes');
    for (const sample of samples) expect(OUTSIDE.test(sample), sample).toBe(true);
    expect(OUTSIDE.test('shared/src/schemas/chat.ts and docs/product.md')).toBe(false);
  });

  it('finds none in the files of the repository', () => {
    expect(outsideReferences()).toEqual([]);
  });
});
