import { randomUUID } from 'node:crypto';
import { parseSubscriptionInput, userDecider, userStreamName, ValidationError } from '@hamlog/domain';
import type { EventStore } from '@hamlog/infra/ports/event-store';
import { handleCommand } from '../handling/handle-command';
import { loadCallsignClaim } from './accounts';

export interface SubscriptionChange {
  callsign: string;
  /** A level such as 'premium', or 'none'. */
  level: string;
  /** A date (valid to the end of that UTC day) or an ISO date and time; none: no end. */
  expiry?: string;
  paid?: boolean;
}

/** One readable line from the messages per field. */
const readable = (errors: Record<string, string[]>): Error => new Error(Object.values(errors).flat().join(' '));

/**
 * Appends SubscriptionChanged through the command path, for operators (npm run subscription) and
 * tests until payments arrive. Throws an Error with a readable message for bad input.
 */
export async function changeSubscription(store: EventStore, change: SubscriptionChange, at = new Date()) {
  const parsed = parseSubscriptionInput(change.level, change.expiry);
  if (!parsed.ok) throw readable(parsed.errors);
  const callsign = change.callsign.trim().toUpperCase();
  const holder = (await loadCallsignClaim(store, callsign)).state;
  if (!holder) throw new Error(`No account has the callsign ${callsign}.`);
  const handled = await handleCommand(
    store,
    userStreamName(holder.userId),
    userDecider,
    { type: 'ChangeSubscription', data: { ...parsed.value, paid: change.paid ?? false, at: at.toISOString() } },
    { userId: holder.userId, causedBy: 'operator', correlationId: `subscription-cli-${randomUUID()}` },
  ).catch((error: unknown) => {
    throw error instanceof ValidationError ? readable(error.errors) : error;
  });
  return { userId: holder.userId, changed: handled.events.length > 0, position: handled.appended?.position ?? null, subscription: parsed.value };
}
