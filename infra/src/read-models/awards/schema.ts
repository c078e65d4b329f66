import type { Migration } from '../../postgres/migrations';

export const awardsMigrations: Migration[] = [
  {
    id: '001_rm_awards',
    sql: `
    -- Each day's latest computation (provisional, then final) and its awards.
    CREATE TABLE rm_award_days (
      day date PRIMARY KEY,
      phase text NOT NULL,
      cutoff timestamptz NOT NULL,
      computed_at timestamptz NOT NULL,
      position bigint NOT NULL
    );
    CREATE TABLE rm_awards (
      id text PRIMARY KEY,
      day date NOT NULL,
      award_key text NOT NULL,
      sort smallint NOT NULL,
      name text NOT NULL,
      short_name text NOT NULL,
      user_id text NOT NULL,
      callsign text NOT NULL,
      qso_count integer NOT NULL,
      final boolean NOT NULL,
      position bigint NOT NULL
    );
    CREATE INDEX rm_awards_latest ON rm_awards (day DESC, sort);
    CREATE INDEX rm_awards_user ON rm_awards (user_id, day DESC);
    -- What the rules need of the accounts, with history: a QSO counts under the subscription in
    -- force at its time, and the exclusion as it stood at the cut-off.
    CREATE TABLE rm_award_accounts (
      user_id text PRIMARY KEY,
      main_user_id text NOT NULL
    );
    CREATE TABLE rm_award_subscriptions (
      user_id text NOT NULL,
      position bigint NOT NULL,
      changed_at timestamptz NOT NULL,
      level text,
      expiry_date timestamptz,
      PRIMARY KEY (user_id, position)
    );
    CREATE TABLE rm_award_exclusions (
      user_id text NOT NULL,
      position bigint NOT NULL,
      changed_at timestamptz NOT NULL,
      excluded boolean NOT NULL,
      PRIMARY KEY (user_id, position)
    );`,
  },
];
