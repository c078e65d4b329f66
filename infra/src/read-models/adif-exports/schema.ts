import type { Migration } from '../../postgres/migrations';

/**
 * Each user's ADIF export jobs (projectors/src/adif-exports): the jobs list, the download's
 * owner check, the start's catch-up of pending jobs and the 24-hour cleanup read it. An expired
 * job's row is deleted.
 */
export const adifExportsMigrations: Migration[] = [
  {
    id: '001_rm_adif_exports',
    sql: `CREATE TABLE rm_adif_exports (
      job_id text PRIMARY KEY,
      user_id text NOT NULL,
      created_at timestamptz NOT NULL,
      range_kind text NOT NULL,
      start_text text NOT NULL,
      end_text text NOT NULL,
      range_from timestamptz NOT NULL,
      range_until timestamptz NOT NULL,
      station_callsign text NOT NULL,
      file_name text NOT NULL,
      storage_name text NOT NULL,
      status smallint,
      qso_count bigint,
      bytes bigint,
      reason text,
      position bigint NOT NULL
    );
    CREATE INDEX rm_adif_exports_by_user ON rm_adif_exports (user_id, created_at DESC, position DESC);
    CREATE INDEX rm_adif_exports_by_age ON rm_adif_exports (created_at);`,
  },
];
