import type { Migration } from '../../postgres/migrations';

/** The organisers' contests (built-in contests are domain data, not rows). */
export const contestsMigrations: Migration[] = [
  {
    id: '001_rm_contests',
    sql: `CREATE TABLE rm_contests (
      id text PRIMARY KEY,
      organiser_user_id text NOT NULL,
      name text NOT NULL,
      starts_at timestamptz NOT NULL,
      ends_at timestamptz NOT NULL,
      modes text[] NOT NULL,
      points_per_contact integer NOT NULL,
      duplicate_rule text NOT NULL,
      late_upload_hours integer NOT NULL,
      repeat text NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      position bigint NOT NULL
    );
    CREATE INDEX rm_contests_newest ON rm_contests (starts_at DESC, id);`,
  },
  {
    id: '002_rm_contests_organiser',
    sql: `CREATE INDEX rm_contests_organiser ON rm_contests (organiser_user_id, starts_at DESC, id);`,
  },
  {
    // A real contest's rules by Cabrillo name (issue 23); '' for the simple rules, as every contest made before.
    id: '003_rm_contests_rules',
    sql: `ALTER TABLE rm_contests ADD COLUMN rules text NOT NULL DEFAULT '';`,
  },
  {
    // An organiser's own rules (rules 'CUSTOM'), the spec as the events carry it; null for every other contest.
    id: '004_rm_contests_custom_rules',
    sql: `ALTER TABLE rm_contests ADD COLUMN custom_rules jsonb;`,
  },
];
