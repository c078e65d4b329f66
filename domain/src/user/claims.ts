/**
 * Reservations that keep emails and callsigns unique: stream `user-email-{sha256}` holds
 * EmailClaimed (and EmailReleased when its user moves to another email, after which it may be
 * claimed again), stream `user-callsign-{CALLSIGN}` one CallsignClaimed. Claiming again for the
 * same user is a no-op (a retry); for another user it is refused with the field's "taken" message.
 * A callsign starts unverified; an approved callsign claim (decision 0025) verifies it for its
 * holder, taking it from an unverified holder (CallsignReleased, then CallsignClaimed). A verified
 * callsign is never taken from its holder.
 */
import { assertNever, type Decider, type Message } from '../decider';
import { CallsignTakenError, EmailTakenError, ValidationError } from '../errors';
import { CALLSIGN_ALREADY_VERIFIED } from '../messages';

export type EmailClaimed = Message<'EmailClaimed', { userId: string }>;
export type CallsignClaimed = Message<'CallsignClaimed', { userId: string }>;
export type EmailReleased = Message<'EmailReleased', { userId: string }>;
export type CallsignReleased = Message<'CallsignReleased', { userId: string }>;
export type CallsignVerified = Message<'CallsignVerified', { userId: string }>;
export type ClaimEvent = EmailClaimed | CallsignClaimed | EmailReleased | CallsignReleased | CallsignVerified;

export type ClaimEmail = Message<'ClaimEmail', { userId: string }>;
export type ClaimCallsign = Message<'ClaimCallsign', { userId: string; callsign: string }>;
export type ReleaseEmail = Message<'ReleaseEmail', { userId: string }>;
export type ReleaseCallsign = Message<'ReleaseCallsign', { userId: string }>;
/** Verifies the callsign for userId, taking it from an unverified holder. */
export type VerifyCallsign = Message<'VerifyCallsign', { userId: string; callsign: string }>;
export type ClaimCommand = ClaimEmail | ClaimCallsign | ReleaseEmail | ReleaseCallsign | VerifyCallsign;

/** Who holds the email or callsign of this stream; `verified` only ever for a callsign. */
export type ClaimState = null | { userId: string; verified: boolean };

export function initialClaimState(): ClaimState {
  return null;
}

export function decideClaim(command: ClaimCommand, state: ClaimState): ClaimEvent[] {
  switch (command.type) {
    case 'ClaimEmail':
      if (state === null) return [{ type: 'EmailClaimed', data: { userId: command.data.userId } }];
      if (state.userId === command.data.userId) return [];
      throw new EmailTakenError();
    case 'ClaimCallsign':
      if (state === null) return [{ type: 'CallsignClaimed', data: { userId: command.data.userId } }];
      if (state.userId === command.data.userId) return [];
      throw new CallsignTakenError(command.data.callsign);
    case 'ReleaseEmail':
      // Only the holder releases; releasing what one does not hold (a retry) changes nothing.
      return state?.userId === command.data.userId ? [{ type: 'EmailReleased', data: { userId: command.data.userId } }] : [];
    case 'ReleaseCallsign':
      return state?.userId === command.data.userId ? [{ type: 'CallsignReleased', data: { userId: command.data.userId } }] : [];
    case 'VerifyCallsign': {
      const { userId } = command.data;
      const verified: CallsignVerified = { type: 'CallsignVerified', data: { userId } };
      const claimed: CallsignClaimed = { type: 'CallsignClaimed', data: { userId } };
      if (state === null) return [claimed, verified];
      if (state.userId === userId) return state.verified ? [] : [verified];
      if (state.verified) throw new ValidationError({ callsign: [CALLSIGN_ALREADY_VERIFIED] });
      return [{ type: 'CallsignReleased', data: { userId: state.userId } }, claimed, verified];
    }
    default:
      return assertNever(command);
  }
}

export function evolveClaim(state: ClaimState, event: ClaimEvent): ClaimState {
  switch (event.type) {
    case 'EmailClaimed':
    case 'CallsignClaimed':
      return { userId: event.data.userId, verified: false };
    case 'EmailReleased':
    case 'CallsignReleased':
      return null;
    case 'CallsignVerified':
      return state && { ...state, verified: true };
    default:
      return assertNever(event);
  }
}

export const claimDecider: Decider<ClaimCommand, ClaimEvent, ClaimState> = {
  initialState: initialClaimState,
  decide: decideClaim,
  evolve: evolveClaim,
};
