import type pg from 'pg';
import { dxccEntities, sortedCounts, statsKeysOf, type StationStatsCount, type StatsQso } from '@hamlog/domain';
import type { StationStatsStore } from '../ports/station-stats';

/**
 * Each station's statistics counters (domain statsKeysOf: 'band:20m', 'dxcc:291:20m', ...), what
 * GET /api/vstats reads instead of counting a million facts. Kept exact by
 * PostgresAggregates.recordQsoFacts in the transaction that upserts the facts, as the leaderboard
 * day counts are (postgres-leaderboard-counts.ts): -1 under the keys of a QSO's previous version,
 * +1 under the new one's, only for the facts the version guard let through.
 */
export const STATION_STATS_TABLE = 'agg_station_stats';

/** A fact as the counters need it: the version stored before, or the one just written. */
export interface StatsVersion extends StatsQso {
  stationUserId: string;
  deleted: boolean;
}

/** Creates the table; true when it was new (the caller then fills it from the facts). */
export async function migrateStationStats(db: pg.Pool | pg.PoolClient): Promise<boolean> {
  const { rows } = await db.query<{ existed: boolean }>(`SELECT to_regclass('${STATION_STATS_TABLE}') IS NOT NULL AS existed`);
  await db.query(`CREATE TABLE IF NOT EXISTS ${STATION_STATS_TABLE} (
    station_user_id text NOT NULL,
    key text NOT NULL,
    n integer NOT NULL,
    PRIMARY KEY (station_user_id, key)
  )`);
  return !rows[0]?.existed;
}

/**
 * Counts every live fact of `factsTable` (a table created after its facts): statsKeysOf in SQL.
 * Facts recorded before the continent column have '' there and count on their entity's continent.
 */
export async function fillStationStats(client: pg.PoolClient, factsTable: string): Promise<void> {
  const entities = dxccEntities();
  await client.query(`DELETE FROM ${STATION_STATS_TABLE}`);
  await client.query(
    `INSERT INTO ${STATION_STATS_TABLE} (station_user_id, key, n)
     SELECT f.station_user_id, k.key, count(*)::int
     FROM ${factsTable} f
     LEFT JOIN unnest($1::int[], $2::text[]) AS e(dxcc, continent) ON e.dxcc = f.dxcc
     CROSS JOIN LATERAL (VALUES
       ('band:' || f.band),
       ('mode:' || COALESCE(NULLIF(f.sub_mode, ''), f.mode)),
       ('continent:' || COALESCE(NULLIF(f.continent, ''), e.continent, '')),
       ('year:' || extract(year FROM f.ts AT TIME ZONE 'UTC')::int),
       ('hour:' || extract(hour FROM f.ts AT TIME ZONE 'UTC')::int),
       (CASE WHEN f.dxcc > 0 THEN 'dxcc:' || f.dxcc || ':' || f.band END)
     ) AS k(key)
     WHERE NOT f.deleted AND k.key IS NOT NULL
     GROUP BY 1, 2`,
    [entities.map((e) => e.adif), entities.map((e) => e.cont)],
  );
}

/**
 * Moves the counters of the QSOs whose new versions were just written: `before` holds the
 * versions they replaced (by qdoId; absent for a first version). A counter below zero means the
 * counters drifted from the facts: the transaction fails rather than answer wrong statistics.
 */
export async function applyStationStatsDeltas(
  client: pg.PoolClient,
  before: ReadonlyMap<string, StatsVersion>,
  written: ReadonlyArray<StatsVersion & { qdoId: string }>,
): Promise<void> {
  const deltas = new Map<string, { station: string; key: string; n: number }>();
  const add = (v: StatsVersion, n: number) => {
    if (v.deleted) return;
    for (const key of statsKeysOf(v)) {
      const id = `${v.stationUserId}\n${key}`;
      const delta = deltas.get(id) ?? { station: v.stationUserId, key, n: 0 };
      delta.n += n;
      deltas.set(id, delta);
    }
  };
  for (const fact of written) {
    const old = before.get(fact.qdoId);
    if (old) add(old, -1);
    add(fact, 1);
  }
  const changes = [...deltas.values()].filter((d) => d.n !== 0);
  if (changes.length === 0) return;
  const { rows } = await client.query<{ lowest: number }>(
    `INSERT INTO ${STATION_STATS_TABLE} AS s (station_user_id, key, n)
     SELECT * FROM unnest($1::text[], $2::text[], $3::int[])
     ON CONFLICT (station_user_id, key) DO UPDATE SET n = s.n + EXCLUDED.n
     RETURNING s.n AS lowest`,
    [changes.map((d) => d.station), changes.map((d) => d.key), changes.map((d) => d.n)],
  );
  if (rows.some((r) => r.lowest < 0)) throw new Error(`${STATION_STATS_TABLE}: a counter went below zero (the counters drifted from the facts)`);
}

/** GET /api/vstats on the embedded default: one station's rows of the counters (its primary key's range). */
export class PostgresStationStats implements StationStatsStore {
  /** The pool stays open on close(). */
  constructor(private readonly pool: pg.Pool) {}

  async stationCounts(stationUserId: string): Promise<StationStatsCount[]> {
    const { rows } = await this.pool.query<StationStatsCount>(
      `SELECT key, n AS count FROM ${STATION_STATS_TABLE} WHERE station_user_id = $1 AND n > 0`,
      [stationUserId],
    );
    return sortedCounts(rows);
  }

  async close(): Promise<void> {}
}
