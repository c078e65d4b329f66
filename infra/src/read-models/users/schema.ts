import type { Migration } from '../../postgres/migrations';

export const usersMigrations: Migration[] = [
  {
    id: '001_rm_users',
    sql: `CREATE TABLE rm_users (
      id text PRIMARY KEY,
      email text NOT NULL,
      my_callsign text NOT NULL,
      name text NOT NULL DEFAULT '',
      api_key text NOT NULL,
      ref_id text,
      has_password boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL
    );
    CREATE UNIQUE INDEX rm_users_api_key ON rm_users (api_key);
    CREATE INDEX rm_users_callsign ON rm_users (my_callsign);`,
  },
];
