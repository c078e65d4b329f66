import { resolve } from 'node:path';

/** Every setting comes from the environment; unset means the embedded default. */
export interface Config {
  port: number;
  dataDir: string;
  /** A PostgreSQL server; unset starts the embedded one under dataDir. */
  databaseUrl: string | undefined;
  /** esdb://... selects EventStoreDB; unset keeps events in PostgreSQL. */
  eventStoreUrl: string | undefined;
  /** Comma-separated Kafka brokers; unset uses the in-process stream. */
  kafkaBrokers: string[] | undefined;
  /** ClickHouse HTTP URL; unset keeps aggregates in PostgreSQL. */
  clickhouseUrl: string | undefined;
  /** Redis URL; unset runs jobs in-process. */
  redisUrl: string | undefined;
  webDist: string;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const list = env.KAFKA_BROKERS?.split(',').map((b) => b.trim()).filter(Boolean);
  return {
    port: Number(env.PORT ?? 8080),
    dataDir: resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    eventStoreUrl: env.EVENTSTORE_URL || undefined,
    kafkaBrokers: list && list.length > 0 ? list : undefined,
    clickhouseUrl: env.CLICKHOUSE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    webDist: resolve(env.WEB_DIST ?? new URL('../../../web/dist', import.meta.url).pathname),
  };
}
