import {
  assertNever,
  CALLSIGN_CLAIM_EVENT_TYPES,
  callsignClaimStreamPrefix,
  EMPTY_PROFILE,
  profileToApi,
  USER_EVENT_TYPES,
  type CallsignClaimEvent,
  type UserEvent,
} from '@hamlog/domain';
import type { PoolClient } from '@hamlog/infra/postgres/pool';
import { deleteReadOnlyKey, insertReadOnlyKey } from '@hamlog/infra/read-models/users/api-keys';
import { decideCallsignClaimRow, insertCallsignClaim } from '@hamlog/infra/read-models/users/callsign-claims';
import { usersMigrations } from '@hamlog/infra/read-models/users/schema';
import {
  insertManagedUser,
  insertUser,
  markCallsignVerified,
  markPasswordSet,
  setApiKey,
  setCallsign,
  setEmail,
  setAdmin,
  setProfile,
  setSubscription,
} from '@hamlog/infra/read-models/users/writes';
import type { Projection, Recorded } from '../runtime/projection';

const USER_STREAM = /^user-([0-9a-f-]{36})$/;

/** The claims an admin reviews (decision 0025). */
async function applyClaim(client: PoolClient, event: Recorded<CallsignClaimEvent>): Promise<void> {
  const claimId = event.streamId.slice(callsignClaimStreamPrefix.length);
  switch (event.type) {
    case 'CallsignClaimSubmitted':
      return insertCallsignClaim(client, event.data);
    case 'CallsignClaimApproved':
      return decideCallsignClaimRow(client, claimId, { status: 'approved', approvedUserId: event.data.userId, at: event.data.approvedAt });
    case 'CallsignClaimRejected':
      return decideCallsignClaimRow(client, claimId, { status: 'rejected', reason: event.data.reason, at: event.data.rejectedAt });
    default:
      return assertNever(event);
  }
}

const isClaimEvent = (event: Recorded<UserEvent | CallsignClaimEvent>): event is Recorded<CallsignClaimEvent> =>
  event.streamId.startsWith(callsignClaimStreamPrefix);

/** Account rows for /vuser, profiles and API-key look-ups. Every write sets values, so a replay is harmless. */
export const usersProjection: Projection<UserEvent | CallsignClaimEvent> = {
  name: 'users',
  canHandle: [...USER_EVENT_TYPES, ...CALLSIGN_CLAIM_EVENT_TYPES],
  tables: ['rm_users', 'rm_callsign_claims', 'rm_api_keys'],
  migrations: usersMigrations,
  async apply(client: PoolClient, events: Recorded<UserEvent | CallsignClaimEvent>[]): Promise<void> {
    for (const event of events) {
      if (isClaimEvent(event)) {
        await applyClaim(client, event);
        continue;
      }
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
        case 'UserCallsignChanged':
          await setCallsign(client, userId, event.data.callsign);
          break;
        case 'UserCallsignVerified':
          await markCallsignVerified(client, userId);
          break;
        case 'AdminRoleGranted':
        case 'AdminRoleRevoked':
          await setAdmin(client, userId, event.type === 'AdminRoleGranted');
          break;
        case 'ReadOnlyApiKeyCreated':
          await insertReadOnlyKey(client, { userId, keyId: event.data.keyId, apiKey: event.data.apiKey, createdAt: event.data.createdAt });
          break;
        case 'ReadOnlyApiKeyDeleted':
          await deleteReadOnlyKey(client, userId, event.data.keyId);
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
