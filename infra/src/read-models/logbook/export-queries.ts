import type pg from 'pg';
import { SELECT, toQsoRow, type QsoRow } from './queries';

/** Rows fetched per round trip: a few MB of rows in memory at a time, whatever the log's size. */
export const EXPORT_FETCH_ROWS = 1_000;

export interface LogbookRange {
  stationUserId: string;
  /** The first instant included (ISO, UTC). */
  from: string;
  /** The first instant after the range. */
  until: string;
}

/**
 * A station's live QSOs in a time range, oldest first (ties by id), in batches from one cursor in
 * one read-only REPEATABLE READ transaction: one snapshot of the logbook whatever its size, with
 * at most two batches in memory. The next batch is asked for before this one is handed over, so
 * PostgreSQL reads it while the caller works on this one. Stopping the iteration early (break, a
 * throw) closes the cursor.
 */
export async function* logbookRangeBatches(pool: pg.Pool, range: LogbookRange, batchRows = EXPORT_FETCH_ROWS): AsyncGenerator<QsoRow[]> {
  const client = await pool.connect();
  const fetchNext = () => {
    const fetched = client.query<Record<string, unknown>>(`FETCH FORWARD ${batchRows} FROM adif_export`);
    // Awaited later (or in finally): a failure while the caller works must not count as unhandled.
    fetched.catch(() => {});
    return fetched;
  };
  let ahead: Promise<pg.QueryResult<Record<string, unknown>>> | null = null;
  let broken: unknown = undefined;
  let finished = false;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    await client.query({
      text: `DECLARE adif_export NO SCROLL CURSOR FOR ${SELECT}
        WHERE station_user_id = $1 AND NOT deleted AND ts >= $2 AND ts < $3 ORDER BY rm_qsos.ts, qdo_id`,
      values: [range.stationUserId, range.from, range.until],
    });
    let next = fetchNext();
    ahead = next;
    for (;;) {
      const { rows } = await next;
      ahead = null;
      if (rows.length === 0) break;
      const more = rows.length === batchRows;
      if (more) ahead = next = fetchNext();
      yield rows.map(toQsoRow);
      if (!more) break;
    }
    await client.query('COMMIT');
    finished = true;
  } catch (error) {
    broken = error;
    throw error;
  } finally {
    // Ended early: let the fetch in flight finish, then end the transaction. Failed: drop the connection.
    if (ahead) await ahead.catch((error: unknown) => (broken ??= error));
    if (!finished && broken === undefined) await client.query('ROLLBACK').catch((error: unknown) => (broken = error));
    client.release(broken instanceof Error ? broken : undefined);
  }
}
