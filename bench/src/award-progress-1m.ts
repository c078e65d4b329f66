/**
 * Issue 22's award tracker on a 1,000,000-QSO log, over HTTP to one server process on the
 * embedded default running on the awards seed (seed-awards.ts: the 1M history of seed-1m.ts with
 * confirmations, states and references; seeded on the first run, then reused):
 *
 * 1. the seed as the read model holds it (QSOs per confirmation, values per award), so details the
 *    QSO rules would have moved to `extra` show up as a failure here, not as quietly empty pages;
 * 2. each award page as the web client loads it (its query strings), one request at a time, after
 *    a warm-up; then 4 clients at once, each going through every page in its own order (the "as
 *    users load it" figure); p99 against the issue's 150 ms;
 * 3. an edit changes the counts within a second: the QSO of a VUCC grid square worked once, unconfirmed, is
 *    confirmed by LoTW (`adif: {LOTW_QSL_RCVD: 'Y'}`) and the confirmation taken back, a QSO deleted
 *    and restored, each followed by polling the award's page until it shows the change: as the owner
 *    (whose reads wait for their own writes on the server, decision 0005), as the owner sending the
 *    write's position in x-min-position (what the web client sends), and as a visitor reading the
 *    station's public progress (nothing to wait for: how soon the read model itself has it);
 * 4. a full rebuild of the award-progress read model from the log (`npm run rebuild --
 *    award-progress` on the seed's folder, server stopped), checked to give the same slots.
 *
 *   npm run bench:awards            (= tsx bench/src/award-progress-1m.ts)
 *   BENCH_AWARDS_REQUESTS=200       (requests per page, one at a time after 20 warm-up, and again with 4 clients after a round each)
 *   BENCH_AWARDS_EDITS=30           (confirmations per reader; each is also taken back)
 *   BENCH_AWARDS_DELETES=5          (deletions and restores per reader)
 *   BENCH_AWARDS_EXPLAIN=all|0      (EXPLAIN (ANALYZE, BUFFERS) of every page's SQL, or of none; default: the pages over target)
 *   BENCH_AWARDS_REBUILD=0          (skip the rebuild)
 *   BENCH_AWARDS_DIR, BENCH_1M_QSOS (the seed's folder and size, seed-awards.ts)
 */
import { spawn } from 'node:child_process';
import type { AwardCardsAnswer, AwardPageAnswer } from '@hamlog/domain/award-tracking/api';
import { createPool, type Pool } from '@hamlog/infra/postgres/pool';
import { awardCards, awardCreditsCsv, awardMap, awardNeeded, awardPage } from '@hamlog/query-api/award-progress/award-progress-answers';
import { parseAwardQuery } from '@hamlog/query-api/award-progress/award-progress-query';
import { HttpClient, type HttpAnswer } from './load';
import { isMain, judge, machineText, printFigures, type Figure } from './report';
import { awardsSeed } from './seed-awards';
import { openSeededServer, type Seed } from './seed-1m';
import { REPO_ROOT, stopAll } from './server';
import { fmtMs, fmtRate, percentile, summarize } from './stats';

export const AWARD_PAGE_P99_TARGET_MS = 150;
export const AWARD_VISIBLE_TARGET_MS = 1_000;
const BENCHMARK = 'award-progress-1m';
const REQUESTS = Number(process.env.BENCH_AWARDS_REQUESTS ?? 200);
const WARMUP = 20;
const MIXED_CLIENTS = 4;
const EDITS = Number(process.env.BENCH_AWARDS_EDITS ?? 30);
const DELETES = Number(process.env.BENCH_AWARDS_DELETES ?? 5);
const REBUILD = process.env.BENCH_AWARDS_REBUILD !== '0';
const EXPLAIN = process.env.BENCH_AWARDS_EXPLAIN ?? 'slow';
const VISIBLE_TIMEOUT_MS = 15_000;

