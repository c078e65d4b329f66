import type pg from 'pg';

/**
 * The bytes a user has stored: their photos plus the attachments of their QSOs (those in the trash
 * too, as they can be restored). From the read models, so it may lag the newest uploads a little.
 */
export async function storedBytesOf(pool: pg.Pool, userId: string): Promise<number> {
  const { rows } = await pool.query<{ bytes: string }>(
    `SELECT (SELECT coalesce(sum(bytes), 0) FROM rm_photos WHERE user_id = $1)
          + (SELECT coalesce(sum(m.bytes), 0) FROM rm_qso_media m JOIN rm_qsos q ON q.qdo_id = m.qdo_id WHERE q.station_user_id = $1) AS bytes`,
    [userId],
  );
  return Number(rows[0]?.bytes ?? 0);
}
