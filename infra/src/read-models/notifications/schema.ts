import type { Migration } from '../../postgres/migrations';

/** Each user's inbox; read_at is null while unread. */
export const notificationsMigrations: Migration[] = [
  {
    id: '001_rm_notifications',
    sql: `CREATE TABLE rm_notifications (
      id text NOT NULL,
      recipient_id text NOT NULL,
      type_id integer NOT NULL,
      subject text NOT NULL,
      message text NOT NULL,
      sender_id text,
      sender_callsign text,
      about_qso_id text,
      about_post_id text,
      about_comment_id text,
      created_at timestamptz NOT NULL,
      read_at timestamptz,
      PRIMARY KEY (recipient_id, id)
    );
    CREATE INDEX rm_notifications_inbox ON rm_notifications (recipient_id, created_at DESC, id DESC);
    CREATE INDEX rm_notifications_unread ON rm_notifications (recipient_id) WHERE read_at IS NULL;`,
  },
];
