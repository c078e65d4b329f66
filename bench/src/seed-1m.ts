/**
 * One station with 1,000,000 QSOs, kept between runs: a data folder under the temp area
 * (BENCH_1M_DIR, default $TMPDIR/hamlog-bench-1m) that a server is started on. The first run
 * registers the user over HTTP, then appends the QSO events straight to the running server's
 * event store in big appendMany calls (as the command API would write them, one stream per
 * QSO) and lets the server's own projectors build the read models, timing each step. Later runs
 * find seed-1m.json in the folder and reuse it.
 *
 *   npx tsx bench/src/seed-1m.ts          (seed, or check the existing seed)
 *   BENCH_1M_QSOS=20000 npx tsx ...       (a smaller log, in its own folder)
 *
 * A variant (SeedVariant) seeds the same history into a folder of its own with something added to
 * each QSO before it is decided (seed-awards.ts: confirmations, states, references); the plain seed
 * above is the default variant and generates exactly what it always did.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decideQso, dedupeKey, normaliseQsoInput, qsoIdFor, qsoStreamName, type AuthAnswer, type QsoFields } from '@hamlog/domain';
import { PostgresEventStore } from '@hamlog/infra/event-store/postgres-event-store';
import type { AppendRequest } from '@hamlog/infra/ports/event-store';
import { createPool, type Pool } from '@hamlog/infra/postgres/pool';
import { HttpClient } from './load';
import { waitProjectionsIdle } from './prom';
import { isMain, machineText } from './report';
import { startServer, type RunningServer } from './server';
import { stationHistory, type HistoryCalls } from './seed-history';
import { fmtRate } from './stats';

export const SEED_QSOS = Number(process.env.BENCH_1M_QSOS ?? 1_000_000);
const SEED_VERSION = 1;
const STREAMS_PER_APPEND = 5_000;

/** A seed of the same history: where it is kept, and what is added to each QSO. */
export interface SeedVariant {
  /** 'plain' for the 1M seed the logbook and statistics benchmarks share. */
  name: string;
  dir: string;
  version: number;
  /** Tells the account apart in the users list ('bench-1m' for the plain seed). */
  emailPrefix: string;
  /** The QSO's fields as decided: QSO `k` (0-based, in time order) of the history, normalised; answers what to log. */
  decorate?: (fields: QsoFields, k: number) => QsoFields;
  /** Projections (besides the logbook) whose catch-up is timed on its own. */
  followers: string[];
  /** Tables VACUUM (ANALYZE)d after the seed and on every reuse. */
  vacuumTables: string[];
}

export interface Seed {
  /** Absent in markers of the plain seed written before variants existed. */
  variant?: string;
  version: number;
  qsos: number;
  email: string;
  password: string;
  callsign: string;
  userId: string;
  calls: HistoryCalls;
  seededAt: string;
  /** How long the first run took, seconds: generating + appending, the logbook projection, everything else. */
  timings: { appendS: number; logbookS: number; allFollowersS: number; vacuumS: number; followers?: Record<string, number> };
}

export interface SeededServer {
  server: RunningServer;
  seed: Seed;
  /** A fresh session of the seeded user. */
  token: string;
  /** The server's database (embedded PostgreSQL in the data folder). */
  databaseUrl: string;
}

/** '1m', or the QSO count of a smaller seed (each size in its own folder). */
export function seedSizeSuffix(): string {
  return SEED_QSOS === 1_000_000 ? '1m' : String(SEED_QSOS);
}

export function seedDataDir(): string {
  return process.env.BENCH_1M_DIR ?? join(tmpdir(), `hamlog-bench-${seedSizeSuffix()}`);
}

/** The 1M seed the logbook, statistics and export benchmarks share: nothing added to the history. */
export function plainSeed(): SeedVariant {
  return { name: 'plain', dir: seedDataDir(), version: SEED_VERSION, emailPrefix: 'bench-1m', followers: [], vacuumTables: ['rm_qsos', 'rm_logbook_days', 'rm_logbook_counts'] };
}

const markerOf = (dir: string) => join(dir, 'seed-1m.json');
export const databaseUrlOf = (dir: string) => (JSON.parse(readFileSync(join(dir, 'postgres.json'), 'utf8')) as { url: string }).url;
const seconds = (fromMs: number) => (performance.now() - fromMs) / 1000;

function readSeed(variant: SeedVariant): Seed | null {
  if (!existsSync(markerOf(variant.dir))) return null;
  const seed = JSON.parse(readFileSync(markerOf(variant.dir), 'utf8')) as Seed;
  return (seed.variant ?? 'plain') === variant.name && seed.version === variant.version && seed.qsos === SEED_QSOS ? seed : null;
}

