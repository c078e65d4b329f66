import type pg from 'pg';
import { utcIso } from '../../postgres/sql-time';

export interface QsoMedia {
  /** File names in the order attached. */
  recordings: string[];
  sstvs: string[];
}

export async function findQsoMedia(pool: pg.Pool, qdoId: string): Promise<QsoMedia> {
  const { rows } = await pool.query<{ kind: string; file_name: string }>(
    'SELECT kind, file_name FROM rm_qso_media WHERE qdo_id = $1 ORDER BY position, file_name',
    [qdoId],
  );
  return {
    recordings: rows.filter((r) => r.kind === 'recording').map((r) => r.file_name),
    sstvs: rows.filter((r) => r.kind === 'sstv').map((r) => r.file_name),
  };
}

/**
 * Whether the file is attached to QSOs and all of them are in the trash: then it is not served.
 * A file no QSO holds (a photo) and one a live QSO also holds are served.
 */
export async function isOnlyInTrash(pool: pg.Pool, fileName: string): Promise<boolean> {
  const { rows } = await pool.query<{ hidden: boolean }>(
    `SELECT bool_and(t.qdo_id IS NOT NULL) AS hidden
     FROM rm_qso_media m LEFT JOIN rm_qso_trash t ON t.qdo_id = m.qdo_id
     WHERE m.file_name = $1`,
    [fileName],
  );
  return rows[0]?.hidden === true;
}

export interface StationSstvImage {
  fileName: string;
  qdoId: string;
  call: string;
  /** ISO 8601 UTC time of the QSO. */
  ts: string;
}

/**
 * A station's latest SSTV images, newest QSO first, from its live (not deleted) QSOs. Driven
 * from rm_qso_media's SSTV rows, which are few beside the logbook: each is checked against its
 * QSO by primary key.
 */
export async function latestSstvImagesOf(pool: pg.Pool, stationUserId: string, limit: number): Promise<StationSstvImage[]> {
  const { rows } = await pool.query<{ file_name: string; qdo_id: string; call: string; ts: string }>(
    `SELECT m.file_name, q.qdo_id, q.call, ${utcIso('q.ts')} AS ts
     FROM rm_qso_media m JOIN rm_qsos q ON q.qdo_id = m.qdo_id
     WHERE m.kind = 'sstv' AND q.station_user_id = $1 AND NOT q.deleted
     ORDER BY q.ts DESC, m.position DESC LIMIT $2`,
    [stationUserId, limit],
  );
  return rows.map((r) => ({ fileName: r.file_name, qdoId: r.qdo_id, call: r.call, ts: r.ts }));
}

export interface ArchivedSstvImage {
  /** The attachment's global log position: the archive's keyset. */
  position: number;
  fileName: string;
  qdoId: string;
  stationCallsign: string;
  call: string;
  /** ISO 8601 UTC time of the QSO. */
  qsoAt: string;
  band: string;
  mode: string;
}

/**
 * The SSTV archive's page: images attached before log position `before` (null: from the newest)
 * to QSOs that are not deleted, newest attachment first. Walks rm_qso_media_sstv_newest from
 * `before` down and checks each image's QSO by primary key, so a page costs the same at any depth.
 */
export async function sstvArchivePage(pool: pg.Pool, before: number | null, limit: number): Promise<ArchivedSstvImage[]> {
  // Two statements rather than '$1 IS NULL OR position < $1', which the index could only filter by, not start at.
  const { rows } = await pool.query<{ position: string; file_name: string; qdo_id: string; station_callsign: string; call: string; qso_at: string; band: string; mode: string }>(
    `SELECT m.position, m.file_name, q.qdo_id, q.station_callsign, q.call, ${utcIso('q.ts')} AS qso_at, q.band, q.mode
     FROM rm_qso_media m JOIN rm_qsos q ON q.qdo_id = m.qdo_id
     WHERE m.kind = 'sstv' AND NOT q.deleted${before === null ? '' : ' AND m.position < $2'}
     ORDER BY m.position DESC LIMIT $1`,
    before === null ? [limit] : [limit, before],
  );
  return rows.map((r) => ({
    position: Number(r.position),
    fileName: r.file_name,
    qdoId: r.qdo_id,
    stationCallsign: r.station_callsign,
    call: r.call,
    qsoAt: r.qso_at,
    band: r.band,
    mode: r.mode,
  }));
}
