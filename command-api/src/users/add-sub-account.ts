import {
  callsignClaimStreamName,
  foldEvents,
  claimDecider,
  subAccountIdFor,
  SubAccountCallsignTakenError,
  userDecider,
  UserNotFoundError,
  userStreamName,
} from '@hamlog/domain';
import type { AppendRequest, AppendResult, EventMetadata, EventStore, RecordedEvent } from '@hamlog/infra/ports/event-store';
import { toNewEvents } from '../handling/handle-command';
import { retryOnConflict } from '../handling/retry-on-conflict';
import { inTurnOn } from '../handling/stream-queue';
import { loadCallsignClaim, loadUser, newApiKey, type Account } from './accounts';

/** Whether this very request (its correlation id) already added the callsign: a resend after a lost answer. */
function addedByThisRequest(events: readonly RecordedEvent[], callsign: string, correlationId: unknown): boolean {
  return events.some(
    (e) => e.type === 'SubAccountAdded' && (e.data as { callsign: string }).callsign === callsign && e.metadata.correlationId === correlationId,
  );
}

/**
 * Sub-accounts (decision 0014): each is a user of its own, with its own callsign claim, managed by
 * the main account that added it. Its id is derived from the main account and callsign. The
 * claim, the sub-account and the main account's list are written in one append.
 */
export async function addSubAccount(
  store: EventStore,
  mainId: string,
  /** As typed: the decider trims and upper-cases it. */
  input: string,
  metadata: EventMetadata,
  now: Date,
): Promise<{ main: Account; appended: AppendResult | null }> {
  const callsign = input.trim().toUpperCase();
  return inTurnOn([userStreamName(mainId), callsignClaimStreamName(callsign)], () => retryOnConflict(async () => {
    const loaded = await loadUser(store, mainId);
    if (!loaded.state) throw new UserNotFoundError();
    const main: Account = loaded.state;
    if (main.subAccounts.some((s) => s.callsign === callsign) && addedByThisRequest(loaded.events, callsign, metadata.correlationId)) {
      return { main, appended: null };
    }
    const subId = subAccountIdFor(mainId, callsign);
    const at = now.toISOString();
    const added = userDecider.decide({ type: 'AddSubAccount', data: { subAccountId: subId, callsign: input, at } }, main);

    const [claim, sub] = await Promise.all([loadCallsignClaim(store, callsign), loadUser(store, subId)]);
    if (claim.state && claim.state.userId !== subId) throw new SubAccountCallsignTakenError(callsign);
    // A retry of an add that was half written (EventStoreDB appends stream by stream) finds its
    // own claim and account and only completes what is missing.
    const claimed = claimDecider.decide({ type: 'ClaimCallsign', data: { userId: subId, callsign } }, claim.state);
    const created = userDecider.decide(
      { type: 'CreateManagedAccount', data: { userId: subId, callsign, managedById: mainId, managedByCallsign: main.callsign, apiKey: newApiKey(), at } },
      sub.state,
    );
    const requests: AppendRequest[] = [
      { streamId: callsignClaimStreamName(callsign), events: toNewEvents(claimed, metadata), expectedRevision: claim.revision },
      { streamId: userStreamName(subId), events: toNewEvents(created, metadata), expectedRevision: sub.revision },
      { streamId: userStreamName(mainId), events: toNewEvents(added, metadata), expectedRevision: loaded.revision },
    ].filter((r) => r.events.length > 0);
    const results = await store.appendMany(requests);
    return { main: foldEvents(userDecider, added, main) ?? main, appended: results[results.length - 1] ?? null };
  }));
}
