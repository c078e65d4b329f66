/**
 * Throughput: closed loop, 50 clients over 10 users each logging QSOs (/api/vqso/upsert) as fast
 * as the answers come back; 3 s warm-up, then ~20 s measured. Counts 2xx only.
 *
 *   npx tsx bench/src/throughput.ts
 */
import { benchConfig } from './config';
import { closedLoop, HttpClient, type LoopResult } from './load';
import { scrape, waitProjectionsIdle } from './prom';
import { QsoSource } from './qso';
import { CpuMeter, postgresProcesses } from './procfs';
import { isMain, machineText, printFigures, type Figure } from './report';
import { startServer, type RunningServer } from './server';
import { fmtMs, fmtRate, summarize } from './stats';
import { registerUsers } from './users';

export const THROUGHPUT_TARGET = 1500;

export interface UpsertLoadOptions {
  concurrency?: number;
  users?: number;
  warmupMs?: number;
  durationMs?: number;
}

export interface UpsertLoadResult {
  loop: LoopResult;
  source: QsoSource;
  /** Mean CPU use over the whole loop (warm-up included), in cores. */
  cpu: { generator: number; server: number; postgres: number };
}

/** The closed-loop QSO load against a running server (also used by startup.ts for the RSS peak). */
export async function upsertClosedLoop(server: RunningServer, options: UpsertLoadOptions = {}): Promise<UpsertLoadResult> {
  const concurrency = options.concurrency ?? benchConfig.concurrency;
  const users = await registerUsers(server.url, options.users ?? benchConfig.users);
  const source = new QsoSource(users);
  const client = new HttpClient(server.url, concurrency);
  const serverCpu = new CpuMeter(() => [server.serverPid]);
  const pgCpu = new CpuMeter(() => postgresProcesses(server.dataDir).map((p) => p.pid));
  try {
    const loop = await closedLoop({
      concurrency,
      warmupMs: options.warmupMs ?? benchConfig.warmupMs,
      durationMs: options.durationMs ?? benchConfig.durationMs,
      send: (c) => source.send(client, c),
    });
    const a = serverCpu.read();
    const cpu = { generator: a.generator, server: a.others, postgres: pgCpu.read().others };
    return { loop, source, cpu };
  } finally {
    client.close();
  }
}

/** Total QSOs in the users' logbooks, read through /api/vlogbook. */
async function logbookTotal(server: RunningServer, source: QsoSource): Promise<number> {
  const client = new HttpClient(server.url, 4);
  try {
    let total = 0;
    for (const user of source.users) {
      const res = await client.post('/api/vlogbook', { page: 1, size: 1 }, user.token);
      if (res.status !== 200) return Number.NaN;
      total += Number((JSON.parse(res.body) as { total?: number }).total ?? Number.NaN);
    }
    return total;
  } finally {
    client.close();
  }
}

export async function runThroughput(): Promise<Figure[]> {
  const server = await startServer();
  try {
    const concurrency = benchConfig.concurrency;
    console.log(`throughput: server ${server.url} ready in ${Math.round(server.readyMs)} ms; ${concurrency} clients over ${benchConfig.users} users, ${benchConfig.warmupMs / 1000} s warm-up + ${benchConfig.durationMs / 1000} s measured`);
    const { loop, source, cpu } = await upsertClosedLoop(server);
    const lat = summarize(loop.latenciesMs);
    console.log(`  2xx in window: ${loop.ok} over ${loop.seconds} s = ${fmtRate(loop.rate, ' QSOs/s')}`);
    console.log(`  errors in window: ${loop.errors.total} (${loop.errors.toString()})`);
    console.log(`  all answers by status (incl. warm-up): ${source.statusText()}`);
    console.log(`  CPU (cores): generator ${cpu.generator.toFixed(2)}, server ${cpu.server.toFixed(2)}, PostgreSQL ${cpu.postgres.toFixed(2)} (${machineText()})`);
    console.log(`  latency p50 ${fmtMs(lat.p50)}, p90 ${fmtMs(lat.p90)}, p99 ${fmtMs(lat.p99)}, max ${fmtMs(lat.max)}`);

    const metrics = new HttpClient(server.url, 2);
    const caughtUpMs = await waitProjectionsIdle(metrics, 30_000);
    const lagEvents = (await scrape(metrics)).filter((s) => s.name === 'projection_lag_events').map((s) => `${s.labels.projection}=${s.value}`);
    metrics.close();
    const logged = source.statuses.get(201) ?? 0;
    const inLogbooks = await logbookTotal(server, source);
    console.log(`  read models caught up ${Number.isFinite(caughtUpMs) ? `${Math.round(caughtUpMs)} ms after the load` : 'n/a'} (projection_lag_events ${lagEvents.join(' ') || 'absent'}); logbook total ${inLogbooks} of ${logged} logged (201)`);

    return [
      { benchmark: 'throughput', name: `QSOs/s sustained (2xx, closed loop, ${concurrency} clients)`, value: loop.rate, unit: 'QSOs/s', shown: fmtRate(loop.rate, ' QSOs/s'), target: { op: '>=', value: THROUGHPUT_TARGET } },
      { benchmark: 'throughput', name: 'errors (non-2xx + transport) in window', value: loop.errors.total, unit: '', shown: `${loop.errors.total} (${loop.errors.toString()})` },
      { benchmark: 'throughput', name: 'CPU: generator / server / PostgreSQL', value: cpu.server, unit: 'cores', shown: `${cpu.generator.toFixed(2)} / ${cpu.server.toFixed(2)} / ${cpu.postgres.toFixed(2)} cores` },
      { benchmark: 'throughput', name: 'latency p50', value: lat.p50, unit: 'ms', shown: fmtMs(lat.p50) },
      { benchmark: 'throughput', name: 'latency p99', value: lat.p99, unit: 'ms', shown: fmtMs(lat.p99) },
      { benchmark: 'throughput', name: 'logbook rows after catch-up / QSOs logged', value: inLogbooks, unit: '', shown: `${inLogbooks} / ${logged}` },
    ];
  } finally {
    await server.stop();
  }
}

if (isMain(import.meta.url)) {
  const figures = await runThroughput();
  printFigures('throughput', figures);
}
