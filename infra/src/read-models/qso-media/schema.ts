import type { Migration } from '../../postgres/migrations';

export const qsoMediaMigrations: Migration[] = [
  {
    id: '001_rm_qso_media',
    sql: `CREATE TABLE rm_qso_media (
      qdo_id text NOT NULL,
      kind text NOT NULL CHECK (kind IN ('recording', 'sstv')),
      file_name text NOT NULL,
      content_type text NOT NULL,
      bytes bigint NOT NULL,
      position bigint NOT NULL,
      PRIMARY KEY (qdo_id, kind, file_name)
    );`,
  },
  {
    id: '002_rm_qso_media_by_file',
    sql: 'CREATE INDEX rm_qso_media_by_file ON rm_qso_media (file_name);',
  },
  {
    // The public SSTV archive pages newest attachment first by position (decision 0051).
    id: '003_rm_qso_media_sstv_newest',
    sql: "CREATE INDEX rm_qso_media_sstv_newest ON rm_qso_media (position DESC) WHERE kind = 'sstv';",
  },
];
