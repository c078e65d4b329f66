import type pg from 'pg';
import type { AwardQso } from '@hamlog/domain';
import type { AwardFacts } from '../ports/award-facts';

/**
 * The daily awards' QSOs from agg_qso_facts_v2 (one row per QSO, its latest version; uploaded_at
 * is the first upload). Upload times are cut to the second, as ClickHouse stores them, so both
 * stores agree on a cut-off.
 */
export class PostgresAwardFacts implements AwardFacts {
  constructor(private readonly pool: pg.Pool) {}

  async qsosBetween(from: Date, to: Date): Promise<AwardQso[]> {
    const { rows } = await this.pool.query<{
      qdo_id: string;
      station_user_id: string;
      station_callsign: string;
      ts: Date;
      mode: string;
      dxcc: number;
      first_uploaded_at: Date;
    }>(
      `SELECT qdo_id, station_user_id, station_callsign, ts, mode, dxcc, date_trunc('second', uploaded_at) AS first_uploaded_at
       FROM agg_qso_facts_v2
       WHERE NOT deleted AND ts >= $1 AND ts < $2
       ORDER BY ts, qdo_id COLLATE "C"`,
      [from, to],
    );
    return rows.map((r) => ({
      qdoId: r.qdo_id,
      stationUserId: r.station_user_id,
      stationCallsign: r.station_callsign,
      ts: r.ts,
      mode: r.mode,
      dxcc: r.dxcc,
      firstUploadedAt: r.first_uploaded_at,
    }));
  }

  async close(): Promise<void> {}
}
