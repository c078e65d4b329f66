import type { Migration } from '../../postgres/migrations';

export const qsoTrashMigrations: Migration[] = [
  {
    id: '001_rm_qso_trash',
    sql: `CREATE TABLE rm_qso_trash (
      qdo_id text PRIMARY KEY,
      station_user_id text NOT NULL,
      position bigint NOT NULL,
      deleted_at timestamptz NOT NULL
    );
    CREATE INDEX rm_qso_trash_by_station ON rm_qso_trash (station_user_id, position DESC);`,
  },
];
