// query-api on its own (production shape): every read call, from environment variables.
import { readConfig } from '@hamlog/infra/config/config';
import { openFileStorage } from '@hamlog/infra/files/open-file-storage';
import { serviceTrust } from '@hamlog/infra/http/client-address';
import { createLogger } from '@hamlog/infra/observability/logger';
import { createPool } from '@hamlog/infra/postgres/pool';
import { openAggregates } from '@hamlog/infra/runtime/adapters';
import { openApiEssentials } from '@hamlog/infra/runtime/api-essentials';
import { openDatabase } from '@hamlog/infra/runtime/database';
import { runService } from '@hamlog/infra/runtime/service';
import { queryRootRouter, queryRouter } from './app';

const config = readConfig();
const logger = createLogger('query-api');
const db = await openDatabase(config);
const pool = createPool(db.url, 20);
const essentials = await openApiEssentials(config, pool);
const { store, sessions, progress, writePositions } = essentials;
const aggregates = await openAggregates(config, pool);
const deps = { pool, sessions, progress, writePositions, aggregates, logger, store, files: openFileStorage(config) };

await runService({
  name: 'query-api',
  port: config.port,
  logger,
  apiRouters: [queryRouter(deps)],
  rootRouters: [queryRootRouter(deps)],
  readinessChecks: [async () => void (await pool.query('SELECT 1'))],
  trustProxy: serviceTrust(config),
  onStop: async () => {
    await aggregates.close();
    await essentials.close();
    await pool.end();
    await db.stop();
  },
});
