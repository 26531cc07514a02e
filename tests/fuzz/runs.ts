/**
 * How many cases each property runs. `npm test` keeps the whole fuzz suite quick (FUZZ_RUNS unset:
 * the default); a longer hunt sets FUZZ_RUNS (e.g. FUZZ_RUNS=2000 npx vitest run fuzz-) and, to
 * replay a failure, FUZZ_SEED with the seed fast-check printed.
 */
import type fc from 'fast-check';

export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 60);

export function fuzzParameters<T>(runs = FUZZ_RUNS): fc.Parameters<T> {
  const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
  return { numRuns: runs, ...(seed === undefined ? {} : { seed }), endOnFailure: true };
}
