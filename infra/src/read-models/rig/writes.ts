import type { ClientBase } from 'pg';

export interface RigStateRow {
  userId: string;
  rigName: string;
  freqHz: number;
  mode: string;
  power: number | null;
  opMode: number | null;
  /** ISO 8601 UTC. */
  reportedAt: string;
  /** Revision of the event in the user's rig stream (a starting point for reading it). */
  streamRevision: number;
  position: number;
}

/** Each user's latest rig report; an older event (a replay) never overwrites a newer one. */
export async function upsertRigState(client: ClientBase, row: RigStateRow): Promise<void> {
  await client.query(
    `INSERT INTO rm_rig_state (user_id, rig_name, freq_hz, mode, power, op_mode, reported_at, stream_revision, position)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (user_id) DO UPDATE SET rig_name = EXCLUDED.rig_name, freq_hz = EXCLUDED.freq_hz, mode = EXCLUDED.mode,
       power = EXCLUDED.power, op_mode = EXCLUDED.op_mode, reported_at = EXCLUDED.reported_at,
       stream_revision = EXCLUDED.stream_revision, position = EXCLUDED.position
     WHERE rm_rig_state.position < EXCLUDED.position`,
    [row.userId, row.rigName, row.freqHz, row.mode, row.power, row.opMode, row.reportedAt, row.streamRevision, row.position],
  );
}