/** The award pages, with the query strings the web client sends (web/src/features/award-progress/api). */
const PAGES: readonly (readonly [label: string, path: string])[] = [
  ['all cards', '/api/awards/progress'],
  ['DXCC', '/api/awards/progress/DXCC?offset=0&limit=500'],
  ['DXCC, CW', '/api/awards/progress/DXCC?mode=CW&offset=0&limit=500'],
  ['DXCC, needed', '/api/awards/progress/DXCC?status=needed&offset=0&limit=500'],
  ['WPX, first 500', '/api/awards/progress/WPX?offset=0&limit=500'],
  ['WPX, rows 2,001-2,500', '/api/awards/progress/WPX?offset=2000&limit=500'],
  ['WAS', '/api/awards/progress/WAS?offset=0&limit=500'],
  ['VUCC', '/api/awards/progress/VUCC?offset=0&limit=500'],
  ['GRIDS', '/api/awards/progress/GRIDS?offset=0&limit=500'],
  ['POTA_ACT', '/api/awards/progress/POTA_ACT?offset=0&limit=500'],
  ['DXCC map', '/api/awards/progress/DXCC/map'],
  ['GRIDS map, 20m', '/api/awards/progress/GRIDS/map?band=20m'],
  ['DXCC needed', '/api/awards/progress/DXCC/needed'],
  ['WPX needed', '/api/awards/progress/WPX/needed'],
  ['DXCC credits.csv', '/api/awards/progress/DXCC/credits.csv'],
];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function verdictText(value: number, target: number, unit = 'ms'): string {
  const v = judge({ benchmark: BENCHMARK, name: '', value, unit, target: { op: '<', value: target } });
  return v.status === 'miss' ? `**MISS** by ${v.by}` : v.status;
}

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${(bytes / 1024).toFixed(0)} kB`;
}

// ---------------------------------------------------------------------------------------------
// 1. The seed as the read model holds it.

interface Check {
  name: string;
  value: number;
  /** The seed is wrong when this fails. */
  ok: (value: number) => boolean;
}

async function seedChecks(pool: Pool, seed: Seed): Promise<Check[]> {
  const { rows: q } = await pool.query<Record<string, number>>(
    `SELECT count(*)::int AS qsos,
       count(*) FILTER (WHERE confirmed_by & 2 > 0)::int AS lotw,
       count(*) FILTER (WHERE confirmed_by & 1 > 0)::int AS paper,
       count(*) FILTER (WHERE confirmed_by & 4 > 0)::int AS eqsl,
       count(*) FILTER (WHERE confirmed_by & 8 > 0)::int AS qrz,
       count(*) FILTER (WHERE adif_details->>'LOTW_QSL_SENT' = 'Y' AND confirmed_by & 2 = 0)::int AS lotw_sent_only,
       count(*) FILTER (WHERE adif_details ? 'STATE')::int AS state,
       count(*) FILTER (WHERE adif_details ? 'POTA_REF')::int AS pota_ref,
       count(*) FILTER (WHERE adif_details ? 'MY_POTA_REF')::int AS my_pota_ref,
       count(*) FILTER (WHERE adif_details ? 'IOTA')::int AS iota,
       count(*) FILTER (WHERE adif_details ? 'SOTA_REF')::int AS sota,
       count(*) FILTER (WHERE adif_details ? 'WWFF_REF')::int AS wwff,
       count(*) FILTER (WHERE adif_details->>'PROP_MODE' = 'SAT')::int AS sat,
       count(*) FILTER (WHERE grid_square <> '')::int AS grid,
       count(*) FILTER (WHERE adif_extra IS NOT NULL)::int AS extra
     FROM rm_qsos WHERE station_user_id = $1 AND NOT deleted`,
    [seed.userId],
  );
  const { rows: slots } = await pool.query<{ award: string; worked: number; lotw: number; confirmed: number; excluded: number }>(
    `SELECT award, count(*) FILTER (WHERE left(value, 1) <> '!')::int AS worked,
       count(*) FILTER (WHERE left(value, 1) <> '!' AND lotw > 0)::int AS lotw,
       count(*) FILTER (WHERE left(value, 1) <> '!' AND paper + lotw + eqsl + qrz + clublog > 0)::int AS confirmed,
       coalesce(sum(qsos) FILTER (WHERE left(value, 1) = '!'), 0)::int AS excluded
     FROM rm_award_slots WHERE station_user_id = $1 AND band = '' AND mode = '' GROUP BY award ORDER BY award`,
    [seed.userId],
  );
  const { rows: act } = await pool.query<{ activations: number }>(
    `SELECT count(*)::int AS activations FROM rm_award_slots WHERE station_user_id = $1 AND award = 'POTA_ACT' AND band = '' AND mode = '' AND qsos >= 10`,
    [seed.userId],
  );
  const { rows: size } = await pool.query<{ slots: number; bytes: string }>(
    `SELECT (SELECT count(*)::int FROM rm_award_slots) AS slots,
       pg_size_pretty(pg_total_relation_size('rm_award_slots') + pg_total_relation_size('rm_award_qsos')) AS bytes`,
  );
  const r = q[0]!;
  const pct = (n: number) => `${n.toLocaleString('en-US')} (${((n / r.qsos!) * 100).toFixed(1)}%)`;
  console.log(`  rm_qsos: ${r.qsos!.toLocaleString('en-US')} QSOs; confirmed by LoTW ${pct(r.lotw!)}, paper ${pct(r.paper!)}, eQSL ${pct(r.eqsl!)}, QRZ ${pct(r.qrz!)}; uploaded to LoTW, not confirmed ${pct(r.lotw_sent_only!)}`);
  console.log(`  details: STATE ${pct(r.state!)}, POTA_REF ${pct(r.pota_ref!)}, MY_POTA_REF ${pct(r.my_pota_ref!)}, IOTA ${pct(r.iota!)}, SOTA_REF ${pct(r.sota!)}, WWFF_REF ${pct(r.wwff!)}, PROP_MODE=SAT ${pct(r.sat!)}, a grid square ${pct(r.grid!)}; fields left in extra: ${r.extra}`);
  console.log(`  rm_award_slots (${size[0]!.slots.toLocaleString('en-US')} slots; with rm_award_qsos ${size[0]!.bytes}), every band and mode: values worked / confirmed by any service / by LoTW (QSOs refused):`);
  console.log(`    ${slots.map((s) => `${s.award} ${s.worked.toLocaleString('en-US')}/${s.confirmed.toLocaleString('en-US')}/${s.lotw.toLocaleString('en-US')}${s.excluded ? ` (${s.excluded.toLocaleString('en-US')})` : ''}`).join(', ')}`);
  console.log(`    POTA activations (a park on a day with 10 QSOs or more): ${act[0]!.activations}`);
  const award = (id: string) => slots.find((s) => s.award === id) ?? { worked: 0, lotw: 0, confirmed: 0 };
  return [
    { name: 'QSOs in rm_qsos', value: r.qsos!, ok: (v) => v === seed.qsos },
    { name: 'QSOs with fields left in extra', value: r.extra!, ok: (v) => v === 0 },
    { name: 'LoTW-confirmed QSOs', value: r.lotw!, ok: (v) => v > 0.4 * seed.qsos && v < 0.5 * seed.qsos },
    { name: 'paper-confirmed QSOs', value: r.paper!, ok: (v) => v > 0.06 * seed.qsos && v < 0.1 * seed.qsos },
    { name: 'eQSL-confirmed QSOs', value: r.eqsl!, ok: (v) => v > 0.15 * seed.qsos && v < 0.25 * seed.qsos },
    { name: 'WAS states worked', value: award('WAS').worked, ok: (v) => v === 50 },
    { name: 'WAS states confirmed by LoTW', value: award('WAS').lotw, ok: (v) => v > 0 },
    { name: 'DXCC entities confirmed by LoTW', value: award('DXCC').lotw, ok: (v) => v > 0 },
    { name: 'POTA parks hunted', value: award('POTA').worked, ok: (v) => v > 0 },
    { name: 'POTA activations', value: act[0]!.activations, ok: (v) => v > 0 },
    { name: 'IOTA groups', value: award('IOTA').worked, ok: (v) => v > 0 },
    { name: 'SOTA summits', value: award('SOTA').worked, ok: (v) => v > 0 },
    { name: 'WWFF references', value: award('WWFF').worked, ok: (v) => v > 0 },
    { name: 'VUCC squares', value: award('VUCC').worked, ok: (v) => v > 0 },
  ];
}

// ---------------------------------------------------------------------------------------------
// 2. The pages.

interface PageRun {
  label: string;
  path: string;
  latencies: number[];
  statuses: Map<number, number>;
  bytes: number;
}

function statusText(statuses: Map<number, number>): string {
  return [...statuses].map(([s, n]) => `HTTP ${s}: ${n}`).join(', ');
}

async function onePage(client: HttpClient, token: string, label: string, path: string): Promise<PageRun> {
  const auth = { authorization: `Bearer ${token}` };
  for (let i = 0; i < WARMUP; i += 1) await client.request('GET', path, undefined, auth);
  const run: PageRun = { label, path, latencies: [], statuses: new Map(), bytes: 0 };
  for (let i = 0; i < REQUESTS; i += 1) {
    const t = performance.now();
    const res = await client.request('GET', path, undefined, auth);
    run.latencies.push(performance.now() - t);
    run.statuses.set(res.status, (run.statuses.get(res.status) ?? 0) + 1);
    if (i === 0) {
      if (res.status !== 200) throw new Error(`${path}: HTTP ${res.status} ${res.body.slice(0, 200)}`);
      run.bytes = Buffer.byteLength(res.body);
    }
  }
  return run;
}

function pageTable(runs: PageRun[], title: string, withBytes: boolean): string {
  const head = `| ${title} | request | ${withBytes ? 'answer | ' : ''}requests | p50 | p95 | p99 | max | target (p99) | verdict |`;
  const rule = `|---|---|${withBytes ? '---|' : ''}---|---|---|---|---|---|---|`;
  const lines = runs.map((r) => {
    const s = summarize(r.latencies);
    const p95 = percentile(Float64Array.from(r.latencies).sort(), 0.95);
    const failed = (r.statuses.get(200) ?? 0) !== r.latencies.length;
    const verdict = failed ? `n/a (${statusText(r.statuses)})` : verdictText(s.p99, AWARD_PAGE_P99_TARGET_MS);
    return `| ${r.label} | \`${r.path.replace(/^\/api/, '')}\` | ${withBytes ? `${sizeText(r.bytes)} | ` : ''}${s.count} | ${fmtMs(s.p50)} | ${fmtMs(p95)} | ${fmtMs(s.p99)} | ${fmtMs(s.max)} | < ${AWARD_PAGE_P99_TARGET_MS} ms | ${verdict} |`;
  });
  return [head, rule, ...lines].join('\n');
}

