/**
 * ADIF import to a queryable logbook: a realistic 100,000-QSO file (calls from MASTER.SCP, a
 * station's five years of bands, modes and reports, the fields a logger exports) uploaded to
 * POST /api/vimportadif on the embedded default, timed from the start of the upload until
 * GET /api/vlogbook shows every QSO. Prints QSOs/s and where the time went: the upload, the
 * server's reading (parse), deciding and appending (from its log line), and the logbook
 * projection's catch-up after the last append. Then the same again for another user while a few
 * closed-loop clients log QSOs (/api/vqso/upsert) for other users, with their throughput beside
 * the same clients' throughput without an import.
 *
 *   npx tsx bench/src/import-100k.ts            (BENCH_IMPORT_QSOS=20000 for a smaller file;
 *                                               BENCH_PG_STATEMENTS=1 for PostgreSQL's statement times;
 *                                               BENCH_IMPORT_ALONE=1 for the first import only)
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { normaliseQsoInput, qsoToAdifFields, writeAdifHeader, writeAdifRecord, type AdifImportAnswer, type AdifImportStatus } from '@hamlog/domain';
import { HttpClient } from './load';
import { waitProjectionsIdle } from './prom';
import { QsoSource } from './qso';
import { CpuMeter, postgresProcesses } from './procfs';
import { isMain, machineText, printFigures, type Figure } from './report';
import { stationHistory } from './seed-history';
import { startServer, type RunningServer } from './server';
import { fmtRate } from './stats';
import { registerUsers, type BenchUser } from './users';

const MASTER_SCP = '/work/shared/data/country-files/MASTER.SCP';
const QSOS = Number(process.env.BENCH_IMPORT_QSOS ?? 100_000);
const TARGET_QSOS_PER_S = 70_000;
const LOGGERS = Number(process.env.BENCH_IMPORT_LOGGERS ?? 8);
const LOGGER_USERS = 4;
const BASELINE_MS = 5_000;

const QSL = ['Y', 'N', 'R', 'Q'];
const GRIDS = 'ABCDEFGHIJKLMNOPQR';

/** The file a logger would export for `callsign`: one record per QSO with the fields loggers commonly write. */
export function realisticAdif(callsign: string, total: number): Buffer {
  const now = new Date();
  const parts: string[] = [writeAdifHeader({ programId: 'BenchLogger', programVersion: '1.0', createdAt: now })];
  let k = 0;
  for (const input of stationHistory(total).qsos()) {
    const read = normaliseQsoInput(input, now);
    if (!read.ok) throw new Error(`generated QSO refused: ${JSON.stringify(read.errors)}`);
    const fields = qsoToAdifFields(read.fields, callsign);
    fields.MY_GRIDSQUARE = 'JO62qm';
    fields.QSL_SENT = QSL[k % 4]!;
    fields.QSL_RCVD = QSL[(k >> 2) % 4]!;
    fields.LOTW_QSL_SENT = k % 3 === 0 ? 'Y' : 'N';
    if (k % 4 === 0) fields.GRIDSQUARE = `${GRIDS[k % 18]}${GRIDS[(k >> 3) % 18]}${k % 10}${(k >> 4) % 10}`;
    if (k % 7 === 0) fields.QTH = 'Springfield';
    parts.push(writeAdifRecord(fields));
    k += 1;
  }
  return Buffer.from(parts.join(''), 'utf8');
}

interface ImportRun {
  /** Upload start to every QSO in GET /api/vlogbook, s. */
  seconds: number;
  uploadS: number;
  /** Upload start until the import's report said done, s. */
  doneS: number;
  /** From the report's done to every QSO in the logbook, s. */
  catchUpS: number;
  status: AdifImportStatus;
  /** The server's own split (its log line), ms. */
  timings: { readMs: number; decideMs: number; appendMs: number; totalMs: number } | null;
  cpu: { server: number; postgres: number };
}

async function logbookTotal(client: HttpClient, token: string): Promise<number> {
  const res = await client.post('/api/vlogbook', { page: 1, size: 1 }, token);
  if (res.status !== 200) throw new Error(`vlogbook: HTTP ${res.status} ${res.body.slice(0, 200)}`);
  return (JSON.parse(res.body) as { total: number }).total;
}

