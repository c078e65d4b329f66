/**
 * Login flood: how fast /api/vlogin answers with N concurrent clients, what one password hash
 * costs, and whether the rest of the server stays responsive while logins are flooding in.
 *
 * 1. The hash: argon2id with the server's own parameters (read from a hash it makes), timed in
 *    this process one call at a time.
 * 2. Idle: four probes on a fixed schedule (open loop, latency from the due time) — GET /api/vuser,
 *    POST /api/vlogbook (a 200-QSO logbook), GET /healthz and a client page (GET /logs, whose
 *    index.html is read from disk on libuv's thread pool, where argon2 runs too) — alone.
 * 3. Flood: for each concurrency, a closed loop of N clients logging in with VALID credentials of
 *    many users, the same probes running beside it. Failed logins are limited per address (50 per
 *    15 min) and per address and email (10): every client here comes from 127.0.0.1, so a flood
 *    of wrong passwords would measure the limiter's 429s, not the login. Valid logins are never
 *    limited; the flood counts any 429 as an error.
 * 4. Wrong passwords from one address, last (it locks 127.0.0.1 out for 15 minutes): how many
 *    hashes such a flood costs the server before the limiter answers 429 without hashing.
 *
 *   npm run bench:login      (= npx tsx bench/src/login-flood.ts)
 *
 * LOGIN_CONCURRENCY (list, default 1,4,16,64), LOGIN_USERS (64), PROBE_RATE (per probe, 10/s),
 * BENCH_DURATION_S (per phase; 20), BENCH_WARMUP_S (3).
 */
import { availableParallelism } from 'node:os';
import { hashPassword, verifyPassword } from '@hamlog/command-api/users/password';
import { threadPoolSize } from '@hamlog/infra/runtime/thread-pool';
import { benchConfig } from './config';
import { closedLoop, HttpClient, openLoop, type LoopResult, type OpenLoopResult } from './load';
import { CpuMeter, postgresProcesses } from './procfs';
import { QsoSource } from './qso';
import { isMain, machineText, printFigures, type Figure } from './report';
import { startServer, type RunningServer } from './server';
import { fmtMs, fmtRate, percentile, summarize } from './stats';
import { registerUsers, type BenchUser } from './users';

const concurrencies = (process.env.LOGIN_CONCURRENCY ?? '1,4,16,64').split(',').map(Number).filter((n) => n > 0);
const userCount = Number(process.env.LOGIN_USERS ?? 64);
const probeRate = Number(process.env.PROBE_RATE ?? 10);
const LOGBOOK_QSOS = 200;
const WRONG_PASSWORD_MS = 5_000;

interface Latencies {
  p50: number;
  p95: number;
  p99: number;
  max: number;
  count: number;
}

function latencies(values: number[]): Latencies {
  const sorted = Float64Array.from(values).sort();
  const s = summarize(sorted);
  return { p50: s.p50, p95: percentile(sorted, 0.95), p99: s.p99, max: s.max, count: s.count };
}

const latText = (l: Latencies) => `p50 ${fmtMs(l.p50)}, p95 ${fmtMs(l.p95)}, p99 ${fmtMs(l.p99)}, max ${fmtMs(l.max)} (${l.count})`;

// --- 1. the hash -----------------------------------------------------------------------------

interface HashCost {
  params: string;
  hashMs: Latencies;
  verifyMs: Latencies;
}

async function timed(times: number, run: () => Promise<unknown>): Promise<number[]> {
  const ms: number[] = [];
  for (let i = 0; i < times; i += 1) {
    const t = performance.now();
    await run();
    ms.push(performance.now() - t);
  }
  return ms;
}

/** The server's own hash functions, one call at a time in this process. */
async function measureHash(): Promise<HashCost> {
  const password = 'correct horse battery staple';
  const hash = await hashPassword(password);
  // '$argon2id$v=19$m=19456,t=2,p=1$salt$hash': the parameters really in force.
  const [, algorithm = '?', version = '?', params = '?'] = hash.split('$');
  const hashMs = latencies(await timed(20, () => hashPassword(password)));
  const verifyMs = latencies(await timed(20, () => verifyPassword(hash, password)));
  return { params: `${algorithm} ${version} ${params}`, hashMs, verifyMs };
}

// --- 2 and 3. probes and the flood -----------------------------------------------------------

type ProbeName = 'GET /api/vuser' | 'POST /api/vlogbook' | 'GET /healthz' | 'GET /logs (page)';

