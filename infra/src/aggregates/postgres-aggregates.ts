import pg from 'pg';
import { inTransaction, survivingRestarts } from '../postgres/pool';
import type { AggregatesStore, HourCount, QsoFact, StationCount } from '../ports/aggregates';
import {
  AGGREGATES_LOCK_KEY,
  applyLeaderboardDayDeltas,
  fillLeaderboardDays,
  LEADERBOARD_DAYS_TABLE,
  migrateLeaderboardDays,
  type CountedVersion,
} from './postgres-leaderboard-counts';
import { CONTEST_QSOS_TABLE, migrateContestQsos, recordContestQsos } from './postgres-contest-qsos';
import { applyStationStatsDeltas, fillStationStats, migrateStationStats, STATION_STATS_TABLE, type StatsVersion } from './postgres-station-stats';

/**
 * One row per QSO (latest version wins), the contest facts (postgres-contest-qsos.ts), the day counts the period leaderboards add up
 * (postgres-leaderboard-counts.ts) and each station's statistics counters (postgres-station-stats.ts).
 */
export class PostgresAggregates implements AggregatesStore {
  /** A pool passed in stays open on close(); use `connect` for a store that owns its pool. */
  constructor(
    private readonly pool: pg.Pool,
    private readonly ownsPool = false,
  ) {}

  static connect(url: string): PostgresAggregates {
    return new PostgresAggregates(survivingRestarts(new pg.Pool({ connectionString: url })), true);
  }