async function importFile(server: RunningServer, user: BenchUser, file: Buffer): Promise<ImportRun> {
  const poll = new HttpClient(server.url, 2);
  const serverCpu = new CpuMeter(() => [server.serverPid]);
  const pgCpu = new CpuMeter(() => postgresProcesses(server.dataDir).map((p) => p.pid));
  try {
    const started = performance.now();
    const form = new FormData();
    form.append('adif_file', new Blob([file]), 'bench-100k.adi');
    const res = await fetch(`${server.url}/api/vimportadif`, { method: 'POST', headers: { authorization: `Bearer ${user.token}` }, body: form });
    const answer = (await res.json()) as AdifImportAnswer;
    const uploadS = (performance.now() - started) / 1000;
    if (res.status !== 202 && res.status !== 200) throw new Error(`vimportadif: HTTP ${res.status} ${JSON.stringify(answer)}`);
    let status: AdifImportStatus | null = null;
    let doneS = Number.NaN;
    for (;;) {
      if (!status || status.status === 'running') {
        const s = await poll.request('GET', `/api/vimportadif/${answer.import_id}`, undefined, { authorization: `Bearer ${user.token}` });
        status = JSON.parse(s.body) as AdifImportStatus;
        if (status.status === 'failed') throw new Error(`import failed: ${status.message}`);
        if (status.status === 'done') doneS = (performance.now() - started) / 1000;
      }
      if (status.status === 'done' && (await logbookTotal(poll, user.token)) >= status.imported) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const seconds = (performance.now() - started) / 1000;
    const cpu = { server: serverCpu.read().others, postgres: pgCpu.read().others };
    const line = server.output().split('\n').reverse().find((l) => l.includes('ADIF import done') && l.includes(answer.import_id!));
    const timings = line ? ((JSON.parse(line) as { timings?: ImportRun['timings'] }).timings ?? null) : null;
    return { seconds, uploadS, doneS, catchUpS: seconds - doneS, status, timings, cpu };
  } finally {
    poll.close();
  }
}

function describe(run: ImportRun, label: string): void {
  const t = run.timings;
  console.log(`  ${label}: ${run.status.imported.toLocaleString('en-US')} imported, ${run.status.duplicates} duplicates, ${run.status.failed} failed in ${run.seconds.toFixed(2)} s = ${fmtRate(run.status.imported / run.seconds, ' QSOs/s')} to a queryable logbook`);
  console.log(`    upload ${run.uploadS.toFixed(2)} s; report done at ${run.doneS.toFixed(2)} s; logbook caught up ${(run.catchUpS * 1000).toFixed(0)} ms after that`);
  if (t) console.log(`    server: read+parse ${(t.readMs / 1000).toFixed(2)} s, decide ${(t.decideMs / 1000).toFixed(2)} s, append ${(t.appendMs / 1000).toFixed(2)} s (they overlap), import job ${(t.totalMs / 1000).toFixed(2)} s`);
  console.log(`    CPU (cores): server ${run.cpu.server.toFixed(2)}, PostgreSQL ${run.cpu.postgres.toFixed(2)} (${machineText()})`);
}

/** Closed-loop clients logging QSOs for `users` until `stop()` is true; answers the 2xx per second and the errors. */
async function loggers(server: RunningServer, users: BenchUser[], stop: () => boolean): Promise<{ rate: number; errors: number }> {
  const source = new QsoSource(users);
  const client = new HttpClient(server.url, LOGGERS);
  let ok = 0;
  let errors = 0;
  const started = performance.now();
  try {
    await Promise.all(Array.from({ length: LOGGERS }, async (_, c) => {
      while (!stop()) {
        const status = await source.send(client, c).catch(() => 0);
        if (status >= 200 && status < 300) ok += 1;
        else errors += 1;
      }
    }));
    return { rate: ok / ((performance.now() - started) / 1000), errors };
  } finally {
    client.close();
  }
}

/** With BENCH_PG_STATEMENTS=1: pg_stat_statements in the server's PostgreSQL, reset now, printed after the first import. */
async function statementStats(server: RunningServer) {
  const { url } = JSON.parse(readFileSync(join(server.dataDir, 'postgres.json'), 'utf8')) as { url: string };
  const client = new pg.Client(url);
  await client.connect();
  await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  await client.query('SELECT pg_stat_statements_reset()');
  return {
    async print(qsos: number) {
      const { rows } = await client.query<{ query: string; calls: string; total_ms: number; rows: string }>(
        `SELECT query, calls, total_exec_time AS total_ms, rows FROM pg_stat_statements
         WHERE query NOT ILIKE '%pg_stat_statements%' ORDER BY total_exec_time DESC LIMIT 15`,
      );
      await client.end();
      console.log(`  PostgreSQL statements during the import (${qsos.toLocaleString('en-US')} QSOs):`);
      for (const r of rows) console.log(`    ${Math.round(r.total_ms).toString().padStart(6)} ms ${String(r.calls).padStart(6)} calls ${String(r.rows).padStart(7)} rows  ${r.query.replace(/\s+/g, ' ').slice(0, 110)}`);
    },
  };
}

function importFigure(run: ImportRun): Figure {
  const rate = run.status.imported / run.seconds;
  return { benchmark: 'import-100k', name: `${QSOS.toLocaleString('en-US')}-QSO ADIF file to a queryable logbook, alone`, value: rate, unit: 'QSOs/s', shown: `${fmtRate(rate, ' QSOs/s')} (${run.seconds.toFixed(2)} s)`, target: { op: '>=', value: TARGET_QSOS_PER_S } };
}

export async function runImport100k(): Promise<Figure[]> {
  // The server's PostgreSQL loads the extension at start (infra/src/postgres/embedded.ts).
  if (process.env.BENCH_PG_STATEMENTS === '1') process.env.HAMLOG_PG_STAT_STATEMENTS = '1';
  if (!existsSync(MASTER_SCP)) console.log(`note: ${MASTER_SCP} is absent; the file's calls are generated instead`);
  const server = await startServer({ logLevel: 'info', readyTimeoutMs: 120_000 });
  try {
    const [alone, busy, ...others] = await registerUsers(server.url, 2 + LOGGER_USERS);
    console.log(`import-100k: server ${server.url}; generating two files of ${QSOS.toLocaleString('en-US')} QSOs (${machineText()})`);
    const fileA = realisticAdif(alone!.callsign, QSOS);
    const fileB = realisticAdif(busy!.callsign, QSOS);
    console.log(`  file: ${(fileA.length / 1e6).toFixed(1)} MB, ${Math.round(fileA.length / QSOS)} bytes a QSO`);

    const statements = process.env.BENCH_PG_STATEMENTS === '1' ? await statementStats(server) : null;
    const first = await importFile(server, alone!, fileA);
    describe(first, 'import alone');
    if (statements) await statements.print(first.status.imported);

    if (process.env.BENCH_IMPORT_ALONE === '1') return [importFigure(first)];
    // Other users logging: first without an import (once every follower has caught up), then during one.
    const metrics = new HttpClient(server.url, 1);
    const followersMs = await waitProjectionsIdle(metrics, 600_000).finally(() => metrics.close());
    console.log(`  every follower (projectors, stream forwarder and consumers) caught up ${(followersMs / 1000).toFixed(1)} s after that`);
    const baselineEnd = performance.now() + BASELINE_MS;
    const baseline = await loggers(server, others, () => performance.now() > baselineEnd);
    let importing = true;
    const during = loggers(server, others, () => !importing);
    const second = await importFile(server, busy!, fileB).finally(() => (importing = false));
    const duringLoop = await during;
    describe(second, `import with ${LOGGERS} clients logging for other users`);
    console.log(`  other users' logging (closed loop, ${LOGGERS} clients over ${LOGGER_USERS} users): ${fmtRate(baseline.rate, ' QSOs/s')} without an import, ${fmtRate(duringLoop.rate, ' QSOs/s')} during it (${duringLoop.errors} errors)`);
    const duringRate = duringLoop.rate;

    return [
      importFigure(first),
      { benchmark: 'import-100k', name: 'the same with other users logging', value: second.status.imported / second.seconds, unit: 'QSOs/s', shown: `${fmtRate(second.status.imported / second.seconds, ' QSOs/s')} (${second.seconds.toFixed(2)} s)` },
      { benchmark: 'import-100k', name: "other users' logging without / during an import", value: duringRate, unit: 'QSOs/s', shown: `${fmtRate(baseline.rate, ' QSOs/s')} / ${fmtRate(duringRate, ' QSOs/s')}` },
    ];
  } finally {
    await server.stop();
  }
}

if (isMain(import.meta.url)) {
  const figures = await runImport100k();
  printFigures('import-100k', figures);
}
