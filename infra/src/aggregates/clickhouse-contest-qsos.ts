import type { ClickHouseClient } from '@clickhouse/client';
import type { ContestExchangeFacts } from '@hamlog/domain';
import type { QsoFact } from '../ports/aggregates';
import type { ContestQso, ContestQsoMark, ContestQsoReads } from '../ports/contest-qsos';
import { createClickHouseClient, factRowStart, type ClickHouseOptions } from './clickhouse-facts';
import { formatDateTime, ident, sql, type Identifier, type Sql } from './clickhouse-sql';
import { contestQsoOf } from './contest-qso-row';

export const CONTEST_QSOS_TABLE = ident('contest_qsos_v1');

/**
 * How far before its own clock a reader reads again: a batch is stamped by the consumer that writes
 * it (recorded_at) and is seen only once its insert ends, so a reader re-reads the last seconds and
 * skips what it already holds by version. Covers a slow insert and clocks a few seconds apart.
 */
const REREAD_SECONDS = 30;

/** The contest facts' table: every version of every QSO, the latest taken on read (merges are eventual). */
export function contestQsosTableDdl(db: Identifier): Sql {
  return sql`CREATE TABLE IF NOT EXISTS ${db}.${CONTEST_QSOS_TABLE} (
    qdo_id String,
    station_user_id String,
    station_callsign String,
    ts DateTime('UTC'),
    call String,
    band String,
    mode String,
    freq_hz UInt64,
    dxcc UInt16,
    exchange String,
    deleted UInt8,
    version UInt64,
    recorded_at DateTime('UTC')
  ) ENGINE = ReplacingMergeTree(version) ORDER BY qdo_id`;
}

export async function recordContestQsos(client: ClickHouseClient, db: Identifier, facts: readonly QsoFact[]): Promise<void> {
  const recordedAt = formatDateTime(new Date());
  await client.insert({
    table: sql`${db}.${CONTEST_QSOS_TABLE}`.text,
    format: 'JSONEachRow',
    values: facts.map((f) => ({
      ...factRowStart(f),
      call: f.call,
      band: f.band,
      mode: f.mode,
      freq_hz: f.freqHz,
      dxcc: f.dxcc,
      exchange: JSON.stringify(f.exchange ?? {}),
      deleted: f.deleted ? 1 : 0,
      version: f.version,
      recorded_at: recordedAt,
    })),
  });
}

interface Row {
  qdo_id: string;
  sid: string;
  station: string;
  secs: number | string;
  c: string;
  b: string;
  m: string;
  f: string | number;
  d: number;
  x: string;
  del: number;
  v: string | number;
}

/** The contest facts in ClickHouse; the mark is a time in seconds (REREAD_SECONDS before the reader's clock). */
export class ClickHouseContestQsoReads implements ContestQsoReads {
  private readonly client: ClickHouseClient;
  private readonly db: Identifier;

  constructor(options: ClickHouseOptions) {
    this.db = ident(options.database);
    this.client = createClickHouseClient(options);
  }

  mark(): Promise<ContestQsoMark> {
    return Promise.resolve(String(Math.floor(Date.now() / 1000) - REREAD_SECONDS));
  }

  async inWindow(from: Date, to: Date, after: { ts: string; qdoId: string } | null, limit: number): Promise<ContestQso[]> {
    const since = after ? new Date(after.ts) : from;
    const past = after ? sql`AND (t > ${since} OR (t = ${since} AND qdo_id > ${after.qdoId}))` : sql``;
    return this.latest(
      sql`SELECT qdo_id FROM ${this.db}.${CONTEST_QSOS_TABLE} WHERE ts >= ${since} AND ts < ${to}`,
      sql`HAVING del = 0 AND t >= ${from} AND t < ${to} ${past} ORDER BY t, qdo_id LIMIT ${limit}`,
    );
  }

  async changedSince(mark: ContestQsoMark): Promise<{ qsos: ContestQso[]; mark: ContestQsoMark }> {
    const next = await this.mark();
    const since = new Date(Number(mark) * 1000);
    const qsos = await this.latest(sql`SELECT qdo_id FROM ${this.db}.${CONTEST_QSOS_TABLE} WHERE recorded_at >= ${since}`, sql``);
    return { qsos, mark: next };
  }

  async close(): Promise<void> {
    await this.client.close();
  }

  /** The latest version of each QSO `candidates` names, `tail` after GROUP BY. */
  private async latest(candidates: Sql, tail: Sql): Promise<ContestQso[]> {
    const query = sql`SELECT qdo_id,
        argMax(station_user_id, version) AS sid, argMax(station_callsign, version) AS station,
        argMax(ts, version) AS t, toUInt32(t) AS secs, argMax(call, version) AS c, argMax(band, version) AS b,
        argMax(mode, version) AS m, argMax(freq_hz, version) AS f, argMax(dxcc, version) AS d,
        argMax(exchange, version) AS x, argMax(deleted, version) AS del, max(version) AS v
      FROM ${this.db}.${CONTEST_QSOS_TABLE} WHERE qdo_id IN (${candidates})
      GROUP BY qdo_id ${tail}`;
    const result = await this.client.query({ query: query.text, format: 'JSONEachRow' });
    const rows = await result.json<Row>();
    return rows.map((r) =>
      contestQsoOf({
        qdoId: r.qdo_id,
        stationUserId: r.sid,
        stationCallsign: r.station,
        ts: new Date(Number(r.secs) * 1000),
        call: r.c,
        band: r.b,
        mode: r.m,
        freqHz: Number(r.f),
        dxcc: Number(r.d),
        exchange: JSON.parse(r.x) as Partial<ContestExchangeFacts>,
        deleted: Number(r.del) === 1,
        version: Number(r.v),
      }),
    );
  }
}
