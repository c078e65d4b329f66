/**
 * GET /api/vstats on a 1,000,000-QSO log: p50/p99 of one station's statistics, over HTTP to a
 * server running on the 1M seed (seed-1m.ts: seeded on the first run, then reused), from the
 * embedded default's PostgreSQL counters and, when CLICKHOUSE_URL is set, from ClickHouse.
 *
 * - PostgreSQL: the seed's server fills agg_station_stats from its facts on its first start after
 *   the table came (the catch-up of an existing database); that fill is timed again here, in a
 *   transaction rolled back. For comparison it also times what the counters replace: grouping the
 *   station's million facts per request in SQL.
 * - ClickHouse: the log's QSO facts are recorded into their own database (BENCH_STATS_CH_DB,
 *   default hamlog_bench_stats_1m) through recordQsoFacts, as `npm run rebuild:aggregates` does,
 *   once and then reused; a second server on the same seed then reads from there.
 * Both answers are checked against each other and against the seed's QSO count.
 *
 *   npm run bench:stats         (= npx tsx bench/src/stats-1m.ts)
 *   BENCH_STATS_REQUESTS=500    (requests per figure, default 300)
 *   CLICKHOUSE_URL=http://127.0.0.1:8123 npm run bench:stats
 *   BENCH_STATS_CH_BATCH=5000   (facts per recordQsoFacts call when seeding ClickHouse)
 */
import { isDeepStrictEqual } from 'node:util';
import { createClient } from '@clickhouse/client';
import type { StationStatsAnswer } from '@hamlog/domain';
import { ClickHouseAggregates } from '@hamlog/infra/aggregates/clickhouse-aggregates';
import { ClickHouseStationStats } from '@hamlog/infra/aggregates/clickhouse-station-stats';
import { fillStationStats } from '@hamlog/infra/aggregates/postgres-station-stats';
import { PostgresEventStore } from '@hamlog/infra/event-store/postgres-event-store';
import { createPool, type Pool } from '@hamlog/infra/postgres/pool';
import { qsoFactsOfLog } from '@hamlog/stream/rebuild-aggregates';
import { HttpClient } from './load';
import { isMain, machineText, printFigures, type Figure } from './report';
import { openSeededServer, seedDataDir, type Seed } from './seed-1m';
import { startServer, stopAll } from './server';
import { fmtMs, fmtRate, percentile, summarize } from './stats';

export const VSTATS_P99_TARGET_MS = 200;
const BENCHMARK = 'stats-1m';
const REQUESTS = Number(process.env.BENCH_STATS_REQUESTS ?? 300);
const WARMUP = 30;
const CLICKHOUSE_URL = process.env.CLICKHOUSE_URL;
const CLICKHOUSE_DATABASE = process.env.BENCH_STATS_CH_DB ?? 'hamlog_bench_stats_1m';
/** What npm run rebuild:aggregates records per call (the seed's QSOs are in time order: about 36 days per call). */
const CH_BATCH = Number(process.env.BENCH_STATS_CH_BATCH ?? 20_000);

async function time(runs: number, work: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < WARMUP; i += 1) await work();
  const out: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const t = performance.now();
    await work();
    out.push(performance.now() - t);
  }
  return out;
}

function latencyFigures(label: string, latencies: number[], target?: number): Figure[] {
  const s = summarize(latencies);
  const p95 = percentile(Float64Array.from(latencies).sort(), 0.95);
  console.log(`  ${label}: p50 ${fmtMs(s.p50)}, p95 ${fmtMs(p95)}, p99 ${fmtMs(s.p99)}, max ${fmtMs(s.max)} (${s.count} requests)`);
  return [
    { benchmark: BENCHMARK, name: `${label} p50`, value: s.p50, unit: 'ms' },
    { benchmark: BENCHMARK, name: `${label} p99`, value: s.p99, unit: 'ms', ...(target ? { target: { op: '<' as const, value: target } } : {}) },
  ];
}

async function login(url: string, seed: Seed): Promise<string> {
  const client = new HttpClient(url, 1);
  try {
    const res = await client.post('/api/vlogin', { email: seed.email, password: seed.password });
    if (res.status !== 200) throw new Error(`vlogin: HTTP ${res.status} ${res.body.slice(0, 200)}`);
    return (JSON.parse(res.body) as { token: string }).token;
  } finally {
    client.close();
  }
}

