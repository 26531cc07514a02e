/**
 * How many cases each property runs. `npm test` keeps the whole fuzz suite quick (FUZZ_RUNS unset:
 * the default); a longer hunt sets FUZZ_RUNS (e.g. FUZZ_RUNS=2000 npx vitest run fuzz-) and, to
 * replay a failure, FUZZ_SEED with the seed fast-check printed. Properties over megabyte-size inputs
 * run FUZZ_LARGE_RUNS cases instead.
 */
import type fc from 'fast-check';

export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 60);

/**
 * Cases per property whose inputs reach megabytes: few, so the suite stays quick (each case moves
 * megabytes); FUZZ_LARGE_RUNS raises it for a longer hunt.
 */
export const FUZZ_LARGE_RUNS = Number(process.env.FUZZ_LARGE_RUNS ?? 12);

export function fuzzParameters<T>(runs = FUZZ_RUNS): fc.Parameters<T> {
  const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
  return { numRuns: runs, ...(seed === undefined ? {} : { seed }), endOnFailure: true };
}
