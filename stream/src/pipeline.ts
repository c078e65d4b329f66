import type { Config } from '@hamlog/infra/config/config';
import type { Logger } from '@hamlog/infra/observability/logger';
import type { AggregatesStore } from '@hamlog/infra/ports/aggregates';
import type { EventStore } from '@hamlog/infra/ports/event-store';
import type { Pool } from '@hamlog/infra/postgres/pool';
import { isDurableStream, openAggregates, openMessageStream } from '@hamlog/infra/runtime/adapters';
import { EventForwarder } from './forwarder';
import { QSO_FACTS_CONSUMER, startQsoFactsConsumer } from './qso-facts-consumer';

export interface StreamPipeline {
  forwarder: EventForwarder;
  aggregates: AggregatesStore;
  stop(): Promise<void>;
}

/**
 * The stream side: the message stream the configuration names, the aggregates store, the
 * consumers that build it, and the forwarder that feeds them from the event log.
 */
export async function startStreamPipeline(store: EventStore, pool: Pool, config: Config, logger: Logger, clientId: string): Promise<StreamPipeline> {
  const stream = openMessageStream(config, clientId);
  const aggregates = await openAggregates(config, pool);
  const forwarder = new EventForwarder(store, stream, pool, { durableStream: isDurableStream(config), consumers: [QSO_FACTS_CONSUMER], logger });
  await forwarder.start(); // creates the topic the consumers subscribe to
  const consumer = await startQsoFactsConsumer(stream, aggregates, pool, logger);
  return {
    forwarder,
    aggregates,
    async stop() {
      await forwarder.stop();
      await consumer.stop();
      await stream.close();
      await aggregates.close();
    },
  };
}
