/**
 * The logbook at 1,000,000 QSOs: latency of POST /api/vlogbook (page size 500) for the first,
 * middle and last page and for random pages, and of POST /api/vlogbar/{callsign} for a call the
 * station worked many times, a few times and never. Requests go one at a time over keep-alive
 * HTTP to a server running on the seeded data folder (seed-1m.ts: seeded on the first run, then
 * reused). For comparison it also times, in SQL alone, the page query against the plain
 * LIMIT/OFFSET query it replaced.
 *
 *   npm run bench:1m      (= npx tsx bench/src/logbook-1m.ts)
 *   BENCH_1M_REQUESTS=500 (requests per figure, default 300)
 */
import { logbookPage } from '@hamlog/infra/read-models/logbook/queries';
import { createPool, type Pool } from '@hamlog/infra/postgres/pool';
import { HttpClient } from './load';
import { isMain, machineText, printFigures, type Figure } from './report';
import { openSeededServer } from './seed-1m';
import { stopAll } from './server';
import { fmtMs, percentile, summarize } from './stats';

export const VLOGBOOK_P99_TARGET_MS = 50;
export const VLOGBAR_P99_TARGET_MS = 20;
const PAGE_SIZE = 500;
const REQUESTS = Number(process.env.BENCH_1M_REQUESTS ?? 300);
const WARMUP = 20;
/** Random pages first, so the server's code is compiled and the page cache warm before any figure. */
const GLOBAL_WARMUP = 300;

interface Timed {
  latenciesMs: number[];
  statuses: Map<number, number>;
  /** The first answer's body, to check what came back. */
  sample: string;
}

/** `count` requests one after another (after WARMUP unmeasured ones), each timed on its own. */
async function timed(count: number, send: (i: number) => Promise<{ status: number; body: string }>): Promise<Timed> {
  for (let i = 0; i < WARMUP; i += 1) await send(i);
  const latenciesMs: number[] = [];
  const statuses = new Map<number, number>();
  let sample = '';
  for (let i = 0; i < count; i += 1) {
    const t = performance.now();
    const res = await send(i);
    latenciesMs.push(performance.now() - t);
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    if (i === 0) sample = res.body;
  }
  return { latenciesMs, statuses, sample };
}

function statusText(statuses: Map<number, number>): string {
  return [...statuses].map(([s, n]) => `${s}: ${n}`).join(', ');
}

function latencyFigures(benchmark: string, label: string, t: Timed, target: number, extra = ''): Figure[] {
  const s = summarize(t.latenciesMs);
  const p95 = percentile95(t);
  const ok = t.statuses.get(200) ?? 0;
  console.log(`  ${label}: p50 ${fmtMs(s.p50)}, p95 ${fmtMs(p95)}, p99 ${fmtMs(s.p99)}, max ${fmtMs(s.max)} (${s.count} requests; ${statusText(t.statuses)})${extra}`);
  const failed = ok !== s.count;
  return [
    { benchmark, name: `${label} p50`, value: s.p50, unit: 'ms', shown: fmtMs(s.p50) },
    { benchmark, name: `${label} p95`, value: p95, unit: 'ms', shown: fmtMs(p95) },
    {
      benchmark,
      name: `${label} p99`,
      value: failed ? Number.NaN : s.p99,
      unit: 'ms',
      shown: failed ? `n/a (${statusText(t.statuses)})` : fmtMs(s.p99),
      target: { op: '<', value: target },
    },
  ];
}

const percentile95 = (t: Timed) => percentile(Float64Array.from(t.latenciesMs).sort(), 0.95);

/** The SQL alone: the page query against the LIMIT/OFFSET query it replaced, median of 7 runs after 6 warm-up. */
async function sqlComparison(pool: Pool, userId: string, pages: number): Promise<Figure[]> {
  const figures: Figure[] = [];
  const median = async (run: () => Promise<unknown>) => {
    // The page statement is prepared: PostgreSQL plans its first five runs on a connection anew.
    for (let i = 0; i < 6; i += 1) await run();
    const times: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const t = performance.now();
      await run();
      times.push(performance.now() - t);
    }
    return summarize(times).p50;
  };
  for (const [name, page] of [['first', 1], ['middle', Math.ceil(pages / 2)], ['last', pages]] as const) {
    const fast = await median(() => logbookPage(pool, userId, page, PAGE_SIZE));
    const offset = await median(() =>
      pool.query('SELECT * FROM rm_qsos WHERE station_user_id = $1 AND NOT deleted ORDER BY ts DESC, qdo_id DESC LIMIT $2 OFFSET $3', [
        userId,
        PAGE_SIZE,
        (page - 1) * PAGE_SIZE,
      ]),
    );
    console.log(`  SQL only, ${name} page (${page}): day-count paging ${fmtMs(fast)}, LIMIT/OFFSET ${fmtMs(offset)} (median of 7)`);
    figures.push(
      { benchmark: 'logbook-1m', name: `SQL only, ${name} page: day-count paging (median)`, value: fast, unit: 'ms', shown: fmtMs(fast) },
      { benchmark: 'logbook-1m', name: `SQL only, ${name} page: old LIMIT/OFFSET (median)`, value: offset, unit: 'ms', shown: fmtMs(offset) },
    );
  }
  return figures;
}

