import type pg from 'pg';
import type { Notification } from '@hamlog/domain';
import { profileImageSql } from '../photos/queries';
import { utcIso } from '../../postgres/sql-time';

interface Row {
  id: string;
  subject: string;
  message: string;
  type_id: number;
  sender_id: string | null;
  sender_callsign: string | null;
  sender_image: string | null;
  created_at: string;
  about_qso_id: string | null;
  about_post_id: string | null;
  about_comment_id: string | null;
}

function toNotification(r: Row): Notification {
  return {
    id: r.id,
    subject: r.subject,
    message: r.message,
    type_id: r.type_id,
    sender: r.sender_id ? { id: r.sender_id, my_callsign: r.sender_callsign ?? '', profile_image_name: r.sender_image ?? '' } : null,
    created_at: r.created_at,
    about_qso_id: r.about_qso_id,
    about_post_id: r.about_post_id,
    about_comment_id: r.about_comment_id,
  };
}

/** A user's unread (or read) notifications, newest first, with each sender's current profile image. */
export async function notificationsOf(pool: pg.Pool, recipientId: string, which: 'unread' | 'read', limit: number): Promise<Notification[]> {
  const { rows } = await pool.query<Row>(
    `SELECT n.id, n.subject, n.message, n.type_id, n.sender_id, n.sender_callsign,
       CASE WHEN n.sender_id IS NULL THEN NULL ELSE ${profileImageSql('n.sender_id')} END AS sender_image,
       ${utcIso('n.created_at')} AS created_at, n.about_qso_id, n.about_post_id, n.about_comment_id
     FROM rm_notifications n
     WHERE n.recipient_id = $1 AND n.read_at IS ${which === 'unread' ? 'NULL' : 'NOT NULL'}
     ORDER BY n.created_at DESC, n.id DESC LIMIT $2`,
    [recipientId, limit],
  );
  return rows.map(toNotification);
}

export async function unreadNotificationCount(pool: pg.Pool, recipientId: string): Promise<number> {
  const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM rm_notifications WHERE recipient_id = $1 AND read_at IS NULL', [
    recipientId,
  ]);
  return rows[0]?.n ?? 0;
}
