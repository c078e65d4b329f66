/**
 * A contest weekend, all at once (issue 19): stations log QSOs and report their rigs, watchers keep
 * the home page open on /ws, and visitors poll the home page's reads, against one server.
 *
 *   npm run bench:weekend                                   (300 stations, 1,000 watchers, 20 visitors, 30 s)
 *   STATIONS=1000 MOVING=0.2 WATCHERS=10000 TIMED=1000 npm run bench:weekend
 *   SHAPE=production npm run bench:weekend     (every service its own process behind nginx, on Kafka,
 *                                              Redis, ClickHouse and a PostgreSQL of its own; COMMAND_APIS 1, QUERY_APIS 2, STREAMS 1)
 *   HAMLOG_URL=http://127.0.0.1:8080 SERVER_MATCH='dist/services/' npm run bench:weekend
 *
 * Scenario (environment): STATIONS (300), QSO_INTERVAL_S (3: each station logs a QSO this often),
 * RIG_INTERVAL_S (2: and reports its rig), MOVING (1: the share of stations whose every report is a
 * new frequency, search and pounce; the others run on one frequency and their reports change
 * nothing), WATCHERS (1000), TIMED (watchers that time deliveries, default all up to 1,000),
 * WATCHER_THREADS (processes of watchers: default one per 2,500 watchers, at least 1),
 * WATCHER_NICENESS (10: how much below the generator they run), DEFLATE (1: offer
 * permessage-deflate as browsers do), VISITORS (20), VISIT_INTERVAL_S (4), WARMUP_S (5),
 * DURATION_S (30), DRAIN_S (5: deliveries still counted after the load stops).
 *
 * Prints per call p50/p99/max from the due time (open loop), the delay from a rig report's answer
 * to its arrival at each timed watcher (p50/p99, missed), messages and bytes per watcher per
 * second, the server's and PostgreSQL's RSS and CPU, projection lag, and whether every accepted
 * QSO is in its logbook. A server it starts runs as `npm start` does (node --import tsx
 * gateway/src/main.ts); SERVER_MATCH and PG_MATCH (regular expressions on command lines) name the
 * processes to measure for a server given by HAMLOG_URL.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { lowerPriority } from '@hamlog/infra/runtime/lower-priority';
import { ErrorTally, HttpClient, openLoop, type OpenLoopResult } from './load';
import { allProcesses, CpuMeter, descendants, memoryOf, postgresProcesses, type ProcInfo } from './procfs';
import { scrape, waitProjectionsIdle, type Sample } from './prom';
import { callsigns } from './qso';
import { startBenchShape, type BenchShape } from './production-shape';
import { isMain, machineText, printFigures, type Figure } from './report';
import { startServer, type RunningServer } from './server';
import { fmtMb, fmtMs, quantilePerSlot, summarize } from './stats';
import { registerStations } from './live-helpers';
import type { FromWatchers, ToWatchers, WatcherThreadData } from './weekend-watchers';

const num = (name: string, fallback: number): number => {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? Number.NaN : Number(raw);
  return Number.isFinite(value) ? value : fallback;
};

export const scenario = {
  stations: num('STATIONS', 300),
  qsoIntervalS: num('QSO_INTERVAL_S', 3),
  rigIntervalS: num('RIG_INTERVAL_S', 2),
  moving: num('MOVING', 1),
  watchers: num('WATCHERS', 1000),
  timed: num('TIMED', Math.min(num('WATCHERS', 1000), 1000)),
  watcherThreads: num('WATCHER_THREADS', Math.max(1, Math.ceil(num('WATCHERS', 1000) / 2500))),
  deflate: num('DEFLATE', 1) === 1,
  watcherNiceness: num('WATCHER_NICENESS', 10),
  visitors: num('VISITORS', 20),
  visitIntervalS: num('VISIT_INTERVAL_S', 4),
  warmupS: num('WARMUP_S', 5),
  durationS: num('DURATION_S', 30),
  drainS: num('DRAIN_S', 5),
};

/**
 * The issue's targets: the 300-station weekend with up to 1,000 watchers, and the big one (1,000
 * stations, 10,000 watchers) with its own logging and delivery targets.
 */
