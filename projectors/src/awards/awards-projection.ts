import { AWARDS_EVENT_TYPES, userStreamName, type AwardsEvent, type UserEvent } from '@hamlog/domain';
import type { PoolClient } from '@hamlog/infra/postgres/pool';
import { awardsMigrations } from '@hamlog/infra/read-models/awards/schema';
import { recordAwardAccount, recordAwardDay, recordAwardExclusion, recordAwardSubscription } from '@hamlog/infra/read-models/awards/writes';
import type { Projection, Recorded } from '../runtime/projection';

type Handled = AwardsEvent | Extract<UserEvent, { type: 'ManagedAccountCreated' | 'SubscriptionChanged' | 'ProfileUpdated' }>;

const userIdOf = (streamId: string): string | null => (streamId.startsWith(userStreamName('')) ? streamId.slice(userStreamName('').length) : null);

/**
 * The daily awards (GET /award/latest, award images, profiles' user_awards), and the account
 * history the award rules read: sub-accounts, subscription changes and exclusions.
 */
export const awardsProjection: Projection<Handled> = {
  name: 'awards',
  canHandle: [...AWARDS_EVENT_TYPES, 'ManagedAccountCreated', 'SubscriptionChanged', 'ProfileUpdated'],
  migrations: awardsMigrations,
  tables: ['rm_awards', 'rm_award_days', 'rm_award_accounts', 'rm_award_subscriptions', 'rm_award_exclusions'],
  async apply(client: PoolClient, events: Recorded<Handled>[]): Promise<void> {
    for (const event of events) {
      switch (event.type) {
        case 'DailyAwardsComputed':
          await recordAwardDay(client, event.data, event.position);
          break;
        case 'ManagedAccountCreated':
          await recordAwardAccount(client, event.data.userId, event.data.managedById);
          break;
        case 'SubscriptionChanged': {
          const userId = userIdOf(event.streamId);
          const { changedAt, level, expiryDate } = event.data;
          if (userId) await recordAwardSubscription(client, userId, event.position, { at: changedAt, level, expiryDate });
          break;
        }
        case 'ProfileUpdated': {
          const userId = userIdOf(event.streamId);
          if (userId) await recordAwardExclusion(client, userId, event.position, event.data.updatedAt, event.data.profile.excludeFromLeaderboards === true);
          break;
        }
      }
    }
  },
};
