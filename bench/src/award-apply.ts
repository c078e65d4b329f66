/**
 * The award tracker's projection alone, without HTTP or the other projections: applies logged QSOs
 * (seed-history's realistic log, over 10 stations, in the order they would arrive) in batches of
 * each size, one transaction per batch as the projector runs them, and prints per QSO the wall
 * time, this process's CPU (Node's share of the work) and the PostgreSQL backend's CPU, and the
 * slot rows each QSO left written. What logging at full speed pays for the award tracker, measured
 * apart from the noise of the whole server.
 *
 *   npx tsx bench/src/award-apply.ts
 *   (BENCH_AWARD_APPLY_QSOS=20000, BENCH_AWARD_APPLY_BATCHES=25,250,1000)
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { normaliseQsoInput, type QsoFields, type QsoLogged } from '@hamlog/domain';
import { startEmbeddedPostgres } from '@hamlog/infra/postgres/embedded';
import { awardProgressProjection } from '../../projectors/src/award-progress/award-progress-projection';
import type { Recorded } from '../../projectors/src/runtime/projection';
import { cpuSeconds } from './procfs';
import { machineText } from './report';
import { stationHistory } from './seed-history';

const QSOS = Number(process.env.BENCH_AWARD_APPLY_QSOS ?? 20_000);
const BATCHES = (process.env.BENCH_AWARD_APPLY_BATCHES ?? '25,250,1000').split(',').map(Number);
const STATIONS = 10;

/** The QSOs in arrival order: the stations' histories interleaved, as their loggers would send them at once. */
function loggedEvents(): Recorded<QsoLogged>[] {
  const now = new Date();
  const histories = Array.from({ length: STATIONS }, (_, s) => stationHistory(QSOS / STATIONS, s + 1).qsos());
  const events: Recorded<QsoLogged>[] = [];
  for (let k = 0; events.length < QSOS; k += 1) {
    const station = k % STATIONS;
    const next = histories[station]!.next();
    if (next.done) break;
    const result = normaliseQsoInput(next.value, now);
    if (!result.ok) throw new Error(`generated QSO refused: ${JSON.stringify(result.errors)}`);
    const fields: QsoFields = result.fields;
    events.push({
      id: randomUUID(),
      streamId: `qso-${k}`,
      revision: 0,
      position: k + 1,
      type: 'QsoLogged',
      data: { qdoId: randomUUID(), stationUserId: `station-${station}`, stationCallsign: `DL${station}ABC`, fields },
      metadata: {},
      createdAt: now,
    } as unknown as Recorded<QsoLogged>);
  }
  return events;
}

const dataDir = mkdtempSync(join(tmpdir(), 'hamlog-award-apply-'));
const postgres = await startEmbeddedPostgres(dataDir, { quiet: true });
try {
  const events = loggedEvents();
  console.log(`award-apply: ${events.length.toLocaleString('en-US')} QSOs over ${STATIONS} stations, batches of ${BATCHES.join(', ')} (${machineText()})`);
  console.log('| QSOs per batch | batches | wall ms per QSO | Node CPU ms per QSO | PostgreSQL CPU ms per QSO | slot rows per QSO |\n|---|---|---|---|---|---|');
  const statements: string[] = [];
  for (const size of BATCHES) {
    const client = new pg.Client(postgres.url);
    await client.connect();
    try {
      for (const table of awardProgressProjection.tables) await client.query(`DROP TABLE IF EXISTS ${table}`);
      for (const migration of awardProgressProjection.migrations) await client.query(migration.sql);
      const backend = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
      const pgBefore = cpuSeconds(backend);
      const nodeBefore = process.cpuUsage();
      // Each statement's wall time, by its first words (one client, nothing else running: about its PostgreSQL time).
      const byStatement = new Map<string, number>();
      const query = client.query.bind(client) as (text: string, values?: unknown[]) => Promise<unknown>;
      (client as unknown as { query: typeof query }).query = async (text: string, values?: unknown[]) => {
        const at = performance.now();
        try {
          return await query(text, values);
        } finally {
          const name = text.replace(/\s+/g, ' ').slice(0, 48);
          byStatement.set(name, (byStatement.get(name) ?? 0) + performance.now() - at);
        }
      };
      const started = performance.now();
      let batches = 0;
      for (let i = 0; i < events.length; i += size) {
        await client.query('BEGIN');
        await awardProgressProjection.apply(client as unknown as Parameters<typeof awardProgressProjection.apply>[0], events.slice(i, i + size));
        await client.query('COMMIT');
        batches += 1;
      }
      const wall = performance.now() - started;
      const node = process.cpuUsage(nodeBefore);
      const pgCpu = (cpuSeconds(backend) - pgBefore) * 1000;
      const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM rm_award_slots');
      const per = (ms: number) => (ms / events.length).toFixed(3);
      console.log(`| ${size} | ${batches} | ${per(wall)} | ${per((node.user + node.system) / 1000)} | ${per(pgCpu)} | ${(rows[0]!.n / events.length).toFixed(2)} |`);
      statements.push(`batches of ${size}: ${[...byStatement].filter(([, ms]) => ms / events.length >= 0.005).sort((a, b) => b[1] - a[1]).map(([name, ms]) => `${per(ms)} ms per QSO in \`${name}…\``).join('; ')}`);
    } finally {
      await client.end();
    }
  }
  console.log(`\nBy statement (wall time of each, summed over the run):\n${statements.map((line) => `- ${line}`).join('\n')}`);
} finally {
  await postgres.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