const targets = scenario.watchers > 1000 ? { logging: 250, reads: 200, delivery: 3000 } : { logging: 100, reads: 200, delivery: 1500 };

/** Report r of a moving station is at BASE_HZ + r * STEP_HZ (14.000 MHz up in 100 Hz steps). */
const BASE_HZ = 14_000_000;
const STEP_HZ = 100;
/** The home page's reads a visitor polls (core.md §7: feed, QSO feed and leaderboards every 4 s). */
const VISITOR_READS = ['/api/ActiveUserList', '/api/logged_in_users_not_in_rig_control', '/api/main_public_feed', '/api/vleaderboards', '/api/vbandstats/100'];

/** Latency from the due time of every call of one kind in the measured window, and what failed. */
class CallFigures {
  readonly latencies: number[] = [];
  /** Seconds into the measured window each answered call was due. */
  readonly dueS: number[] = [];
  readonly errors = new ErrorTally();
}

class Calls {
  private readonly byName = new Map<string, CallFigures>();
  measureFrom = Number.POSITIVE_INFINITY;
  measureTo = Number.POSITIVE_INFINITY;

  of(name: string): CallFigures {
    let figures = this.byName.get(name);
    if (!figures) this.byName.set(name, (figures = new CallFigures()));
    return figures;
  }

  counts(due: number): boolean {
    return due >= this.measureFrom && due < this.measureTo;
  }

  /** Sends, and records the answer against `name` when the call was due in the measured window. */
  async time(name: string, due: number, call: () => Promise<number>): Promise<number> {
    const counted = this.counts(due);
    try {
      const status = await call();
      if (counted) {
        if (status >= 200 && status < 300) {
          this.of(name).latencies.push(performance.now() - due);
          this.of(name).dueS.push((due - this.measureFrom) / 1000);
        }
        else this.of(name).errors.add(`HTTP ${status}`);
      }
      return status;
    } catch (error) {
      if (counted) this.of(name).errors.add((error as { code?: string }).code ?? String(error).slice(0, 60));
      throw error;
    }
  }

  entries(): [string, CallFigures][] {
    return [...this.byName];
  }
}

/** A QSO of station `s` logged now: a distinct call per QSO of the station, so none is a duplicate. */
function qsoNow(s: number, k: number): string {
  const calls = callsigns();
  const call = calls[(s * 7919 + k) % calls.length]!;
  const ts = new Date().toISOString().slice(0, 19) + 'Z';
  return JSON.stringify({ data: { Call: call, TS: ts, Freq: 14074, Mode: 'FT8', SNT: '-10', RCV: '-12', Name: 'Bench', Comment: `weekend ${k}` } });
}

interface WatcherThread {
  worker: ChildProcess;
  opened: Promise<Extract<FromWatchers, { type: 'open' }>>;
  result(answered: Float64Array[]): Promise<Extract<FromWatchers, { type: 'result' }>>;
  measure(on: boolean): void;
}

/**
 * A process of watchers, below this one in priority (WATCHER_NICENESS, default 10): on a real
 * weekend they are phones on other machines, so here they take the CPU the server leaves rather
 * than compete with it (WATCHER_NICENESS=0 for the same priority; both are recorded).
 */
function startWatcherThread(data: WatcherThreadData): WatcherThread {
  const worker = fork(fileURLToPath(new URL('./weekend-watchers.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, WEEKEND_WATCHERS: JSON.stringify(data) },
    serialization: 'advanced',
  });
  lowerPriority(worker.pid, scenario.watcherNiceness);
  const next = (type: FromWatchers['type']) =>
    new Promise<FromWatchers>((resolve, reject) => {
      const onMessage = (message: FromWatchers) => {
        if (message.type !== type) return;
        worker.off('message', onMessage);
        resolve(message);
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`a watchers' process exited (code ${code})`)));
    });
  const opened = next('open') as WatcherThread['opened'];
  return {
    worker,
    opened,
    measure: (on) => void worker.send({ type: 'measure', on } satisfies ToWatchers),
    async result(answered) {
      const done = next('result');
      worker.send({ type: 'finish', answered } satisfies ToWatchers);
      return (await done) as Extract<FromWatchers, { type: 'result' }>;
    },
  };
}

