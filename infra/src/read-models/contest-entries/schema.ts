import type { Migration } from '../../postgres/migrations';

/** Each station's entry in a contest: the category it chose (issue 23). */
export const contestEntriesMigrations: Migration[] = [
  {
    id: '001_rm_contest_entries',
    sql: `CREATE TABLE rm_contest_entries (
      contest_id text NOT NULL,
      user_id text NOT NULL,
      category jsonb NOT NULL,
      chosen_at timestamptz NOT NULL,
      position bigint NOT NULL,
      PRIMARY KEY (contest_id, user_id)
    );`,
  },
];
