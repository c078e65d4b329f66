/**
 * Reservations that keep emails and callsigns unique: stream `user-email-{sha256}` holds
 * EmailClaimed (and EmailReleased when its user moves to another email, after which it may be
 * claimed again), stream `user-callsign-{CALLSIGN}` one CallsignClaimed. Claiming again for the
 * same user is a no-op (a retry); for another user it is refused with the field's "taken" message.
 */
import { assertNever, type Decider, type Message } from '../decider';
import { CallsignTakenError, EmailTakenError } from '../errors';

export type EmailClaimed = Message<'EmailClaimed', { userId: string }>;
export type CallsignClaimed = Message<'CallsignClaimed', { userId: string }>;
export type EmailReleased = Message<'EmailReleased', { userId: string }>;
export type ClaimEvent = EmailClaimed | CallsignClaimed | EmailReleased;

export type ClaimEmail = Message<'ClaimEmail', { userId: string }>;
export type ClaimCallsign = Message<'ClaimCallsign', { userId: string; callsign: string }>;
export type ReleaseEmail = Message<'ReleaseEmail', { userId: string }>;
export type ClaimCommand = ClaimEmail | ClaimCallsign | ReleaseEmail;

/** Who holds the email or callsign of this stream. */
export type ClaimState = null | { userId: string };

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
    default:
      return assertNever(command);
  }
}

export function evolveClaim(_state: ClaimState, event: ClaimEvent): ClaimState {
  switch (event.type) {
    case 'EmailClaimed':
    case 'CallsignClaimed':
      return { userId: event.data.userId };
    case 'EmailReleased':
      return null;
    default:
      return assertNever(event);
  }
}

export const claimDecider: Decider<ClaimCommand, ClaimEvent, ClaimState> = {
  initialState: initialClaimState,
  decide: decideClaim,
  evolve: evolveClaim,
};
