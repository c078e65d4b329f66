import { confirmedMask, type QsoFields } from '@hamlog/domain';
import type { ClientBase } from 'pg';
import { copyIn, copyValue } from '../../postgres/copy-in';

/** A QSO row holds the domain's QSO fields, one column each. */
export type QsoRowFields = QsoFields;

/** Each field's column, its PostgreSQL type (for unnest) and its value. */
const FIELD_COLUMNS: readonly [column: string, type: string, value: (f: QsoRowFields) => unknown][] = [
  ['ts', 'timestamptz', (f) => f.ts],
  ['call', 'text', (f) => f.call],
  ['freq_hz', 'bigint', (f) => f.freqHz],
  ['band', 'text', (f) => f.band],
  ['mode', 'text', (f) => f.mode],
  ['submode', 'text', (f) => f.subMode],
  ['name', 'text', (f) => f.name],
  ['snt', 'text', (f) => f.snt],
  ['rcv', 'text', (f) => f.rcv],
  ['comment', 'text', (f) => f.comment],
  ['power', 'text', (f) => f.power],
  ['dxcc', 'integer', (f) => f.dxcc],
  ['continent', 'text', (f) => f.continent],
  ['country', 'text', (f) => f.country],
  ['lat', 'double precision', (f) => f.lat],
  ['lon', 'double precision', (f) => f.lon],
  ['cq_zone', 'integer', (f) => f.cqZone],
  ['itu_zone', 'integer', (f) => f.ituZone],
  ['grid_square', 'text', (f) => f.gridSquare],
  ['radio_mode', 'text', (f) => f.radioMode],
  ['qso_duration', 'integer', (f) => f.qsoDuration],
  ['qso_origin', 'text', (f) => f.qsoOrigin],
  ['is_run_qso', 'smallint', (f) => f.isRunQso],
  ['contest_name', 'text', (f) => f.contestName],
  ['adif_extra', 'jsonb', (f) => (f.extra && Object.keys(f.extra).length > 0 ? JSON.stringify(f.extra) : null)],
  ['adif_details', 'jsonb', (f) => (f.details && Object.keys(f.details).length > 0 ? JSON.stringify(f.details) : null)],
  ['confirmed_by', 'smallint', (f) => confirmedMask(f.details)],
];

export const QSO_COLUMNS = FIELD_COLUMNS.map(([c]) => c);

/** The UTC day a QSO counts under in rm_logbook_days, as 'YYYY-MM-DD'. */
const dayOf = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;

/** Where a QSO counts in its station's logbook; null while it is deleted (or not there). */
export interface LogbookPlace {
  stationUserId: string;
  day: string;
}

/** A write's effect on the counts: the QSO's place before and after it. */
export interface PlaceChange {
  before: LogbookPlace | null;
  after: LogbookPlace | null;
}

const NO_CHANGE: PlaceChange = { before: null, after: null };

function place(userId: string | null, day: string | null, live: boolean | null): LogbookPlace | null {
  return userId !== null && day !== null && live ? { stationUserId: userId, day } : null;
}

export interface NewQsoRow {
  qdoId: string;
  stationUserId: string;
  stationCallsign: string;
  position: number;
  /** When it was logged (its QsoLogged event's time). */
  loggedAt: Date;
  fields: QsoRowFields;
}

/** A new row's columns: its keys, then its fields; with each one's PostgreSQL type and value. */
const ROW_COLUMNS: readonly (readonly [column: string, type: string, value: (r: NewQsoRow) => unknown])[] = [
  ['qdo_id', 'text', (r) => r.qdoId],
  ['station_user_id', 'text', (r) => r.stationUserId],
  ['station_callsign', 'text', (r) => r.stationCallsign],
  ['position', 'bigint', (r) => r.position],
  ['logged_at', 'timestamptz', (r) => r.loggedAt],
  ...FIELD_COLUMNS.map(([c, t, v]) => [c, t, (r: NewQsoRow) => v(r.fields)] as const),
];