interface ProcessGroups {
  /** Every process of the server. */
  server: () => number[];
  /** The ones that take the writes (the one-process server itself; command-api instances). */
  writer: () => number[];
  postgres: () => number[];
}

/** The processes to measure: the server's own tree (node) and PostgreSQL, or those the environment names. */
function processGroups(server: RunningServer | null): ProcessGroups {
  // The processes whose command line matches, and theirs (PostgreSQL's workers do not name the data folder).
  const isNode = (p: ProcInfo) => /(^|\/)node( |$)/.test(p.cmdline) || p.comm === 'node';
  // The processes whose command line matches, and theirs of the same kind (PostgreSQL's workers do
  // not name the data folder; a server's PostgreSQL is not the server).
  const match = (pattern: string, kind: (p: ProcInfo) => boolean) => () => {
    const re = new RegExp(pattern);
    const processes = allProcesses();
    const roots = processes.filter((p) => re.test(p.cmdline) && p.pid !== process.pid);
    return [...new Set(roots.flatMap((root) => [root.pid, ...descendants(root.pid, processes).filter(kind).map((p) => p.pid)]))];
  };
  if (!server) {
    const all = match(process.env.SERVER_MATCH ?? 'dist/services/|gateway/src/main', isNode);
    return { server: all, writer: () => all().slice(0, 1), postgres: match(process.env.PG_MATCH ?? '^postgres', () => true) };
  }
  return {
    server: () => [server.serverPid, ...descendants(server.serverPid).filter(isNode).map((p) => p.pid)],
    writer: () => [server.serverPid],
    postgres: () => postgresProcesses(server.dataDir).map((p) => p.pid),
  };
}

/** The production shape's processes: the services and nginx, and PostgreSQL (by its folder). */
function shapeGroups(production: BenchShape): ProcessGroups {
  return {
    server: () => production.shape.all().flatMap((p) => [p.pid, ...descendants(p.pid).map((d) => d.pid)]),
    writer: () => production.shape.commandApis.map((p) => p.pid),
    postgres: () => postgresProcesses(production.dataDir).map((p) => p.pid),
  };
}

function rssKb(pids: number[]): number {
  return pids.reduce((sum, pid) => sum + (memoryOf(pid)?.rssKb ?? 0), 0);
}

