// The stream service on its own (production shape): forwards QSO events to Kafka and builds the
// ClickHouse aggregates from them, from environment variables.
import { readConfig } from '@hamlog/infra/config/config';
import { createLogger } from '@hamlog/infra/observability/logger';
import { createPool } from '@hamlog/infra/postgres/pool';
import { isDurableStream, openAggregates, openEventStore, openMessageStream } from '@hamlog/infra/runtime/adapters';
import { openDatabase } from '@hamlog/infra/runtime/database';
import { runService } from '@hamlog/infra/runtime/service';
import { EventForwarder } from './forwarder';
import { QSO_FACTS_CONSUMER, startQsoFactsConsumer } from './qso-facts-consumer';

const config = readConfig();
const logger = createLogger('stream');
const db = await openDatabase(config);
const pool = createPool(db.url, 6, { derived: true });
const store = await openEventStore(config, pool);
const stream = openMessageStream(config, 'hamlog-stream');
const aggregates = await openAggregates(config, pool);
const forwarder = new EventForwarder(store, stream, pool, { durableStream: isDurableStream(config), consumers: [QSO_FACTS_CONSUMER], logger });
await forwarder.start();
const consumer = await startQsoFactsConsumer(stream, aggregates, pool, logger);

await runService({
  name: 'stream',
  port: config.port,
  logger,
  onStop: async () => {
    await forwarder.stop();
    await consumer.stop();
    await stream.close();
    await aggregates.close();
    await store.close();
    await pool.end();
    await db.stop();
  },
});