/** The UTC day of a QSO's time ('YYYY-MM-DD'), as rm_logbook_days counts it. */
const utcDay = (ts: string): string => new Date(ts).toISOString().slice(0, 10);

/** Fewer new rows than this go by the upsert: its one round trip beats COPY's three for a few rows. */
const COPY_MIN_ROWS = 200;

/**
 * Inserts rows that cannot be there yet (the first event of their QSO's stream: an import's
 * thousands) by COPY, several times faster than the upsert, which it falls back to if a row is
 * there after all (a row written by hand). Answers each row's place change.
 */
export async function insertNewQsos(client: ClientBase, rows: NewQsoRow[]): Promise<PlaceChange[]> {
  if (rows.length < COPY_MIN_ROWS) return upsertQsos(client, rows);
  const lines = rows.map((r) => `${ROW_COLUMNS.map(([, , value]) => copyValue(value(r))).join('\t')}\n`);
  await client.query('SAVEPOINT new_qsos');
  try {
    await copyIn(client, `COPY rm_qsos (${ROW_COLUMNS.map(([c]) => c).join(', ')}) FROM STDIN`, lines.join(''));
  } catch (error) {
    if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error;
    await client.query('ROLLBACK TO SAVEPOINT new_qsos');
    return upsertQsos(client, rows);
  }
  return rows.map((r) => ({ before: null, after: { stationUserId: r.stationUserId, day: utcDay(r.fields.ts) } }));
}

const UNIQUE_VIOLATION = '23505';

/**
 * Inserts or revives many QSO rows in one statement; `rows` must have distinct ids (ON CONFLICT
 * touches a row once per statement). Answers each row's place change.
 */
export async function upsertQsos(client: ClientBase, rows: NewQsoRow[]): Promise<PlaceChange[]> {
  if (rows.length === 0) return [];
  const columns = ROW_COLUMNS;
  const { rows: written } = await client.query<{
    station_user_id: string;
    day: string;
    prev_user: string | null;
    prev_day: string | null;
    prev_live: boolean | null;
  }>(
    `WITH input AS (
       SELECT * FROM unnest(${columns.map(([, t], i) => `$${i + 1}::${t}[]`).join(', ')}) AS t(${columns.map(([c]) => c).join(', ')})
     ), prev AS (
       SELECT qdo_id, station_user_id, ts, deleted FROM rm_qsos WHERE qdo_id IN (SELECT qdo_id FROM input)
     ), written AS (
       INSERT INTO rm_qsos (${columns.map(([c]) => c).join(', ')}, deleted)
       SELECT *, false FROM input
       ON CONFLICT (qdo_id) DO UPDATE SET deleted = false, position = EXCLUDED.position,
         -- Logged again after a delete: logged now. A live row keeps the time it was first logged.
         logged_at = CASE WHEN rm_qsos.deleted OR rm_qsos.logged_at IS NULL THEN EXCLUDED.logged_at ELSE rm_qsos.logged_at END,
         ${QSO_COLUMNS.map((c) => `${c} = EXCLUDED.${c}`).join(', ')}
       RETURNING qdo_id, station_user_id, ${dayOf('ts')} AS day
     )
     SELECT w.station_user_id, w.day, p.station_user_id AS prev_user, ${dayOf('p.ts')} AS prev_day, NOT p.deleted AS prev_live
     FROM written w LEFT JOIN prev p USING (qdo_id)`,
    columns.map(([, , value]) => rows.map(value)),
  );
  return written.map((w) => ({ before: place(w.prev_user, w.prev_day, w.prev_live), after: place(w.station_user_id, w.day, true) }));
}