/** A deterministic order of the pages for each client (Fisher-Yates with a small LCG). */
function pageOrder(client: number): number[] {
  const order = PAGES.map((_, i) => i);
  let x = 7 + client * 7919;
  for (let i = order.length - 1; i > 0; i -= 1) {
    x = (x * 1103515245 + 12345) % 2147483648;
    const j = x % (i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

/**
 * MIXED_CLIENTS clients back to back, each through every page in its own order: a round of every
 * page each to warm up, then REQUESTS / MIXED_CLIENTS rounds each, so every page is asked REQUESTS times.
 */
async function mixedPages(url: string, token: string): Promise<{ runs: PageRun[]; all: number[]; seconds: number }> {
  const client = new HttpClient(url, MIXED_CLIENTS);
  const auth = { authorization: `Bearer ${token}` };
  const runs: PageRun[] = PAGES.map(([label, path]) => ({ label, path, latencies: [], statuses: new Map(), bytes: 0 }));
  const all: number[] = [];
  const rounds = Math.ceil(REQUESTS / MIXED_CLIENTS);
  let measuredFrom = Number.POSITIVE_INFINITY;
  let measuredTo = 0;
  try {
    await Promise.all(
      Array.from({ length: MIXED_CLIENTS }, async (_, c) => {
        const order = pageOrder(c);
        for (let round = 0; round <= rounds; round += 1) {
          for (const page of order) {
            const sent = performance.now();
            const res = await client.request('GET', PAGES[page]![1], undefined, auth);
            const done = performance.now();
            if (round === 0) continue;
            measuredFrom = Math.min(measuredFrom, sent);
            measuredTo = Math.max(measuredTo, done);
            const run = runs[page]!;
            run.latencies.push(done - sent);
            run.statuses.set(res.status, (run.statuses.get(res.status) ?? 0) + 1);
            if (res.status === 200) all.push(done - sent);
          }
        }
      }),
    );
  } finally {
    client.close();
  }
  return { runs, all, seconds: (measuredTo - measuredFrom) / 1000 };
}

// ---------------------------------------------------------------------------------------------
// 2b. Why a page is slow: its answer in this process (query-api's own functions), and each SQL
// statement it runs under EXPLAIN (ANALYZE, BUFFERS).

type Answer = (pool: Pool, userId: string) => Promise<unknown>;

/** The query-api function that answers a page's path (award-progress-router.ts). */
function answerOf(path: string): Answer {
  const url = new URL(path, 'http://bench');
  const [award, view] = url.pathname.replace(/^\/api\/awards\/progress\/?/, '').split('/').filter(Boolean);
  if (!award) return (pool, userId) => awardCards({ pool, sota: null }, userId, null);
  const query = parseAwardQuery(Object.fromEntries(url.searchParams), award);
  if (view === 'map') return (pool, userId) => awardMap({ pool, sota: null }, userId, query);
  if (view === 'needed') return (pool, userId) => awardNeeded({ pool, sota: null }, userId, query);
  if (view === 'credits.csv') return (pool, userId) => awardCreditsCsv({ pool, sota: null }, userId, query);
  return (pool, userId) => awardPage({ pool, sota: null }, userId, query);
}

interface Statement {
  sql: string;
  executionMs: number;
  plan: string[];
}

/** A pool that runs each statement under EXPLAIN (ANALYZE, BUFFERS) first (kept in `statements`), then for its rows. */
function explainingPool(pool: Pool, statements: Statement[]): Pool {
  const query = async (text: string, params?: unknown[]) => {
    const { rows } = await pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, params);
    const plan = rows.map((r) => r['QUERY PLAN']);
    statements.push({ sql: text, executionMs: Number(/Execution Time: ([\d.]+) ms/.exec(plan[plan.length - 1] ?? '')?.[1]), plan });
    return pool.query(text, params);
  };
  return { query } as unknown as Pool;
}

const oneLine = (sql: string) => sql.replace(/\s+/g, ' ').trim();

/** Which function of infra/src/read-models/award-progress/queries.ts sent a statement. */
function statementName(sql: string): string {
  const text = oneLine(sql);
  if (text.includes('FROM unnest($2::text[], $3::int[], $4::int[])')) return 'awardTallies (the cards)';
  if (text.includes('count(DISTINCT split_part')) return 'parksActivated';
  if (text.includes('row_number() OVER')) return 'qsosByAwardKey (the needed QSOs)';
  if (text.includes('count(*) OVER ()')) return 'valueSlotPage (the rows)';
  if (text.includes('GROUP BY 1, 2, 3, 4')) return 'bandTotals (the columns)';
  if (text.includes('s.value = ANY($4)')) return 'bandCells (the cells)';
  if (text.includes("left(value, 1) = '!'")) return 'awardExclusions';
  if (text.startsWith(`SELECT s.value, s.retired`)) return 'valueSlots';
  return text.slice(0, 60);
}

async function explainPage(pool: Pool, userId: string, label: string, path: string): Promise<void> {
  const answer = answerOf(path);
  for (let i = 0; i < 3; i += 1) await answer(pool, userId);
  const times: number[] = [];
  for (let i = 0; i < 7; i += 1) {
    const t = performance.now();
    await answer(pool, userId);
    times.push(performance.now() - t);
  }
  const statements: Statement[] = [];
  await answer(explainingPool(pool, statements), userId);
  const sqlMs = statements.reduce((n, s) => n + s.executionMs, 0);
  console.log(`\n  ${label} (${path.replace(/^\/api/, '')}): the answer in this process ${fmtMs(summarize(times).p50)} (median of 7, every statement included); ${statements.length} statements, ${fmtMs(sqlMs)} of execution in PostgreSQL (some run at once):`);
  for (const s of [...statements].sort((a, b) => b.executionMs - a.executionMs)) console.log(`    ${fmtMs(s.executionMs)}: ${statementName(s.sql)}: ${oneLine(s.sql).slice(0, 110)}`);
  const top = [...statements].sort((a, b) => b.executionMs - a.executionMs)[0];
  if (top && top.executionMs >= 5) console.log(`    the plan of ${statementName(top.sql)}:\n${top.plan.map((line) => `      ${line.length > 400 ? `${line.slice(0, 400)}...` : line}`).join('\n')}`);
}

// ---------------------------------------------------------------------------------------------
// 3. Edits to visible.

interface Reader {
  name: string;
  short: string;
  headers: (position: string | undefined) => Record<string, string>;
  /** Added to the page's query string. */
  query: string;
}

interface Candidate {
  value: string;
  qdoId: string;
}

/**
 * The award the edits are timed on: VUCC, whose grid squares (6 m, 2 m, satellite) are often worked
 * by one QSO only, so one edit moves its counts by exactly one. (At 1M QSOs every WPX prefix and DXCC
 * entity has many QSOs: one confirmation more changes no count there.)
 */
const EDITED_AWARD = 'VUCC';

/** Values of EDITED_AWARD worked by one QSO (that credits no other value of it), with that QSO; `unconfirmed`: that no service confirmed. */
async function candidates(pool: Pool, userId: string, count: number, unconfirmed: boolean): Promise<Candidate[]> {
  const { rows: slots } = await pool.query<{ value: string }>(
    `SELECT value FROM rm_award_slots WHERE station_user_id = $1 AND award = $2 AND band = '' AND mode = '' AND qsos = 1
       AND left(value, 1) <> '!' ${unconfirmed ? 'AND paper + lotw + eqsl + qrz + clublog = 0' : ''}
     ORDER BY md5(value) LIMIT $3`,
    [userId, EDITED_AWARD, count * 2],
  );
  const keys = slots.map((s) => `${EDITED_AWARD}|${s.value}`);
  const { rows } = await pool.query<{ key: string; qdo_id: string; keys: string[] }>(
    `SELECT k.key, a.qdo_id, a.keys FROM rm_award_qsos a CROSS JOIN LATERAL unnest(a.keys) AS k(key)
     WHERE award_scoped_keys(a.station_user_id, a.keys) && $2 AND a.station_user_id = $1 AND k.key = ANY($3)`,
    [userId, keys.map((k) => `${userId}|${k}`), keys],
  );
  const single = rows.filter((r) => r.keys.filter((k) => k.startsWith(`${EDITED_AWARD}|`)).length === 1);
  const byKey = new Map(single.map((r) => [r.key, r.qdo_id]));
  return slots
    .flatMap((s) => {
      const qdoId = byKey.get(`${EDITED_AWARD}|${s.value}`);
      return qdoId ? [{ value: s.value, qdoId }] : [];
    })
    .slice(0, count);
}

interface Visible {
  /** From sending the write to the first answer that shows it, ms. */
  ms: number;
  /** From sending the write to the award-progress projection's checkpoint passing it (the read model has it), ms. */
  appliedMs: number;
  /** The write's own answer time, ms. */
  writeMs: number;
  polls: number;
  /** Answers marked x-read-model-stale (waited 3 s and answered anyway). */
  stale: number;
}

/** Sends a write, then reads the page until `shows` says it reflects the write (and, beside, watches the projection's checkpoint pass it). */
async function timeToVisible(
  pool: Pool,
  client: HttpClient,
  write: () => Promise<HttpAnswer>,
  path: (position: string | undefined) => { path: string; headers: Record<string, string> },
  shows: (answer: AwardPageAnswer) => boolean,
): Promise<Visible> {
  const started = performance.now();
  const written = await write();
  const writeMs = performance.now() - started;
  if (written.status !== 200) throw new Error(`write: HTTP ${written.status} ${written.body.slice(0, 200)}`);
  const position = written.headers['x-log-position'] as string | undefined;
  const applied = (async () => {
    for (;;) {
      const { rows } = await pool.query<{ position: string }>(`SELECT position FROM projection_checkpoints WHERE name = 'award-progress'`);
      if (Number(rows[0]?.position ?? 0) >= Number(position)) return performance.now() - started;
      if (performance.now() - started > VISIBLE_TIMEOUT_MS) return Number.NaN;
      await sleep(2);
    }
  })();
  const read = path(position);
  let polls = 0;
  let stale = 0;
  let ms = Number.NaN;
  for (;;) {
    const res = await client.request('GET', read.path, undefined, read.headers);
    polls += 1;
    if (res.headers['x-read-model-stale']) stale += 1;
    if (res.status !== 200) throw new Error(`${read.path}: HTTP ${res.status} ${res.body.slice(0, 200)}`);
    if (shows(JSON.parse(res.body) as AwardPageAnswer)) {
      ms = performance.now() - started;
      break;
    }
    if (performance.now() - started > VISIBLE_TIMEOUT_MS) break;
  }
  return { ms, appliedMs: await applied, writeMs, polls, stale };
}

interface VisibleRun {
  reader: Reader;
  kind: string;
  samples: Visible[];
}

async function editsToVisible(url: string, token: string, pool: Pool, seed: Seed): Promise<VisibleRun[]> {
  const client = new HttpClient(url, 2);
  const auth = { authorization: `Bearer ${token}` };
  try {
    // The visitor reads the station's public progress (off by default).
    const profile = (show: '0' | '1') => client.post('/api/vupdateprofile', { name: 'Bench', email: seed.email, qth: 'Oxford', grid: 'IO91wr', show_award_progress: show }, token);
    const shown = await profile('1');
    if (shown.status !== 200) throw new Error(`vupdateprofile show_award_progress: HTTP ${shown.status} ${shown.body.slice(0, 200)}`);
    const readers: Reader[] = [
      { name: 'the owner, session only (the server waits for their last write)', short: 'owner', headers: () => auth, query: '' },
      { name: "the owner with the write's x-min-position (as the web client sends it)", short: 'owner + x-min-position', headers: (p) => ({ ...auth, ...(p ? { 'x-min-position': p } : {}) }), query: '' },
      { name: 'a visitor reading the public progress (waits for nothing: the read model itself)', short: 'visitor', headers: () => ({}), query: `&callsign=${encodeURIComponent(seed.callsign)}` },
    ];
    const needed = readers.length * (EDITS + DELETES);
    const unconfirmed = await candidates(pool, seed.userId, readers.length * EDITS, true);
    const anyState = (await candidates(pool, seed.userId, needed + readers.length * EDITS, false)).filter((c) => !unconfirmed.some((u) => u.value === c.value));
    if (unconfirmed.length < readers.length * EDITS || anyState.length < readers.length * DELETES) {
      throw new Error(`too few ${EDITED_AWARD} values worked once: ${unconfirmed.length} unconfirmed, ${anyState.length} others`);
    }
    // Waits until the visitor's page shows the station's current counts (the profile change went through the users read model).
    const page = (c: Candidate, reader: Reader) => `/api/awards/progress/${EDITED_AWARD}?q=${encodeURIComponent(c.value)}&offset=0&limit=500${reader.query}`;
    const current = async (c: Candidate, reader: Reader) => {
      for (let i = 0; ; i += 1) {
        const res = await client.request('GET', page(c, reader), undefined, reader.headers(undefined));
        if (res.status === 200) return JSON.parse(res.body) as AwardPageAnswer;
        if (i > 100) throw new Error(`${page(c, reader)}: HTTP ${res.status} ${res.body.slice(0, 200)}`);
        await sleep(100);
      }
    };
    const row = (answer: AwardPageAnswer, c: Candidate) => answer.rows.find((r) => r.value === c.value);

    const runs: VisibleRun[] = [];
    for (const [r, reader] of readers.entries()) {
      const confirm: VisibleRun = { reader, kind: 'LoTW confirmation (edit), and taking it back', samples: [] };
      for (const c of unconfirmed.slice(r * EDITS, (r + 1) * EDITS)) {
        const before = await current(c, reader);
        if (row(before, c)?.state !== 'worked') throw new Error(`${EDITED_AWARD} ${c.value}: ${row(before, c)?.state ?? 'absent'}, expected worked`);
        const confirmed = before.card.confirmed;
        const read = (p: string | undefined) => ({ path: page(c, reader), headers: reader.headers(p) });
        confirm.samples.push(
          await timeToVisible(pool, client, () => client.post('/api/vqso/update', { qdo_id: c.qdoId, adif: { LOTW_QSL_RCVD: 'Y' } }, token), read, (a) => row(a, c)?.state === 'confirmed' && a.card.confirmed === confirmed + 1),
        );
        confirm.samples.push(
          await timeToVisible(pool, client, () => client.post('/api/vqso/update', { qdo_id: c.qdoId, adif: { LOTW_QSL_RCVD: '' } }, token), read, (a) => row(a, c)?.state === 'worked' && a.card.confirmed === confirmed),
        );
      }
      runs.push(confirm);
      const deletion: VisibleRun = { reader, kind: 'deletion, and the restore', samples: [] };
      for (const c of anyState.slice(r * DELETES, (r + 1) * DELETES)) {
        const before = await current(c, reader);
        const worked = before.card.worked;
        if (!row(before, c)) throw new Error(`${EDITED_AWARD} ${c.value} is not in its page`);
        const read = (p: string | undefined) => ({ path: page(c, reader), headers: reader.headers(p) });
        deletion.samples.push(await timeToVisible(pool, client, () => client.post('/api/vqso/nuke', { qdo_id: c.qdoId }, token), read, (a) => !row(a, c) && a.card.worked === worked - 1));
        deletion.samples.push(await timeToVisible(pool, client, () => client.post('/api/vqso/restore', { qdo_id: c.qdoId }, token), read, (a) => row(a, c) !== undefined && a.card.worked === worked));
      }
      runs.push(deletion);
    }
    const hidden = await profile('0');
    if (hidden.status !== 200) throw new Error(`vupdateprofile: HTTP ${hidden.status}`);
    return runs;
  } finally {
    client.close();
  }
}

function visibleTable(runs: VisibleRun[]): string {
  const head = '| reader | change | changes | write answered, p50 | in the read model (checkpoint), p50 / max | **visible, p50** | **p99** | max | polls (mean) | stale answers | target | verdict |';
  const rule = '|---|---|---|---|---|---|---|---|---|---|---|---|';
  const lines = runs.map((run) => {
    const ms = run.samples.map((s) => s.ms);
    const timedOut = ms.filter((m) => !Number.isFinite(m)).length;
    const s = summarize(ms.filter(Number.isFinite));
    const writes = summarize(run.samples.map((x) => x.writeMs));
    const applied = summarize(run.samples.map((x) => x.appliedMs).filter(Number.isFinite));
    const polls = run.samples.reduce((n, x) => n + x.polls, 0) / run.samples.length;
    const stale = run.samples.reduce((n, x) => n + x.stale, 0);
    const verdict = timedOut > 0 ? `**MISS** (${timedOut} not visible in ${VISIBLE_TIMEOUT_MS / 1000} s)` : verdictText(s.max, AWARD_VISIBLE_TARGET_MS);
    return `| ${run.reader.short} | ${run.kind} | ${run.samples.length} | ${fmtMs(writes.p50)} | ${fmtMs(applied.p50)} / ${fmtMs(applied.max)} | ${fmtMs(s.p50)} | ${fmtMs(s.p99)} | ${fmtMs(s.max)} | ${polls.toFixed(1)} | ${stale} | max < ${AWARD_VISIBLE_TARGET_MS} ms | ${verdict} |`;
  });
  return [head, rule, ...lines].join('\n');
}

// ---------------------------------------------------------------------------------------------
// 4. The rebuild.

/** What the station's award slots hold, to compare before and after a rebuild. */
async function slotsFingerprint(pool: Pool, userId: string): Promise<string> {
  const { rows } = await pool.query<{ slots: number; qsos: string; digest: string }>(
    `SELECT count(*)::int AS slots, sum(qsos)::text AS qsos,
       md5(string_agg(concat_ws('|', award, mode, band, value, retired, qsos, paper, lotw, eqsl, qrz, clublog), ',' ORDER BY award, mode, band, value)) AS digest
     FROM rm_award_slots WHERE station_user_id = $1`,
    [userId],
  );
  const r = rows[0]!;
  return `${r.slots} slots, ${r.qsos} QSO credits, md5 ${r.digest}`;
}

interface Rebuilt {
  events: number;
  /** As the CLI reports it (after its database is up). */
  seconds: number;
  /** The whole command, starting its embedded PostgreSQL included. */
  wallSeconds: number;
}

/** `npm run rebuild -- award-progress` on the seed's folder (no server running on it), as a child process. */
async function rebuildCli(dataDir: string): Promise<Rebuilt> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !['KAFKA_BROKERS', 'CLICKHOUSE_URL', 'REDIS_URL', 'EVENTSTORE_URL', 'DATABASE_URL'].includes(name)));
  const started = performance.now();
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'projectors/src/rebuild-cli.ts', 'award-progress'], { cwd: REPO_ROOT, env: { ...env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    child.stdout.on('data', (c: Buffer) => (text += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (text += c.toString('utf8')));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`rebuild exited with ${code}:\n${text.slice(-2000)}`))));
  });
  const wallSeconds = (performance.now() - started) / 1000;
  const m = /rebuilt award-progress from (\d+) events in ([\d.]+) s/.exec(output);
  if (!m) throw new Error(`rebuild: no summary line in\n${output.slice(-2000)}`);
  return { events: Number(m[1]), seconds: Number(m[2]), wallSeconds };
}

