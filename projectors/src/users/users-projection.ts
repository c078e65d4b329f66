import { assertNever, EMPTY_PROFILE, profileToApi, USER_EVENT_TYPES, type UserEvent } from '@hamlog/domain';
import type { PoolClient } from '@hamlog/infra/postgres/pool';
import { usersMigrations } from '@hamlog/infra/read-models/users/schema';
import {
  insertManagedUser,
  insertUser,
  markPasswordSet,
  setApiKey,
  setEmail,
  setProfile,
  setSubscription,
} from '@hamlog/infra/read-models/users/writes';
import type { Projection, Recorded } from '../runtime/projection';

const USER_STREAM = /^user-([0-9a-f-]{36})$/;

/** Account rows for /vuser, profiles and API-key look-ups. Every write sets values, so a replay is harmless. */
export const usersProjection: Projection<UserEvent> = {
  name: 'users',
  canHandle: USER_EVENT_TYPES,
  tables: ['rm_users'],
  migrations: usersMigrations,
  async apply(client: PoolClient, events: Recorded<UserEvent>[]): Promise<void> {
    for (const event of events) {
      const userId = USER_STREAM.exec(event.streamId)?.[1];
      if (!userId) continue;
      switch (event.type) {
        case 'UserRegistered': {
          const d = event.data;
          await insertUser(client, { id: d.userId, email: d.email, callsign: d.callsign, apiKey: d.apiKey, refId: d.refId || null, createdAt: d.registeredAt });
          break;
        }
        case 'ManagedAccountCreated':
          await insertManagedUser(client, { ...event.data, id: event.data.userId });
          break;
        case 'PasswordSet':
          await markPasswordSet(client, userId);
          break;
        case 'ProfileUpdated':
          await setProfile(client, userId, profileToApi({ ...EMPTY_PROFILE, ...event.data.profile }));
          break;
        case 'EmailChanged':
          await setEmail(client, userId, event.data.email);
          break;
        case 'ApiKeyIssued':
          await setApiKey(client, userId, event.data.apiKey);
          break;
        case 'SubscriptionChanged':
          await setSubscription(client, userId, event.data);
          break;
        case 'SubAccountAdded':
          // The sub-account's own row (ManagedAccountCreated) names its main account.
          break;
        default:
          assertNever(event);
      }
    }
  },
};
