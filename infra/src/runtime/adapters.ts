import type { Config } from '../config/config';
import { PostgresAggregates } from '../aggregates/postgres-aggregates';
import { ClickHouseAggregates } from '../aggregates/clickhouse-aggregates';
import { upcasters } from '@hamlog/domain/upcasters';
import { withUpcasting } from '../event-store/upcasting-event-store';
import { PostgresEventStore } from '../event-store/postgres-event-store';
import { InProcessMessageStream } from '../message-stream/in-process-message-stream';
import { KafkaMessageStream } from '../message-stream/kafka-message-stream';
import type { AggregatesStore } from '../ports/aggregates';
import type { EventStore } from '../ports/event-store';
import type { MessageStream } from '../ports/message-stream';
import type { Pool } from '../postgres/pool';

/** The event store the configuration names: EventStoreDB when EVENTSTORE_URL is set, else PostgreSQL. */
/** The event store the configuration names, reading events upcast to their current versions. */
export async function openEventStore(config: Config, pool: Pool): Promise<EventStore> {
  if (config.eventStoreUrl) {
    const { EventStoreDbEventStore } = await import('../event-store/eventstoredb-event-store');
    return withUpcasting(new EventStoreDbEventStore(config.eventStoreUrl), upcasters);
  }
  return withUpcasting(await PostgresEventStore.create(pool), upcasters);
}

/** Kafka when KAFKA_BROKERS is set, else the in-process stream (not durable: see the forwarder). */
export function openMessageStream(config: Config, clientId: string): MessageStream {
  return config.kafkaBrokers
    ? new KafkaMessageStream({ brokers: config.kafkaBrokers, clientId })
    : new InProcessMessageStream({ releaseConsumed: true });
}

export function isDurableStream(config: Config): boolean {
  return Boolean(config.kafkaBrokers);
}

/** ClickHouse when CLICKHOUSE_URL is set, else PostgreSQL tables with the same answers. */
export async function openAggregates(config: Config, pool: Pool): Promise<AggregatesStore> {
  const store: AggregatesStore = config.clickhouseUrl
    ? new ClickHouseAggregates({ url: config.clickhouseUrl, database: process.env.CLICKHOUSE_DATABASE ?? 'hamlog' })
    : new PostgresAggregates(pool);
  await store.migrate();
  return store;
}
