/** Run lengths, overridable from the environment to shorten or lengthen every benchmark at once. */

function seconds(name: string, fallback: number): number {
  const raw = process.env[name];
  const value = raw === undefined ? Number.NaN : Number(raw);
  return Number.isFinite(value) && value >= 0 ? value * 1000 : fallback * 1000;
}

export const benchConfig = {
  /** Measured window of each load run (BENCH_DURATION_S, default 20). */
  durationMs: seconds('BENCH_DURATION_S', 20),
  /** Warm-up before the closed-loop window (BENCH_WARMUP_S, default 3). */
  warmupMs: seconds('BENCH_WARMUP_S', 3),
  /** Measured window of the generator-ceiling run (BENCH_CEILING_S, default 10). */
  ceilingMs: seconds('BENCH_CEILING_S', 10),
  concurrency: Number(process.env.BENCH_CONCURRENCY ?? 50),
  users: Number(process.env.BENCH_USERS ?? 10),
  /** Open-loop rate, QSOs/s (BENCH_RATE, default 300). */
  rate: Number(process.env.BENCH_RATE ?? 300),
  date: '2026-11-22',
};
