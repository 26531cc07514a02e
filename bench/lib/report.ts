/** Printing and saving benchmark results: markdown tables for bench/README.md, raw JSON beside. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cpus, totalmem } from 'node:os';
import { loadConditions, ROOT } from './processes';

export const fmt = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '—');

export const ratio = (ours: number, reference: number) =>
  Number.isFinite(ours) && Number.isFinite(reference) && reference > 0
    ? `${(ours / reference).toFixed(2)}×`
    : '—';

export function table(headers: string[], rows: Array<Array<string | number>>): string {
  const line = (cells: Array<string | number>) => `| ${cells.map(String).join(' | ')} |`;
  return [line(headers), line(headers.map(() => '---')), ...rows.map(line)].join('\n');
}

/** The machine and what else ran on it, as every result records it. */
export function machine() {
  return {
    date: new Date().toISOString(),
    node: process.version,
    memoryGb: Math.round(totalmem() / 2 ** 30),
    cores: cpus().length,
    ...loadConditions(),
  };
}

/** Writes bench/results/<name>-<timestamp>.json (formatted as the repo's prettier check wants). */
export async function saveResult(name: string, data: unknown): Promise<string> {
  const dir = join(ROOT, 'bench/results');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${name}-${new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19)}.json`);
  const prettier = await import('prettier');
  const options = (await prettier.resolveConfig(path)) ?? {};
  writeFileSync(path, await prettier.format(JSON.stringify(data), { ...options, parser: 'json' }));
  return path;
}
