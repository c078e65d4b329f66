import type { ClickHouseClient } from '@clickhouse/client';
import type { AwardQso } from '@hamlog/domain';
import type { AwardFacts } from '../ports/award-facts';
import { createClickHouseClient, FACTS_TABLE, latestFacts, type ClickHouseOptions } from './clickhouse-facts';
import { ident, sql, type Identifier } from './clickhouse-sql';

/** The daily awards' QSOs from the ClickHouse facts: the latest version of each (latestFacts), first upload kept. */
export class ClickHouseAwardFacts implements AwardFacts {
  private readonly client: ClickHouseClient;
  private readonly db: Identifier;

  constructor(options: ClickHouseOptions) {
    this.db = ident(options.database);
    this.client = createClickHouseClient(options);
  }

  async qsosBetween(from: Date, to: Date): Promise<AwardQso[]> {
    const candidates = sql`SELECT qdo_id FROM ${this.db}.${FACTS_TABLE} WHERE ts >= ${from} AND ts < ${to}`;
    const query = sql`SELECT qdo_id, last_station_user_id AS station_user_id, last_station AS station_callsign,
        toUInt32(last_ts) AS ts, last_mode AS mode, last_dxcc AS dxcc, toUInt32(first_uploaded_at) AS first_uploaded_at
      FROM (${latestFacts(this.db, candidates)})
      WHERE last_deleted = 0 AND last_ts >= ${from} AND last_ts < ${to}
      ORDER BY last_ts, qdo_id`;
    const result = await this.client.query({ query: query.text, format: 'JSONEachRow' });
    const rows = await result.json<{
      qdo_id: string;
      station_user_id: string;
      station_callsign: string;
      ts: number;
      mode: string;
      dxcc: number;
      first_uploaded_at: number;
    }>();
    return rows.map((r) => ({
      qdoId: r.qdo_id,
      stationUserId: r.station_user_id,
      stationCallsign: r.station_callsign,
      ts: new Date(Number(r.ts) * 1000),
      mode: r.mode,
      dxcc: Number(r.dxcc),
      firstUploadedAt: new Date(Number(r.first_uploaded_at) * 1000),
    }));
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}
