import type { Migration } from '../../postgres/migrations';

export const rigMigrations: Migration[] = [
  {
    id: '001_rm_rig_state',
    sql: `CREATE TABLE rm_rig_state (
      user_id text PRIMARY KEY,
      rig_name text NOT NULL,
      freq_hz bigint NOT NULL,
      mode text NOT NULL DEFAULT '',
      power double precision,
      op_mode smallint,
      reported_at timestamptz NOT NULL,
      stream_revision bigint NOT NULL,
      position bigint NOT NULL
    );`,
  },
];