/** The three probes, each on its own schedule and connection pool, for one window. */
async function runProbes(server: RunningServer, user: BenchUser, warmupMs: number, durationMs: number): Promise<Record<ProbeName, OpenLoopResult>> {
  const auth = { authorization: `Bearer ${user.token}` };
  const probes: [ProbeName, (client: HttpClient) => Promise<number>][] = [
    ['GET /api/vuser', (c) => c.request('GET', '/api/vuser', undefined, auth).then((r) => r.status)],
    ['POST /api/vlogbook', (c) => c.request('POST', '/api/vlogbook', JSON.stringify({ page: 1, size: 50 }), auth).then((r) => r.status)],
    ['GET /healthz', (c) => c.request('GET', '/healthz').then((r) => r.status)],
    // The client's page: index.html is read from disk, on the same libuv thread pool argon2 uses.
    ['GET /logs (page)', (c) => c.request('GET', '/logs').then((r) => r.status)],
  ];
  const results = await Promise.all(probes.map(async ([name, send]) => {
    const client = new HttpClient(server.url, 16);
    try {
      return [name, await openLoop({ rate: probeRate, warmupMs, durationMs, send: () => send(client) })] as const;
    } finally {
      client.close();
    }
  }));
  return Object.fromEntries(results) as Record<ProbeName, OpenLoopResult>;
}

interface FloodResult {
  concurrency: number;
  loop: LoopResult;
  statuses: Map<number, number>;
  probes: Record<ProbeName, OpenLoopResult>;
  cpu: { server: number; postgres: number; generator: number };
}

async function flood(server: RunningServer, users: BenchUser[], concurrency: number, probeUser: BenchUser): Promise<FloodResult> {
  const client = new HttpClient(server.url, concurrency);
  const statuses = new Map<number, number>();
  const serverCpu = new CpuMeter(() => [server.serverPid]);
  const pgCpu = new CpuMeter(() => postgresProcesses(server.dataDir).map((p) => p.pid));
  let next = 0;
  try {
    const [loop, probes] = await Promise.all([
      closedLoop({
        concurrency,
        warmupMs: benchConfig.warmupMs,
        durationMs: benchConfig.durationMs,
        send: async () => {
          const user = users[next++ % users.length] as BenchUser;
          const res = await client.request('POST', '/api/vlogin', JSON.stringify({ email: user.email, password: user.password }));
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          return res.status;
        },
      }),
      runProbes(server, probeUser, benchConfig.warmupMs, benchConfig.durationMs),
    ]);
    const a = serverCpu.read();
    return { concurrency, loop, statuses, probes, cpu: { server: a.others, postgres: pgCpu.read().others, generator: a.generator } };
  } finally {
    client.close();
  }
}

// --- 4. wrong passwords ----------------------------------------------------------------------

async function wrongPasswords(server: RunningServer, users: BenchUser[]): Promise<{ byStatus: Map<number, number[]> }> {
  const client = new HttpClient(server.url, 16);
  const byStatus = new Map<number, number[]>();
  const end = performance.now() + WRONG_PASSWORD_MS;
  let next = 0;
  try {
    await Promise.all(Array.from({ length: 16 }, async () => {
      while (performance.now() < end) {
        const user = users[next++ % users.length] as BenchUser;
        const t = performance.now();
        const res = await client.request('POST', '/api/vlogin', JSON.stringify({ email: user.email, password: 'wrong-password' }));
        const list = byStatus.get(res.status) ?? [];
        list.push(performance.now() - t);
        byStatus.set(res.status, list);
      }
    }));
  } finally {
    client.close();
  }
  return { byStatus };
}

