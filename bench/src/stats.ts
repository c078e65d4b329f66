/**
 * Percentiles and histogram quantiles: the one place the benchmarks compute their figures.
 */

/** The q-quantile (0..1) of ascending `sorted` values, nearest-rank method (p99.9 of 1,000 samples is the largest). */
export function percentile(sorted: ArrayLike<number>, q: number): number {
  const n = sorted.length;
  if (n === 0) return Number.NaN;
  const rank = Math.min(n, Math.max(1, Math.ceil(q * n)));
  return sorted[rank - 1] as number;
}

export interface Summary {
  count: number;
  min: number;
  mean: number;
  max: number;
  p50: number;
  p90: number;
  p99: number;
  p999: number;
}

/** Count, min, mean, max and the usual percentiles of `values` (any order; not modified). */
export function summarize(values: ArrayLike<number>): Summary {
  const sorted = Float64Array.from(values).sort();
  const n = sorted.length;
  let sum = 0;
  for (let i = 0; i < n; i += 1) sum += sorted[i] as number;
  return {
    count: n,
    min: n > 0 ? (sorted[0] as number) : Number.NaN,
    mean: n > 0 ? sum / n : Number.NaN,
    max: n > 0 ? (sorted[n - 1] as number) : Number.NaN,
    p50: percentile(sorted, 0.5),
    p90: percentile(sorted, 0.9),
    p99: percentile(sorted, 0.99),
    p999: percentile(sorted, 0.999),
  };
}

/** One cumulative histogram bucket: observations <= `le` (Infinity for +Inf). */
export interface Bucket {
  le: number;
  count: number;
}

/** after - before, bucket by bucket (the observations made between two scrapes). */
export function bucketDelta(before: Bucket[], after: Bucket[]): Bucket[] {
  const old = new Map(before.map((b) => [b.le, b.count]));
  return after.map((b) => ({ le: b.le, count: b.count - (old.get(b.le) ?? 0) }));
}

export interface HistogramQuantile {
  /** Seconds (same unit as the bucket bounds); NaN when the histogram is empty. */
  value: number;
  /** True when the quantile falls in the +Inf bucket: `value` is then the highest finite bound, a lower limit. */
  overflow: boolean;
  count: number;
}

/**
 * The q-quantile of a cumulative histogram, as Prometheus' histogram_quantile does it: find the
 * bucket holding rank q*count and interpolate linearly between its lower and upper bound (the
 * first bucket's lower bound is 0).
 */
export function histogramQuantile(buckets: Bucket[], q: number): HistogramQuantile {
  const sorted = [...buckets].sort((a, b) => a.le - b.le);
  const total = sorted.length > 0 ? (sorted[sorted.length - 1] as Bucket).count : 0;
  if (total <= 0) return { value: Number.NaN, overflow: false, count: 0 };
  const rank = q * total;
  let lowerBound = 0;
  let lowerCount = 0;
  for (const bucket of sorted) {
    if (bucket.count >= rank) {
      if (!Number.isFinite(bucket.le)) return { value: lowerBound, overflow: true, count: total };
      const inBucket = bucket.count - lowerCount;
      const fraction = inBucket > 0 ? (rank - lowerCount) / inBucket : 1;
      return { value: lowerBound + (bucket.le - lowerBound) * fraction, overflow: false, count: total };
    }
    lowerBound = bucket.le;
    lowerCount = bucket.count;
  }
  return { value: lowerBound, overflow: true, count: total };
}

/** Milliseconds with sensible precision. */
export function fmtMs(ms: number): string {
  if (!Number.isFinite(ms)) return 'n/a';
  return ms < 10 ? `${ms.toFixed(2)} ms` : ms < 100 ? `${ms.toFixed(1)} ms` : `${Math.round(ms)} ms`;
}

export function fmtRate(perSecond: number, unit = '/s'): string {
  return `${Math.round(perSecond).toLocaleString('en-US')}${unit}`;
}

export function fmtMb(kb: number): string {
  return Number.isFinite(kb) ? `${(kb / 1024).toFixed(0)} MB` : 'n/a';
}

/** The q-quantile of the samples falling in each `width`-wide slot of `at` (e.g. per second of a run). */
export function quantilePerSlot(values: ArrayLike<number>, at: ArrayLike<number>, width: number, q: number): number[] {
  const slots: number[][] = [];
  for (let i = 0; i < values.length; i += 1) {
    const slot = Math.floor((at[i] as number) / width);
    (slots[slot] ??= []).push(values[i] as number);
  }
  return Array.from(slots, (s) => (s ? percentile(Float64Array.from(s).sort(), q) : Number.NaN));
}
