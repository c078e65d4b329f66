import type { ClickHouseClient } from '@clickhouse/client';
import type { EntityCount, PlatformDay, PlatformStatsStore } from '../ports/platform-stats';
import { createClickHouseClient, type ClickHouseOptions } from './clickhouse-facts';
import { CLASS_TOTAL, LB_DAYS } from './clickhouse-leaderboard-tables';
import { ST_COUNTS } from './clickhouse-station-stats';
import { ident, sql, type Identifier, type Sql } from './clickhouse-sql';

/** The admin analytics from ClickHouse: the leaderboards' day rows and the stations' counter rows, each key's latest (FINAL). */
export class ClickHousePlatformStats implements PlatformStatsStore {
  private readonly client: ClickHouseClient;
  private readonly db: Identifier;

  constructor(options: ClickHouseOptions) {
    this.db = ident(options.database);
    this.client = createClickHouseClient(options);
  }

  async days(from: Date, to: Date): Promise<PlatformDay[]> {
    const rows = await this.rows<{ day: string; qsos: string | number; stations: string | number }>(
      sql`SELECT toString(day) AS day, toUInt64(sum(n)) AS qsos, toUInt64(countIf(n > 0)) AS stations FROM (
          SELECT day, station_user_id, toUInt64(sum(${CLASS_TOTAL})) AS n FROM ${this.db}.${LB_DAYS} FINAL
          WHERE day >= toDate(${from}) AND day < toDate(${to}) GROUP BY day, station_user_id
        ) GROUP BY day HAVING qsos > 0 ORDER BY day`,
    );
    return rows.map((r) => ({ day: r.day, qsos: Number(r.qsos), activeStations: Number(r.stations) }));
  }

  async topEntities(limit: number): Promise<EntityCount[]> {
    const rows = await this.rows<{ dxcc: string | number; qsos: string | number }>(
      sql`SELECT toUInt32(splitByChar(':', key)[2]) AS dxcc, toUInt64(sum(n)) AS qsos
        FROM (SELECT key, n FROM ${this.db}.${ST_COUNTS} FINAL WHERE startsWith(key, 'dxcc:'))
        GROUP BY dxcc HAVING qsos > 0 ORDER BY qsos DESC, dxcc LIMIT ${limit}`,
    );
    return rows.map((r) => ({ dxcc: Number(r.dxcc), qsos: Number(r.qsos) }));
  }

  private async rows<T>(query: Sql): Promise<T[]> {
    const result = await this.client.query({ query: query.text, format: 'JSONEachRow' });
    return result.json<T>();
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}
