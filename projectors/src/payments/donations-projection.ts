import { DONATION_EVENT_TYPES, type DonationEvent } from '@hamlog/domain';
import type { PoolClient } from '@hamlog/infra/postgres/pool';
import { donationsMigrations } from '@hamlog/infra/read-models/payments/schema';
import { addDonation } from '@hamlog/infra/read-models/payments/writes';
import type { Projection, Recorded } from '../runtime/projection';

/** rm_donations: completed donations, for the supporters list on /support-us. */
export const donationsProjection: Projection<DonationEvent> = {
  name: 'donations',
  canHandle: DONATION_EVENT_TYPES,
  migrations: donationsMigrations,
  tables: ['rm_donations'],
  async apply(client: PoolClient, events: Recorded<DonationEvent>[]): Promise<void> {
    for (const e of events) if (e.type === 'DonationReceived') await addDonation(client, e.data);
  },
};