// ---------------------------------------------------------------------------------------------

export async function runAwardProgress1m(): Promise<{ figures: Figure[]; tables: string[]; qsos: number }> {
  const variant = awardsSeed();
  const figures: Figure[] = [];
  const tables: string[] = [];
  let opened = await openSeededServer(variant);
  const { seed } = opened;
  let pool = createPool(opened.databaseUrl, 4);
  try {
    console.log(`award-progress-1m (${machineText()}): ${seed.qsos.toLocaleString('en-US')} QSOs of ${seed.callsign} in ${variant.dir}`);
    const t = seed.timings;
    const awardsS = t.followers?.['award-progress'] ?? Number.NaN;
    console.log(
      `  seed (first run, ${seed.seededAt}): generated and appended in ${t.appendS.toFixed(1)} s (${fmtRate(seed.qsos / t.appendS, ' QSOs/s')}); ` +
        `logbook projection at the head after ${t.logbookS.toFixed(1)} s (${fmtRate(seed.qsos / t.logbookS, ' QSOs/s')}); ` +
        `award-progress after ${awardsS.toFixed(1)} s (${fmtRate(seed.qsos / awardsS, ' QSOs/s')}, ${(awardsS - t.logbookS).toFixed(1)} s after the logbook); every follower after ${t.allFollowersS.toFixed(1)} s; vacuum ${t.vacuumS.toFixed(1)} s`,
    );
    figures.push(
      { benchmark: BENCHMARK, name: `seed: generate + append ${seed.qsos.toLocaleString('en-US')} QsoLogged events with details (appendMany, 5,000 streams per call)`, value: t.appendS, unit: 's', shown: `${t.appendS.toFixed(0)} s (${fmtRate(seed.qsos / t.appendS, ' QSOs/s')})` },
      { benchmark: BENCHMARK, name: 'seed: logbook projection at the head, from the first append', value: t.logbookS, unit: 's', shown: `${t.logbookS.toFixed(0)} s (${fmtRate(seed.qsos / t.logbookS, ' QSOs/s')})` },
      { benchmark: BENCHMARK, name: 'seed: award-progress projection at the head, from the first append', value: awardsS, unit: 's', shown: `${awardsS.toFixed(0)} s (${fmtRate(seed.qsos / awardsS, ' QSOs/s')}; +${(awardsS - t.logbookS).toFixed(1)} s after the logbook)` },
    );

    console.log('\n1. the seed as the read model holds it');
    const checks = await seedChecks(pool, seed);
    const failed = checks.filter((c) => !c.ok(c.value));
    if (failed.length > 0) throw new Error(`the seed is not what the award tracker needs: ${failed.map((c) => `${c.name} = ${c.value}`).join('; ')}`);
    const client = new HttpClient(opened.server.url, 1);
    try {
      const cards = JSON.parse((await client.request('GET', '/api/awards/progress', undefined, { authorization: `Bearer ${opened.token}` })).body) as AwardCardsAnswer;
      console.log(`  the cards (worked/confirmed by each desk's services): ${cards.cards.map((c) => `${c.id} ${c.worked.toLocaleString('en-US')}/${c.confirmed.toLocaleString('en-US')}`).join(', ')}`);

      console.log(`\n2. the pages, one request at a time: ${REQUESTS} each after ${WARMUP} warm-up (${machineText()})`);
      const runs: PageRun[] = [];
      for (const [label, path] of PAGES) {
        const run = await onePage(client, opened.token, label, path);
        const s = summarize(run.latencies);
        console.log(`  ${label} (${sizeText(run.bytes)}): p50 ${fmtMs(s.p50)}, p99 ${fmtMs(s.p99)}, max ${fmtMs(s.max)} (${statusText(run.statuses)})`);
        runs.push(run);
        figures.push({ benchmark: BENCHMARK, name: `GET ${path.replace(/^\/api/, '')} p99, one at a time`, value: s.p99, unit: 'ms', shown: fmtMs(s.p99), target: { op: '<', value: AWARD_PAGE_P99_TARGET_MS } });
      }
      tables.push(`One request at a time (${REQUESTS} per page after ${WARMUP} warm-up, keep-alive, the owner's session):\n\n${pageTable(runs, 'page', true)}`);
      const explained = EXPLAIN === '0' ? [] : runs.filter((r) => EXPLAIN === 'all' || summarize(r.latencies).p99 >= AWARD_PAGE_P99_TARGET_MS);
      if (explained.length > 0) {
        console.log(`\n   why: ${EXPLAIN === 'all' ? 'every page' : 'the pages over target'}, answered in this process by query-api's functions, then under EXPLAIN (ANALYZE, BUFFERS)`);
        for (const run of explained) await explainPage(pool, seed.userId, run.label, run.path);
      }
    } finally {
      client.close();
    }

    console.log(`\n   ${MIXED_CLIENTS} clients at once, each through every page in its own order: ${REQUESTS} requests per page after a round each (${machineText()})`);
    const mixed = await mixedPages(opened.server.url, opened.token);
    const all = summarize(mixed.all);
    console.log(`  every page: ${all.count} answers in ${mixed.seconds.toFixed(0)} s (${(all.count / mixed.seconds).toFixed(1)}/s), p50 ${fmtMs(all.p50)}, p99 ${fmtMs(all.p99)}, max ${fmtMs(all.max)}`);
    for (const run of mixed.runs) {
      const s = summarize(run.latencies);
      console.log(`    ${run.label}: p50 ${fmtMs(s.p50)}, p99 ${fmtMs(s.p99)}, max ${fmtMs(s.max)} (${statusText(run.statuses)})`);
    }
    figures.push({ benchmark: BENCHMARK, name: `every page, ${MIXED_CLIENTS} clients at once, p99`, value: all.p99, unit: 'ms', shown: `${fmtMs(all.p99)} (p50 ${fmtMs(all.p50)}, ${(all.count / mixed.seconds).toFixed(1)} pages/s)`, target: { op: '<', value: AWARD_PAGE_P99_TARGET_MS } });
    const slowest = [...mixed.runs].sort((a, b) => summarize(b.latencies).p99 - summarize(a.latencies).p99)[0]!;
    figures.push({ benchmark: BENCHMARK, name: `slowest page with ${MIXED_CLIENTS} clients at once (${slowest.label}) p99`, value: summarize(slowest.latencies).p99, unit: 'ms', target: { op: '<', value: AWARD_PAGE_P99_TARGET_MS } });
    tables.push(
      `${MIXED_CLIENTS} clients at once, each through every page in its own order (after a round each; ${all.count} answers in ${mixed.seconds.toFixed(0)} s, ${(all.count / mixed.seconds).toFixed(1)}/s; all pages together p50 ${fmtMs(all.p50)}, p99 ${fmtMs(all.p99)}, max ${fmtMs(all.max)}):\n\n${pageTable(mixed.runs, 'page', false)}`,
    );

    console.log(`\n3. an edit to visible: ${EDITS} LoTW confirmations (each taken back) and ${DELETES} deletions (each restored) per reader, ${EDITED_AWARD}'s page polled back to back (${machineText()})`);
    const visible = await editsToVisible(opened.server.url, opened.token, pool, seed);
    for (const run of visible) {
      const s = summarize(run.samples.map((x) => x.ms).filter(Number.isFinite));
      const applied = summarize(run.samples.map((x) => x.appliedMs).filter(Number.isFinite));
      console.log(`  ${run.reader.short}, ${run.kind}: in the read model p50 ${fmtMs(applied.p50)}, max ${fmtMs(applied.max)}; visible p50 ${fmtMs(s.p50)}, p99 ${fmtMs(s.p99)}, max ${fmtMs(s.max)} (${run.samples.length} changes)`);
      figures.push({ benchmark: BENCHMARK, name: `${run.kind} visible to ${run.reader.short}, max of ${run.samples.length}`, value: Math.max(...run.samples.map((x) => x.ms)), unit: 'ms', shown: `${fmtMs(s.max)} (p50 ${fmtMs(s.p50)})`, target: { op: '<', value: AWARD_VISIBLE_TARGET_MS } });
    }
    tables.push(`Time from sending the change to the first answer of \`/awards/progress/${EDITED_AWARD}?q=<square>\` that shows it (the square's row and the card's count), polled back to back:\n\n${visibleTable(visible)}\n\nReaders: ${visible.filter((_, i) => i % 2 === 0).map((r) => `${r.reader.short}: ${r.reader.name}`).join('; ')}.`);

    if (REBUILD) {
      console.log(`\n4. a full rebuild of the award-progress read model (npm run rebuild -- award-progress, the server stopped; ${machineText()})`);
      const before = await slotsFingerprint(pool, seed.userId);
      await pool.end();
      await opened.server.stop();
      const rebuilt = await rebuildCli(variant.dir);
      console.log(`  rebuilt from ${rebuilt.events.toLocaleString('en-US')} events in ${rebuilt.seconds.toFixed(1)} s (${fmtRate(seed.qsos / rebuilt.seconds, ' QSOs/s')}, ${fmtRate(rebuilt.events / rebuilt.seconds, ' events/s')}); the command took ${rebuilt.wallSeconds.toFixed(1)} s with its database's start`);
      figures.push({ benchmark: BENCHMARK, name: `rebuild of award-progress from the log (${rebuilt.events.toLocaleString('en-US')} events, ${seed.qsos.toLocaleString('en-US')} QSOs)`, value: rebuilt.seconds, unit: 's', shown: `${rebuilt.seconds.toFixed(0)} s (${fmtRate(seed.qsos / rebuilt.seconds, ' QSOs/s')})` });
      opened = await openSeededServer(variant);
      pool = createPool(opened.databaseUrl, 4);
      const after = await slotsFingerprint(pool, seed.userId);
      console.log(`  before: ${before}\n  after:  ${after}`);
      if (before !== after) throw new Error('the rebuilt read model differs from the one kept incrementally');
      console.log('  the rebuilt slots are the ones kept incrementally');
    }
    return { figures, tables, qsos: seed.qsos };
  } finally {
    await pool.end().catch(() => {});
    await opened.server.stop();
  }
}

if (isMain(import.meta.url)) {
  try {
    const { figures, tables, qsos } = await runAwardProgress1m();
    for (const table of tables) console.log(`\n${table}`);
    printFigures(`award pages on a ${qsos.toLocaleString('en-US')}-QSO log`, figures);
  } finally {
    await stopAll();
  }
}
