/**
 * An admin's decision on a callsign claim (decision 0025), through the same command path as the
 * API: `npm run claims` calls these. Approval writes, in one append, the claim's approval, the
 * callsign's verification for the claimant (a new account from the claim's email when there is
 * none), and the release of an unverified holder's callsign to a placeholder; then mails both.
 */
import {
  CALLSIGN_RELEASED_SUBJECT,
  CLAIM_APPROVED_SUBJECT,
  CLAIM_NOT_FOUND,
  CLAIM_REJECTED_SUBJECT,
  callsignClaimDecider,
  callsignClaimStream,
  callsignClaimStreamName,
  callsignReleasedText,
  claimApprovedText,
  claimDecider,
  claimRejectedText,
  emailClaimStreamName,
  foldEvents,
  PIN_MAIL_SUBJECT,
  pinMailText,
  releasedCallsignPlaceholder,
  userDecider,
  userStreamName,
  ValidationError,
  type CallsignClaimState,
} from '@hamlog/domain';
import type { AccountStores } from '@hamlog/infra/auth/account-stores';
import { PIN_LIFETIME_MS } from '@hamlog/infra/auth/pin-store';
import type { AppendRequest, EventMetadata, EventStore } from '@hamlog/infra/ports/event-store';
import { handleCommand, aggregateStream, toNewEvents } from '../handling/handle-command';
import { retryOnConflict } from '../handling/retry-on-conflict';
import { decideUserCommands, loadCallsignClaim, loadEmailClaim, loadUser, mailAddressOf, newApiKey } from './accounts';

export interface ClaimDeps {
  store: EventStore;
  accounts: Pick<AccountStores, 'pins' | 'mailer'>;
}

export interface Approval {
  callsign: string;
  /** The account that holds the callsign now. */
  userId: string;
  newAccount: boolean;
  /** The unverified account the callsign was taken from, and its new name. */
  released: { userId: string; placeholder: string } | null;
  /** false when the claim had been approved already (nothing written, no mail sent). */
  changed: boolean;
  /** The log position of the approval, for reads that must see it; null when nothing was written. */
  position: number | null;
}

const operator = (claimId: string, action: string): EventMetadata => ({ causedBy: 'operator', correlationId: `callsign-claim-${action}-${claimId}` });

async function loadPendingClaim(store: EventStore, claimId: string) {
  const claim = await aggregateStream(store, callsignClaimStream(claimId), callsignClaimDecider);
  if (!claim.state) throw new ValidationError({ claim: [CLAIM_NOT_FOUND] });
  return { ...claim, state: claim.state };
}

/** The claimant's account: the one that sent the claim, one already made from this claim, or the claim email's; null: none yet. */
async function findClaimant(store: EventStore, claimId: string, claim: NonNullable<CallsignClaimState>) {
  if (claim.userId) return loadUser(store, claim.userId);
  const made = await loadUser(store, claimId);
  if (made.state) return made;
  const byEmail = (await loadEmailClaim(store, claim.email)).state;
  return byEmail ? loadUser(store, byEmail.userId) : null;
}