async function login(url: string, seed: Pick<Seed, 'email' | 'password'>): Promise<AuthAnswer> {
  const client = new HttpClient(url, 1);
  try {
    const res = await client.post('/api/vlogin', { email: seed.email, password: seed.password });
    if (res.status !== 200) throw new Error(`vlogin: HTTP ${res.status} ${res.body.slice(0, 200)}`);
    return JSON.parse(res.body) as AuthAnswer;
  } finally {
    client.close();
  }
}

async function register(url: string, email: string, callsign: string, password: string): Promise<AuthAnswer> {
  const client = new HttpClient(url, 1);
  try {
    const res = await client.post('/api/vregister', { email, my_callsign: callsign });
    if (res.status !== 200) throw new Error(`vregister: HTTP ${res.status} ${res.body.slice(0, 200)}`);
    const answer = JSON.parse(res.body) as AuthAnswer;
    const upd = await client.post('/api/vupdateprofile', { password, password_confirmation: password }, answer.token);
    if (upd.status < 200 || upd.status > 299) throw new Error(`vupdateprofile: HTTP ${upd.status} ${upd.body.slice(0, 200)}`);
    return answer;
  } finally {
    client.close();
  }
}

export async function checkpoint(pool: Pool, name: string): Promise<number> {
  const { rows } = await pool.query<{ position: number }>('SELECT position FROM projection_checkpoints WHERE name = $1', [name]);
  return rows[0]?.position ?? 0;
}

/** A QSO as the command API appends it: its QsoLogged event, decided by the real QSO decider, on a stream of its own. */
export function loggedQsoAppend(station: { userId: string; callsign: string }, fields: QsoFields, metadata: Record<string, string>): AppendRequest {
  const qdoId = qsoIdFor(dedupeKey(station.userId, fields), 0);
  const events = decideQso({ type: 'LogQso', data: { qdoId, stationUserId: station.userId, stationCallsign: station.callsign, fields } }, null);
  return { streamId: qsoStreamName(qdoId), events: events.map((e) => ({ id: randomUUID(), type: e.type, data: e.data, metadata })), expectedRevision: 'no_stream' };
}

/** The station's QSOs as QsoLogged events, decided by the real QSO decider, in appendMany-sized chunks. */
function* loggedEvents(user: AuthAnswer['user'], total: number, decorate?: SeedVariant['decorate']): Generator<AppendRequest[]> {
  const now = new Date();
  const metadata = { userId: user.id, correlationId: randomUUID(), stationUserId: user.id, stationCallsign: user.my_callsign, source: 'bench-seed' };
  let chunk: AppendRequest[] = [];
  let k = 0;
  for (const input of stationHistory(total).qsos()) {
    const result = normaliseQsoInput(input, now);
    if (!result.ok) throw new Error(`generated QSO refused: ${JSON.stringify(input)} ${JSON.stringify(result.errors)}`);
    const fields = decorate ? decorate(result.fields, k) : result.fields;
    k += 1;
    chunk.push(loggedQsoAppend({ userId: user.id, callsign: user.my_callsign }, fields, metadata));
    if (chunk.length === STREAMS_PER_APPEND) {
      yield chunk;
      chunk = [];
    }
  }
  if (chunk.length > 0) yield chunk;
}

