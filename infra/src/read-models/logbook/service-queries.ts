import { CONFIRMED_BIT, SERVICE_FIELDS, type ServiceCounts, type SyncedService } from '@hamlog/domain';
import type pg from 'pg';
import { SELECT, toQsoRow, type QsoRow } from './queries';

/**
 * What a service still has to get: a live QSO whose send status is not done (LoTW and eQSL: not
 * Y or I; QRZ and Club Log: not Y, nor N 'do not upload'; M is a corrected QSO to send again),
 * unless the service refused it and it has not changed since (the refusal's content hash).
 */
const NOT_SENT: Readonly<Record<SyncedService, readonly string[]>> = { lotw: ['Y', 'I'], eqsl: ['Y', 'I'], qrz: ['Y', 'N'], clublog: ['Y', 'N'] };

/** What a service was sent of a QSO, as a hash: a refused QSO is sent again once one of these changes. */
export const CONTENT_HASH = `md5(concat_ws('|', call, ts, band, mode, submode, freq_hz, snt, rcv, name, comment, power, grid_square))`;

function pendingCondition(service: SyncedService): string {
  const done = NOT_SENT[service].map((v) => `'${v}'`).join(', ');
  return `NOT deleted AND COALESCE(adif_details->>'${SERVICE_FIELDS[service].sent}', '') NOT IN (${done})
    AND NOT EXISTS (SELECT 1 FROM service_qso_rejections r WHERE r.user_id = rm_qsos.station_user_id AND r.service = $2
      AND r.qdo_id = rm_qsos.qdo_id AND r.content_hash = ${CONTENT_HASH})`;
}

export interface PendingQso extends QsoRow {
  contentHash: string;
}

/** The next QSOs `service` has to get, oldest first. */
export async function pendingQsos(pool: pg.Pool, userId: string, service: SyncedService, limit: number): Promise<PendingQso[]> {
  const { rows } = await pool.query<Record<string, unknown>>(
    `${SELECT.replace('FROM rm_qsos', `, ${CONTENT_HASH} AS content_hash FROM rm_qsos`)} WHERE station_user_id = $1 AND ${pendingCondition(service)} ORDER BY rm_qsos.ts LIMIT $3`,
    [userId, service, limit],
  );
  return rows.map((r) => ({ ...toQsoRow(r), contentHash: r.content_hash as string }));
}

/** A service's figures for the user's Settings. */
export async function serviceCounts(pool: pg.Pool, userId: string, service: SyncedService): Promise<ServiceCounts> {
  const { rows } = await pool.query<{ uploaded: string; confirmed: string; pending: string; rejected: string }>(
    `SELECT count(*) FILTER (WHERE adif_details->>'${SERVICE_FIELDS[service].sent}' = 'Y') AS uploaded,
            count(*) FILTER (WHERE confirmed_by & ${CONFIRMED_BIT[service]} <> 0) AS confirmed,
            count(*) FILTER (WHERE ${pendingCondition(service)}) AS pending,
            (SELECT count(*) FROM service_qso_rejections r WHERE r.user_id = $1 AND r.service = $2) AS rejected
     FROM rm_qsos WHERE station_user_id = $1 AND NOT deleted`,
    [userId, service],
  );
  const row = rows[0]!;
  return { uploaded: Number(row.uploaded), confirmed: Number(row.confirmed), pending: Number(row.pending), rejected: Number(row.rejected) };
}

/** The QSOs `service` refused most recently, with why. */
export async function recentRejections(pool: pg.Pool, userId: string, service: SyncedService, limit = 20): Promise<{ qdo_id: string; call: string; ts: string; reason: string }[]> {
  const { rows } = await pool.query<{ qdo_id: string; call: string; ts: string; reason: string }>(
    `SELECT r.qdo_id, q.call, to_char(q.ts AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS ts, r.reason
     FROM service_qso_rejections r JOIN rm_qsos q ON q.qdo_id = r.qdo_id
     WHERE r.user_id = $1 AND r.service = $2 ORDER BY r.at DESC LIMIT $3`,
    [userId, service, limit],
  );
  return rows;
}
