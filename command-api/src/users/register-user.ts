import {
  EMAIL_TAKEN,
  MY_CALLSIGN_TAKEN,
  ValidationError,
  callsignClaimStreamName,
  claimDecider,
  emailClaimStreamName,
  foldEvents,
  userDecider,
  userStreamName,
  type Registration,
} from '@hamlog/domain';
import type { AppendResult, EventMetadata, EventStore } from '@hamlog/infra/ports/event-store';
import { toNewEvents } from '../handling/handle-command';
import { retryOnConflict } from '../handling/retry-on-conflict';
import { inTurnOn } from '../handling/stream-queue';
import { loadCallsignClaim, loadEmailClaim, newApiKey, type Account } from './accounts';

/** Both reservations are read together, so a form shows every field that is taken at once. */
async function readClaims(store: EventStore, email: string, callsign: string) {
  const [emailClaim, callClaim] = await Promise.all([loadEmailClaim(store, email), loadCallsignClaim(store, callsign)]);
  const taken: Record<string, string[]> = {};
  if (emailClaim.state) taken.email = [EMAIL_TAKEN];
  if (callClaim.state) taken.my_callsign = [MY_CALLSIGN_TAKEN];
  if (Object.keys(taken).length > 0) throw new ValidationError(taken);
  return { emailClaim, callClaim };
}

/**
 * A new account: the email and callsign are claimed in the same append as the user, so the
 * first registration wins and any other finds them taken (ValidationError).
 */
export async function registerUser(
  store: EventStore,
  { userId, email, callsign, refId }: Registration & { userId: string },
  metadata: EventMetadata,
  at: Date,
): Promise<{ account: Account; appended: AppendResult | null }> {
  const events = userDecider.decide({ type: 'RegisterUser', data: { userId, email, callsign, refId, apiKey: newApiKey(), at: at.toISOString() } }, null);
  const claims = [emailClaimStreamName(email), callsignClaimStreamName(callsign)];
  const results = await inTurnOn(claims, () => retryOnConflict(async () => {
    const { emailClaim, callClaim } = await readClaims(store, email, callsign);
    return store.appendMany([
      { streamId: emailClaimStreamName(email), events: toNewEvents(claimDecider.decide({ type: 'ClaimEmail', data: { userId } }, null), metadata), expectedRevision: emailClaim.revision },
      { streamId: callsignClaimStreamName(callsign), events: toNewEvents(claimDecider.decide({ type: 'ClaimCallsign', data: { userId, callsign } }, null), metadata), expectedRevision: callClaim.revision },
      { streamId: userStreamName(userId), events: toNewEvents(events, metadata), expectedRevision: 'no_stream' },
    ]);
  }));
  const account = foldEvents(userDecider, events);
  if (!account) throw new Error('registration produced no user');
  return { account, appended: results[results.length - 1] ?? null };
}
