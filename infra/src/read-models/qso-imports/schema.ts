import type { Migration } from '../../postgres/migrations';

/**
 * Each user's QSO imports (projectors/src/qso-imports): their list, and the imports still running
 * that a process picks up again at start. The progress and the report themselves are read from
 * the import's stream (import-{id}), which is always up to date.
 */
export const qsoImportsMigrations: Migration[] = [
  {
    id: '001_rm_qso_imports',
    sql: `CREATE TABLE rm_qso_imports (
      import_id text PRIMARY KEY,
      user_id text NOT NULL,
      source text NOT NULL,
      file_name text NOT NULL,
      bytes bigint NOT NULL,
      started_at timestamptz NOT NULL,
      status text NOT NULL,
      imported bigint NOT NULL DEFAULT 0,
      duplicates bigint NOT NULL DEFAULT 0,
      failed bigint NOT NULL DEFAULT 0,
      finished_at timestamptz,
      position bigint NOT NULL
    );
    CREATE INDEX rm_qso_imports_by_user ON rm_qso_imports (user_id, started_at DESC);
    CREATE INDEX rm_qso_imports_running ON rm_qso_imports (started_at) WHERE status = 'running';`,
  },
];
