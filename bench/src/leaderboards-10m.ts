/**
 * Leaderboards over 10,000,000 QSOs: how long GET /api/vleaderboards takes to compute (every
 * list: the excluded users read from rm_users, the store's lists, the answer serialised), from
 * ClickHouse and from the embedded default's PostgreSQL, uncached and through the shared answer
 * the query API keeps for LEADERBOARDS_SHARED_MS; and POST /api/vopofday's computation.
 *
 * The QSOs go straight into each aggregates store through recordQsoFacts (the stream consumer's
 * path), in time order, in big batches: 30 days up to the seeding time, a few thousand stations
 * (callsigns from MASTER.SCP), a skewed activity, the bands and modes of a modern station. The
 * seed is kept (BENCH_LB_DIR, default $TMPDIR/hamlog-bench-lb-<qsos>; ClickHouse database
 * hamlog_bench_lb_<qsos>) and reused; the boards are always computed at the seeding time, so a
 * later run measures the same workload. Both stores must give the same answer, checked first.
 *
 *   npm run bench:leaderboards          (= npx tsx bench/src/leaderboards-10m.ts)
 *   BENCH_LB_QSOS=2000000               (a smaller log, in its own folder and database)
 *   BENCH_LB_RUNS=50                    (timed computations per figure)
 *   BENCH_LB_ONLY=clickhouse|postgres   (one store only)
 *   CLICKHOUSE_URL                      (default http://127.0.0.1:8123; skipped when unreachable)
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { createClient } from '@clickhouse/client';
import { ClickHouseAggregates } from '@hamlog/infra/aggregates/clickhouse-aggregates';
import { ClickHouseLeaderboards } from '@hamlog/infra/aggregates/clickhouse-leaderboards';
import { PostgresAggregates } from '@hamlog/infra/aggregates/postgres-aggregates';
import { PostgresLeaderboards } from '@hamlog/infra/aggregates/postgres-leaderboards';
import type { AggregatesStore, QsoFact } from '@hamlog/infra/ports/aggregates';
import type { LeaderboardsStore } from '@hamlog/infra/ports/leaderboards';
import { startEmbeddedPostgres } from '@hamlog/infra/postgres/embedded';
import { runMigrations } from '@hamlog/infra/postgres/migrations';
import { createPool, type Pool } from '@hamlog/infra/postgres/pool';
import { photosMigrations } from '@hamlog/infra/read-models/photos/schema';
import { usersMigrations } from '@hamlog/infra/read-models/users/schema';
import { SharedAnswer } from '@hamlog/query-api/http/shared-answer';
import { computeLeaderboards, computeOperatorsOfTheDay } from '@hamlog/query-api/leaderboards/leaderboards';
import { LEADERBOARDS_SHARED_MS } from '@hamlog/query-api/leaderboards/leaderboards-router';
import { callsigns } from './qso';
import { isMain, machineText, printFigures, type Figure } from './report';
import { fmtMs, fmtRate, percentile, summarize } from './stats';

export const CLICKHOUSE_P99_TARGET_MS = 50;
export const POSTGRES_P99_TARGET_MS = 200;

const QSOS = Number(process.env.BENCH_LB_QSOS ?? 10_000_000);
const RUNS = Number(process.env.BENCH_LB_RUNS ?? 50);
const WARMUP = 5;
const STATIONS = 3_000;
const DAYS = 30;
/** One station in this many asked to be left out of the leaderboards. */
const EXCLUDED_EVERY = 100;
const BATCH = { clickhouse: 100_000, postgres: 50_000 };
const SEED_VERSION = 1;
const DAY_MS = 86_400_000;
const CLICKHOUSE_URL = process.env.CLICKHOUSE_URL ?? 'http://127.0.0.1:8123';
const ONLY = process.env.BENCH_LB_ONLY;

interface SeedMarker {
  version: number;
  qsos: number;
  /** The boards are computed at this time (the end of the seeded 30 days). */
  seededAt: string;
  /** Seconds each store took to record the QSOs. */
  seconds: { postgres?: number; clickhouse?: number };
}

const suffix = QSOS === 10_000_000 ? '10m' : String(QSOS);
const dir = process.env.BENCH_LB_DIR ?? join(tmpdir(), `hamlog-bench-lb-${suffix}`);
const markerFile = join(dir, 'seed-leaderboards.json');
const clickhouseDatabase = `hamlog_bench_lb_${suffix}`;