/** Replaces a QSO's fields; its place moves when the time moves to another day. */
export async function updateQsoFields(client: ClientBase, qdoId: string, position: number, fields: QsoRowFields): Promise<PlaceChange> {
  const { rows } = await client.query<{ station_user_id: string; old_day: string; new_day: string; live: boolean }>(
    `WITH old AS (SELECT qdo_id, ts FROM rm_qsos WHERE qdo_id = $1 FOR UPDATE)
     UPDATE rm_qsos q SET position = $2, ${FIELD_COLUMNS.map(([c], i) => `${c} = $${i + 3}`).join(', ')}
     FROM old WHERE q.qdo_id = old.qdo_id
     RETURNING q.station_user_id, ${dayOf('old.ts')} AS old_day, ${dayOf('q.ts')} AS new_day, NOT q.deleted AS live`,
    [qdoId, position, ...FIELD_COLUMNS.map(([, , value]) => value(fields))],
  );
  const row = rows[0];
  if (!row) return NO_CHANGE;
  return { before: place(row.station_user_id, row.old_day, row.live), after: place(row.station_user_id, row.new_day, row.live) };
}

/** Sets the deleted flag; a change only when the flag actually flips. */
export async function setQsoDeleted(client: ClientBase, qdoId: string, position: number, deleted: boolean): Promise<PlaceChange> {
  const { rows } = await client.query<{ station_user_id: string; day: string }>(
    `UPDATE rm_qsos SET deleted = $3, position = $2 WHERE qdo_id = $1 AND deleted <> $3
     RETURNING station_user_id, ${dayOf('ts')} AS day`,
    [qdoId, position, deleted],
  );
  const row = rows[0];
  if (!row) return NO_CHANGE;
  const where: LogbookPlace = { stationUserId: row.station_user_id, day: row.day };
  return deleted ? { before: where, after: null } : { before: null, after: where };
}

/** Sums place changes into per-key deltas, dropping the ones that cancel out. */
function deltas(changes: PlaceChange[], key: (p: LogbookPlace) => string): { place: LogbookPlace; delta: number }[] {
  const sums = new Map<string, { place: LogbookPlace; delta: number }>();
  const add = (p: LogbookPlace | null, by: number) => {
    if (!p) return;
    const k = key(p);
    const sum = sums.get(k) ?? { place: p, delta: 0 };
    sum.delta += by;
    sums.set(k, sum);
  };
  for (const c of changes) {
    add(c.before, -1);
    add(c.after, 1);
  }
  return [...sums.values()].filter((s) => s.delta !== 0);
}

/**
 * Moves the per-station totals (rm_logbook_counts) and per-day counts (rm_logbook_days) by a
 * batch's place changes: one statement each, plus one that drops days left empty.
 */
export async function applyPlaceChanges(client: ClientBase, changes: PlaceChange[]): Promise<void> {
  const perUser = deltas(changes, (p) => p.stationUserId);
  if (perUser.length > 0) {
    await client.query(
      `INSERT INTO rm_logbook_counts (station_user_id, qso_count) SELECT * FROM unnest($1::text[], $2::bigint[])
       ON CONFLICT (station_user_id) DO UPDATE SET qso_count = rm_logbook_counts.qso_count + EXCLUDED.qso_count`,
      [perUser.map((s) => s.place.stationUserId), perUser.map((s) => s.delta)],
    );
  }
  const perDay = deltas(changes, (p) => `${p.stationUserId}|${p.day}`);
  if (perDay.length === 0) return;
  const users = perDay.map((s) => s.place.stationUserId);
  const days = perDay.map((s) => s.place.day);
  await client.query(
    `INSERT INTO rm_logbook_days (station_user_id, day, qso_count) SELECT * FROM unnest($1::text[], $2::date[], $3::bigint[])
     ON CONFLICT (station_user_id, day) DO UPDATE SET qso_count = rm_logbook_days.qso_count + EXCLUDED.qso_count`,
    [users, days, perDay.map((s) => s.delta)],
  );
  if (perDay.some((s) => s.delta < 0)) {
    await client.query(
      `DELETE FROM rm_logbook_days d USING unnest($1::text[], $2::date[]) AS k(station_user_id, day)
       WHERE d.station_user_id = k.station_user_id AND d.day = k.day AND d.qso_count <= 0`,
      [users, days],
    );
  }
}
