import type { ClickHouseClient } from '@clickhouse/client';
import { dxccEntities, sortedCounts, statsKeysOf, type StationStatsCount } from '@hamlog/domain';
import type { QsoFact } from '../ports/aggregates';
import type { StationStatsStore } from '../ports/station-stats';
import { createClickHouseClient, type ClickHouseOptions } from './clickhouse-facts';
import { BIG_QUERY, ClickHousePlacedTables } from './clickhouse-placed-tables';
import { ident, nextComputed, sql, sqlList, type Identifier, type Sql } from './clickhouse-sql';

/**
 * Each station's statistics counters (domain statsKeysOf) in ClickHouse, kept by
 * ClickHouseAggregates.recordQsoFacts after it stores the facts, the way the leaderboards' day
 * counts are (clickhouse-leaderboard-tables.ts), with a station's year in place of a day:
 *
 * - ST_BY_YEAR holds every QSO at its place (station, UTC year) with the keys it counts under.
 *   A version that moves a QSO to another year, or deletes it, leaves a tombstone of that version
 *   at the place it left: rank is version * 2 + 1 when live, version * 2 for a tombstone, and each
 *   place's highest rank (ReplacingMergeTree(rank), read with FINAL) is live exactly when the QSO
 *   is there now.
 * - ST_LATEST holds each QSO's latest version by station, to find where the previous version was.
 *   It is written last: while it still holds the previous version, a redelivered batch redoes
 *   every step.
 * - ST_COUNTS holds the counters per station and year, recounted from ST_BY_YEAR for each
 *   (station, year) a batch touched, with keys gone to zero written as 0. State, not deltas:
 *   recounting twice gives the same rows. The latest recount wins (ReplacingMergeTree(computed)).
 *   GET /api/vstats adds up a station's years: a few thousand rows at most, never its QSOs.
 */
export const ST_BY_YEAR = ident('stats_qso_by_year');
export const ST_LATEST = ident('stats_qso_latest');
export const ST_COUNTS = ident('stats_counts');

interface Place {
  station_user_id: string;
  year: number;
  qdo_id: string;
  keys: string[];
  deleted: number;
  version: number;
}

export class ClickHouseStationStatsTables extends ClickHousePlacedTables<Place> {
  /** Creates the tables; true when they were new (then fillFrom fills them from the facts). */
  async migrate(): Promise<boolean> {
    const existed = await this.exists(ST_COUNTS);
    await this.client.command({
      query: sql`CREATE TABLE IF NOT EXISTS ${this.db}.${ST_BY_YEAR} (
          station_user_id String, year UInt16, qdo_id String, keys Array(String), deleted UInt8, version UInt64, rank UInt64
        ) ENGINE = ReplacingMergeTree(rank) ORDER BY (station_user_id, year, qdo_id)`.text,
    });
    await this.client.command({
      query: sql`CREATE TABLE IF NOT EXISTS ${this.db}.${ST_LATEST} (
          station_user_id String, year UInt16, qdo_id String, keys Array(String), deleted UInt8, version UInt64
        ) ENGINE = ReplacingMergeTree(version) ORDER BY (station_user_id, qdo_id)`.text,
    });
    // Last: its presence says the others exist and are filled.
    await this.client.command({
      query: sql`CREATE TABLE IF NOT EXISTS ${this.db}.${ST_COUNTS} (
          station_user_id String, year UInt16, key String, n UInt32, computed UInt64
        ) ENGINE = ReplacingMergeTree(computed) ORDER BY (station_user_id, year, key)`.text,
    });
    return !existed;
  }

  async drop(): Promise<void> {
    for (const table of [ST_LATEST, ST_COUNTS, ST_BY_YEAR]) {
      await this.client.command({ query: sql`DROP TABLE IF EXISTS ${this.db}.${table}`.text });
    }
  }

  /** Places the facts (the highest version of each qdoId, already stored as facts) and recounts the years they touched. */
  async record(facts: readonly QsoFact[]): Promise<void> {
    const changes = await this.newVersions(facts);
    if (changes.length === 0) return;
    const places: Place[] = [];
    const latestRows: Place[] = [];
    const touched = new Map<string, Set<number>>();
    const touch = (p: Place) => touched.set(p.station_user_id, (touched.get(p.station_user_id) ?? new Set<number>()).add(p.year));
    for (const { fact, before } of changes) {
      const now: Place | null = fact.deleted
        ? before ? { ...before, deleted: 1, version: fact.version } : null
        : { station_user_id: fact.stationUserId, year: fact.ts.getUTCFullYear(), qdo_id: fact.qdoId, keys: statsKeysOf(fact), deleted: 0, version: fact.version };
      if (now) {
        places.push(now);
        touch(now);
      }
      if (before && (!now || before.year !== now.year || before.station_user_id !== now.station_user_id)) {
        places.push({ ...before, deleted: 1, version: fact.version });
        touch(before);
      }
      // A delete of a QSO never placed (its versions came before these tables) is remembered as deleted.
      latestRows.push(now ?? { station_user_id: fact.stationUserId, year: 0, qdo_id: fact.qdoId, keys: [], deleted: 1, version: fact.version });
    }
    await this.insert(ST_BY_YEAR, places.map((p) => ({ ...p, rank: p.version * 2 + (p.deleted ? 0 : 1) })));
    if (touched.size > 0) await this.recount(touched);
    await this.insert(ST_LATEST, latestRows);
  }