/** Small, fast, seeded PRNG (mulberry32): the same QSOs on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Weighted choice by a cumulative table. */
function picker<T>(items: readonly { value: T; weight: number }[]): (r: number) => T {
  const total = items.reduce((s, i) => s + i.weight, 0);
  let acc = 0;
  const cumulative = items.map((i) => (acc += i.weight / total));
  return (r) => {
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < r) lo = mid + 1;
      else hi = mid;
    }
    return items[lo]!.value;
  };
}

const SLOTS = [
  { value: { band: '20m', freqHz: 14_074_000, mode: 'FT8' }, weight: 20 },
  { value: { band: '40m', freqHz: 7_074_000, mode: 'FT8' }, weight: 12 },
  { value: { band: '15m', freqHz: 21_074_000, mode: 'FT8' }, weight: 5 },
  { value: { band: '20m', freqHz: 14_080_000, mode: 'FT4' }, weight: 4 },
  { value: { band: '20m', freqHz: 14_230_000, mode: 'SSB' }, weight: 12 },
  { value: { band: '40m', freqHz: 7_150_000, mode: 'SSB' }, weight: 7 },
  { value: { band: '10m', freqHz: 28_450_000, mode: 'SSB' }, weight: 4 },
  { value: { band: '20m', freqHz: 14_025_000, mode: 'CW' }, weight: 9 },
  { value: { band: '40m', freqHz: 7_025_000, mode: 'CW' }, weight: 7 },
  { value: { band: '80m', freqHz: 3_530_000, mode: 'CW' }, weight: 3 },
  { value: { band: '20m', freqHz: 14_230_000, mode: 'SSTV' }, weight: 2 },
  { value: { band: '2m', freqHz: 145_500_000, mode: 'FM' }, weight: 4 },
  { value: { band: '70cm', freqHz: 438_800_000, mode: 'DIGITALVOICE' }, weight: 2 },
  { value: { band: '20m', freqHz: 14_080_000, mode: 'RTTY' }, weight: 2 },
  { value: { band: '30m', freqHz: 10_142_000, mode: 'PSK' }, weight: 1 },
];

interface Station {
  userId: string;
  callsign: string;
}

function stations(): Station[] {
  const calls = callsigns();
  const step = Math.max(1, Math.floor(calls.length / STATIONS));
  return Array.from({ length: STATIONS }, (_, i) => ({ userId: `bench-lb-user-${i}`, callsign: calls[(i * step) % calls.length]! }));
}

/** The QSOs in time order over the 30 days before `end`, `batch` at a time. */
function* qsoBatches(end: number, batch: number): Generator<QsoFact[]> {
  const r = random(20_240_515);
  const all = stations();
  // A few very active stations, a long tail: weight 1 / (rank + 20).
  const station = picker(all.map((s, i) => ({ value: s, weight: 1 / (i + 20) })));
  const slot = picker(SLOTS);
  const calls = callsigns();
  const start = end - DAYS * DAY_MS;
  const hex = () => Math.floor(r() * 2 ** 32).toString(16).padStart(8, '0');
  let out: QsoFact[] = [];
  for (let i = 0; i < QSOS; i++) {
    // Evenly spread in time with a little jitter, so batches stay in time order.
    const ts = new Date(Math.floor(start + ((i + r()) / QSOS) * DAYS * DAY_MS));
    const s = station(r());
    const where = slot(r());
    out.push({
      qdoId: `${hex()}${hex()}-${hex()}-${hex()}`,
      stationUserId: s.userId,
      stationCallsign: s.callsign,
      ts,
      band: where.band,
      mode: where.mode,
      subMode: '',
      call: calls[Math.floor(r() * calls.length)]!,
      freqHz: where.freqHz + Math.floor(r() * 3) * 1000,
      contestName: r() < 0.05 ? 'CQ-WW-DX' : '',
      dxcc: 0,
      uploadedAt: ts,
      deleted: false,
      version: i + 1,
    });
    if (out.length === batch) {
      yield out;
      out = [];
    }
  }
  if (out.length > 0) yield out;
}

const seconds = (fromMs: number) => (performance.now() - fromMs) / 1000;

