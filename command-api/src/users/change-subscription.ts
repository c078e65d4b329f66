import { parseSubscriptionInput } from '@hamlog/domain';
import type { EventStore } from '@hamlog/infra/ports/event-store';
import { handleOperatorCommand, readable } from './operator-command';

export interface SubscriptionChange {
  callsign: string;
  /** A level such as 'premium', or 'none'. */
  level: string;
  /** A date (valid to the end of that UTC day) or an ISO date and time; none: no end. */
  expiry?: string;
  paid?: boolean;
}

/**
 * Appends SubscriptionChanged through the command path, for operators (npm run subscription) and
 * tests until payments arrive. Throws an Error with a readable message for bad input.
 */
export async function changeSubscription(store: EventStore, change: SubscriptionChange, at = new Date()) {
  const parsed = parseSubscriptionInput(change.level, change.expiry);
  if (!parsed.ok) throw readable(parsed.errors);
  const command = { type: 'ChangeSubscription', data: { ...parsed.value, paid: change.paid ?? false, at: at.toISOString() } } as const;
  const handled = await handleOperatorCommand(store, change.callsign, command, 'subscription-cli');
  return { ...handled, subscription: parsed.value };
}
