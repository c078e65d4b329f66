import { freePort } from '@hamlog/infra/postgres/embedded';
/**
 * Starts the HamLog server for a benchmark: a free port, a fresh temporary DATA_DIR (or a given
 * one), then waits until GET /readyz answers 200.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { descendants, findServerProcess, isAlive, postgresProcesses } from './procfs';
import { metricsToken } from './prom';

/** The monorepo root (bench/src/../..). */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface LaunchOptions {
  /** 'gateway' runs `node --import tsx gateway/src/main.ts`; 'npm-start' runs `npm start` (scripts/start.mjs). */
  mode?: 'gateway' | 'npm-start';
  /** Reuse this data folder (kept on stop); default a fresh temporary one, removed on stop. */
  dataDir?: string;
  port?: number;
  readyTimeoutMs?: number;
  logLevel?: string;
  /** How often /readyz is polled, ms. */
  pollMs?: number;
  /**
   * Keep the engines named in the environment (KAFKA_BROKERS, CLICKHOUSE_URL, REDIS_URL,
   * EVENTSTORE_URL, DATABASE_URL). By default they are left out, so the server is the embedded
   * default `npm start` runs, whatever the shell that runs the benchmark has exported.
   */
  engines?: boolean;
  /** The tree whose server runs (a worktree of another commit, to compare); default BENCH_TREE, else this one. */
  root?: string;
}

const ENGINE_VARIABLES = ['KAFKA_BROKERS', 'CLICKHOUSE_URL', 'REDIS_URL', 'EVENTSTORE_URL', 'DATABASE_URL'];

export interface RunningServer {
  url: string;
  port: number;
  /** The process we spawned (npm for 'npm-start'). */
  pid: number;
  /** The node process running the gateway (same as pid in 'gateway' mode). */
  serverPid: number;
  dataDir: string;
  /** From spawn until /readyz first answered 200, ms. */
  readyMs: number;
  /** The last lines the server printed. */
  output(): string;
  stop(): Promise<void>;
}

export { freePort };

/** Extra node flags for the server process, e.g. BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof'. */
function nodeArgs(): string[] {
  return (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
}

export function freshDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'hamlog-bench-'));
}

const running = new Set<RunningServer>();
let handlersInstalled = false;

/** Ctrl-C or a crash stops the servers we started, so no PostgreSQL is left running. */
function installHandlers(): void {
  if (handlersInstalled) return;
  handlersInstalled = true;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      void stopAll().finally(() => process.exit(130));
    });
  }
}

export async function stopAll(): Promise<void> {
  await Promise.allSettled([...running].map((s) => s.stop()));
}

async function readyz(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

function waitExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((done) => {
    const timer = setTimeout(() => done(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      done(true);
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startServer(options: LaunchOptions = {}): Promise<RunningServer> {
  installHandlers();
  const mode = options.mode ?? 'gateway';
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? freshDataDir();
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  // The benchmarks register their users from one address.
  const shell = Object.fromEntries(Object.entries(process.env).filter(([name]) => options.engines || !ENGINE_VARIABLES.includes(name)));
  const env = { ...shell, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: options.logLevel ?? 'warn', REGISTRATION_QUOTA: 'off', METRICS_TOKEN: metricsToken() };
  const root = options.root ?? process.env.BENCH_TREE ?? REPO_ROOT;
  const started = performance.now();
  const child =
    mode === 'npm-start'
      ? spawn('npm', ['start'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] })
      : spawn(process.execPath, [...nodeArgs(), '--import', 'tsx', 'gateway/src/main.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const output = () => lines.join('\n');
  const pid = child.pid ?? -1;

  let stopped: Promise<void> | null = null;
  const stop = (): Promise<void> => {
    stopped ??= (async () => {
      // Signal the gateway itself (npm and start.mjs pass it on too, but not every shell does).
      const target = findServerProcess(pid)?.pid ?? pid;
      const tree = [pid, ...descendants(pid).map((p) => p.pid)];
      try {
        process.kill(target, 'SIGTERM');
      } catch {
        /* already gone */
      }
      if (!(await waitExit(child, 20_000))) {
        for (const p of tree.reverse()) if (isAlive(p)) process.kill(p, 'SIGKILL');
        await waitExit(child, 5_000);
      }
      // The server stops its PostgreSQL on the way out; give it a moment, then make sure.
      for (let i = 0; i < 50 && postgresProcesses(dataDir).length > 0; i += 1) await sleep(100);
      for (const p of postgresProcesses(dataDir)) if (isAlive(p.pid)) process.kill(p.pid, 'SIGKILL');
      running.delete(server);
      if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
    })();
    return stopped;
  };

  const server: RunningServer = { url, port, pid, serverPid: pid, dataDir, readyMs: Number.NaN, output, stop };
  running.add(server);

  const deadline = started + (options.readyTimeoutMs ?? 120_000);
  const pollMs = options.pollMs ?? 20;
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  while (!(await readyz(url))) {
    if (exited || performance.now() > deadline) {
      await stop();
      throw new Error(`server ${exited ? `exited (code ${child.exitCode})` : 'not ready in time'} before /readyz answered 200:\n${output().split('\n').slice(-30).join('\n')}`);
    }
    await sleep(pollMs);
  }
  server.readyMs = performance.now() - started;
  server.serverPid = findServerProcess(pid)?.pid ?? pid;
  return server;
}

/** The server at HAMLOG_URL (a running one, e.g. seeded with 1M QSOs), or one started here; stop() stops only one started here. */
export async function serverUnderTest(): Promise<{ url: string; stop(): Promise<void> }> {
  if (process.env.HAMLOG_URL) return { url: process.env.HAMLOG_URL.replace(/\/$/, ''), stop: async () => {} };
  const own = await startServer();
  return { url: own.url, stop: () => own.stop() };
}
