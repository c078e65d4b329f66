import type pg from 'pg';
import type { ContestExchangeFacts } from '@hamlog/domain';
import type { QsoFact } from '../ports/aggregates';
import type { ContestQso, ContestQsoMark, ContestQsoReads } from '../ports/contest-qsos';
import { contestQsoOf } from './contest-qso-row';

export const CONTEST_QSOS_TABLE = 'agg_contest_qsos';

/**
 * The contest facts' table. `recorded` numbers each write from one sequence while the aggregates'
 * lock is held (every write takes it until commit), so numbers commit in order and "recorded after
 * n" misses nothing.
 */
export async function migrateContestQsos(client: pg.PoolClient): Promise<void> {
  await client.query(`
    CREATE SEQUENCE IF NOT EXISTS ${CONTEST_QSOS_TABLE}_recorded;
    CREATE TABLE IF NOT EXISTS ${CONTEST_QSOS_TABLE} (
      qdo_id text PRIMARY KEY,
      station_user_id text NOT NULL,
      station_callsign text NOT NULL,
      ts timestamptz NOT NULL,
      call text NOT NULL,
      band text NOT NULL,
      mode text NOT NULL,
      freq_hz bigint NOT NULL,
      dxcc integer NOT NULL,
      exchange jsonb NOT NULL,
      deleted boolean NOT NULL,
      version bigint NOT NULL,
      recorded bigint NOT NULL
    );
    CREATE INDEX IF NOT EXISTS ${CONTEST_QSOS_TABLE}_ts_idx ON ${CONTEST_QSOS_TABLE} (ts, qdo_id COLLATE "C") WHERE NOT deleted;
    CREATE INDEX IF NOT EXISTS ${CONTEST_QSOS_TABLE}_recorded_idx ON ${CONTEST_QSOS_TABLE} (recorded);
  `);
}

/** Writes the facts newer than what is held (one per qdoId, the caller holds the aggregates' lock). */
export async function recordContestQsos(client: pg.PoolClient, facts: readonly QsoFact[]): Promise<void> {
  await client.query(
    `INSERT INTO ${CONTEST_QSOS_TABLE} (qdo_id, station_user_id, station_callsign, ts, call, band, mode, freq_hz, dxcc, exchange, deleted, version, recorded)
     SELECT f.*, nextval('${CONTEST_QSOS_TABLE}_recorded') FROM unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], $5::text[], $6::text[], $7::text[],
       $8::bigint[], $9::integer[], $10::jsonb[], $11::boolean[], $12::bigint[]) AS f
     ON CONFLICT (qdo_id) DO UPDATE SET
       station_user_id = EXCLUDED.station_user_id, station_callsign = EXCLUDED.station_callsign, ts = EXCLUDED.ts, call = EXCLUDED.call,
       band = EXCLUDED.band, mode = EXCLUDED.mode, freq_hz = EXCLUDED.freq_hz, dxcc = EXCLUDED.dxcc, exchange = EXCLUDED.exchange,
       deleted = EXCLUDED.deleted, version = EXCLUDED.version, recorded = EXCLUDED.recorded
     WHERE ${CONTEST_QSOS_TABLE}.version < EXCLUDED.version`,
    [
      facts.map((f) => f.qdoId),
      facts.map((f) => f.stationUserId),
      facts.map((f) => f.stationCallsign),
      facts.map((f) => f.ts.toISOString()),
      facts.map((f) => f.call),
      facts.map((f) => f.band),
      facts.map((f) => f.mode),
      facts.map((f) => String(f.freqHz)),
      facts.map((f) => f.dxcc),
      facts.map((f) => JSON.stringify(f.exchange ?? {})),
      facts.map((f) => f.deleted),
      facts.map((f) => String(f.version)),
    ],
  );
}

interface Row {
  qdo_id: string;
  station_user_id: string;
  station_callsign: string;
  ts: Date;
  call: string;
  band: string;
  mode: string;
  freq_hz: string;
  dxcc: number;
  exchange: Partial<ContestExchangeFacts>;
  deleted: boolean;
  version: string;
}

const COLUMNS = 'qdo_id, station_user_id, station_callsign, ts, call, band, mode, freq_hz, dxcc, exchange, deleted, version';

function fromRow(r: Row): ContestQso {
  return contestQsoOf({
    qdoId: r.qdo_id,
    stationUserId: r.station_user_id,
    stationCallsign: r.station_callsign,
    ts: r.ts,
    call: r.call,
    band: r.band,
    mode: r.mode,
    freqHz: Number(r.freq_hz),
    dxcc: r.dxcc,
    exchange: r.exchange,
    deleted: r.deleted,
    version: Number(r.version),
  });
}

/** The contest facts in PostgreSQL (the embedded default's aggregates); the mark is the highest `recorded` read. */
export class PostgresContestQsoReads implements ContestQsoReads {
  /** A pool passed in stays open on close(). */
  constructor(private readonly pool: pg.Pool) {}

  async mark(): Promise<ContestQsoMark> {
    const { rows } = await this.pool.query<{ n: string | null }>(`SELECT max(recorded)::text AS n FROM ${CONTEST_QSOS_TABLE}`);
    return rows[0]?.n ?? '0';
  }

  async inWindow(from: Date, to: Date, after: { ts: string; qdoId: string } | null, limit: number): Promise<ContestQso[]> {
    const { rows } = after
      ? await this.pool.query<Row>(
          `SELECT ${COLUMNS} FROM ${CONTEST_QSOS_TABLE} WHERE NOT deleted AND ts < $2 AND (ts, qdo_id COLLATE "C") > ($1::timestamptz, $3::text COLLATE "C")
           ORDER BY ts, qdo_id COLLATE "C" LIMIT $4`,
          [after.ts, to, after.qdoId, limit],
        )
      : await this.pool.query<Row>(
          `SELECT ${COLUMNS} FROM ${CONTEST_QSOS_TABLE} WHERE NOT deleted AND ts >= $1 AND ts < $2 ORDER BY ts, qdo_id COLLATE "C" LIMIT $3`,
          [from, to, limit],
        );
    return rows.map(fromRow);
  }

  async changedSince(mark: ContestQsoMark): Promise<{ qsos: ContestQso[]; mark: ContestQsoMark }> {
    const { rows } = await this.pool.query<Row & { recorded: string }>(
      `SELECT ${COLUMNS}, recorded FROM ${CONTEST_QSOS_TABLE} WHERE recorded > $1::bigint ORDER BY recorded`,
      [mark],
    );
    return { qsos: rows.map(fromRow), mark: rows.at(-1)?.recorded ?? mark };
  }

  async close(): Promise<void> {}
}
