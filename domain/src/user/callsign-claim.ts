/**
 * A claim to a callsign (decision 0025), stream `callsign-claim-{claimId}`: someone who holds a
 * callsign sends evidence (an image of a QSL card or licence, and a note); an admin approves or
 * rejects it. The effects of an approval on accounts and reservations are the command handler's
 * (command-api/src/users/decide-callsign-claim.ts); this aggregate keeps only the claim's life.
 */
import { assertNever, type Decider, type Message } from '../decider';
import { ValidationError } from '../errors';
import * as m from '../messages';
import type { Validated } from '../validated';
import { normaliseEmail } from './streams';
import { emailProblem, myCallsignProblem } from './validation';

export const callsignClaimStreamPrefix = 'callsign-claim-';
export const callsignClaimStream = (claimId: string): string => `${callsignClaimStreamPrefix}${claimId}`;

export const CLAIM_NOTE_MAX_LENGTH = 500;

export interface CallsignClaimInput {
  claimId: string;
  callsign: string;
  /** Where the decision is mailed: the signed-in account's, or the one the form asked for. */
  email: string;
  /** The signed-in account that claims, or null for someone without an account yet. */
  userId: string | null;
  note: string;
  /** The stored, re-encoded evidence image's file name. */
  evidence: string;
}

export type CallsignClaimSubmitted = Message<'CallsignClaimSubmitted', CallsignClaimInput & { submittedAt: string }>;
/** userId: the account that holds the callsign now (made from the claim's email when there was none). */
export type CallsignClaimApproved = Message<'CallsignClaimApproved', { userId: string; approvedAt: string }>;
export type CallsignClaimRejected = Message<'CallsignClaimRejected', { reason: string; rejectedAt: string }>;
export type CallsignClaimEvent = CallsignClaimSubmitted | CallsignClaimApproved | CallsignClaimRejected;
export const CALLSIGN_CLAIM_EVENT_TYPES = [
  'CallsignClaimSubmitted',
  'CallsignClaimApproved',
  'CallsignClaimRejected',
] as const satisfies readonly CallsignClaimEvent['type'][];

export type SubmitCallsignClaim = Message<'SubmitCallsignClaim', CallsignClaimInput & { at: string }>;
export type ApproveCallsignClaim = Message<'ApproveCallsignClaim', { userId: string; at: string }>;
export type RejectCallsignClaim = Message<'RejectCallsignClaim', { reason: string; at: string }>;
export type CallsignClaimCommand = SubmitCallsignClaim | ApproveCallsignClaim | RejectCallsignClaim;

export type CallsignClaimStatus = 'pending' | 'approved' | 'rejected';
export type CallsignClaimState = null | (CallsignClaimInput & { status: CallsignClaimStatus; approvedUserId: string | null });

/** The claim form: a registrable callsign, an email when nobody is signed in, a short note. */
export function validateCallsignClaim(
  input: { callsign?: unknown; email?: unknown; note?: unknown },
  signedIn: boolean,
): Validated<{ callsign: string; email: string; note: string }> {
  const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const callsign = str(input.callsign).toUpperCase();
  const email = normaliseEmail(str(input.email));
  const note = str(input.note);
  const errors: Record<string, string[]> = {};
  const badCallsign = callsign ? myCallsignProblem(callsign) : m.CLAIM_CALLSIGN_REQUIRED;
  if (badCallsign) errors.callsign = [badCallsign];
  const badEmail = signedIn ? null : email ? emailProblem(email) : m.CLAIM_EMAIL_REQUIRED;
  if (badEmail) errors.email = [badEmail];
  if (note.length > CLAIM_NOTE_MAX_LENGTH) errors.note = [m.CLAIM_NOTE_TOO_LONG];
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, value: { callsign, email, note } };
}

/**
 * What an unverified holder's callsign becomes when its proven holder takes it: `W1AW/U3F2A9C`.
 * From the account's id, so a retry names the same one; callsign-shaped and at most 28 characters,
 * so the account still has a station page and can still sign in by PIN under it.
 */
export function releasedCallsignPlaceholder(callsign: string, userId: string): string {
  return `${callsign}/U${userId.replace(/-/g, '').slice(0, 6).toUpperCase()}`;
}

const decided = () => new ValidationError({ claim: [m.CLAIM_ALREADY_DECIDED] });

export function decideCallsignClaim(command: CallsignClaimCommand, state: CallsignClaimState): CallsignClaimEvent[] {
  switch (command.type) {
    case 'SubmitCallsignClaim': {
      // The claim id is new for every form sent, so an existing claim is this very submission retried.
      if (state !== null) return [];
      const { at, ...claim } = command.data;
      return [{ type: 'CallsignClaimSubmitted', data: { ...claim, submittedAt: at } }];
    }
    case 'ApproveCallsignClaim': {
      if (state === null) throw new ValidationError({ claim: [m.CLAIM_NOT_FOUND] });
      if (state.status === 'approved') return [];
      if (state.status === 'rejected') throw decided();
      return [{ type: 'CallsignClaimApproved', data: { userId: command.data.userId, approvedAt: command.data.at } }];
    }
    case 'RejectCallsignClaim': {
      if (state === null) throw new ValidationError({ claim: [m.CLAIM_NOT_FOUND] });
      if (state.status === 'rejected') return [];
      if (state.status === 'approved') throw decided();
      return [{ type: 'CallsignClaimRejected', data: { reason: command.data.reason, rejectedAt: command.data.at } }];
    }
    default:
      return assertNever(command);
  }
}

export function evolveCallsignClaim(state: CallsignClaimState, event: CallsignClaimEvent): CallsignClaimState {
  switch (event.type) {
    case 'CallsignClaimSubmitted': {
      const { submittedAt: _at, ...claim } = event.data;
      return { ...claim, status: 'pending', approvedUserId: null };
    }
    case 'CallsignClaimApproved':
      return state && { ...state, status: 'approved', approvedUserId: event.data.userId };
    case 'CallsignClaimRejected':
      return state && { ...state, status: 'rejected' };
    default:
      return assertNever(event);
  }
}

export const callsignClaimDecider: Decider<CallsignClaimCommand, CallsignClaimEvent, CallsignClaimState> = {
  initialState: () => null,
  decide: decideCallsignClaim,
  evolve: evolveCallsignClaim,
};
