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
  {
    // The whole profile form, sub-accounts and the subscription (issue 4). Column names are the
    // API's field names; text fields are '' when unset. Secrets here are for the owner only.
    id: '002_rm_users_profile',
    sql: `ALTER TABLE rm_users
      ADD COLUMN qth text NOT NULL DEFAULT '',
      ADD COLUMN grid text NOT NULL DEFAULT '',
      ADD COLUMN mobile_number text NOT NULL DEFAULT '',
      ADD COLUMN club_call text NOT NULL DEFAULT '',
      ADD COLUMN profile_bio text NOT NULL DEFAULT '',
      ADD COLUMN facebook_link text NOT NULL DEFAULT '',
      ADD COLUMN youtube_link text NOT NULL DEFAULT '',
      ADD COLUMN instagram_link text NOT NULL DEFAULT '',
      ADD COLUMN twitter_link text NOT NULL DEFAULT '',
      ADD COLUMN qrz_api_key text NOT NULL DEFAULT '',
      ADD COLUMN qrz_auto_log_qso boolean NOT NULL DEFAULT false,
      ADD COLUMN clublog_email text NOT NULL DEFAULT '',
      ADD COLUMN has_clublog_password boolean NOT NULL DEFAULT false,
      ADD COLUMN clublog_auto_log_qso boolean NOT NULL DEFAULT false,
      ADD COLUMN eqsl_apikey text NOT NULL DEFAULT '',
      ADD COLUMN exclude_from_leaderboards boolean NOT NULL DEFAULT false,
      ADD COLUMN rig_name_override text NOT NULL DEFAULT '',
      ADD COLUMN is_ham boolean NOT NULL DEFAULT false,
      ADD COLUMN is_cb boolean NOT NULL DEFAULT false,
      ADD COLUMN is_swl boolean NOT NULL DEFAULT false,
      ADD COLUMN managed_by_id text,
      ADD COLUMN managed_by_callsign text,
      ADD COLUMN subscription_level text,
      ADD COLUMN subscription_expiry timestamptz,
      ADD COLUMN paid_subscription boolean NOT NULL DEFAULT false;
    CREATE INDEX rm_users_managed_by ON rm_users (managed_by_id) WHERE managed_by_id IS NOT NULL;`,
  },
  {
    // Callsign verification and the claims an admin reviews (decision 0025).
    id: '003_rm_users_callsign_claims',
    sql: `ALTER TABLE rm_users ADD COLUMN callsign_verified boolean NOT NULL DEFAULT false;
    CREATE TABLE rm_callsign_claims (
      id text PRIMARY KEY,
      callsign text NOT NULL,
      email text NOT NULL,
      user_id text,
      note text NOT NULL,
      evidence text NOT NULL,
      status text NOT NULL,
      approved_user_id text,
      reason text,
      submitted_at timestamptz NOT NULL,
      decided_at timestamptz
    );
    CREATE INDEX rm_callsign_claims_pending ON rm_callsign_claims (submitted_at) WHERE status = 'pending';`,
  },
  {
    // The administrator icon on the feed's user cards (issue 10; npm run admin).
    id: '004_rm_users_is_admin',
    sql: `ALTER TABLE rm_users ADD COLUMN is_admin boolean NOT NULL DEFAULT false;`,
  },
  {
    // The few users left out of the leaderboards, read on every computation of the boards (issue 10).
    id: '005_rm_users_leaderboard_exclusions',
    sql: `CREATE INDEX rm_users_excluded_from_leaderboards ON rm_users (id) WHERE exclude_from_leaderboards;`,
  },
  {
    // Read-only API keys beside each account's read-write api_key (decision 0036).
    id: '006_rm_api_keys',
    sql: `CREATE TABLE rm_api_keys (
      api_key text PRIMARY KEY,
      key_id text NOT NULL,
      user_id text NOT NULL,
      rights text NOT NULL,
      created_at timestamptz NOT NULL,
      UNIQUE (user_id, key_id)
    );`,
  },
  {
    // The operator's live stream, played on /live/user/{id} (decision 0051). Public, like the links.
    id: '007_rm_users_live_stream_url',
    sql: `ALTER TABLE rm_users ADD COLUMN live_stream_url text NOT NULL DEFAULT '';`,
  },
  {
    // Whether others see the owner's award counts on the public station page; off until turned on.
    id: '008_rm_users_show_award_progress',
    sql: `ALTER TABLE rm_users ADD COLUMN show_award_progress boolean NOT NULL DEFAULT false;`,
  },
];