export async function approveCallsignClaim(deps: ClaimDeps, claimId: string, now = new Date()): Promise<Approval> {
  const at = now.toISOString();
  const metadata = operator(claimId, 'approve');
  const outcome = await retryOnConflict(async () => {
    const claim = await loadPendingClaim(deps.store, claimId);
    const { callsign, email } = claim.state;
    if (claim.state.status === 'approved') {
      return { callsign, userId: claim.state.approvedUserId ?? '', newAccount: false, released: null, changed: false, position: null } satisfies Approval;
    }
    const found = await findClaimant(deps.store, claimId, claim.state);
    const claimant = found?.state ? { state: found.state, revision: found.revision } : null;
    const userId = claimant?.state.userId ?? claimId;
    const approved = callsignClaimDecider.decide({ type: 'ApproveCallsignClaim', data: { userId, at } }, claim.state);
    const requests: AppendRequest[] = [];
    const append = (streamId: string, events: { type: string; data: unknown }[], expectedRevision: AppendRequest['expectedRevision']) => {
      if (events.length > 0) requests.push({ streamId, events: toNewEvents(events, metadata), expectedRevision });
    };

    const reservation = await loadCallsignClaim(deps.store, callsign);
    const verified = claimDecider.decide({ type: 'VerifyCallsign', data: { userId, callsign } }, reservation.state);
    let released: Approval['released'] = null;
    const holderId = verified.find((e) => e.type === 'CallsignReleased')?.data.userId;
    if (holderId) {
      const holder = await loadUser(deps.store, holderId);
      const placeholder = releasedCallsignPlaceholder(callsign, holderId);
      const placeholderReservation = await loadCallsignClaim(deps.store, placeholder);
      append(callsignClaimStreamName(placeholder), claimDecider.decide({ type: 'ClaimCallsign', data: { userId: holderId, callsign: placeholder } }, placeholderReservation.state), placeholderReservation.revision);
      if (holder.state) {
        append(userStreamName(holderId), userDecider.decide({ type: 'ChangeCallsign', data: { callsign: placeholder, reason: 'released-to-verified-holder', claimId, at } }, holder.state), holder.revision);
      }
      released = { userId: holderId, placeholder };
    }

    if (claimant) {
      const { events } = decideUserCommands(claimant.state, [
        { type: 'ChangeCallsign', data: { callsign, reason: 'claim-approved', claimId, at } },
        { type: 'VerifyUserCallsign', data: { claimId, at } },
      ]);
      const previous = claimant.state.callsign;
      if (previous !== callsign) {
        const old = await loadCallsignClaim(deps.store, previous);
        append(callsignClaimStreamName(previous), claimDecider.decide({ type: 'ReleaseCallsign', data: { userId } }, old.state), old.revision);
      }
      append(userStreamName(userId), events, claimant.revision);
    } else {
      const emailReservation = await loadEmailClaim(deps.store, email);
      append(emailClaimStreamName(email), claimDecider.decide({ type: 'ClaimEmail', data: { userId } }, emailReservation.state), emailReservation.revision);
      const registered = userDecider.decide({ type: 'RegisterUser', data: { userId, email, callsign, refId: '', apiKey: newApiKey(), at } }, null);
      const account = foldEvents(userDecider, registered);
      append(userStreamName(userId), [...registered, ...userDecider.decide({ type: 'VerifyUserCallsign', data: { claimId, at } }, account)], 'no_stream');
    }
    append(callsignClaimStreamName(callsign), verified, reservation.revision);
    append(callsignClaimStream(claimId), approved, claim.revision);
    const results = await deps.store.appendMany(requests);
    const position = Math.max(...results.map((r) => r.position));
    return { callsign, userId, newAccount: !claimant, released, changed: true, position } satisfies Approval;
  });
  if (outcome.changed) await mailApproval(deps, claimId, outcome, now);
  return outcome;
}

async function mailApproval(deps: ClaimDeps, claimId: string, outcome: Approval, now: Date): Promise<void> {
  const { store, accounts } = deps;
  const claim = await loadPendingClaim(store, claimId);
  const claimant = (await loadUser(store, outcome.userId)).state;
  const to = claimant ? (await mailAddressOf(store, claimant)) || claim.state.email : claim.state.email;
  await accounts.mailer.send({ to, subject: CLAIM_APPROVED_SUBJECT, text: claimApprovedText(outcome.callsign, outcome.newAccount) });
  if (outcome.newAccount) {
    const pin = await accounts.pins.issue(outcome.userId, now);
    await accounts.mailer.send({ to, subject: PIN_MAIL_SUBJECT, text: pinMailText(outcome.callsign, pin, PIN_LIFETIME_MS / 60_000) });
  }
  const holder = outcome.released && (await loadUser(store, outcome.released.userId)).state;
  const holderAddress = holder ? await mailAddressOf(store, holder) : '';
  if (outcome.released && holderAddress) {
    await accounts.mailer.send({ to: holderAddress, subject: CALLSIGN_RELEASED_SUBJECT, text: callsignReleasedText(outcome.callsign, outcome.released.placeholder) });
  }
}

/** Rejects a pending claim and mails the claimant the reason; rejecting it again changes nothing. */
export async function rejectCallsignClaim(deps: ClaimDeps, claimId: string, reason: string, now = new Date()): Promise<{ changed: boolean; position: number | null }> {
  // The decider refuses a claim that does not exist (CLAIM_NOT_FOUND) or was approved.
  const handled = await handleCommand(
    deps.store,
    callsignClaimStream(claimId),
    callsignClaimDecider,
    { type: 'RejectCallsignClaim', data: { reason, at: now.toISOString() } },
    operator(claimId, 'reject'),
  );
  const changed = handled.events.length > 0;
  const claim = handled.state;
  if (changed && claim) await deps.accounts.mailer.send({ to: claim.email, subject: CLAIM_REJECTED_SUBJECT, text: claimRejectedText(claim.callsign, reason) });
  return { changed, position: handled.appended?.position ?? null };
}
