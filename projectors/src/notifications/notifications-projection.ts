import type { InboxEvent } from '@hamlog/domain';
import type { RecordedEvent } from '@hamlog/infra/ports/event-store';
import type { PoolClient } from '@hamlog/infra/postgres/pool';
import { notificationsMigrations } from '@hamlog/infra/read-models/notifications/schema';
import { insertNotification, markNotificationsRead } from '@hamlog/infra/read-models/notifications/writes';
import type { Projection } from '../runtime/projection';

/** rm_notifications: each user's inbox, for /vinbox and the unread count of /vsr. */
export const notificationsProjection: Projection = {
  name: 'notifications',
  migrations: notificationsMigrations,
  tables: ['rm_notifications'],
  async apply(client: PoolClient, events: RecordedEvent[]): Promise<void> {
    for (const event of events) {
      const e = { type: event.type, data: event.data } as InboxEvent;
      if (e.type === 'NotificationReceived') await insertNotification(client, e.data);
      else if (e.type === 'NotificationsRead') await markNotificationsRead(client, e.data.recipientId, e.data.notificationIds, e.data.at);
    }
  },
};
