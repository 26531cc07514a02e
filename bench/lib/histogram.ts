/**
 * A log-bucketed latency histogram (1 % relative precision from 1 µs to ~30 min), so every sample of a
 * run is kept in a few KB and histograms from several load processes merge by adding counts.
 */
const GROWTH = 1.01;
const LOG_GROWTH = Math.log(GROWTH);
const BUCKETS = Math.ceil(Math.log(2e9) / LOG_GROWTH) + 1; // up to 2e9 µs

export class Histogram {
  counts: number[];
  total = 0;
  max = 0;

  constructor(counts?: number[]) {
    this.counts = counts ? [...counts] : new Array<number>(BUCKETS).fill(0);
    if (counts) {
      for (let i = 0; i < counts.length; i++) {
        const count = counts[i]!;
        this.total += count;
        if (count > 0) this.max = Math.max(this.max, upperMs(i));
      }
    }
  }

  /** Records one latency in milliseconds (negative values, from clock jitter, count as 0). */
  record(ms: number): void {
    const micros = Math.max(1, ms * 1000);
    const index = Math.min(BUCKETS - 1, Math.ceil(Math.log(micros) / LOG_GROWTH));
    this.counts[index]!++;
    this.total++;
    if (ms > this.max) this.max = ms;
  }

  merge(other: Histogram | number[]): void {
    const counts = Array.isArray(other) ? other : other.counts;
    for (let i = 0; i < counts.length; i++) {
      const count = counts[i]!;
      if (count === 0) continue;
      this.counts[i]! += count;
      this.total += count;
      this.max = Math.max(this.max, upperMs(i));
    }
  }

  /** The value (ms) below which `p` percent of the samples fall; NaN when empty. */
  percentile(p: number): number {
    if (this.total === 0) return Number.NaN;
    const rank = Math.ceil((p / 100) * this.total);
    let seen = 0;
    for (let i = 0; i < this.counts.length; i++) {
      seen += this.counts[i]!;
      if (seen >= rank) return upperMs(i);
    }
    return this.max;
  }

  /** Only non-empty buckets, for sending over IPC. */
  toSparse(): Array<[number, number]> {
    const sparse: Array<[number, number]> = [];
    for (let i = 0; i < this.counts.length; i++) if (this.counts[i]! > 0) sparse.push([i, this.counts[i]!]);
    return sparse;
  }

  static fromSparse(sparse: Array<[number, number]>): Histogram {
    const counts = new Array<number>(BUCKETS).fill(0);
    for (const [index, count] of sparse) counts[index] = count;
    return new Histogram(counts);
  }
}

const upperMs = (index: number) => Math.pow(GROWTH, index) / 1000;

/** Monotonic milliseconds, the same clock in every process of the machine (CLOCK_MONOTONIC). */
export function monoMs(): number {
  const [seconds, nanos] = process.hrtime();
  return seconds * 1000 + nanos / 1e6;
}

export const median = (values: number[]) => {
  const finite = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (finite.length === 0) return Number.NaN;
  const mid = Math.floor(finite.length / 2);
  return finite.length % 2 ? finite[mid]! : (finite[mid - 1]! + finite[mid]!) / 2;
};
