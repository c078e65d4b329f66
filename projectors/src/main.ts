// The projectors on their own (production shape): every read model, from environment variables.
import { readConfig } from '@hamlog/infra/config/config';
import { createLogger } from '@hamlog/infra/observability/logger';
import { Gauge, MetricsRegistry } from '@hamlog/infra/observability/metrics';
import { createPool } from '@hamlog/infra/postgres/pool';
import { openEventStore } from '@hamlog/infra/runtime/adapters';
import { openDatabase } from '@hamlog/infra/runtime/database';
import { runService } from '@hamlog/infra/runtime/service';
import { projections } from './index';
import { Projector } from './runtime/projector';

const config = readConfig();
const logger = createLogger('projectors');
const db = await openDatabase(config);
const pool = createPool(db.url, 10, { derived: true });
const store = await openEventStore(config, pool);
const projectors = Object.values(projections).map((p) => new Projector(store, pool, p, logger));
await Promise.all(projectors.map((p) => p.start()));

const metrics = new MetricsRegistry();
metrics.register(
  new Gauge('projection_lag_events', 'Events in the log not yet applied, per projector', async () => {
    const head = await store.headPosition();
    return projectors.map((p) => ({ labels: { projection: p.name }, value: Math.max(0, head - p.position) }));
  }),
);

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