/** GET /api/vstats REQUESTS times (after WARMUP), checked to hold every QSO of the seed; answers the latencies and the answer. */
async function timeVstats(url: string, token: string, seed: Seed): Promise<{ latencies: number[]; answer: StationStatsAnswer }> {
  const client = new HttpClient(url, 1);
  try {
    const get = async () => {
      const res = await client.request('GET', '/api/vstats', undefined, { authorization: `Bearer ${token}` });
      if (res.status !== 200) throw new Error(`vstats: HTTP ${res.status} ${res.body.slice(0, 200)}`);
      return res.body;
    };
    // The counters follow the stream consumer, which may still be catching up with the seed.
    const deadline = Date.now() + 30 * 60_000;
    let answer = JSON.parse(await get()) as StationStatsAnswer;
    const waited = Date.now();
    while (answer.total < seed.qsos && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 1_000));
      answer = JSON.parse(await get()) as StationStatsAnswer;
    }
    if (Date.now() - waited > 1_000) console.log(`  waited ${((Date.now() - waited) / 1000).toFixed(0)} s for the counters to reach the seed`);
    if (answer.total !== seed.qsos) throw new Error(`/api/vstats counts ${answer.total} QSOs, the seed holds ${seed.qsos}`);
    const bands = answer.bands.reduce((n, b) => n + b.count, 0);
    if (bands !== seed.qsos) throw new Error(`/api/vstats bands add up to ${bands}, not ${seed.qsos}`);
    console.log(`  the answer: ${answer.total.toLocaleString('en-US')} QSOs, ${answer.bands.length} bands, ${answer.modes.length} modes, ${answer.years.length} years, ${answer.dxcc.worked} DXCC entities`);
    return { latencies: await time(REQUESTS, get), answer };
  } finally {
    client.close();
  }
}

/** What the counters replace: the station's facts grouped in SQL per request (one GROUP BY per chart). */
async function groupingFacts(pool: Pool, userId: string): Promise<number[]> {
  const query = () =>
    pool.query(
      `SELECT k.key, count(*) FROM agg_qso_facts_v2 f
       CROSS JOIN LATERAL (VALUES ('band:' || f.band), ('mode:' || COALESCE(NULLIF(f.sub_mode, ''), f.mode)), ('continent:' || f.continent),
         ('year:' || extract(year FROM f.ts AT TIME ZONE 'UTC')::int), ('hour:' || extract(hour FROM f.ts AT TIME ZONE 'UTC')::int),
         (CASE WHEN f.dxcc > 0 THEN 'dxcc:' || f.dxcc || ':' || f.band END)) AS k(key)
       WHERE f.station_user_id = $1 AND NOT f.deleted AND k.key IS NOT NULL GROUP BY 1`,
      [userId],
    );
  const out: number[] = [];
  await query();
  for (let i = 0; i < 5; i += 1) {
    const t = performance.now();
    await query();
    out.push(performance.now() - t);
  }
  return out;
}

/** The catch-up of a database whose facts came before the counters: filling them from the facts, timed in a transaction rolled back. */
async function timeFill(pool: Pool): Promise<number> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const started = performance.now();
    await fillStationStats(client, 'agg_qso_facts_v2');
    return (performance.now() - started) / 1000;
  } finally {
    await client.query('ROLLBACK');
    client.release();
  }
}

