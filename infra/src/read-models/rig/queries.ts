import type { LastRigReport } from '@hamlog/domain';
import type pg from 'pg';
import { utcIsoMs } from '../../postgres/sql-time';

/** The user's last rig report, or null when no rig ever reported. */
export async function findRigState(pool: pg.Pool, userId: string): Promise<LastRigReport | null> {
  const { rows } = await pool.query<{ rig_name: string; freq_hz: number; mode: string; op_mode: number | null; reported_at: string }>(
    `SELECT rig_name, freq_hz, mode, op_mode, ${utcIsoMs('reported_at')} AS reported_at
     FROM rm_rig_state WHERE user_id = $1`,
    [userId],
  );
  const r = rows[0];
  return r ? { rigName: r.rig_name, freqHz: r.freq_hz, mode: r.mode, opMode: r.op_mode, at: r.reported_at } : null;
}

/** The stream revision of the user's last projected rig event: where reading the rig stream may start. */
export async function rigStreamRevision(pool: pg.Pool, userId: string): Promise<number | null> {
  const { rows } = await pool.query<{ stream_revision: number }>('SELECT stream_revision FROM rm_rig_state WHERE user_id = $1', [userId]);
  return rows[0]?.stream_revision ?? null;
}
