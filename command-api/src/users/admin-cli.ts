// The frame of an admin command line (`npm run subscription`, `npm run claims`, `npm run admin`): it opens the
// running server's database (or its own embedded one), the pool and the event store, runs the
// work, prints a failure as one line and exits 0 or 1. Works beside a running server or alone.
import { readConfig, type Config } from '@hamlog/infra/config/config';
import { createPool, type Pool } from '@hamlog/infra/postgres/pool';
import { openEventStore } from '@hamlog/infra/runtime/adapters';
import { openDatabase, runningEmbeddedUrl } from '@hamlog/infra/runtime/database';
import type { EventStore } from '@hamlog/infra/ports/event-store';

export interface AdminContext {
  config: Config;
  pool: Pool;
  store: EventStore;
}

export async function runAdminCommand(work: (context: AdminContext) => Promise<void>): Promise<never> {
  const config = readConfig();
  const runningUrl = config.databaseUrl ?? runningEmbeddedUrl(config);
  const db = runningUrl ? { url: runningUrl, stop: async () => {} } : await openDatabase(config, { quiet: true });
  const pool = createPool(db.url, 2);
  const store = await openEventStore(config, pool);
  let status = 0;
  try {
    await work({ config, pool, store });
  } catch (error) {
    const errors = (error as { errors?: Record<string, string[]> }).errors;
    console.error(errors ? Object.values(errors).flat().join(' ') : (error as Error).message);
    status = 1;
  } finally {
    await store.close();
    await pool.end();
    await db.stop();
  }
  process.exit(status);
}
