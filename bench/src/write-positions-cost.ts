/**
 * What read-your-writes costs per write and per read (decision 0005): the write positions'
 * remember() (on every answered write) and latest() (on every authenticated read), in process and
 * in PostgreSQL (the embedded server, on its Unix socket as the services use it).
 *
 *   npx tsx bench/src/write-positions-cost.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedPostgres } from '@hamlog/infra/postgres/embedded';
import { createPool } from '@hamlog/infra/postgres/pool';
import type { WritePositions } from '@hamlog/infra/ports/write-positions';
import { InProcessWritePositions } from '@hamlog/infra/read-your-writes/in-process-write-positions';
import { PostgresWritePositions } from '@hamlog/infra/read-your-writes/postgres-write-positions';
import { closedLoop } from './load';
import { machineText } from './report';
import { summarize } from './stats';

const USERS = 1_000;
const SECONDS = Number(process.env.BENCH_DURATION_S ?? 3);

/** `callers` loops calling `op` (with the call's number) for SECONDS: calls per second and each call's latency in µs. */
async function callsAndLatency(callers: number, op: (i: number) => Promise<unknown>): Promise<string> {
  let n = 0;
  const send = async () => {
    await op((n += 1));
    return 200;
  };
  const result = await closedLoop({ concurrency: callers, warmupMs: 0, durationMs: SECONDS * 1_000, send });
  if (result.errors.total > 0) throw new Error(`calls failed: ${result.errors.toString()}`);
  const s = summarize(result.latenciesMs.map((ms) => ms * 1_000));
  return `${Math.round(result.rate).toLocaleString('en')}/s, p50 ${s.p50.toFixed(1)} µs, p99 ${s.p99.toFixed(1)} µs`;
}

async function measure(name: string, positions: WritePositions): Promise<void> {
  for (const callers of [1, 64]) {
    console.log(`| ${name} | remember, ${callers} at once | ${await callsAndLatency(callers, (i) => positions.remember(`user-${i % USERS}`, i))} |`);
    console.log(`| ${name} | latest, ${callers} at once | ${await callsAndLatency(callers, (i) => positions.latest(`user-${i % USERS}`))} |`);
  }
}

const dir = mkdtempSync(join(tmpdir(), 'hamlog-bench-positions-'));
const pg = await startEmbeddedPostgres(dir, { quiet: true });
const pool = createPool(pg.url, 20);
try {
  console.log(`\n== write positions: cost per write (remember) and per read (latest), ${USERS} users, ${SECONDS} s each (${machineText()}) ==`);
  console.log('| adapter | call | calls and latency |\n|---|---|---|');
  await measure('in process', new InProcessWritePositions());
  const positions = await PostgresWritePositions.open(pool);
  await measure('PostgreSQL', positions);
  await positions.close();
} finally {
  await pool.end();
  await pg.stop();
  rmSync(dir, { recursive: true, force: true });
}
