import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedPostgres } from '../postgres/embedded';

/**
 * Vitest global setup: one PostgreSQL for the whole run (a server from DATABASE_URL, or an
 * embedded one in a temporary folder). Each test file makes its own database on it. Every project
 * of vitest.config.ts runs this setup again in the same process: the first one's server serves all.
 */
export default async function setup(): Promise<() => Promise<void>> {
  if (process.env.HAMLOG_TEST_PG_STARTED) return async () => {};
  process.env.HAMLOG_TEST_PG_STARTED = '1';
  if (process.env.DATABASE_URL) {
    process.env.HAMLOG_TEST_PG_ADMIN_URL = process.env.DATABASE_URL;
    return async () => {};
  }
  const dir = mkdtempSync(join(tmpdir(), 'hamlog-test-pg-'));
  const pg = await startEmbeddedPostgres(dir, { quiet: true });
  process.env.HAMLOG_TEST_PG_ADMIN_URL = pg.url;
  return async () => {
    await pg.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
