import type { RecordedEvent } from '@hamlog/infra/ports/event-store';
import type { PoolClient } from '@hamlog/infra/postgres/pool';
import { usersMigrations } from '@hamlog/infra/read-models/users/schema';
import { insertUser, markPasswordSet } from '@hamlog/infra/read-models/users/writes';
import type { Projection } from '../runtime/projection';

interface UserRegisteredData {
  userId: string;
  email: string;
  callsign: string;
  refId: string | null;
  apiKey: string;
  registeredAt: string;
}

const USER_STREAM = /^user-([0-9a-f-]{36})$/;

/** Account rows for /vuser, profiles and API-key look-ups. */
export const usersProjection: Projection = {
  name: 'users',
  tables: ['rm_users'],
  migrations: usersMigrations,
  async apply(client: PoolClient, events: RecordedEvent[]): Promise<void> {
    for (const event of events) {
      const userId = USER_STREAM.exec(event.streamId)?.[1];
      if (!userId) continue;
      if (event.type === 'UserRegistered') {
        const d = event.data as UserRegisteredData;
        await insertUser(client, { id: d.userId, email: d.email, callsign: d.callsign, apiKey: d.apiKey, refId: d.refId, createdAt: d.registeredAt });
      } else if (event.type === 'PasswordSet') {
        await markPasswordSet(client, userId);
      }
    }
  },
};
