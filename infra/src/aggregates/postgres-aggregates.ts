import pg from 'pg';
import { survivingRestarts } from '../postgres/pool';
import type { AggregatesStore, HourCount, QsoFact, StationCount } from '../ports/aggregates';

/** One row per QSO (latest version wins); counts are computed on read. */
export class PostgresAggregates implements AggregatesStore {
  /** A pool passed in stays open on close(); use `connect` for a store that owns its pool. */
  constructor(
    private readonly pool: pg.Pool,
    private readonly ownsPool = false,
  ) {}

  static connect(url: string): PostgresAggregates {
    return new PostgresAggregates(survivingRestarts(new pg.Pool({ connectionString: url })), true);
  }

  async migrate(): Promise<void> {
    await this.pool.query(`
      CREATE TABLE IF NOT EXISTS agg_qso_facts (
        qdo_id text PRIMARY KEY,
        station_user_id text NOT NULL,
        station_callsign text NOT NULL,
        ts timestamptz NOT NULL,
        band text NOT NULL,
        mode text NOT NULL,
        deleted boolean NOT NULL,
        version bigint NOT NULL
      );
      CREATE INDEX IF NOT EXISTS agg_qso_facts_ts_idx ON agg_qso_facts (ts, station_callsign) WHERE NOT deleted;
      CREATE INDEX IF NOT EXISTS agg_qso_facts_station_ts_idx ON agg_qso_facts (station_callsign, ts) WHERE NOT deleted;
    `);
  }

  async recordQsoFacts(facts: QsoFact[]): Promise<void> {
    // ON CONFLICT may touch a row only once per statement: keep the highest version per qdoId.
    const latest = new Map<string, QsoFact>();
    for (const f of facts) {
      if (!Number.isSafeInteger(f.version) || f.version < 0) throw new Error(`invalid version: ${f.version}`);
      const seen = latest.get(f.qdoId);
      if (!seen || f.version > seen.version) latest.set(f.qdoId, f);
    }
    if (latest.size === 0) return;
    const rows = [...latest.values()];
    // Arrays instead of one parameter per value: 10,000 facts would exceed the 65,535 parameter limit.
    await this.pool.query(
      `INSERT INTO agg_qso_facts (qdo_id, station_user_id, station_callsign, ts, band, mode, deleted, version)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], $5::text[], $6::text[], $7::boolean[], $8::bigint[])
       ON CONFLICT (qdo_id) DO UPDATE SET
         station_user_id = EXCLUDED.station_user_id, station_callsign = EXCLUDED.station_callsign, ts = EXCLUDED.ts,
         band = EXCLUDED.band, mode = EXCLUDED.mode, deleted = EXCLUDED.deleted, version = EXCLUDED.version
       WHERE agg_qso_facts.version < EXCLUDED.version`,
      [
        rows.map((f) => f.qdoId),
        rows.map((f) => f.stationUserId),
        rows.map((f) => f.stationCallsign),
        rows.map((f) => f.ts.toISOString()),
        rows.map((f) => f.band),
        rows.map((f) => f.mode),
        rows.map((f) => f.deleted),
        rows.map((f) => String(f.version)),
      ],
    );
  }

  async hourlyCounts(stationCallsign: string, from: Date, to: Date): Promise<HourCount[]> {
    const { rows } = await this.pool.query<{ hour: string; n: number }>(
      `SELECT (floor(extract(epoch FROM ts) / 3600) * 3600)::bigint AS hour, count(*)::int AS n
       FROM agg_qso_facts
       WHERE NOT deleted AND station_callsign = $1 AND ts >= $2 AND ts < $3
       GROUP BY 1 ORDER BY 1`,
      [stationCallsign, from, to],
    );
    return rows.map((r) => ({ hour: new Date(Number(r.hour) * 1000), count: r.n }));
  }

  async topStations(since: Date, until: Date, limit: number): Promise<StationCount[]> {
    if (!Number.isSafeInteger(limit) || limit < 0) throw new Error(`invalid limit: ${limit}`);
    // COLLATE "C": byte order for ties, the same as ClickHouse.
    const { rows } = await this.pool.query<{ station: string; n: number }>(
      `SELECT station_callsign AS station, count(*)::int AS n
       FROM agg_qso_facts
       WHERE NOT deleted AND ts >= $1 AND ts < $2
       GROUP BY station_callsign ORDER BY n DESC, station_callsign COLLATE "C" LIMIT $3`,
      [since, until, limit],
    );
    return rows.map((r) => ({ stationCallsign: r.station, count: r.n }));
  }

  async close(): Promise<void> {
    if (this.ownsPool) await this.pool.end();
  }
}
