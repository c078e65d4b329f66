// The projectors on their own (production shape): every read model, from environment variables.
import { readConfig } from '@hamlog/infra/config/config';
import { createLogger } from '@hamlog/infra/observability/logger';
import { MetricsRegistry } from '@hamlog/infra/observability/metrics';
import { createPool } from '@hamlog/infra/postgres/pool';
import { openEventStore } from '@hamlog/infra/runtime/adapters';
import { openDatabase } from '@hamlog/infra/runtime/database';
import { runService } from '@hamlog/infra/runtime/service';
import { startProjectors } from './runtime/start-projectors';

const config = readConfig();
const logger = createLogger('projectors');
const db = await openDatabase(config);
const pool = createPool(db.url, 10, { derived: true });
const store = await openEventStore(config, pool);
const metrics = new MetricsRegistry();
const projectors = await startProjectors(store, pool, metrics, { logger });

await runService({
  name: 'projectors',
  port: config.port,
  logger,
  metrics,
  onStop: async () => {
    await Promise.all(projectors.map((p) => p.stop()));
    await store.close();
    await pool.end();
    await db.stop();
  },
});
