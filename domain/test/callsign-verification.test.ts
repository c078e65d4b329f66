import { describe, expect, it } from 'vitest';
import { foldEvents } from '../src/decider';
import { ValidationError } from '../src/errors';
import * as m from '../src/messages';
import { callsignClaimDecider, releasedCallsignPlaceholder, validateCallsignClaim, type CallsignClaimEvent } from '../src/user/callsign-claim';
import { isCallsignShaped } from '../src/user/callsign-rules';
import { claimDecider, type ClaimEvent } from '../src/user/claims';
import { userDecider, type UserEvent } from '../src/user/decider';
import { specFor } from './support/given-when-then';

const at = '2026-11-23T10:00:00Z';
const messages = (error: Error) => Object.values((error as ValidationError).errors).flat();

describe('the callsign reservation: verification (decision 0025)', () => {
  const given = specFor(claimDecider);
  const squatted: ClaimEvent = { type: 'CallsignClaimed', data: { userId: 'squatter' } };
  const verify = (userId: string) => ({ type: 'VerifyCallsign', data: { userId, callsign: 'W1AW' } }) as const;

  it('starts unverified, and a free callsign is claimed and verified at once', () => {
    expect(foldEvents(claimDecider, [squatted])).toEqual({ userId: 'squatter', verified: false });
    given([]).when(verify('ham')).then([
      { type: 'CallsignClaimed', data: { userId: 'ham' } },
      { type: 'CallsignVerified', data: { userId: 'ham' } },
    ]);
  });

  it('takes the callsign from an unverified holder for the proven one', () => {
    given([squatted]).when(verify('ham')).then([
      { type: 'CallsignReleased', data: { userId: 'squatter' } },
      { type: 'CallsignClaimed', data: { userId: 'ham' } },
      { type: 'CallsignVerified', data: { userId: 'ham' } },
    ]);
  });

  it('verifies the holder’s own callsign, once', () => {
    given([squatted]).when(verify('squatter')).then([{ type: 'CallsignVerified', data: { userId: 'squatter' } }]);
    given([squatted, { type: 'CallsignVerified', data: { userId: 'squatter' } }]).when(verify('squatter')).then([]);
  });

  it('never takes a verified callsign, nor lets anyone claim it', () => {
    const verified: ClaimEvent[] = [
      { type: 'CallsignClaimed', data: { userId: 'ham' } },
      { type: 'CallsignVerified', data: { userId: 'ham' } },
    ];
    expect(messages(given(verified).when(verify('other')).thenThrows(ValidationError))).toContain(m.CALLSIGN_ALREADY_VERIFIED);
    expect(() => claimDecider.decide({ type: 'ClaimCallsign', data: { userId: 'other', callsign: 'W1AW' } }, foldEvents(claimDecider, verified))).toThrow();
  });

  it('releases a callsign only for its holder', () => {
    given([squatted]).when({ type: 'ReleaseCallsign', data: { userId: 'squatter' } }).then([{ type: 'CallsignReleased', data: { userId: 'squatter' } }]);
    given([squatted]).when({ type: 'ReleaseCallsign', data: { userId: 'someone' } }).then([]);
  });
});

