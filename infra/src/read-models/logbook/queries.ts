import type pg from 'pg';
import type { QsoRowFields } from './writes';

export interface QsoRow {
  qdoId: string;
  stationUserId: string;
  stationCallsign: string;
  fields: QsoRowFields;
}

const SELECT = `SELECT qdo_id, station_user_id, station_callsign, to_char(ts AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS ts,
  call, freq_hz, band, mode, submode, name, snt, rcv, comment, power, dxcc, continent, country, lat, lon, cq_zone, itu_zone,
  grid_square, radio_mode, qso_duration, qso_origin, is_run_qso, contest_name FROM rm_qsos`;

type Row = Record<string, unknown>;

function toQsoRow(r: Row): QsoRow {
  return {
    qdoId: r.qdo_id as string,
    stationUserId: r.station_user_id as string,
    stationCallsign: r.station_callsign as string,
    fields: {
      ts: r.ts as string,
      call: r.call as string,
      freqHz: r.freq_hz as number,
      band: r.band as string,
      mode: r.mode as string,
      subMode: r.submode as string,
      name: r.name as string,
      snt: r.snt as string,
      rcv: r.rcv as string,
      comment: r.comment as string,
      power: r.power as string,
      dxcc: r.dxcc as number,
      continent: r.continent as string,
      country: r.country as string,
      lat: r.lat as number | null,
      lon: r.lon as number | null,
      cqZone: r.cq_zone as number | null,
      ituZone: r.itu_zone as number | null,
      gridSquare: r.grid_square as string,
      radioMode: r.radio_mode as string,
      qsoDuration: r.qso_duration as number,
      qsoOrigin: r.qso_origin as string,
      isRunQso: r.is_run_qso as number,
      contestName: r.contest_name as string,
    },
  };
}

/** A live (not deleted) QSO by id, whoever owns it; callers check ownership where it matters. */
export async function findQso(pool: pg.Pool, qdoId: string): Promise<QsoRow | null> {
  const { rows } = await pool.query<Row>(`${SELECT} WHERE qdo_id = $1 AND NOT deleted`, [qdoId]);
  return rows[0] ? toQsoRow(rows[0]) : null;
}

/** One page (1-based) of a station's logbook, newest first. */
export async function logbookPage(pool: pg.Pool, stationUserId: string, page: number, size: number): Promise<QsoRow[]> {
  const { rows } = await pool.query<Row>(
    `${SELECT} WHERE station_user_id = $1 AND NOT deleted ORDER BY ts DESC, qdo_id DESC LIMIT $2 OFFSET $3`,
    [stationUserId, size, (page - 1) * size],
  );
  return rows.map(toQsoRow);
}

export async function logbookCount(pool: pg.Pool, stationUserId: string): Promise<number> {
  const { rows } = await pool.query<{ qso_count: number }>('SELECT qso_count FROM rm_logbook_counts WHERE station_user_id = $1', [
    stationUserId,
  ]);
  return rows[0]?.qso_count ?? 0;
}
