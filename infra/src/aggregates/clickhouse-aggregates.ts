import type { ClickHouseClient } from '@clickhouse/client';
import type { AggregatesStore, HourCount, QsoFact, StationCount } from '../ports/aggregates';
import { createClickHouseClient, factRowStart, FACTS_TABLE as TABLE, latestFacts, UPLOADS_TABLE, uploadsTableDdl, type ClickHouseOptions } from './clickhouse-facts';
import { CONTEST_QSOS_TABLE, contestQsosTableDdl, recordContestQsos } from './clickhouse-contest-qsos';
import { ClickHouseLeaderboardTables } from './clickhouse-leaderboard-tables';
import { ClickHouseStationStatsTables } from './clickhouse-station-stats';
import { formatDateTime, ident, sql, type Identifier, type Sql } from './clickhouse-sql';

export type ClickHouseAggregatesOptions = ClickHouseOptions;


/**
 * QSO facts in a ReplacingMergeTree(version). Merges are eventual, so every read takes the
 * latest version per qdo_id itself (argMax ... GROUP BY qdo_id) instead of trusting the merge.
 * QSO times are stored to the second (DateTime). Beside the facts: the leaderboards' tables
 * (clickhouse-leaderboard-tables.ts) and the statistics counters (clickhouse-station-stats.ts).
 */
export class ClickHouseAggregates implements AggregatesStore {
  private readonly client: ClickHouseClient;
  private readonly db: Identifier;
  private readonly table: string;
  /** The leaderboards' tables, kept with the facts (clickhouse-leaderboard-tables.ts). */
  private readonly leaderboardTables: ClickHouseLeaderboardTables;
  /** Each station's statistics counters, kept with the facts (clickhouse-station-stats.ts). */
  private readonly statsTables: ClickHouseStationStatsTables;

  constructor(options: ClickHouseAggregatesOptions) {
    this.db = ident(options.database);
    this.table = sql`${this.db}.${TABLE}`.text;
    this.client = createClickHouseClient(options);
    this.leaderboardTables = new ClickHouseLeaderboardTables(this.client, this.db);
    this.statsTables = new ClickHouseStationStatsTables(this.client, this.db);
  }

  async migrate(): Promise<void> {
    await this.client.command({ query: sql`CREATE DATABASE IF NOT EXISTS ${this.db}`.text });
    await this.client.command({
      query: sql`CREATE TABLE IF NOT EXISTS ${this.db}.${TABLE} (
        qdo_id String,
        station_user_id String,
        station_callsign String,
        ts DateTime('UTC'),
        band String,
        mode String,
        sub_mode String,
        call String,
        freq_hz UInt64,
        contest_name String,
        dxcc UInt16,
        continent String,
        uploaded_at DateTime('UTC'),
        deleted UInt8,
        version UInt64
      ) ENGINE = ReplacingMergeTree(version) ORDER BY qdo_id`.text,
    });
    // The worked station's continent (issue 11, the statistics): '' in facts recorded before it.
    if (!(await this.hasColumn(TABLE, 'continent'))) {
      await this.client.command({ query: sql`ALTER TABLE ${this.db}.${TABLE} ADD COLUMN continent String DEFAULT '' AFTER dxcc`.text });
    }
    await this.client.command({ query: uploadsTableDdl(this.db).text });
    await this.client.command({ query: contestQsosTableDdl(this.db).text });
    if (await this.leaderboardTables.migrate()) await this.leaderboardTables.fillFrom(sql`${this.db}.${TABLE}`);
    if (await this.statsTables.migrate()) await this.statsTables.fillFrom(sql`${this.db}.${TABLE}`);
  }

  async reset(): Promise<void> {
    for (const table of [TABLE, UPLOADS_TABLE, CONTEST_QSOS_TABLE]) await this.client.command({ query: sql`DROP TABLE IF EXISTS ${this.db}.${table}`.text });
    await this.leaderboardTables.drop();
    await this.statsTables.drop();
    await this.migrate();
  }

  async recordQsoFacts(facts: QsoFact[]): Promise<void> {
    if (facts.length === 0) return;
    await this.client.insert({
      table: this.table,
      format: 'JSONEachRow',
      values: facts.map((f) => ({
        ...factRowStart(f),
        band: f.band,
        mode: f.mode,
        sub_mode: f.subMode,
        call: f.call,
        freq_hz: f.freqHz,
        contest_name: f.contestName,
        dxcc: f.dxcc,
        continent: f.continent ?? '',
        uploaded_at: formatDateTime(f.uploadedAt),
        deleted: f.deleted ? 1 : 0,
        version: checkVersion(f.version),
      })),
    });
    // After the facts: a batch that fails between the two is delivered again, and both inserts are idempotent.
    await this.client.insert({
      table: sql`${this.db}.${UPLOADS_TABLE}`.text,
      format: 'JSONEachRow',
      values: facts.map((f) => ({ qdo_id: f.qdoId, uploaded_at: formatDateTime(f.uploadedAt) })),
    });
    await this.leaderboardTables.record(facts);
    await this.statsTables.record(facts);
    await recordContestQsos(this.client, this.db, facts);
  }

  async hourlyCounts(stationCallsign: string, from: Date, to: Date): Promise<HourCount[]> {
    const candidates = sql`SELECT qdo_id FROM ${this.db}.${TABLE}
      WHERE station_callsign = ${stationCallsign} AND ts >= ${from} AND ts < ${to}`;
    const rows = await this.rows<{ h: number; n: number }>(
      sql`SELECT toUInt32(toStartOfHour(last_ts)) AS h, toUInt32(count()) AS n FROM (${this.latest(candidates)})
      WHERE last_deleted = 0 AND last_station = ${stationCallsign} AND last_ts >= ${from} AND last_ts < ${to}
      GROUP BY h ORDER BY h`,
    );
    return rows.map((r) => ({ hour: new Date(Number(r.h) * 1000), count: Number(r.n) }));
  }

  async topStations(since: Date, until: Date, limit: number): Promise<StationCount[]> {
    if (!Number.isSafeInteger(limit) || limit < 0) throw new Error(`invalid limit: ${limit}`);
    if (limit === 0) return [];
    const candidates = sql`SELECT qdo_id FROM ${this.db}.${TABLE} WHERE ts >= ${since} AND ts < ${until}`;
    const rows = await this.rows<{ station: string; n: number }>(
      sql`SELECT last_station AS station, toUInt32(count()) AS n FROM (${this.latest(candidates)})
      WHERE last_deleted = 0 AND last_ts >= ${since} AND last_ts < ${until}
      GROUP BY station ORDER BY n DESC, station ASC LIMIT ${limit}`,
    );
    return rows.map((r) => ({ stationCallsign: r.station, count: Number(r.n) }));
  }

  async close(): Promise<void> {
    await this.client.close();
  }

  private async hasColumn(table: Identifier, column: string): Promise<boolean> {
    const rows = await this.rows<{ n: number }>(
      sql`SELECT toUInt32(count()) AS n FROM system.columns WHERE database = ${this.db.name} AND table = ${table.name} AND name = ${column}`,
    );
    return Number(rows[0]?.n ?? 0) > 0;
  }

  private latest(candidates: Sql): Sql {
    return latestFacts(this.db, candidates);
  }

  private async rows<T>(query: Sql): Promise<T[]> {
    const result = await this.client.query({ query: query.text, format: 'JSONEachRow' });
    return result.json<T>();
  }
}

function checkVersion(version: number): number {
  if (!Number.isSafeInteger(version) || version < 0) throw new Error(`invalid version: ${version}`);
  return version;
}