export async function runWeekend(): Promise<Figure[]> {
  const p = scenario;
  const production = process.env.SHAPE === 'production' ? await startBenchShape({ commandApis: num('COMMAND_APIS', 1), queryApis: num('QUERY_APIS', 2), streams: num('STREAMS', 1) }) : null;
  const own = process.env.HAMLOG_URL || production ? null : await startServer({ mode: 'gateway' });
  const url = production?.url ?? own?.url ?? process.env.HAMLOG_URL!.replace(/\/$/, '');
  const groups = production ? shapeGroups(production) : processGroups(own);
  const http = new HttpClient(url, 512);
  // Where the figures are counted: the one server, or (production shape) each query-api instance for
  // the sockets and the projectors for the lag, added up.
  const socketServers = (production ? production.shape.queryApis.map((p) => p.url) : [url]).map((u) => new HttpClient(u, 2));
  const lagServer = new HttpClient(production ? production.shape.workers.find((w) => w.name === 'projectors')!.url : url, 2);
  const socketSamples = async () => (await Promise.all(socketServers.map((c) => scrape(c).catch(() => [])))).flat();
  const total = (samples: Sample[], name: string, labels: Record<string, string> = {}) => {
    const found = samples.filter((x) => x.name === name && Object.entries(labels).every(([k, v]) => x.labels[k] === v));
    return found.length === 0 ? Number.NaN : found.reduce((sum, x) => sum + x.value, 0);
  };
  const threads: WatcherThread[] = [];
  try {
    console.log(`weekend: ${p.stations} stations (QSO every ${p.qsoIntervalS} s, rig every ${p.rigIntervalS} s, ${Math.round(p.moving * 100)}% moving), ` +
      `${p.watchers} watchers (${p.timed} timed, ${p.watcherThreads} processes niced +${p.watcherNiceness}, deflate ${p.deflate ? 'offered' : 'off'}), ${p.visitors} visitors every ${p.visitIntervalS} s; ` +
      `${p.warmupS} s warm-up + ${p.durationS} s measured against ${url}${own ? ` (started in ${Math.round(own.readyMs)} ms)` : ''}; ${machineText()}`);
    const stations = await registerStations(url, p.stations);
    const movingCount = Math.round(p.stations * p.moving);
    const isMoving = (s: number) => s < movingCount;

    // Every station on the air once before the watchers come, as at a weekend already under way.
    await Promise.all(stations.map((st, s) => http.post('/api/radio', { key: st.apiKey, radio: 'bench-rig', frequency: String(BASE_HZ + (isMoving(s) ? 0 : 50_000 + s * 10)), mode: 'USB', op_mode: '1' })));

    const perThread = Math.ceil(p.watchers / p.watcherThreads);
    const timedPerThread = Math.ceil(p.timed / p.watcherThreads);
    const connectStart = performance.now();
    for (let t = 0; t < p.watcherThreads; t += 1) {
      const count = Math.max(0, Math.min(perThread, p.watchers - t * perThread));
      if (count === 0) continue;
      threads.push(startWatcherThread({ url, count, timed: Math.min(count, timedPerThread), deflate: p.deflate, stationIds: stations.map((s) => s.id), baseHz: BASE_HZ, stepHz: STEP_HZ, concurrency: 100 }));
    }
    const opened = await Promise.all(threads.map((t) => t.opened));
    const open = opened.reduce((n, o) => n + o.open, 0);
    const refusedSockets = opened.reduce((n, o) => n + o.failed, 0);
    const deflated = opened.reduce((n, o) => n + o.deflated, 0);
    console.log(`  ${open} watchers open in ${Math.round(performance.now() - connectStart)} ms (${refusedSockets} refused, ${deflated} with permessage-deflate)`);

    const calls = new Calls();
    const answered: number[][] = stations.map(() => []);
    const accepted = new Int32Array(p.stations);
    const rigReports = new Int32Array(p.stations).fill(1);
    const qsos = new Int32Array(p.stations);
    const warmupMs = p.warmupS * 1000;
    const durationMs = p.durationS * 1000;
    const loadStart = performance.now();
    calls.measureFrom = loadStart + warmupMs;
    calls.measureTo = calls.measureFrom + durationMs;

    const serverCpu = { meter: null as CpuMeter | null };
    // The process that takes the writes apart from the rest (the one-process default's live gateway; the other services).
    const mainCpu = { meter: null as CpuMeter | null };
    const watchersCpu = { meter: null as CpuMeter | null };
    const pgCpu = { meter: null as CpuMeter | null };
    let peakServerRss = 0;
    let peakPgRss = 0;
    const sampler = setInterval(() => {
      peakServerRss = Math.max(peakServerRss, rssKb(groups.server()));
      peakPgRss = Math.max(peakPgRss, rssKb(groups.postgres()));
    }, 1000);
    // What the server wrote to its sockets in the window (its own counters), beside what the watchers read.
    const written = { at: Promise.resolve({ frames: Number.NaN, bytes: Number.NaN }) };
    const socketCounters = () =>
      socketSamples().then((samples) => ({ frames: total(samples, 'live_socket_frames_total'), bytes: total(samples, 'live_socket_bytes_total') }));
    // The production shape's cost by kind of process: what docs/capacity.md is worked out from.
    const kinds: Record<string, () => number[]> = production
      ? {
          'command-api': () => production.shape.commandApis.map((p) => p.pid),
          'query-api': () => production.shape.queryApis.map((p) => p.pid),
          projectors: () => production.shape.workers.filter((p) => p.name === 'projectors').map((p) => p.pid),
          stream: () => production.shape.workers.filter((p) => p.name === 'stream').map((p) => p.pid),
          nginx: () => [production.shape.frontDoor.pid, ...descendants(production.shape.frontDoor.pid).map((p) => p.pid)],
          kafka: () => allProcesses().filter((p) => p.cmdline.includes('kafka.Kafka')).map((p) => p.pid),
          clickhouse: () => allProcesses().filter((p) => p.comm.startsWith('clickhouse')).map((p) => p.pid),
          redis: () => allProcesses().filter((p) => p.comm.startsWith('redis-server')).map((p) => p.pid),
        }
      : {};
    const kindCpu = new Map<string, CpuMeter>();
    const startMeasuring = () => {
      written.at = socketCounters();
      serverCpu.meter = new CpuMeter(groups.server);
      mainCpu.meter = new CpuMeter(groups.writer);
      watchersCpu.meter = new CpuMeter(() => threads.flatMap((t) => (t.worker.pid === undefined ? [] : [t.worker.pid])));
      pgCpu.meter = new CpuMeter(groups.postgres);
      for (const [kind, pids] of Object.entries(kinds)) kindCpu.set(kind, new CpuMeter(pids));
      for (const t of threads) t.measure(true);
    };
    const measureTimer = setTimeout(startMeasuring, warmupMs);

    const loops: Promise<OpenLoopResult>[] = [
      openLoop({
        rate: p.stations / p.qsoIntervalS,
        warmupMs,
        durationMs,
        send: (i, due) => {
          const s = i % p.stations;
          const k = qsos[s]!;
          qsos[s] = k + 1;
          return calls.time('POST /api/vqso/upsert', due, async () => {
            const res = await http.request('POST', '/api/vqso/upsert', qsoNow(s, k), { authorization: `Bearer ${stations[s]!.token}` });
            if (res.status === 201) accepted[s] = accepted[s]! + 1;
            return res.status;
          });
        },
      }),
      openLoop({
        rate: p.stations / p.rigIntervalS,
        warmupMs,
        durationMs,
        send: (i, due) => {
          const s = i % p.stations;
          const moving = isMoving(s);
          const r = moving ? rigReports[s]! : 0;
          if (moving) rigReports[s] = r + 1;
          const counted = calls.counts(due);
          const frequency = String(moving ? BASE_HZ + r * STEP_HZ : BASE_HZ + 50_000 + s * 10);
          return calls.time('POST /api/radio', due, async () => {
            const res = await http.post('/api/radio', { key: stations[s]!.apiKey, radio: 'bench-rig', frequency, mode: 'USB', op_mode: '1' });
            if (moving && res.status >= 200 && res.status < 300) answered[s]![r] = counted ? performance.timeOrigin + performance.now() : Number.NaN;
            return res.status;
          });
        },
      }),
    ];
    if (p.visitors > 0) {
      loops.push(
        openLoop({
          rate: p.visitors / p.visitIntervalS,
          warmupMs,
          durationMs,
          send: async (_i, due) => {
            const statuses = await Promise.all(VISITOR_READS.map((path) => calls.time(`GET ${path}`, due, async () => (await http.get(path)).status)));
            return statuses.find((s) => s < 200 || s > 299) ?? 200;
          },
        }),
      );
    }
    const results = await Promise.all(loops);
    for (const t of threads) t.measure(false);
    const [writtenBefore, writtenAfter] = await Promise.all([written.at, socketCounters()]);
    clearTimeout(measureTimer);
    const cpu = {
      server: serverCpu.meter?.read().others ?? Number.NaN,
      main: mainCpu.meter?.read().others ?? Number.NaN,
      postgres: pgCpu.meter?.read().others ?? Number.NaN,
      generator: serverCpu.meter?.read().generator ?? Number.NaN,
      watchers: watchersCpu.meter?.read().others ?? Number.NaN,
    };
    const loadMs = performance.now() - loadStart;
    const byKind = [...kindCpu].map(([kind, meter]) => `${kind} ${meter.read().others.toFixed(2)}`).join(', ');

    const lagAtEnd = await scrape(lagServer).then((samples) => Math.max(0, ...samples.filter((s) => s.name === 'projection_lag_events').map((s) => s.value))).catch(() => Number.NaN);
    await new Promise((r) => setTimeout(r, p.drainS * 1000));
    clearInterval(sampler);
    const caughtUpMs = await waitProjectionsIdle(lagServer, 60_000).catch(() => Number.NaN);
    const liveMetrics = await socketSamples();
    const socketsAtMetrics = total(liveMetrics, 'live_socket_clients');
    const skippedTicks = total(liveMetrics, 'live_socket_skipped_ticks_total');
    const droppedSlow = total(liveMetrics, 'live_socket_dropped_clients_total', { reason: 'slow' });

    const answeredArrays = answered.map((list) => Float64Array.from({ length: list.length }, (_, r) => list[r] ?? Number.NaN));
    const watcherResults = await Promise.all(threads.map((t) => t.result(answeredArrays)));
    const delays = summarize(Float64Array.from(watcherResults.flatMap((w) => [...w.delays])));
    const expected = watcherResults.reduce((n, w) => n + w.expected, 0);
    const missed = watcherResults.reduce((n, w) => n + w.missed, 0);
    const bytes = watcherResults.reduce((n, w) => n + w.bytes, 0);
    const messages = watcherResults.reduce((n, w) => n + w.messages, 0);
    const closedDuringRun = watcherResults.reduce((n, w) => n + w.closed, 0);
    const openAtEnd = watcherResults.reduce((n, w) => n + w.open, 0);
    const unreadable = watcherResults.reduce((n, w) => n + w.unreadable, 0);

    // Every accepted QSO in its logbook (read as the station itself, so its own writes are waited for).
    let inLogbooks = 0;
    for (const [s, st] of stations.entries()) {
      const res = await http.post('/api/vlogbookcount', {}, st.token);
      const count = Number((JSON.parse(res.body) as { count?: number }).count ?? Number.NaN);
      if (count === accepted[s]) inLogbooks += 1;
      else console.log(`  ${st.callsign}: ${count} QSOs in the logbook, ${accepted[s]} accepted`);
    }
    const acceptedTotal = accepted.reduce((a, b) => a + b, 0);

    const figures: Figure[] = [];
    const refused = results.reduce((n, r) => n + r.errors.total, 0);
    console.log(`  load ran ${(loadMs / 1000).toFixed(1)} s; ${acceptedTotal} QSOs accepted; errors: ${results.map((r) => r.errors.toString()).join(' / ')}`);
    for (const [name, f] of calls.entries()) {
      const s = summarize(f.latencies);
      const target = name === 'POST /api/vqso/upsert' || name === 'POST /api/radio' ? targets.logging : targets.reads;
      console.log(`  ${name}: ${s.count} answered, p50 ${fmtMs(s.p50)}, p99 ${fmtMs(s.p99)}, max ${fmtMs(s.max)}; errors ${f.errors.toString()}`);
      console.log(`    max by second of the window (ms): ${quantilePerSlot(f.latencies, f.dueS, 1, 1).map((ms) => Math.round(ms)).join(' ')}`);
      figures.push({ benchmark: 'weekend', name: `${name} p99`, value: s.p99, unit: 'ms', shown: `${fmtMs(s.p99)} (p50 ${fmtMs(s.p50)}, max ${fmtMs(s.max)})`, target: { op: '<', value: target } });
    }
    const perWatcherS = Math.max(1, open) * p.durationS;
    figures.push(
      { benchmark: 'weekend', name: 'calls refused or failed (non-2xx, transport)', value: refused, unit: '', shown: String(refused), target: { op: '<', value: 1 } },
      { benchmark: 'weekend', name: 'rig update to watcher p99 (from the report\'s answer)', value: delays.p99, unit: 'ms', shown: `${fmtMs(delays.p99)} (p50 ${fmtMs(delays.p50)}, max ${fmtMs(delays.max)}; ${delays.count} deliveries)`, target: { op: '<', value: targets.delivery } },
      { benchmark: 'weekend', name: 'rig updates missed (timed watchers, after the drain)', value: missed, unit: '', shown: `${missed} of ${expected}`, target: { op: '<', value: 1 } },
      { benchmark: 'weekend', name: 'bytes per watcher per second (read by the watchers)', value: bytes / perWatcherS / 1024, unit: 'KB/s', shown: `${(bytes / perWatcherS / 1024).toFixed(2)} KB/s`, target: { op: '<', value: 10 } },
      { benchmark: 'weekend', name: 'frames and bytes per watcher per second (written by the server)', value: (writtenAfter.bytes - writtenBefore.bytes) / perWatcherS / 1024, unit: 'KB/s', shown: `${((writtenAfter.frames - writtenBefore.frames) / perWatcherS).toFixed(2)} frames, ${((writtenAfter.bytes - writtenBefore.bytes) / perWatcherS / 1024).toFixed(2)} KB/s` },
      { benchmark: 'weekend', name: 'messages per watcher per second', value: messages / perWatcherS, unit: '/s', shown: (messages / perWatcherS).toFixed(2) },
      { benchmark: 'weekend', name: 'watchers refused, or closed during the run', value: refusedSockets + closedDuringRun, unit: '', shown: `${refusedSockets} refused, ${closedDuringRun} closed, ${openAtEnd} open at the end${Number.isNaN(socketsAtMetrics) ? '' : ` (server counts ${socketsAtMetrics})`}; ${unreadable} unreadable messages`, target: { op: '<', value: 1 } },
      { benchmark: 'weekend', name: 'ticks a socket skipped (behind), sockets closed as too slow (server)', value: skippedTicks, unit: '', shown: `${skippedTicks} skipped, ${Number.isNaN(droppedSlow) ? 0 : droppedSlow} closed` },
      { benchmark: 'weekend', name: 'server RSS peak (sampled each second, all its processes)', value: peakServerRss / 1024, unit: 'MB', shown: fmtMb(peakServerRss), target: { op: '<', value: 1536 } },
      { benchmark: 'weekend', name: 'PostgreSQL RSS peak (sum of its processes)', value: peakPgRss / 1024, unit: 'MB', shown: fmtMb(peakPgRss) },
      { benchmark: 'weekend', name: 'CPU in the window: server (the process taking the writes) / PostgreSQL / generator / watchers', value: cpu.server, unit: 'cores', shown: `${cpu.server.toFixed(2)} (${cpu.main.toFixed(2)}) / ${cpu.postgres.toFixed(2)} / ${cpu.generator.toFixed(2)} / ${cpu.watchers.toFixed(2)} cores` },
      ...(byKind ? [{ benchmark: 'weekend', name: 'CPU by kind of process (production shape)', value: cpu.server, unit: 'cores', shown: byKind }] : []),
      { benchmark: 'weekend', name: 'projection lag at the end of the load; caught up after', value: lagAtEnd, unit: 'events', shown: `${lagAtEnd} events; ${Number.isFinite(caughtUpMs) ? `${Math.round(caughtUpMs)} ms after the drain` : 'n/a'}` },
      { benchmark: 'weekend', name: 'stations whose logbook holds every accepted QSO', value: inLogbooks, unit: '', shown: `${inLogbooks} of ${p.stations} (${acceptedTotal} QSOs)`, target: { op: '>=', value: p.stations } },
    );
    return figures;
  } finally {
    for (const t of threads) t.worker.kill();
    http.close();
    for (const c of [...socketServers, lagServer]) c.close();
    await own?.stop();
    await production?.stop();
  }
}

if (isMain(import.meta.url)) {
  const figures = await runWeekend();
  printFigures('weekend', figures);
}
