import type { QsoFields } from '@hamlog/domain';
import type { ClientBase } from 'pg';

/** A QSO row holds the domain's QSO fields, one column each. */
export type QsoRowFields = QsoFields;

export const QSO_COLUMNS = [
  'ts', 'call', 'freq_hz', 'band', 'mode', 'submode', 'name', 'snt', 'rcv', 'comment', 'power', 'dxcc',
  'continent', 'country', 'lat', 'lon', 'cq_zone', 'itu_zone', 'grid_square', 'radio_mode', 'qso_duration', 'qso_origin',
  'is_run_qso', 'contest_name',
] as const;

function values(f: QsoRowFields): unknown[] {
  return [
    f.ts, f.call, f.freqHz, f.band, f.mode, f.subMode, f.name, f.snt, f.rcv, f.comment, f.power, f.dxcc,
    f.continent, f.country, f.lat, f.lon, f.cqZone, f.ituZone, f.gridSquare, f.radioMode, f.qsoDuration, f.qsoOrigin,
    f.isRunQso, f.contestName,
  ];
}

const placeholders = (from: number) => QSO_COLUMNS.map((_, i) => `$${i + from}`).join(', ');
const excluded = QSO_COLUMNS.map((c) => `${c} = EXCLUDED.${c}`).join(', ');
const assigned = (from: number) => QSO_COLUMNS.map((c, i) => `${c} = $${i + from}`).join(', ');

/** Inserts or revives a QSO row; true when it now counts (new, or was deleted). */
export async function upsertQso(
  client: ClientBase,
  row: { qdoId: string; stationUserId: string; stationCallsign: string; position: number; fields: QsoRowFields },
): Promise<boolean> {
  const { rows } = await client.query<{ was_deleted: boolean | null }>(
    `WITH prev AS (SELECT deleted FROM rm_qsos WHERE qdo_id = $1)
     INSERT INTO rm_qsos (qdo_id, station_user_id, station_callsign, position, deleted, ${QSO_COLUMNS.join(', ')})
     VALUES ($1, $2, $3, $4, false, ${placeholders(5)})
     ON CONFLICT (qdo_id) DO UPDATE SET deleted = false, position = EXCLUDED.position, ${excluded}
     RETURNING (SELECT deleted FROM prev) AS was_deleted`,
    [row.qdoId, row.stationUserId, row.stationCallsign, row.position, ...values(row.fields)],
  );
  return rows[0]?.was_deleted !== false;
}

export async function updateQsoFields(client: ClientBase, qdoId: string, position: number, fields: QsoRowFields): Promise<void> {
  await client.query(`UPDATE rm_qsos SET position = $2, ${assigned(3)} WHERE qdo_id = $1`, [qdoId, position, ...values(fields)]);
}

/** Sets the deleted flag; answers the owner when the row changed (so counts move), else null. */
export async function setQsoDeleted(client: ClientBase, qdoId: string, position: number, deleted: boolean): Promise<string | null> {
  const { rows } = await client.query<{ station_user_id: string }>(
    'UPDATE rm_qsos SET deleted = $3, position = $2 WHERE qdo_id = $1 AND deleted <> $3 RETURNING station_user_id',
    [qdoId, position, deleted],
  );
  return rows[0]?.station_user_id ?? null;
}

export async function addToLogbookCounts(client: ClientBase, deltas: Map<string, number>): Promise<void> {
  for (const [userId, delta] of deltas) {
    if (delta === 0) continue;
    await client.query(
      `INSERT INTO rm_logbook_counts (station_user_id, qso_count) VALUES ($1, $2)
       ON CONFLICT (station_user_id) DO UPDATE SET qso_count = rm_logbook_counts.qso_count + EXCLUDED.qso_count`,
      [userId, delta],
    );
  }
}
