import type { Migration } from '../../postgres/migrations';

/** Completed donations (DonationReceived), one row per Stripe Checkout Session; the supporters list reads the listed ones. */
export const donationsMigrations: Migration[] = [
  {
    id: '001_rm_donations',
    sql: `CREATE TABLE rm_donations (
      checkout_session_id text PRIMARY KEY,
      user_id text,
      amount_minor integer NOT NULL,
      currency text NOT NULL,
      listed boolean NOT NULL,
      received_at timestamptz NOT NULL
    );
    CREATE INDEX rm_donations_listed ON rm_donations (user_id, received_at) WHERE listed AND user_id IS NOT NULL`,
  },
];
