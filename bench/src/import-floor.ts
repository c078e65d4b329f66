/**
 * The floor under an import's speed on this machine: the least CPU that turning a 100,000-QSO
 * ADIF file into events and a queryable logbook can take, measured piece by piece with nothing
 * else running, and the QSOs per second that CPU allows on the machine's cores if every piece ran
 * in parallel with no waiting at all. The pieces:
 *
 * - deciding the file (the import's worker code: read, each record to a contact, the duplicate
 *   key and id, the QsoLogged event as JSON), in this process;
 * - PostgreSQL storing the events (es_events by COPY, one transaction per 5,000: the store's
 *   shape), the stream index (es_streams), and the logbook rows (rm_qsos by the logbook
 *   projection's own insertNewQsos), each timed in PostgreSQL's processes;
 * - for comparison, the same events as one event per 5,000 QSOs (a batch write shape).
 *
 * Projections other than the logbook (facts, statistics, leaderboards), the forwarder and the
 * HTTP upload are left out: the real import does all of them too, so the real figure is lower.
 *
 *   npx tsx bench/src/import-floor.ts         (BENCH_IMPORT_QSOS=20000 for a smaller file)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { QsoLogged } from '@hamlog/domain';
import { adifBatches } from '@hamlog/command-api/import/adif-batches';
import { decideRecords, type DecidedQso } from '@hamlog/command-api/import/decide-records';
import { EVENT_STORE_SCHEMA_SQL } from '@hamlog/infra/event-store/postgres-schema';
import { copyIn, copyText } from '@hamlog/infra/postgres/copy-in';
import { startEmbeddedPostgres } from '@hamlog/infra/postgres/embedded';
import { logbookMigrations } from '@hamlog/infra/read-models/logbook/schema';
import { insertNewQsos } from '@hamlog/infra/read-models/logbook/writes';
import { realisticAdif } from './import-100k';
import { CpuMeter, postgresProcesses } from './procfs';
import { isMain, machineText, printFigures, type Figure } from './report';
import { fmtRate } from './stats';

const QSOS = Number(process.env.BENCH_IMPORT_QSOS ?? 100_000);
const CHUNK = 5_000;
const TARGET_QSOS_PER_S = 70_000;
const CORES = 2;

interface Piece {
  label: string;
  /** CPU seconds of this process (JavaScript) and of PostgreSQL's processes. */
  js: number;
  pg: number;
  wall: number;
}

async function measure(label: string, dataDir: string | null, work: () => Promise<void>): Promise<Piece> {
  const meter = new CpuMeter(() => (dataDir ? postgresProcesses(dataDir).map((p) => p.pid) : []));
  const started = performance.now();
  await work();
  const wall = (performance.now() - started) / 1000;
  // The meter gives cores over its own stretch (the same one): back to CPU seconds.
  const cores = meter.read();
  const piece = { label, js: cores.generator * wall, pg: cores.others * wall, wall };
  console.log(`  ${label}: wall ${wall.toFixed(2)} s; CPU: JavaScript ${piece.js.toFixed(2)} s, PostgreSQL ${piece.pg.toFixed(2)} s`);
  return piece;
}

async function decideFile(file: Buffer): Promise<DecidedQso[]> {
  const qsos: DecidedQso[] = [];
  const context = { importId: 'floor', userId: 'u-floor', stationCallsign: 'DL1ABC', nowMs: Date.now(), chunkRecords: CHUNK };
  for await (const chunk of decideRecords(adifBatches(new Uint8Array(file)), context, { chunk: 0, records: 0, problems: 0, bytes: 0 })) qsos.push(...chunk.qsos);
  return qsos;
}

function chunksOf<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

