import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

/** The names of the zod env schema in server/src/config/index.ts (its two-space-indented keys). */
function configNames(): string[] {
  const source = read('server/src/config/index.ts');
  const start = source.indexOf('const envSchema = z.object({');
  const end = source.indexOf('\n});', start);
  expect(start).toBeGreaterThan(-1);
  return [...source.slice(start, end).matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((match) => match[1]!);
}

describe('.env.example', () => {
  it('lists every variable of the config contract, each with a comment, and nothing else', () => {
    const lines = read('.env.example').split('\n');
    const listed = lines.flatMap((line) => /^([A-Z][A-Z0-9_]*)=/.exec(line)?.[1] ?? []);
    expect([...listed].sort()).toEqual([...configNames()].sort());
    for (const [index, line] of lines.entries()) {
      if (/^[A-Z][A-Z0-9_]*=/.test(line)) expect(lines[index - 1], `comment above ${line}`).toMatch(/^# \S/);
    }
  });
});
