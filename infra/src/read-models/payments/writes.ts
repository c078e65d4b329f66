import type { ClientBase } from 'pg';
import type { DonationReceived } from '@hamlog/domain';

export async function addDonation(client: ClientBase, donation: DonationReceived['data']): Promise<void> {
  await client.query(
    `INSERT INTO rm_donations (checkout_session_id, user_id, amount_minor, currency, listed, received_at)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (checkout_session_id) DO NOTHING`,
    [donation.checkoutSessionId, donation.userId, donation.amountMinor, donation.currency, donation.listed, donation.receivedAt],
  );
}