const statusText = (m: Map<number, number>) => [...m].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${s}: ${n}`).join(', ');

export async function runLoginFlood(): Promise<Figure[]> {
  const figures: Figure[] = [];
  const hash = await measureHash();
  console.log(`login flood (${machineText()}); libuv thread pool ${threadPoolSize()} threads, ${availableParallelism()} cores`);
  console.log(`  password hash: ${hash.params}`);
  console.log(`  hash one at a time: ${latText(hash.hashMs)}; verify: ${latText(hash.verifyMs)}`);
  console.log(`  so one guess costs about ${fmtMs(hash.verifyMs.p50)} of a core and 19 MiB: at most ${Math.round(1000 / hash.verifyMs.p50)} guesses/s per core`);
  figures.push(
    { benchmark: 'login', name: `argon2id verify, one at a time (${hash.params.split(' ').pop() ?? ''})`, value: hash.verifyMs.p50, unit: 'ms', shown: fmtMs(hash.verifyMs.p50), target: { op: '>=', value: 10 }, note: 'deliberately costly' },
  );

  const server = await startServer();
  try {
    console.log(`  server ${server.url} ready in ${Math.round(server.readyMs)} ms; ${userCount} users with passwords; probes ${probeRate}/s each; ${benchConfig.warmupMs / 1000} s warm-up + ${benchConfig.durationMs / 1000} s per phase`);
    const users = await registerUsers(server.url, userCount);
    const probeUser = users[0] as BenchUser;
    const qsos = new QsoSource([probeUser]);
    const setup = new HttpClient(server.url, 8);
    for (let i = 0; i < LOGBOOK_QSOS; i += 1) await qsos.send(setup, 0);
    setup.close();

    const idle = await runProbes(server, probeUser, benchConfig.warmupMs, benchConfig.durationMs);
    console.log('  idle (no logins):');
    for (const [name, r] of Object.entries(idle)) console.log(`    ${name}: ${latText(latencies(r.latenciesMs))}; errors ${r.errors.toString()}`);

    const runs: FloodResult[] = [];
    for (const n of concurrencies) {
      const r = await flood(server, users, n, probeUser);
      runs.push(r);
      const l = latencies(r.loop.latenciesMs);
      console.log(`  flood, ${n} clients: ${fmtRate(r.loop.rate, ' logins/s')}; ${latText(l)}; statuses ${statusText(r.statuses)}; errors ${r.loop.errors.toString()}`);
      console.log(`    CPU: server ${r.cpu.server.toFixed(2)} cores, PostgreSQL ${r.cpu.postgres.toFixed(2)}, generator ${r.cpu.generator.toFixed(2)}`);
      for (const [name, p] of Object.entries(r.probes)) console.log(`    ${name} beside it: ${latText(latencies(p.latenciesMs))}; errors ${p.errors.toString()}`);
      figures.push(
        { benchmark: 'login', name: `/api/vlogin, ${n} clients: logins/s`, value: r.loop.rate, unit: '/s', shown: fmtRate(r.loop.rate) },
        { benchmark: 'login', name: `/api/vlogin, ${n} clients: p50 / p95 / p99`, value: l.p99, unit: 'ms', shown: `${fmtMs(l.p50)} / ${fmtMs(l.p95)} / ${fmtMs(l.p99)}` },
        { benchmark: 'login', name: `/api/vlogin, ${n} clients: errors (429 included)`, value: r.loop.errors.total, unit: '', shown: `${r.loop.errors.total}`, target: { op: '<', value: 1 } },
      );
    }

    const heaviest = runs[runs.length - 1];
    if (heaviest) {
      for (const name of Object.keys(idle) as ProbeName[]) {
        const calm = latencies(idle[name].latenciesMs);
        const busy = latencies(heaviest.probes[name].latenciesMs);
        figures.push({
          benchmark: 'login',
          name: `${name} p99: idle → beside ${heaviest.concurrency} login clients`,
          value: busy.p99,
          unit: 'ms',
          shown: `${fmtMs(calm.p99)} → ${fmtMs(busy.p99)} (p50 ${fmtMs(calm.p50)} → ${fmtMs(busy.p50)})`,
        });
      }
    }

    const wrong = await wrongPasswords(server, users);
    const refused = wrong.byStatus.get(401) ?? [];
    const limited = wrong.byStatus.get(429) ?? [];
    console.log(`  wrong passwords from one address, 16 clients for ${WRONG_PASSWORD_MS / 1000} s: ${refused.length} answered 401 after a hash (${latText(latencies(refused))}), ${limited.length} answered 429 without one (${latText(latencies(limited))})`);
    figures.push({
      benchmark: 'login',
      name: `wrong passwords from one address (${WRONG_PASSWORD_MS / 1000} s): hashed (401) / refused at once (429)`,
      value: refused.length,
      unit: '',
      shown: `${refused.length} / ${limited.length} (429 p50 ${fmtMs(latencies(limited).p50)})`,
    });
  } finally {
    await server.stop();
  }
  return figures;
}

if (isMain(import.meta.url)) {
  const figures = await runLoginFlood();
  printFigures('login flood', figures);
}
