import type { Migration } from '../../postgres/migrations';

/** Who follows whom. Only ever queried by follower: following is private to the follower. */
export const followsMigrations: Migration[] = [
  {
    id: '001_rm_follows',
    sql: `CREATE TABLE rm_follows (
      follower_id text NOT NULL,
      user_id text NOT NULL,
      followed_at timestamptz NOT NULL,
      PRIMARY KEY (follower_id, user_id)
    )`,
  },
];
