import type { InboxEvent } from '@hamlog/domain';
import type { PoolClient } from '@hamlog/infra/postgres/pool';
import { notificationsMigrations } from '@hamlog/infra/read-models/notifications/schema';
import { insertNotification, markNotificationsRead } from '@hamlog/infra/read-models/notifications/writes';
import type { Projection, Recorded } from '../runtime/projection';

/** rm_notifications: each user's inbox, for /vinbox and the unread count of /vsr. */
export const notificationsProjection: Projection<InboxEvent> = {
  name: 'notifications',
  canHandle: ['NotificationReceived', 'NotificationsRead'],
  migrations: notificationsMigrations,
  tables: ['rm_notifications'],
  async apply(client: PoolClient, events: Recorded<InboxEvent>[]): Promise<void> {
    for (const e of events) {
      if (e.type === 'NotificationReceived') await insertNotification(client, e.data);
      else if (e.type === 'NotificationsRead') await markNotificationsRead(client, e.data.recipientId, e.data.notificationIds, e.data.at);
    }
  },
};