/** The seed's QSO facts in a ClickHouse database of their own, recorded as a rebuild records them (once; reused after). */
async function seedClickHouse(databaseUrl: string, seed: Seed): Promise<number | null> {
  const stats = new ClickHouseStationStats({ url: CLICKHOUSE_URL!, database: CLICKHOUSE_DATABASE });
  const aggregates = new ClickHouseAggregates({ url: CLICKHOUSE_URL!, database: CLICKHOUSE_DATABASE });
  const pool = createPool(databaseUrl, 2);
  const store = await PostgresEventStore.create(pool);
  try {
    await aggregates.migrate();
    const total = (await stats.stationCounts(seed.userId)).filter((c) => c.key.startsWith('year:')).reduce((n, c) => n + c.count, 0);
    if (total === seed.qsos) {
      console.log(`reusing the ClickHouse seed in ${CLICKHOUSE_DATABASE}: ${total.toLocaleString('en-US')} QSOs`);
      return null;
    }
    if (total > 0) await aggregates.reset();
    console.log(`recording the seed's QSO facts into ClickHouse (${CLICKHOUSE_DATABASE}), ${CH_BATCH.toLocaleString('en-US')} per call`);
    const started = performance.now();
    let recorded = 0;
    for await (const facts of qsoFactsOfLog(store, { batchSize: CH_BATCH })) {
      await aggregates.recordQsoFacts(facts);
      recorded += facts.length;
      process.stdout.write(`\r  ${recorded.toLocaleString('en-US')} facts`);
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(`\n  recorded ${recorded.toLocaleString('en-US')} facts in ${seconds.toFixed(1)} s (${fmtRate(recorded / seconds, ' facts/s')})`);
    return seconds;
  } finally {
    await stats.close();
    await aggregates.close();
    await store.close();
    await pool.end();
  }
}

async function clickhouseUp(): Promise<boolean> {
  if (!CLICKHOUSE_URL) return false;
  const client = createClient({ url: CLICKHOUSE_URL, request_timeout: 2_000 });
  return client
    .ping()
    .then((r) => r.success, () => false)
    .finally(() => client.close());
}

export async function runStats1m(): Promise<Figure[]> {
  const figures: Figure[] = [];
  const useClickHouse = await clickhouseUp();
  if (CLICKHOUSE_URL && !useClickHouse) console.log(`ClickHouse: skipped (no server at ${CLICKHOUSE_URL}; scripts/clickhouse.sh start)`);
  // The seeded server runs the embedded default: the ClickHouse one is started below, on purpose.
  delete process.env.CLICKHOUSE_URL;
  const { server, seed, token, databaseUrl } = await openSeededServer();
  let pgAnswer: StationStatsAnswer;
  try {
    console.log(`stats-1m (${machineText()}): ${seed.qsos.toLocaleString('en-US')} QSOs of ${seed.callsign}; ${REQUESTS} requests per figure, one at a time, after ${WARMUP} warm-up`);
    const pg = await timeVstats(server.url, token, seed);
    pgAnswer = pg.answer;
    figures.push(...latencyFigures('PostgreSQL GET /api/vstats', pg.latencies, VSTATS_P99_TARGET_MS));
    const pool = createPool(databaseUrl, 1);
    try {
      const grouped = summarize(await groupingFacts(pool, seed.userId));
      console.log(`  for comparison, grouping the station's facts in SQL per request: median ${fmtMs(grouped.p50)} (5 runs)`);
      figures.push({ benchmark: BENCHMARK, name: `PostgreSQL: grouping the ${seed.qsos.toLocaleString('en-US')} facts per request instead (SQL only, median)`, value: grouped.p50, unit: 'ms' });
      const fill = await timeFill(pool);
      console.log(`  the catch-up of an existing database (agg_station_stats filled from the facts, rolled back): ${fill.toFixed(1)} s`);
      figures.push({ benchmark: BENCHMARK, name: 'PostgreSQL: filling agg_station_stats from the facts (first start after upgrading)', value: fill, unit: 's', shown: `${fill.toFixed(1)} s` });
    } finally {
      await pool.end();
    }
    if (useClickHouse) {
      const seconds = await seedClickHouse(databaseUrl, seed);
      if (seconds !== null) figures.push({ benchmark: BENCHMARK, name: `ClickHouse seeding (recordQsoFacts, ${CH_BATCH.toLocaleString('en-US')} per call)`, value: seconds, unit: 's', shown: `${seconds.toFixed(0)} s` });
    }
  } finally {
    await server.stop();
  }

  if (useClickHouse) {
    process.env.CLICKHOUSE_URL = CLICKHOUSE_URL;
    process.env.CLICKHOUSE_DATABASE = CLICKHOUSE_DATABASE;
    const chServer = await startServer({ dataDir: seedDataDir(), readyTimeoutMs: 300_000, engines: true });
    try {
      const ch = await timeVstats(chServer.url, await login(chServer.url, seed), seed);
      if (!isDeepStrictEqual(ch.answer, pgAnswer!)) throw new Error('PostgreSQL and ClickHouse answer different statistics over the same log');
      console.log('  PostgreSQL and ClickHouse answer the same statistics');
      figures.push(...latencyFigures('ClickHouse GET /api/vstats', ch.latencies, VSTATS_P99_TARGET_MS));
    } finally {
      await chServer.stop();
    }
  }
  return figures;
}

if (isMain(import.meta.url)) {
  try {
    printFigures('statistics of a 1M-QSO log', await runStats1m());
  } finally {
    await stopAll();
  }
}
