/**
 * Cold start and memory: `npm start` with a brand-new DATA_DIR (PostgreSQL initialised), then two
 * restarts on the same folder, each timed from spawn until GET /readyz answers 200. On the last
 * start: the server process's RSS at idle, its peak during the throughput run (sampled every
 * 200 ms) and right after; the embedded PostgreSQL processes' total separately.
 *
 *   npx tsx bench/src/startup.ts
 */
import { rmSync } from 'node:fs';
import { benchConfig } from './config';
import { descendants, groupMemory, memoryOf, postgresProcesses, type GroupMemory } from './procfs';
import { isMain, machineText, printFigures, type Figure } from './report';
import { freshDataDir, startServer, type RunningServer } from './server';
import { fmtMb, fmtRate } from './stats';
import { upsertClosedLoop } from './throughput';

export const COLD_START_TARGET_MS = 5000;
export const SERVER_RSS_TARGET_MB = 400;
const RUNS = 3;

interface Snapshot {
  serverRssKb: number;
  serverHwmKb: number;
  pg: GroupMemory;
  /** Other processes under npm (npm, sh, start.mjs, tsx's esbuild service), RSS kB. */
  othersRssKb: number;
  /** The live gateway's process, forked by the server (its websockets and ticks), RSS kB. */
  liveRssKb: number;
}

function snapshot(server: RunningServer): Snapshot {
  const mem = memoryOf(server.serverPid);
  const pgPids = postgresProcesses(server.dataDir).map((p) => p.pid);
  const pg = groupMemory(pgPids);
  const livePids = descendants(server.serverPid).filter((p) => p.cmdline.includes('live-process')).map((p) => p.pid);
  const exclude = new Set([server.serverPid, ...pgPids, ...livePids]);
  const others = [server.pid, ...descendants(server.pid).map((p) => p.pid)].filter((p) => !exclude.has(p));
  return { serverRssKb: mem?.rssKb ?? Number.NaN, serverHwmKb: mem?.hwmKb ?? Number.NaN, pg, othersRssKb: groupMemory(others).rssKb, liveRssKb: groupMemory(livePids).rssKb };
}

function describe(label: string, s: Snapshot): string {
  return `  ${label}: server RSS ${fmtMb(s.serverRssKb)} (VmHWM ${fmtMb(s.serverHwmKb)}); PostgreSQL ${s.pg.processes} processes RSS sum ${fmtMb(s.pg.rssKb)}, PSS sum ${fmtMb(s.pg.pssKb)}; npm/sh/start.mjs/esbuild RSS ${fmtMb(s.othersRssKb)}; live gateway process RSS ${fmtMb(s.liveRssKb)}`;
}

export async function runStartup(): Promise<Figure[]> {
  const dataDir = freshDataDir();
  const figures: Figure[] = [];
  let server: RunningServer | null = null;
  console.log(`startup (${machineText()})`);
  try {
    for (let run = 1; run <= RUNS; run += 1) {
      server = await startServer({ mode: 'npm-start', dataDir, pollMs: 10 });
      const built = server.output().includes('Building the web client');
      const kind = run === 1 ? 'first start, new DATA_DIR (initdb)' : `restart ${run - 1} on the same DATA_DIR`;
      console.log(`startup run ${run} (${kind}): ready in ${Math.round(server.readyMs)} ms${built ? ' (included the one-time web client build)' : ''}`);
      figures.push({
        benchmark: 'startup',
        name: `npm start -> /readyz 200, ${kind}`,
        value: server.readyMs,
        unit: 'ms',
        shown: `${Math.round(server.readyMs)} ms`,
        target: { op: '<', value: COLD_START_TARGET_MS },
        ...(built ? { note: 'included the one-time web build' } : {}),
      });
      if (run < RUNS) {
        await server.stop();
        server = null;
      }
    }
    if (!server) throw new Error('no server');
    const live: RunningServer = server;

    await new Promise((r) => setTimeout(r, 2000));
    const idle = snapshot(live);
    console.log(describe('idle 2 s after ready', idle));

    let peakServer = idle.serverRssKb;
    let peakPgRss = idle.pg.rssKb;
    let peakPgPss = idle.pg.pssKb;
    const sampler = setInterval(() => {
      const s = snapshot(live);
      if (s.serverRssKb > peakServer) peakServer = s.serverRssKb;
      if (s.pg.rssKb > peakPgRss) peakPgRss = s.pg.rssKb;
      if (s.pg.pssKb > peakPgPss) peakPgPss = s.pg.pssKb;
    }, 200);
    let rate = Number.NaN;
    try {
      const { loop } = await upsertClosedLoop(live);
      rate = loop.rate;
    } finally {
      clearInterval(sampler);
    }
    const after = snapshot(live);
    console.log(`  throughput run (${benchConfig.concurrency} clients, ${benchConfig.durationMs / 1000} s): ${fmtRate(rate, ' QSOs/s')}`);
    console.log(`  peak during the run (200 ms samples): server RSS ${fmtMb(peakServer)}; PostgreSQL RSS sum ${fmtMb(peakPgRss)}, PSS sum ${fmtMb(peakPgPss)}`);
    console.log(describe('right after the run', after));

    const mb = (kb: number) => kb / 1024;
    const rssTarget = { op: '<' as const, value: SERVER_RSS_TARGET_MB };
    figures.push(
      { benchmark: 'startup', name: 'server RSS, idle after start', value: mb(idle.serverRssKb), unit: 'MB', shown: fmtMb(idle.serverRssKb), target: rssTarget },
      { benchmark: 'startup', name: 'server RSS, peak during throughput run (200 ms samples)', value: mb(peakServer), unit: 'MB', shown: `${fmtMb(peakServer)} (VmHWM ${fmtMb(after.serverHwmKb)})`, target: rssTarget },
      { benchmark: 'startup', name: 'server RSS, right after throughput run', value: mb(after.serverRssKb), unit: 'MB', shown: fmtMb(after.serverRssKb), target: rssTarget },
      { benchmark: 'startup', name: 'npm + sh + start.mjs + esbuild (tsx) RSS, idle', value: mb(idle.othersRssKb), unit: 'MB', shown: fmtMb(idle.othersRssKb) },
      { benchmark: 'startup', name: 'live gateway process RSS, idle / right after throughput run', value: mb(idle.liveRssKb), unit: 'MB', shown: `${fmtMb(idle.liveRssKb)} / ${fmtMb(after.liveRssKb)}` },
      { benchmark: 'startup', name: 'PostgreSQL total, idle (RSS sum / PSS sum)', value: mb(idle.pg.rssKb), unit: 'MB', shown: `${fmtMb(idle.pg.rssKb)} / ${fmtMb(idle.pg.pssKb)} (${idle.pg.processes} processes)` },
      { benchmark: 'startup', name: 'PostgreSQL total, peak during run (RSS sum / PSS sum)', value: mb(peakPgRss), unit: 'MB', shown: `${fmtMb(peakPgRss)} / ${fmtMb(peakPgPss)}` },
      { benchmark: 'startup', name: 'PostgreSQL total, right after run (RSS sum / PSS sum)', value: mb(after.pg.rssKb), unit: 'MB', shown: `${fmtMb(after.pg.rssKb)} / ${fmtMb(after.pg.pssKb)} (${after.pg.processes} processes)` },
    );
    return figures;
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) {
  const figures = await runStartup();
  printFigures('startup and memory', figures);
}