async function seedInto(server: RunningServer, variant: SeedVariant): Promise<Seed> {
  const { dir } = variant;
  const runId = randomUUID().slice(0, 6).toUpperCase();
  const email = `${variant.emailPrefix}-${runId.toLowerCase()}@example.com`;
  const password = `${variant.emailPrefix}-${runId}`;
  const auth = await register(server.url, email, `M${runId.replace(/[^A-Z0-9]/g, '')}`.slice(0, 10), password);
  const databaseUrl = databaseUrlOf(dir);
  const pool = createPool(databaseUrl, 4);
  const store = await PostgresEventStore.create(pool);
  const metrics = new HttpClient(server.url, 2);
  try {
    console.log(`seeding ${SEED_QSOS.toLocaleString('en-US')} QSOs${variant.decorate ? ` (${variant.name})` : ''} for ${auth.user.my_callsign} into ${dir} (${machineText()})`);
    const started = performance.now();
    let appended = 0;
    let lastReport = started;
    let inFlight: Promise<unknown> = Promise.resolve();
    for (const chunk of loggedEvents(auth.user, SEED_QSOS, variant.decorate)) {
      await inFlight; // generate the next chunk while the previous one is written
      inFlight = store.appendMany(chunk);
      appended += chunk.length;
      if (performance.now() - lastReport > 5_000) {
        lastReport = performance.now();
        const projected = await checkpoint(pool, 'logbook');
        let others = '';
        for (const name of variant.followers) others += `, ${name} at ${(await checkpoint(pool, name)).toLocaleString('en-US')}`;
        console.log(`  ${seconds(started).toFixed(0)} s: ${appended.toLocaleString('en-US')} appended (${fmtRate(appended / seconds(started))}), logbook projection at position ${projected.toLocaleString('en-US')}${others}`);
      }
    }
    await inFlight;
    const appendS = seconds(started);
    const head = await store.headPosition();
    console.log(`  appended ${appended.toLocaleString('en-US')} QsoLogged events in ${appendS.toFixed(1)} s (${fmtRate(appended / appendS, ' events/s')}), generation included`);

    while ((await checkpoint(pool, 'logbook')) < head) await new Promise((r) => setTimeout(r, 200));
    const logbookS = seconds(started);
    console.log(`  logbook projection reached the head ${logbookS.toFixed(1)} s after the first append (${fmtRate(appended / logbookS, ' events/s')} overall)`);
    const followers: Record<string, number> = {};
    for (const name of variant.followers) {
      while ((await checkpoint(pool, name)) < head) await new Promise((r) => setTimeout(r, 200));
      followers[name] = seconds(started);
      console.log(`  ${name} projection reached the head ${followers[name].toFixed(1)} s after the first append (${fmtRate(appended / followers[name], ' events/s')} overall; ${(followers[name] - logbookS).toFixed(1)} s after the logbook's)`);
    }
    const idleMs = await waitProjectionsIdle(metrics, 60 * 60_000);
    const allFollowersS = seconds(started);
    console.log(`  every follower (projectors, stream forwarder) caught up after ${allFollowersS.toFixed(1)} s${Number.isFinite(idleMs) ? '' : ' (gave up waiting)'}`);

    const vacuumS = await vacuumTables(pool, variant);
    const { calls } = stationHistory(SEED_QSOS);
    return {
      ...(variant.name === 'plain' ? {} : { variant: variant.name }),
      version: variant.version,
      qsos: SEED_QSOS,
      email,
      password,
      callsign: auth.user.my_callsign,
      userId: auth.user.id,
      calls,
      seededAt: new Date().toISOString(),
      timings: { appendS, logbookS, allFollowersS, vacuumS, ...(variant.followers.length > 0 ? { followers } : {}) },
    };
  } finally {
    metrics.close();
    await store.close();
    await pool.end();
  }
}

/**
 * What autovacuum does after a bulk load or a rebuild, done before measuring so no run races it:
 * statistics, and the visibility map that lets paging skip rows in the index alone.
 */
async function vacuumTables(pool: Pool, variant: SeedVariant): Promise<number> {
  const started = performance.now();
  await pool.query(`VACUUM (ANALYZE) ${variant.vacuumTables.join(', ')}`);
  const took = seconds(started);
  const plain = variant.vacuumTables.every((t) => plainSeed().vacuumTables.includes(t));
  console.log(`  VACUUM (ANALYZE) of the ${plain ? 'logbook tables' : variant.vacuumTables.join(', ')}: ${took.toFixed(1)} s`);
  return took;
}

async function countOf(url: string, token: string): Promise<number> {
  const client = new HttpClient(url, 1);
  try {
    const res = await client.post('/api/vlogbookcount', {}, token);
    if (res.status !== 200) throw new Error(`vlogbookcount: HTTP ${res.status}`);
    return (JSON.parse(res.body) as { count: number }).count;
  } finally {
    client.close();
  }
}

/** Starts a server on the seeded folder, seeding it first when it holds no complete seed. */
export async function openSeededServer(variant: SeedVariant = plainSeed()): Promise<SeededServer> {
  const { dir } = variant;
  let seed = readSeed(variant);
  if (!seed) {
    rmSync(dir, { recursive: true, force: true }); // a partial or older seed
    mkdirSync(dir, { recursive: true });
  }
  const server = await startServer({ dataDir: dir, readyTimeoutMs: 300_000 });
  try {
    if (!seed) {
      seed = await seedInto(server, variant);
      writeFileSync(markerOf(dir), `${JSON.stringify(seed, null, 2)}\n`);
    } else {
      console.log(`reusing the seed in ${dir}: ${seed.qsos.toLocaleString('en-US')} QSOs for ${seed.callsign}, made ${seed.seededAt}`);
      // Read models added since the seed replay the whole log first: measure after that.
      const metrics = new HttpClient(server.url, 1);
      const waitedMs = await waitProjectionsIdle(metrics, 60 * 60_000).finally(() => metrics.close());
      if (waitedMs > 1_000) console.log(`  waited ${(waitedMs / 1000).toFixed(1)} s for the read models to catch up with the log`);
      const pool = createPool(databaseUrlOf(dir), 1);
      await vacuumTables(pool, variant).finally(() => pool.end());
    }
    const { token } = await login(server.url, seed);
    const count = await countOf(server.url, token);
    if (count !== seed.qsos) throw new Error(`the seeded logbook holds ${count} QSOs, not ${seed.qsos}: delete ${dir} and seed again`);
    return { server, seed, token, databaseUrl: databaseUrlOf(dir) };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

if (isMain(import.meta.url)) {
  const { server, seed } = await openSeededServer();
  console.log(`seed ready: ${JSON.stringify(seed.timings)}`);
  await server.stop();
}
