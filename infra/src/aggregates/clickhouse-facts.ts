import { createClient, type ClickHouseClient } from '@clickhouse/client';
import type { QsoFact } from '../ports/aggregates';
import { formatDateTime, ident, sql, type Identifier, type Sql } from './clickhouse-sql';

export interface ClickHouseOptions {
  url: string;
  database: string;
  username?: string;
  password?: string;
}

export function createClickHouseClient(options: ClickHouseOptions): ClickHouseClient {
  return createClient({
    url: options.url,
    username: options.username ?? 'default',
    password: options.password ?? '',
    // Keep requests plain for old servers (18.16): no compression, no extra HTTP settings.
    compression: { request: false, response: false },
    clickhouse_settings: {},
  });
}

/** CLICKHOUSE_URL's options (database from CLICKHOUSE_DATABASE, default hamlog). */
export function clickHouseOptionsFrom(url: string): ClickHouseOptions {
  return { url, database: process.env.CLICKHOUSE_DATABASE ?? 'hamlog' };
}

/** The columns every QSO fact row starts with, as ClickHouse's JSONEachRow takes them. */
export function factRowStart(f: QsoFact): { qdo_id: string; station_user_id: string; station_callsign: string; ts: string } {
  return { qdo_id: f.qdoId, station_user_id: f.stationUserId, station_callsign: f.stationCallsign, ts: formatDateTime(f.ts) };
}

/** v2 added call, frequency, contest, DXCC and upload time; a new name is rebuilt from the log. */
export const FACTS_TABLE = ident('qso_facts_v2');

/**
 * Every upload time of every QSO version (qdo_id, uploaded_at), written beside FACTS_TABLE.
 * FACTS_TABLE is a ReplacingMergeTree: a merge keeps only a QSO's latest version, and with it
 * the latest upload time, so the first upload of an edited QSO survives only here.
 */
export const UPLOADS_TABLE = ident('qso_uploads_v1');

/** Its table definition (the aggregates store creates it with FACTS_TABLE). */
export function uploadsTableDdl(db: Identifier): Sql {
  return sql`CREATE TABLE IF NOT EXISTS ${db}.${UPLOADS_TABLE} (
    qdo_id String,
    uploaded_at DateTime('UTC')
  ) ENGINE = ReplacingMergeTree ORDER BY (qdo_id, uploaded_at)`;
}

/**
 * The latest version of every QSO whose qdo_id `candidates` returns, with every fact column as
 * `last_<column>` and the first upload as `first_uploaded_at`. Merges are eventual, so reads
 * never trust them: they take argMax(..., version) per qdo_id themselves. The first upload is
 * the earliest of UPLOADS_TABLE's times and of the versions still in FACTS_TABLE (facts recorded
 * before UPLOADS_TABLE existed have only those).
 */
export function latestFacts(db: Identifier, candidates: Sql): Sql {
  return sql`SELECT *,
      if(toUInt32(recorded_first_uploaded_at) = 0, versions_first_uploaded_at,
        least(recorded_first_uploaded_at, versions_first_uploaded_at)) AS first_uploaded_at
    FROM (
      SELECT qdo_id,
        argMax(station_user_id, version) AS last_station_user_id,
        argMax(station_callsign, version) AS last_station,
        argMax(ts, version) AS last_ts,
        argMax(band, version) AS last_band,
        argMax(mode, version) AS last_mode,
      argMax(sub_mode, version) AS last_sub_mode,
        argMax(call, version) AS last_call,
        argMax(freq_hz, version) AS last_freq_hz,
        argMax(contest_name, version) AS last_contest_name,
        argMax(dxcc, version) AS last_dxcc,
        argMax(deleted, version) AS last_deleted,
        min(uploaded_at) AS versions_first_uploaded_at
      FROM ${db}.${FACTS_TABLE} WHERE qdo_id IN (${candidates}) GROUP BY qdo_id
    ) ANY LEFT JOIN (
      SELECT qdo_id, min(uploaded_at) AS recorded_first_uploaded_at
      FROM ${db}.${UPLOADS_TABLE} WHERE qdo_id IN (${candidates}) GROUP BY qdo_id
    ) USING qdo_id`;
}
