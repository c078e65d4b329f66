/**
 * The production shape on one machine, as tests and benchmarks start it: each service its own
 * process running the built JavaScript (dist/services, `npm run build:services`), and nginx in
 * front (nginx-config.ts). Engines (PostgreSQL, Kafka, Redis, ClickHouse) are the caller's.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@hamlog/infra/postgres/embedded';
import { nginxMainConfig, type FrontDoor } from '../nginx/nginx-config';

/** The services the production shape runs, by their bundle's name. */
export type ServiceName = 'command-api' | 'query-api' | 'projectors' | 'stream';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const BUILT = join(ROOT, 'dist', 'services');
const READY_MS = 60_000;

let built: Promise<void> | null = null;

/** Builds the services once per process (a second or two): what runs is always the source as it is now. */
export function buildServices(): Promise<void> {
  built ??= new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'scripts', 'build-services.mjs')], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr?.on('data', (d: Buffer) => (errors += d.toString()));
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`build:services failed:\n${errors}`))));
  });
  return built;
}

export interface RunningProcess {
  name: string;
  url: string;
  pid: number;
  /** What it printed, the last 200 lines. */
  log(): string;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once it has exited. */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<void>;
  /** Resolves when it exits, by itself or stopped. */
  exited: Promise<void>;
}

function track(name: string, url: string, child: ChildProcess): RunningProcess {
  const lines: string[] = [];
  const keep = (d: Buffer) => {
    lines.push(...d.toString().split('\n').filter(Boolean));
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
  });
  return {
    name,
    url,
    pid: child.pid ?? -1,
    log: () => lines.join('\n'),
    exited,
    async stop(signal = 'SIGTERM', graceMs = 10_000) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill(signal);
        const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
        await exited;
        clearTimeout(timer);
      }
    },
  };
}

async function waitReady(process: RunningProcess, ready: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + READY_MS;
  let gone = false;
  void process.exited.then(() => (gone = true));
  for (;;) {
    if (gone) throw new Error(`${process.name} exited before it was ready:\n${process.log()}`);
    if (await ready().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${process.name} not ready in ${READY_MS} ms:\n${process.log()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Starts one service from its build on `port` (a free one unless given), with `env`; resolves once its /readyz answers 200. */
export async function startService(name: ServiceName, env: NodeJS.ProcessEnv, port?: number): Promise<RunningProcess> {
  await buildServices();
  port ??= await freePort();
  const child = spawn(process.execPath, [join(BUILT, `${name}.js`)], { cwd: ROOT, env: { ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  const running = track(name, `http://127.0.0.1:${port}`, child);
  try {
    await waitReady(running, async () => (await fetch(`${running.url}/readyz`)).ok);
  } catch (error) {
    await running.stop('SIGKILL');
    throw error;
  }
  return running;
}

/** Debian's nginx, or null where it is not installed. */
export function nginxBinary(): string | null {
  for (const path of ['/usr/sbin/nginx', '/usr/bin/nginx']) if (existsSync(path)) return path;
  try {
    return execFileSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

/** The most open files a process may have here (ulimit -Hn). */
function hardOpenFilesLimit(): number {
  try {
    const limit = Number(execFileSync('sh', ['-c', 'ulimit -Hn'], { encoding: 'utf8' }).trim());
    return Number.isFinite(limit) && limit > 0 ? Math.min(limit, 1_048_576) : 65_536;
  } catch {
    return 65_536;
  }
}

/** Whether something accepts TCP connections on the port (loopback). */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** nginx in front of the given instances, on a free port (or `listen`), its files in a temporary folder. */
export async function startFrontDoor(door: Omit<FrontDoor, 'listen'> & { listen?: number }): Promise<RunningProcess> {
  const binary = nginxBinary();
  if (!binary) throw new Error('nginx is not installed (Debian: apt-get install nginx)');
  const port = door.listen ?? (await freePort());
  const prefix = mkdtempSync(join(tmpdir(), 'hamlog-nginx-'));
  for (const dir of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(prefix, dir));
  const asRoot = process.getuid?.() === 0;
  const config = join(prefix, 'nginx.conf');
  // Four workers (the kernel spreads connections over them), each with as many open files as a
  // process may have here: a websocket holds two, and a reconnect storm holds old and new at once.
  writeFileSync(config, nginxMainConfig({ ...door, listen: `127.0.0.1:${port}` }, { prefix, user: asRoot ? 'root' : undefined, workerProcesses: 4, maxOpenFiles: hardOpenFilesLimit() }));
  const child = spawn(binary, ['-c', config, '-p', prefix, '-e', join(prefix, 'error.log'), '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const running = track('nginx', `http://127.0.0.1:${port}`, child);
  void running.exited.then(() => rmSync(prefix, { recursive: true, force: true }));
  try {
    await waitReady(running, () => accepts(port));
  } catch (error) {
    await running.stop('SIGKILL');
    throw error;
  }
  // nginx stops gracefully on SIGQUIT (requests in flight finish); SIGTERM is its fast stop.
  return { ...running, stop: (signal = 'SIGQUIT', graceMs) => running.stop(signal, graceMs) };
}

export interface ProductionShape {
  /** The front door's address. */
  url: string;
  commandApis: RunningProcess[];
  queryApis: RunningProcess[];
  workers: RunningProcess[];
  frontDoor: RunningProcess;
  /** Every process of the shape (services and nginx), for measuring. */
  all(): RunningProcess[];
  /** Stops every process, nginx first, then the APIs, the workers last. */
  stop(): Promise<void>;
}

export interface ProductionShapeOptions {
  env: NodeJS.ProcessEnv;
  commandApis?: number;
  queryApis?: number;
  /** Projectors and stream (default both). */
  workers?: ServiceName[];
}

/**
 * The production shape: the workers first (they create the read models), then the pools of
 * command-api and query-api, then nginx in front. Uploaded files share one DATA_DIR (the shared
 * volume) unless `env` names one.
 */
export async function startProductionShape(options: ProductionShapeOptions): Promise<ProductionShape> {
  const dataDir = options.env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'hamlog-shape-'));
  const env = { ...options.env, DATA_DIR: dataDir };
  const started: RunningProcess[] = [];
  const stopAll = async () => {
    for (const p of [...started].reverse()) await p.stop();
    if (!options.env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const workers: RunningProcess[] = [];
    for (const name of options.workers ?? ['projectors', 'stream']) workers.push(await startService(name, env));
    started.push(...workers);
    const commandApis = await Promise.all(Array.from({ length: options.commandApis ?? 1 }, () => startService('command-api', env)));
    started.push(...commandApis);
    // One after the other: the first creates what query-api migrates.
    const queryApis: RunningProcess[] = [];
    for (let i = 0; i < (options.queryApis ?? 2); i += 1) queryApis.push(await startService('query-api', env));
    started.push(...queryApis);
    const hostPort = (p: RunningProcess) => new URL(p.url).host;
    const frontDoor = await startFrontDoor({ commandApi: commandApis.map(hostPort), queryApi: queryApis.map(hostPort) });
    started.push(frontDoor);
    return { url: frontDoor.url, commandApis, queryApis, workers, frontDoor, all: () => [...started], stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
