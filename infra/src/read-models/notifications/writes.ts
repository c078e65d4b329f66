import type { ClientBase } from 'pg';
import type { NotificationContent } from '@hamlog/domain';

export async function insertNotification(client: ClientBase, n: NotificationContent & { at: string }): Promise<void> {
  await client.query(
    `INSERT INTO rm_notifications (id, recipient_id, type_id, subject, message, sender_id, sender_callsign,
       about_qso_id, about_post_id, about_comment_id, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (recipient_id, id) DO NOTHING`,
    [n.notificationId, n.recipientId, n.typeId, n.subject, n.message, n.senderId, n.senderCallsign, n.aboutQsoId, n.aboutPostId, n.aboutCommentId, n.at],
  );
}

export async function markNotificationsRead(client: ClientBase, recipientId: string, ids: readonly string[], at: string): Promise<void> {
  await client.query('UPDATE rm_notifications SET read_at = $3 WHERE recipient_id = $1 AND id = ANY($2::text[]) AND read_at IS NULL', [
    recipientId,
    ids,
    at,
  ]);
}
