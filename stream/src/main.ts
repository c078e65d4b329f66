// The stream service on its own (production shape): forwards QSO and rig events to Kafka, builds the
// ClickHouse aggregates and the live station state from them, from environment variables.
import { readConfig } from '@hamlog/infra/config/config';
import { createLogger } from '@hamlog/infra/observability/logger';
import { createPool } from '@hamlog/infra/postgres/pool';
import { openEventStore } from '@hamlog/infra/runtime/adapters';
import { openDatabase } from '@hamlog/infra/runtime/database';
import { runService } from '@hamlog/infra/runtime/service';
import { startStreamPipeline } from './pipeline';

const config = readConfig();
const logger = createLogger('stream');
const db = await openDatabase(config);
const pool = createPool(db.url, 6, { derived: true });
const store = await openEventStore(config, pool);
const pipeline = await startStreamPipeline(store, pool, config, logger, 'hamlog-stream');

await runService({
  name: 'stream',
  port: config.port,
  logger,
  onStop: async () => {
    await pipeline.stop();
    await store.close();
    await pool.end();
    await db.stop();
  },
});