  /**
   * Fills the tables from the facts table (tables created after their facts): the current QSOs
   * with statsKeysOf's keys made in SQL, then every counter. Facts recorded before the continent
   * column have '' there and count on their entity's continent.
   */
  async fillFrom(facts: Sql): Promise<void> {
    const entities = dxccEntities();
    const continent = sql`if(last_continent != '', last_continent,
      transform(last_dxcc, [${sqlList(entities.map((e) => e.adif))}], [${sqlList(entities.map((e) => e.cont))}], ''))`;
    const keys = sql`arrayConcat([
        concat('band:', last_band),
        concat('mode:', if(last_sub_mode != '', last_sub_mode, last_mode)),
        concat('continent:', ${continent}),
        concat('year:', toString(toYear(last_ts))),
        concat('hour:', toString(toHour(last_ts)))
      ], if(last_dxcc > 0, [concat('dxcc:', toString(last_dxcc), ':', last_band)], emptyArrayString()))`;
    const current = sql`SELECT qdo_id, argMax(station_user_id, version) AS last_station_user_id, argMax(ts, version) AS last_ts,
        argMax(band, version) AS last_band, argMax(mode, version) AS last_mode, argMax(sub_mode, version) AS last_sub_mode,
        argMax(continent, version) AS last_continent, argMax(dxcc, version) AS last_dxcc, argMax(deleted, version) AS last_deleted,
        max(version) AS last_version
      FROM ${facts} GROUP BY qdo_id`;
    const columns = sql`last_station_user_id, toUInt16(toYear(last_ts)), qdo_id, ${keys}, toUInt8(0), last_version`;
    await this.client.command({
      query: sql`INSERT INTO ${this.db}.${ST_BY_YEAR} SELECT ${columns}, last_version * 2 + 1 FROM (${current}) WHERE last_deleted = 0`.text,
      clickhouse_settings: BIG_QUERY,
    });
    await this.client.command({
      query: sql`INSERT INTO ${this.db}.${ST_LATEST} SELECT ${columns} FROM (${current}) WHERE last_deleted = 0`.text,
      clickhouse_settings: BIG_QUERY,
    });
    await this.client.command({
      query: sql`INSERT INTO ${this.db}.${ST_COUNTS}
        SELECT station_user_id, year, key, toUInt32(count()), ${nextComputed()} FROM (${this.placesNow(sql`1`)})
        ARRAY JOIN keys AS key WHERE live = 1 GROUP BY station_user_id, year, key`.text,
      clickhouse_settings: BIG_QUERY,
    });
  }

  protected async latestOf(where: Sql): Promise<Map<string, Place>> {
    // Aliases differ from the columns: ClickHouse would read a same-named alias in WHERE.
    const rows = await this.rows<{ l_qdo_id: string; l_station_user_id: string; l_year: number; l_keys: string[]; l_deleted: number; l_version: string | number }>(
      sql`SELECT qdo_id AS l_qdo_id, argMax(station_user_id, version) AS l_station_user_id, argMax(year, version) AS l_year,
        argMax(keys, version) AS l_keys, argMax(deleted, version) AS l_deleted, max(version) AS l_version
      FROM ${this.db}.${ST_LATEST} WHERE ${where} GROUP BY qdo_id`,
    );
    return new Map(
      rows.map((r) => [
        r.l_qdo_id,
        {
          station_user_id: r.l_station_user_id,
          year: Number(r.l_year),
          qdo_id: r.l_qdo_id,
          keys: r.l_keys,
          deleted: Number(r.l_deleted),
          version: Number(r.l_version),
        },
      ]),
    );
  }

  /** Recounts each touched station's touched years from ST_BY_YEAR, writing 0 for the keys that are gone. */
  private async recount(touched: ReadonlyMap<string, ReadonlySet<number>>): Promise<void> {
    const buckets = [...touched]
      .map(([station, years]) => sql`(station_user_id = ${station} AND year IN (${sqlList([...years])}))`)
      .reduce((all, bucket) => sql`${all} OR ${bucket}`);
    await this.client.command({
      query: sql`INSERT INTO ${this.db}.${ST_COUNTS}
        SELECT station_user_id, year, key, toUInt32(sum(n)), ${nextComputed()} FROM (
          SELECT station_user_id, year, key, toUInt32(0) AS n FROM ${this.db}.${ST_COUNTS} WHERE ${buckets}
          UNION ALL
          SELECT station_user_id, year, key, toUInt32(count()) AS n FROM (${this.placesNow(buckets)})
          ARRAY JOIN keys AS key WHERE live = 1 GROUP BY station_user_id, year, key
        ) GROUP BY station_user_id, year, key`.text,
      clickhouse_settings: BIG_QUERY,
    });
  }

  /**
   * The QSOs with a place in ST_BY_YEAR `where` (conditions on station and year only), live = 1
   * for those that are there now: each place keeps its highest rank (FINAL), live when odd.
   */
  private placesNow(where: Sql): Sql {
    return sql`SELECT station_user_id, year, keys, rank % 2 AS live
      FROM (SELECT station_user_id, year, keys, rank FROM ${this.db}.${ST_BY_YEAR} FINAL WHERE ${where})`;
  }
}

/** GET /api/vstats from ClickHouse: a station's counter rows of every year, added up. */
export class ClickHouseStationStats implements StationStatsStore {
  private readonly client: ClickHouseClient;
  private readonly db: Identifier;

  constructor(options: ClickHouseOptions) {
    this.db = ident(options.database);
    this.client = createClickHouseClient(options);
  }

  async stationCounts(stationUserId: string): Promise<StationStatsCount[]> {
    const result = await this.client.query({
      query: sql`SELECT key, toUInt32(sum(n)) AS count FROM (
          SELECT key, n FROM ${this.db}.${ST_COUNTS} FINAL WHERE station_user_id = ${stationUserId}
        ) GROUP BY key HAVING count > 0`.text,
      format: 'JSONEachRow',
    });
    const rows = await result.json<{ key: string; count: number | string }>();
    return sortedCounts(rows.map((r) => ({ key: r.key, count: Number(r.count) })));
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}
