// query-api on its own (production shape): every read call, from environment variables.
import { SessionStore, sessionMigrations } from '@hamlog/infra/auth/session-store';
import { readConfig } from '@hamlog/infra/config/config';
import { openFileStorage } from '@hamlog/infra/files/open-file-storage';
import { createLogger } from '@hamlog/infra/observability/logger';
import { runMigrations } from '@hamlog/infra/postgres/migrations';
import { createPool } from '@hamlog/infra/postgres/pool';
import { ProjectionProgress } from '@hamlog/infra/postgres/projection-progress';
import { openAggregates, openEventStore } from '@hamlog/infra/runtime/adapters';
import { openDatabase } from '@hamlog/infra/runtime/database';
import { runService } from '@hamlog/infra/runtime/service';
import { queryRootRouter, queryRouter } from './app';

const config = readConfig();
const logger = createLogger('query-api');
const db = await openDatabase(config);
const pool = createPool(db.url, 20);
await runMigrations(pool, 'auth', sessionMigrations);
const sessions = new SessionStore(pool);
await sessions.listenForRevocations();
const progress = new ProjectionProgress(pool);
await progress.start();
const aggregates = await openAggregates(config, pool);
const store = await openEventStore(config, pool);
const deps = { pool, sessions, progress, aggregates, logger, store, files: openFileStorage(config) };

await runService({
  name: 'query-api',
  port: config.port,
  logger,
  apiRouters: [queryRouter(deps)],
  rootRouters: [queryRootRouter(deps)],
  readinessChecks: [async () => void (await pool.query('SELECT 1'))],
  onStop: async () => {
    await progress.stop();
    await sessions.close();
    await aggregates.close();
    await store.close();
    await pool.end();
    await db.stop();
  },
});
