// command-api on its own (production shape): every write call, from environment variables.
import { SessionStore, sessionMigrations } from '@hamlog/infra/auth/session-store';
import { readConfig } from '@hamlog/infra/config/config';
import { createLogger } from '@hamlog/infra/observability/logger';
import { runMigrations } from '@hamlog/infra/postgres/migrations';
import { createPool } from '@hamlog/infra/postgres/pool';
import { openEventStore } from '@hamlog/infra/runtime/adapters';
import { openDatabase } from '@hamlog/infra/runtime/database';
import { runService } from '@hamlog/infra/runtime/service';
import { commandRouter } from './app';

const config = readConfig();
const logger = createLogger('command-api');
const db = await openDatabase(config);
const pool = createPool(db.url, 20);
await runMigrations(pool, 'auth', sessionMigrations);
const store = await openEventStore(config, pool);
const sessions = new SessionStore(pool);
await sessions.listenForRevocations();

await runService({
  name: 'command-api',
  port: config.port,
  logger,
  apiRouters: [commandRouter({ store, sessions, logger })],
  readinessChecks: [async () => void (await store.headPosition())],
  onStop: async () => {
    await sessions.close();
    await store.close();
    await pool.end();
    await db.stop();
  },
});