async function seedStore(name: string, store: AggregatesStore, end: number, batch: number): Promise<number> {
  console.log(`seeding ${QSOS.toLocaleString('en-US')} QSOs into ${name} (${machineText()})`);
  await store.reset();
  const started = performance.now();
  let done = 0;
  let lastReport = started;
  for (const facts of qsoBatches(end, batch)) {
    await store.recordQsoFacts(facts);
    done += facts.length;
    if (performance.now() - lastReport > 15_000) {
      lastReport = performance.now();
      console.log(`  ${seconds(started).toFixed(0)} s: ${done.toLocaleString('en-US')} QSOs (${fmtRate(done / seconds(started), ' QSOs/s')})`);
    }
  }
  const took = seconds(started);
  console.log(`  ${name}: ${done.toLocaleString('en-US')} QSOs recorded in ${took.toFixed(0)} s (${fmtRate(done / took, ' QSOs/s')})`);
  return took;
}

/** rm_users (and the photos it reads for pictures) with the stations, 1 in EXCLUDED_EVERY left out of the boards. */
async function seedUsers(pool: Pool): Promise<void> {
  await runMigrations(pool, 'projection:users', usersMigrations);
  await runMigrations(pool, 'projection:photos', photosMigrations);
  const all = stations();
  await pool.query(
    `INSERT INTO rm_users (id, email, my_callsign, name, api_key, created_at, exclude_from_leaderboards)
     SELECT id, id || '@example.com', callsign, 'Op ' || callsign, 'key-' || id, now(), excluded
     FROM unnest($1::text[], $2::text[], $3::boolean[]) AS u(id, callsign, excluded)
     ON CONFLICT (id) DO NOTHING`,
    [all.map((s) => s.userId), all.map((s) => s.callsign), all.map((_, i) => i % EXCLUDED_EVERY === 7)],
  );
}

interface Target {
  name: 'ClickHouse' | 'PostgreSQL';
  aggregates: AggregatesStore;
  leaderboards: LeaderboardsStore;
  targetMs: number;
}

async function time(runs: number, work: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < WARMUP; i++) await work();
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await work();
    out.push(performance.now() - t);
  }
  return out;
}

function figures(benchmark: string, label: string, latencies: number[], target?: number): Figure[] {
  const s = summarize(latencies);
  const p95 = percentile(Float64Array.from(latencies).sort(), 0.95);
  console.log(`  ${label}: p50 ${fmtMs(s.p50)}, p95 ${fmtMs(p95)}, p99 ${fmtMs(s.p99)}, max ${fmtMs(s.max)} (${s.count} runs)`);
  return [
    { benchmark, name: `${label} p50`, value: s.p50, unit: 'ms' },
    { benchmark, name: `${label} p95`, value: p95, unit: 'ms' },
    { benchmark, name: `${label} p99`, value: s.p99, unit: 'ms', ...(target ? { target: { op: '<' as const, value: target } } : {}) },
  ];
}

async function measure(target: Target, pool: Pool, at: Date): Promise<Figure[]> {
  const benchmark = `leaderboards-${suffix}`;
  const tag = target.name;
  console.log(`measuring ${tag} at ${at.toISOString()} (${machineText()})`);
  const uncached = await time(RUNS, async () => JSON.stringify(await computeLeaderboards(target.leaderboards, pool, at)));
  const shared = new SharedAnswer(() => computeLeaderboards(target.leaderboards, pool, at), LEADERBOARDS_SHARED_MS);
  await shared.get();
  // Within LEADERBOARDS_SHARED_MS of the computation: every request is served the shared answer.
  const cached = await time(RUNS, async () => JSON.stringify(await shared.get()));
  const operators = await time(RUNS, async () => JSON.stringify(await computeOperatorsOfTheDay(target.leaderboards, pool, at)));
  return [
    ...figures(benchmark, `${tag} GET /vleaderboards uncached`, uncached, target.targetMs),
    ...figures(benchmark, `${tag} GET /vleaderboards shared answer`, cached),
    ...figures(benchmark, `${tag} POST /vopofday uncached`, operators),
  ];
}

async function clickhouseUp(): Promise<boolean> {
  const client = createClient({ url: CLICKHOUSE_URL, request_timeout: 2_000 });
  try {
    return (await client.ping()).success;
  } catch {
    return false;
  } finally {
    await client.close();
  }
}

async function storedQsos(leaderboards: LeaderboardsStore, end: number): Promise<number> {
  // Every QSO is in the 30 days before `end`, so the 30-day board's station totals add up to all of them.
  const periods = [{ since: new Date(Math.floor(end / DAY_MS) * DAY_MS - 31 * DAY_MS), until: new Date(Math.floor(end / DAY_MS) * DAY_MS + DAY_MS), modeClass: null }];
  const none = { since: new Date(end), until: new Date(end + 1000) };
  const rows = await leaderboards.leaderboards({ excludedUserIds: [], limit: 1_000_000, hotStations: none, pileUps: { ...none, minCalls: 2 }, mostWorked: none, lastHour: none, periods });
  return rows.periods[0]!.reduce((n, r) => n + r.count, 0);
}

