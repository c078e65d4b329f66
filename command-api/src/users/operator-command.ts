import { randomUUID } from 'node:crypto';
import { userDecider, userStreamName, ValidationError, type UserCommand } from '@hamlog/domain';
import type { EventStore } from '@hamlog/infra/ports/event-store';
import { handleCommand } from '../handling/handle-command';
import { loadCallsignClaim } from './accounts';

/** One readable line from the messages per field. */
export const readable = (errors: Record<string, string[]>): Error => new Error(Object.values(errors).flat().join(' '));

/**
 * An operator's command (npm run subscription, npm run admin) on the account holding `callsign`,
 * through the command path. Throws an Error with a readable message for an unknown callsign or bad input.
 */
export async function handleOperatorCommand(store: EventStore, callsign: string, command: UserCommand, source: string) {
  const normalised = callsign.trim().toUpperCase();
  const holder = (await loadCallsignClaim(store, normalised)).state;
  if (!holder) throw new Error(`No account has the callsign ${normalised}.`);
  const handled = await handleCommand(store, userStreamName(holder.userId), userDecider, command, {
    userId: holder.userId,
    causedBy: 'operator',
    correlationId: `${source}-${randomUUID()}`,
  }).catch((error: unknown) => {
    throw error instanceof ValidationError ? readable(error.errors) : error;
  });
  return { userId: holder.userId, changed: handled.events.length > 0, position: handled.appended?.position ?? null };
}
