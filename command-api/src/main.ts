// command-api on its own (production shape): every write call, from environment variables.
import { openAccountStores } from '@hamlog/infra/auth/account-stores';
import { SessionStore, sessionMigrations } from '@hamlog/infra/auth/session-store';
import { readConfig } from '@hamlog/infra/config/config';
import { openFileStorage } from '@hamlog/infra/files/open-file-storage';
import { createLogger } from '@hamlog/infra/observability/logger';
import { runMigrations } from '@hamlog/infra/postgres/migrations';
import { createPool } from '@hamlog/infra/postgres/pool';
import { ProjectionProgress } from '@hamlog/infra/postgres/projection-progress';
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
const accounts = await openAccountStores(pool, config, logger);
const progress = new ProjectionProgress(pool);
await progress.start();

await runService({
  name: 'command-api',
  port: config.port,
  logger,
  apiRouters: [commandRouter({ store, sessions, logger, files: openFileStorage(config), pool, accounts, progress })],
  readinessChecks: [async () => void (await store.headPosition())],
  onStop: async () => {
    await progress.stop();
    await sessions.close();
    await store.close();
    await pool.end();
    await db.stop();
  },
});