export async function runImportFloor(): Promise<Figure[]> {
  console.log(`import-floor: ${QSOS.toLocaleString('en-US')} QSOs (${machineText()})`);
  const file = realisticAdif('DL1ABC', QSOS);
  let decided: DecidedQso[] = [];
  const decide = await measure('decide the file (read, convert, key and id, event JSON; one thread)', null, async () => {
    decided = await decideFile(file);
  });
  const dataDir = mkdtempSync(join(tmpdir(), 'hamlog-import-floor-'));
  const postgres = await startEmbeddedPostgres(dataDir, { quiet: true });
  const client = new pg.Client(postgres.url);
  try {
    await client.connect();
    await client.query(EVENT_STORE_SCHEMA_SQL);
    for (const migration of logbookMigrations) await client.query(migration.sql);
    const metadata = copyText(JSON.stringify({ userId: 'u-floor', stationUserId: 'u-floor', importId: 'floor' }));
    let position = 0;
    const events = await measure('store the events (es_events COPY, a transaction per 5,000)', dataDir, async () => {
      for (const chunk of chunksOf(decided)) {
        const rows = chunk.map((q) => `${(position += 1)}\tqso-${q.qdoId}\t0\t${q.eventId}\tQsoLogged\t1\t${copyText(q.json)}\t${metadata}\n`).join('');
        await client.query('BEGIN');
        await copyIn(client, 'COPY es_events (position, stream_id, revision, event_id, type, version, data, metadata) FROM STDIN', rows);
        await client.query('COMMIT');
      }
    });
    const streams = await measure('index the streams (es_streams COPY)', dataDir, async () => {
      let at = 0;
      for (const chunk of chunksOf(decided)) {
        await copyIn(client, 'COPY es_streams (stream_id, revision, position) FROM STDIN', chunk.map((q) => `qso-${q.qdoId}\t0\t${(at += 1)}\n`).join(''));
      }
    });
    const loggedAt = new Date();
    const logbook = await measure('write the logbook rows (insertNewQsos, parsing the events)', dataDir, async () => {
      let at = 0;
      for (const chunk of chunksOf(decided)) {
        const rows = chunk.map((q) => {
          const data = JSON.parse(q.json) as QsoLogged['data'];
          return { qdoId: data.qdoId, stationUserId: data.stationUserId, stationCallsign: data.stationCallsign, position: (at += 1), loggedAt, fields: data.fields };
        });
        await client.query('BEGIN');
        await insertNewQsos(client, rows);
        await client.query('COMMIT');
      }
    });
    const batch = await measure('for comparison: the events as one event per 5,000 QSOs', dataDir, async () => {
      for (const chunk of chunksOf(decided)) {
        const data = copyText(`{"qsos":[${chunk.map((q) => q.json).join(',')}]}`);
        await copyIn(client, 'COPY es_events (position, stream_id, revision, event_id, type, version, data, metadata) FROM STDIN', `${(position += 1)}\timport-floor\t${position}\t${crypto.randomUUID()}\tQsosImported\t1\t${data}\t${metadata}\n`);
      }
    });
    const pieces = [decide, events, streams, logbook];
    const cpu = pieces.reduce((sum, p) => sum + p.js + p.pg, 0);
    const pgCpu = events.pg + streams.pg + logbook.pg;
    const bound = QSOS / (cpu / CORES);
    console.log(`  together: ${cpu.toFixed(2)} s of CPU (PostgreSQL ${pgCpu.toFixed(2)} s) = at most ${fmtRate(bound, ' QSOs/s')} on ${CORES} cores with every piece in parallel and nothing else`);
    console.log(`  with one event per 5,000 QSOs instead (no per-QSO events nor stream index): at most ${fmtRate(QSOS / ((cpu - events.pg - events.js - streams.pg - streams.js + batch.pg + batch.js) / CORES), ' QSOs/s')}`);
    const B = 'import-floor';
    return [
      { benchmark: B, name: `CPU to decide ${QSOS.toLocaleString('en-US')} QSOs (one thread)`, value: decide.js, unit: 's' },
      { benchmark: B, name: 'PostgreSQL CPU for their events, stream index and logbook rows', value: pgCpu, unit: 's' },
      {
        benchmark: B,
        name: `the most QSOs/s that CPU allows on ${CORES} cores (every piece in parallel, no other read model)`,
        value: Math.round(bound),
        unit: ' QSOs/s',
        target: { op: '>=', value: TARGET_QSOS_PER_S },
      },
    ];
  } finally {
    await client.end().catch(() => {});
    await postgres.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) {
  printFigures('import-floor', await runImportFloor());
}
