import type { Config } from '../config/config';
import { PostgresAggregates } from '../aggregates/postgres-aggregates';
import { ClickHouseAggregates } from '../aggregates/clickhouse-aggregates';
import { clickHouseOptionsFrom } from '../aggregates/clickhouse-facts';
import { ClickHouseContestScores } from '../aggregates/clickhouse-contest-scores';
import { PostgresContestScores } from '../aggregates/postgres-contest-scores';
import type { ContestScores } from '../ports/contest-scores';
import { ClickHouseContestQsoReads } from '../aggregates/clickhouse-contest-qsos';
import { PostgresContestQsoReads } from '../aggregates/postgres-contest-qsos';
import type { ContestQsoReads } from '../ports/contest-qsos';
import { ClickHouseAwardFacts } from '../aggregates/clickhouse-award-facts';
import { PostgresAwardFacts } from '../aggregates/postgres-award-facts';
import type { AwardFacts } from '../ports/award-facts';
import { ClickHouseLeaderboards } from '../aggregates/clickhouse-leaderboards';
import { PostgresLeaderboards } from '../aggregates/postgres-leaderboards';
import type { LeaderboardsStore } from '../ports/leaderboards';
import { ClickHouseStationStats } from '../aggregates/clickhouse-station-stats';
import { PostgresStationStats } from '../aggregates/postgres-station-stats';
import type { StationStatsStore } from '../ports/station-stats';
import { ClickHousePlatformStats } from '../aggregates/clickhouse-platform-stats';
import { PostgresPlatformStats } from '../aggregates/postgres-platform-stats';
import type { PlatformStatsStore } from '../ports/platform-stats';
import { upcasters } from '@hamlog/domain/upcasters';
import { withUpcasting } from '../event-store/upcasting-event-store';
import { PostgresEventStore } from '../event-store/postgres-event-store';
import { InProcessMessageStream } from '../message-stream/in-process-message-stream';
import { KafkaMessageStream } from '../message-stream/kafka-message-stream';
import type { AggregatesStore } from '../ports/aggregates';
import type { EventStore } from '../ports/event-store';
import type { MessageStream } from '../ports/message-stream';
import type { Pool } from '../postgres/pool';
import { EventEmitter } from 'node:events';
import { InProcessFanOut, InProcessJobQueue } from '../jobs/in-process-jobs';
import { BullMqJobQueue, RedisFanOut } from '../jobs/bullmq-jobs';
import type { FanOut, JobQueue } from '../ports/jobs';
import { MemoryLimitStore } from '../limits/memory-limit-store';
import { RedisLimitStore } from '../limits/redis-limit-store';
import type { LimitStore } from '../ports/limit-store';

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
    ? new ClickHouseAggregates(clickHouseOptionsFrom(config.clickhouseUrl))
    : new PostgresAggregates(pool);
  await store.migrate();
  return store;
}

/** Contest scores over the same aggregates: ClickHouse when CLICKHOUSE_URL is set, else PostgreSQL (on `pool`, left open on close). */
export function openContestScores(config: Config, pool: Pool): ContestScores {
  return config.clickhouseUrl ? new ClickHouseContestScores(clickHouseOptionsFrom(config.clickhouseUrl)) : new PostgresContestScores(pool);
}

/** The stream's contest facts for the contest check: ClickHouse when CLICKHOUSE_URL is set, else PostgreSQL (on `pool`, left open on close). */
export function openContestQsoReads(config: Pick<Config, 'clickhouseUrl'>, pool: Pool): ContestQsoReads {
  return config.clickhouseUrl ? new ClickHouseContestQsoReads(clickHouseOptionsFrom(config.clickhouseUrl)) : new PostgresContestQsoReads(pool);
}

/** The daily awards' QSO facts: ClickHouse when CLICKHOUSE_URL is set, else PostgreSQL (on `pool`, left open on close). */
export function openAwardFacts(config: Config, pool: Pool): AwardFacts {
  return config.clickhouseUrl ? new ClickHouseAwardFacts(clickHouseOptionsFrom(config.clickhouseUrl)) : new PostgresAwardFacts(pool);
}

/** The leaderboards over the same aggregates: ClickHouse when CLICKHOUSE_URL is set, else PostgreSQL (on `pool`, left open on close). */
export function openLeaderboards(config: Config, pool: Pool): LeaderboardsStore {
  return config.clickhouseUrl ? new ClickHouseLeaderboards(clickHouseOptionsFrom(config.clickhouseUrl)) : new PostgresLeaderboards(pool);
}

/** A station's statistics over the same aggregates: ClickHouse when CLICKHOUSE_URL is set, else PostgreSQL (on `pool`, left open on close). */
export function openStationStats(config: Config, pool: Pool): StationStatsStore {
  return config.clickhouseUrl ? new ClickHouseStationStats(clickHouseOptionsFrom(config.clickhouseUrl)) : new PostgresStationStats(pool);
}

/** The admin analytics over the same aggregates: ClickHouse when CLICKHOUSE_URL is set, else PostgreSQL (on `pool`, left open on close). */
export function openPlatformStats(config: Config, pool: Pool): PlatformStatsStore {
  return config.clickhouseUrl ? new ClickHousePlatformStats(clickHouseOptionsFrom(config.clickhouseUrl)) : new PostgresPlatformStats(pool);
}

/** BullMQ on Redis when REDIS_URL is set (schedules and jobs survive restarts), else jobs in this process. */
export function openJobQueue(config: Config, onFailed?: (job: { id: string; name: string }, error: unknown) => void): JobQueue {
  return config.redisUrl
    ? new BullMqJobQueue({ url: config.redisUrl, prefix: process.env.STREAM_NAMESPACE || 'hamlog', onFailed })
    : new InProcessJobQueue({ onFailed });
}

/** One bus per process: every in-process fan-out opened here (stream consumer, websocket gateway) shares it. */
const processBus = new EventEmitter();

/**
 * Redis publish/subscribe when REDIS_URL is set (every query-api instance sees every message),
 * else a fan-out inside this process. Each caller owns (and closes) what it opens.
 */
export function openFanOut(config: Config): FanOut {
  return config.redisUrl
    ? new RedisFanOut({ url: config.redisUrl, prefix: process.env.STREAM_NAMESPACE || 'hamlog' })
    : new InProcessFanOut(processBus);
}

/** Rate limits on Redis when REDIS_URL is set (every command-api instance counts together, decision 0047), else in this process. */
export function openLimitStore(config: Config): LimitStore {
  return config.redisUrl ? new RedisLimitStore({ url: config.redisUrl, prefix: process.env.STREAM_NAMESPACE || 'hamlog' }) : new MemoryLimitStore();
}