export async function runLogbook1m(): Promise<Figure[]> {
  const { server, seed, token, databaseUrl } = await openSeededServer();
  const client = new HttpClient(server.url, 1);
  const pool = createPool(databaseUrl, 1);
  try {
    const pages = Math.ceil(seed.qsos / PAGE_SIZE);
    console.log(`logbook-1m (${machineText()}): ${seed.qsos.toLocaleString('en-US')} QSOs, ${pages} pages of ${PAGE_SIZE}; ${REQUESTS} requests per figure, one at a time, after ${WARMUP} warm-up`);
    const s = seed.timings;
    console.log(`  seed (first run, ${seed.seededAt}): appended in ${s.appendS.toFixed(1)} s; logbook projection done after ${s.logbookS.toFixed(1)} s; all followers after ${s.allFollowersS.toFixed(1)} s; vacuum ${s.vacuumS.toFixed(1)} s`);
    const figures: Figure[] = [
      { benchmark: 'logbook-1m', name: 'seed: append 1M QsoLogged events (appendMany, 5,000 streams per call)', value: s.appendS, unit: 's', shown: `${s.appendS.toFixed(1)} s` },
      { benchmark: 'logbook-1m', name: 'seed: logbook projection at the head, from the first append', value: s.logbookS, unit: 's', shown: `${s.logbookS.toFixed(1)} s` },
    ];

    const page = (n: number) => client.post('/api/vlogbook', { page: n, size: PAGE_SIZE }, token);
    let x = 12345;
    const randomPage = () => ((x = (x * 1103515245 + 12345) % 2147483648), 1 + (x % pages));
    for (let i = 0; i < GLOBAL_WARMUP; i += 1) await page(randomPage());
    for (const [name, n] of [['first', 1], ['middle', Math.ceil(pages / 2)], ['last', pages]] as const) {
      const t = await timed(REQUESTS, () => page(n));
      const answer = JSON.parse(t.sample) as { logbook?: unknown[]; total?: number };
      const expected = n < pages ? PAGE_SIZE : seed.qsos - (pages - 1) * PAGE_SIZE;
      if (answer.logbook?.length !== expected || answer.total !== seed.qsos) {
        throw new Error(`page ${n}: ${answer.logbook?.length} QSOs of ${answer.total}, expected ${expected} of ${seed.qsos}`);
      }
      figures.push(...latencyFigures('logbook-1m', `/api/vlogbook ${name} page (${n})`, t, VLOGBOOK_P99_TARGET_MS));
    }
    figures.push(...latencyFigures('logbook-1m', '/api/vlogbook random pages', await timed(REQUESTS, () => page(randomPage())), VLOGBOOK_P99_TARGET_MS));

    for (const [name, call] of [['many', seed.calls.many], ['few', seed.calls.few], ['no', seed.calls.none]] as const) {
      const t = await timed(REQUESTS, () => client.post(`/api/vlogbar/${encodeURIComponent(call.replace(/\//g, '_'))}`, {}, token));
      if (!t.statuses.has(200)) {
        console.log(`  /api/vlogbar/${call}: ${statusText(t.statuses)}: the log bar endpoint does not answer here (not built yet?)`);
        figures.push({ benchmark: 'logbook-1m', name: `/api/vlogbar/{call}, ${name} QSOs p99`, value: Number.NaN, unit: 'ms', shown: `not measured (HTTP ${[...t.statuses.keys()].join(', ')})`, target: { op: '<', value: VLOGBAR_P99_TARGET_MS } });
        continue;
      }
      const total = (JSON.parse(t.sample) as { total_qsos?: number }).total_qsos;
      figures.push(...latencyFigures('logbook-1m', `/api/vlogbar/{call}, ${name} QSOs (${call}: ${total})`, t, VLOGBAR_P99_TARGET_MS));
    }

    figures.push(...(await sqlComparison(pool, seed.userId, pages)));
    return figures;
  } finally {
    client.close();
    await pool.end();
    await server.stop();
  }
}

if (isMain(import.meta.url)) {
  try {
    printFigures('logbook at 1M QSOs', await runLogbook1m());
  } finally {
    await stopAll();
  }
}