describe('the account’s callsign', () => {
  const given = specFor(userDecider);
  const registered: UserEvent = {
    type: 'UserRegistered',
    data: { userId: 'u1', email: 'op@example.com', callsign: 'W1AW', refId: '', apiKey: 'k', registeredAt: at },
  };

  it('starts unverified and is verified once by an approved claim', () => {
    expect(foldEvents(userDecider, [registered])?.callsignVerified).toBe(false);
    const verifiedEvent: UserEvent = { type: 'UserCallsignVerified', data: { callsign: 'W1AW', claimId: 'c1', verifiedAt: at } };
    given([registered]).when({ type: 'VerifyUserCallsign', data: { claimId: 'c1', at } }).then([verifiedEvent]);
    given([registered, verifiedEvent]).when({ type: 'VerifyUserCallsign', data: { claimId: 'c2', at } }).then([]);
  });

  it('changes to a placeholder when released, unverified again', () => {
    const placeholder = releasedCallsignPlaceholder('W1AW', 'abcdef12-0000');
    expect(placeholder).toBe('W1AW/UABCDEF');
    expect(isCallsignShaped(placeholder)).toBe(true);
    const change = { type: 'ChangeCallsign', data: { callsign: placeholder, reason: 'released-to-verified-holder', claimId: 'c1', at } } as const;
    const changed: UserEvent = {
      type: 'UserCallsignChanged',
      data: { callsign: placeholder, previousCallsign: 'W1AW', reason: 'released-to-verified-holder', claimId: 'c1', changedAt: at },
    };
    given([registered]).when(change).then([changed]);
    given([registered, changed]).when(change).then([]);
    expect(foldEvents(userDecider, [registered, { type: 'UserCallsignVerified', data: { callsign: 'W1AW', claimId: 'c0', verifiedAt: at } }, changed])).toMatchObject({
      callsign: placeholder,
      callsignVerified: false,
    });
  });
});

describe('a callsign claim', () => {
  const given = specFor(callsignClaimDecider);
  const claim = { claimId: 'c1', callsign: 'W1AW', email: 'ham@example.com', userId: null, note: 'my licence', evidence: 'claim-c1.png' };
  const submitted: CallsignClaimEvent = { type: 'CallsignClaimSubmitted', data: { ...claim, submittedAt: at } };

  it('is submitted once (a resent form changes nothing)', () => {
    given([]).when({ type: 'SubmitCallsignClaim', data: { ...claim, at } }).then([submitted]);
    given([submitted]).when({ type: 'SubmitCallsignClaim', data: { ...claim, at } }).then([]);
  });

  it('is approved or rejected once, never both', () => {
    const approved: CallsignClaimEvent = { type: 'CallsignClaimApproved', data: { userId: 'u9', approvedAt: at } };
    const rejected: CallsignClaimEvent = { type: 'CallsignClaimRejected', data: { reason: 'unreadable', rejectedAt: at } };
    given([submitted]).when({ type: 'ApproveCallsignClaim', data: { userId: 'u9', at } }).then([approved]);
    given([submitted, approved]).when({ type: 'ApproveCallsignClaim', data: { userId: 'u9', at } }).then([]);
    given([submitted]).when({ type: 'RejectCallsignClaim', data: { reason: 'unreadable', at } }).then([rejected]);
    expect(messages(given([submitted, rejected]).when({ type: 'ApproveCallsignClaim', data: { userId: 'u9', at } }).thenThrows(ValidationError))).toContain(m.CLAIM_ALREADY_DECIDED);
    expect(messages(given([submitted, approved]).when({ type: 'RejectCallsignClaim', data: { reason: 'x', at } }).thenThrows(ValidationError))).toContain(m.CLAIM_ALREADY_DECIDED);
    expect(messages(given([]).when({ type: 'ApproveCallsignClaim', data: { userId: 'u9', at } }).thenThrows(ValidationError))).toContain(m.CLAIM_NOT_FOUND);
  });

  it('checks the form: a callsign, an email when nobody is signed in, a short note', () => {
    expect(validateCallsignClaim({ callsign: ' w1aw ', email: 'Ham@Example.com', note: ' QSL ' }, false)).toEqual({
      ok: true,
      value: { callsign: 'W1AW', email: 'ham@example.com', note: 'QSL' },
    });
    expect(validateCallsignClaim({ callsign: '', email: '', note: 'x'.repeat(501) }, false)).toEqual({
      ok: false,
      errors: { callsign: [m.CLAIM_CALLSIGN_REQUIRED], email: [m.CLAIM_EMAIL_REQUIRED], note: [m.CLAIM_NOTE_TOO_LONG] },
    });
    expect(validateCallsignClaim({ callsign: 'W1AW' }, true)).toMatchObject({ ok: true, value: { email: '' } });
  });
});
