import type { Config } from '@hamlog/infra/config/config';
import type { Logger } from '@hamlog/infra/observability/logger';
import type { AggregatesStore } from '@hamlog/infra/ports/aggregates';
import type { EventStore } from '@hamlog/infra/ports/event-store';
import type { Pool } from '@hamlog/infra/postgres/pool';
import { isDurableStream, openAggregates, openFanOut, openMessageStream } from '@hamlog/infra/runtime/adapters';
import { EventForwarder } from './forwarder';
import { LIVE_STATIONS_CONSUMER, startLiveStationsConsumer } from './live/live-stations-consumer';
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
  const forwarder = new EventForwarder(store, stream, pool, { durableStream: isDurableStream(config), consumers: [QSO_FACTS_CONSUMER, LIVE_STATIONS_CONSUMER], logger });
  await forwarder.start(); // creates the topic the consumers subscribe to
  // Live rig cards go out on the fan-out every query-api's websocket gateway listens to. Its
  // consumer (which migrates first) subscribes before the other, right after it: an in-process
  // stream frees what every existing group has read, so no group may come long after another.
  const fanOut = openFanOut(config);
  const live = await startLiveStationsConsumer(stream, pool, fanOut, { logger });
  const consumer = await startQsoFactsConsumer(stream, aggregates, pool, logger);
  return {
    forwarder,
    aggregates,
    async stop() {
      await forwarder.stop();
      await consumer.stop();
      await live.stop();
      await fanOut.close();
      await stream.close();
      await aggregates.close();
    },
  };
}