  /**
   * Processes starting together on a new database (several query-api instances) take turns under
   * one lock: CREATE TABLE IF NOT EXISTS fails for all but one of them otherwise, and each would
   * fill the new counts again.
   */
  async migrate(): Promise<void> {
    await inTransaction(this.pool, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock($1)', [AGGREGATES_LOCK_KEY]);
      await client.query(`
        -- v2 (issue 10) added call, frequency, contest, DXCC and upload time. A new table, filled
        -- by the replay the new consumer name starts (stream/src/qso-facts-consumer.ts).
        DROP TABLE IF EXISTS agg_qso_facts;
        CREATE TABLE IF NOT EXISTS agg_qso_facts_v2 (
          qdo_id text PRIMARY KEY,
          station_user_id text NOT NULL,
          station_callsign text NOT NULL,
          ts timestamptz NOT NULL,
          band text NOT NULL,
          mode text NOT NULL,
          sub_mode text NOT NULL,
          deleted boolean NOT NULL,
          version bigint NOT NULL,
          call text NOT NULL,
          freq_hz bigint NOT NULL,
          contest_name text NOT NULL,
          dxcc integer NOT NULL,
          uploaded_at timestamptz NOT NULL
        );
        CREATE INDEX IF NOT EXISTS agg_qso_facts_v2_ts_idx ON agg_qso_facts_v2 (ts, station_callsign) WHERE NOT deleted;
        CREATE INDEX IF NOT EXISTS agg_qso_facts_v2_station_ts_idx ON agg_qso_facts_v2 (station_callsign, ts) WHERE NOT deleted;
        -- The worked station's continent (issue 11, the statistics): '' in facts recorded before it.
        -- Looked up first: ALTER TABLE would lock the facts on every start even when there is nothing to add.
        DO $$ BEGIN
          IF NOT EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = 'agg_qso_facts_v2'::regclass AND attname = 'continent' AND NOT attisdropped) THEN
            ALTER TABLE agg_qso_facts_v2 ADD COLUMN IF NOT EXISTS continent text NOT NULL DEFAULT '';
          END IF;
        END $$;
      `);
      await migrateContestQsos(client);
      if (await migrateLeaderboardDays(client)) await fillLeaderboardDays(client, 'agg_qso_facts_v2');
      if (await migrateStationStats(client)) await fillStationStats(client, 'agg_qso_facts_v2');
    });
  }

  async reset(): Promise<void> {
    await this.pool.query(`DROP TABLE IF EXISTS agg_qso_facts_v2, ${LEADERBOARD_DAYS_TABLE}, ${STATION_STATS_TABLE}, ${CONTEST_QSOS_TABLE}`);
    await this.migrate();
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
    await inTransaction(this.pool, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock($1)', [AGGREGATES_LOCK_KEY]);
      const before = await client.query<CountedVersion & StatsVersion & { qdoId: string }>(
        `SELECT qdo_id AS "qdoId", station_user_id AS "stationUserId", station_callsign AS "stationCallsign", ts, mode, deleted,
           band, sub_mode AS "subMode", continent, dxcc
         FROM agg_qso_facts_v2 WHERE qdo_id = ANY($1::text[])`,
        [rows.map((f) => f.qdoId)],
      );
      const written = await this.upsertFacts(client, rows);
      const previous = new Map(before.rows.map((r) => [r.qdoId, r]));
      const recorded = rows.filter((f) => written.has(f.qdoId));
      await applyLeaderboardDayDeltas(client, previous, recorded);
      await applyStationStatsDeltas(client, previous, recorded);
      await recordContestQsos(client, rows);
    });
  }

  /** Writes the facts newer than what is stored; answers the qdoIds it wrote. */
  private async upsertFacts(client: pg.PoolClient, rows: QsoFact[]): Promise<Set<string>> {
    // Arrays instead of one parameter per value: 10,000 facts would exceed the 65,535 parameter limit.
    const written = await client.query<{ qdo_id: string }>(
      `INSERT INTO agg_qso_facts_v2 (qdo_id, station_user_id, station_callsign, ts, band, mode, deleted, version,
         call, freq_hz, contest_name, dxcc, uploaded_at, sub_mode, continent)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], $5::text[], $6::text[], $7::boolean[], $8::bigint[],
         $9::text[], $10::bigint[], $11::text[], $12::integer[], $13::timestamptz[], $14::text[], $15::text[])
       ON CONFLICT (qdo_id) DO UPDATE SET
         station_user_id = EXCLUDED.station_user_id, station_callsign = EXCLUDED.station_callsign, ts = EXCLUDED.ts,
         band = EXCLUDED.band, mode = EXCLUDED.mode, sub_mode = EXCLUDED.sub_mode, deleted = EXCLUDED.deleted, version = EXCLUDED.version,
         call = EXCLUDED.call, freq_hz = EXCLUDED.freq_hz, contest_name = EXCLUDED.contest_name, dxcc = EXCLUDED.dxcc,
         continent = EXCLUDED.continent,
         uploaded_at = LEAST(agg_qso_facts_v2.uploaded_at, EXCLUDED.uploaded_at)
       WHERE agg_qso_facts_v2.version < EXCLUDED.version
       RETURNING qdo_id`,
      [
        rows.map((f) => f.qdoId),
        rows.map((f) => f.stationUserId),
        rows.map((f) => f.stationCallsign),
        rows.map((f) => f.ts.toISOString()),
        rows.map((f) => f.band),
        rows.map((f) => f.mode),
        rows.map((f) => f.deleted),
        rows.map((f) => String(f.version)),
        rows.map((f) => f.call),
        rows.map((f) => String(f.freqHz)),
        rows.map((f) => f.contestName),
        rows.map((f) => f.dxcc),
        rows.map((f) => f.uploadedAt.toISOString()),
        rows.map((f) => f.subMode),
        rows.map((f) => f.continent ?? ''),
      ],
    );
    return new Set(written.rows.map((r) => r.qdo_id));
  }

  async hourlyCounts(stationCallsign: string, from: Date, to: Date): Promise<HourCount[]> {
    const { rows } = await this.pool.query<{ hour: string; n: number }>(
      `SELECT (floor(extract(epoch FROM ts) / 3600) * 3600)::bigint AS hour, count(*)::int AS n
       FROM agg_qso_facts_v2
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
       FROM agg_qso_facts_v2
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
