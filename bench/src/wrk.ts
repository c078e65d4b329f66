/**
 * Closed-loop readers driven by wrk (Debian's `wrk`, a C load generator) instead of the Node one:
 * on this 2-core machine the generator shares the cores with the server, and wrk needs a fraction
 * of the Node generator's CPU for the same load, so the figure says more about the server.
 * Optional: without `wrk` on the PATH the callers print that and keep their Node figures.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readerFigures } from './readers';
import type { Figure } from './report';
import { fmtMs, fmtRate } from './stats';

export interface WrkAnswer {
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  perSecond: number;
  requests: number;
  /** Answers with a status outside 2xx and 3xx, plus socket errors. */
  errors: number;
}

export function wrkAvailable(): boolean {
  return spawnSync('wrk', ['--version'], { encoding: 'utf8' }).error === undefined;
}

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1_000, m: 60_000 };

function durationMs(text: string): number {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!m) throw new Error(`wrk: unreadable duration '${text}'`);
  return Number(m[1]) * UNIT_MS[m[2]!]!;
}

/** Reads `wrk --latency`'s report. */
export function parseWrkReport(out: string): WrkAnswer {
  const line = (re: RegExp, what: string) => {
    const m = re.exec(out);
    if (!m) throw new Error(`wrk: no ${what} in its report:\n${out}`);
    return m;
  };
  const latency = line(/^\s*Latency\s+\S+\s+\S+\s+(\S+)/m, 'latency line');
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  return {
    p50Ms: durationMs(line(/^\s*50%\s+(\S+)/m, '50th percentile')[1]!),
    p99Ms: durationMs(line(/^\s*99%\s+(\S+)/m, '99th percentile')[1]!),
    maxMs: durationMs(latency[1]!),
    perSecond: Number(line(/^Requests\/sec:\s+([\d.]+)/m, 'rate')[1]),
    requests: Number(line(/^\s*(\d+) requests in/m, 'request count')[1]),
    errors: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0) + (socketErrors ? socketErrors.slice(1).reduce((n, x) => n + Number(x), 0) : 0),
  };
}

export interface WrkRun {
  url: string;
  path: string;
  benchmark: string;
  label: string;
  concurrency: number;
  seconds: number;
  p99TargetMs?: number;
  /** A JSON body to POST instead of a GET. */
  postJson?: unknown;
}

function wrk(run: WrkRun, seconds: number, script: string | null): WrkAnswer {
  const args = ['-t1', `-c${run.concurrency}`, `-d${seconds}s`, '--latency', ...(script ? ['-s', script] : []), `${run.url}${run.path}`];
  const done = spawnSync('wrk', args, { encoding: 'utf8', timeout: (seconds + 30) * 1_000 });
  if (done.status !== 0) throw new Error(`wrk ${args.join(' ')} failed: ${done.stderr || done.stdout}`);
  return parseWrkReport(done.stdout);
}

/** A 1 s warm-up, then `seconds` measured: the same figures as closedLoopReaders, named '(wrk)'. */
export function wrkReaders(run: WrkRun): Figure[] {
  const dir = mkdtempSync(join(tmpdir(), 'wrk-'));
  try {
    let script: string | null = null;
    if (run.postJson !== undefined) {
      script = join(dir, 'post.lua');
      writeFileSync(script, `wrk.method = "POST"\nwrk.body = ${JSON.stringify(JSON.stringify(run.postJson))}\nwrk.headers["Content-Type"] = "application/json"\n`);
    }
    wrk(run, 1, script);
    const a = wrk(run, run.seconds, script);
    const label = `${run.label} (wrk)`;
    console.log(`  ${label}: p50 ${fmtMs(a.p50Ms)}, p99 ${fmtMs(a.p99Ms)}, max ${fmtMs(a.maxMs)}, ${fmtRate(a.perSecond)} over ${run.seconds} s, errors ${a.errors}`);
    return readerFigures({ ...run, label }, { p50: a.p50Ms, p99: a.p99Ms, perSecond: a.perSecond }, a.errors > 0 ? `${a.errors} errors of ${a.requests}` : null);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