export async function runLeaderboardsBench(): Promise<Figure[]> {
  mkdirSync(dir, { recursive: true });
  let marker: SeedMarker | null = existsSync(markerFile) ? (JSON.parse(readFileSync(markerFile, 'utf8')) as SeedMarker) : null;
  if (marker && (marker.version !== SEED_VERSION || marker.qsos !== QSOS)) marker = null;
  marker ??= { version: SEED_VERSION, qsos: QSOS, seededAt: new Date(Math.floor(Date.now() / 60_000) * 60_000).toISOString(), seconds: {} };
  const end = Date.parse(marker.seededAt);
  const at = new Date(end);
  const save = () => writeFileSync(markerFile, `${JSON.stringify(marker, null, 2)}\n`);

  const db = await startEmbeddedPostgres(dir, { quiet: true });
  const pool = createPool(db.url, 8, { derived: true });
  const figuresOut: Figure[] = [];
  const targets: Target[] = [];
  try {
    await seedUsers(pool);
    if (ONLY !== 'clickhouse') {
      const aggregates = new PostgresAggregates(pool);
      await aggregates.migrate();
      targets.push({ name: 'PostgreSQL', aggregates, leaderboards: new PostgresLeaderboards(pool), targetMs: POSTGRES_P99_TARGET_MS });
    }
    if (ONLY !== 'postgres') {
      if (await clickhouseUp()) {
        const options = { url: CLICKHOUSE_URL, database: clickhouseDatabase };
        const aggregates = new ClickHouseAggregates(options);
        await aggregates.migrate();
        targets.push({ name: 'ClickHouse', aggregates, leaderboards: new ClickHouseLeaderboards(options), targetMs: CLICKHOUSE_P99_TARGET_MS });
      } else {
        console.log(`ClickHouse: skipped (no server at ${CLICKHOUSE_URL}; scripts/clickhouse.sh start)`);
      }
    }
    for (const target of targets) {
      const key = target.name === 'ClickHouse' ? 'clickhouse' : 'postgres';
      const stored = await storedQsos(target.leaderboards, end);
      if (marker.seconds[key] === undefined || stored !== QSOS) {
        if (marker.seconds[key] !== undefined) console.log(`${target.name} holds ${stored} QSOs, not ${QSOS}: seeding again`);
        marker.seconds[key] = await seedStore(target.name, target.aggregates, end, BATCH[key]);
        save();
        if (target.name === 'PostgreSQL') await pool.query('VACUUM (ANALYZE) agg_qso_facts_v2, agg_lb_days');
      } else {
        console.log(`reusing the ${target.name} seed: ${QSOS.toLocaleString('en-US')} QSOs, recorded in ${marker.seconds[key]!.toFixed(0)} s`);
      }
      figuresOut.push({ benchmark: `leaderboards-${suffix}`, name: `${target.name} seeding (recordQsoFacts, ${BATCH[key].toLocaleString('en-US')} per call)`, value: marker.seconds[key]!, unit: 's', shown: `${marker.seconds[key]!.toFixed(0)} s (${fmtRate(QSOS / marker.seconds[key]!, ' QSOs/s')})` });
    }
    if (targets.length === 2) {
      const [a, b] = await Promise.all(targets.map((t) => computeLeaderboards(t.leaderboards, pool, at)));
      const { generated_at: _a, ...left } = a!;
      const { generated_at: _b, ...right } = b!;
      if (!isDeepStrictEqual(left, right)) throw new Error('PostgreSQL and ClickHouse answer different leaderboards over the same QSOs');
      console.log('PostgreSQL and ClickHouse answer the same leaderboards');
    }
    for (const target of targets) figuresOut.push(...(await measure(target, pool, at)));
  } finally {
    for (const target of targets) {
      await target.leaderboards.close();
      await target.aggregates.close();
    }
    await pool.end();
    await db.stop();
  }
  printFigures(`leaderboards over ${QSOS.toLocaleString('en-US')} QSOs`, figuresOut);
  return figuresOut;
}

if (isMain(import.meta.url)) {
  await runLeaderboardsBench();
}
