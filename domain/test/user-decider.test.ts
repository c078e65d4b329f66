import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CallsignTakenError, EmailTakenError, UserAlreadyRegisteredError, UserNotFoundError } from '../src/errors';
import * as m from '../src/messages';
import { claimDecider, type ClaimEvent } from '../src/user/claims';
import { userDecider, type UserEvent } from '../src/user/decider';
import { EMPTY_PROFILE } from '../src/user/profile';
import { callsignClaimStreamName, emailClaimStreamName, userStreamName } from '../src/user/streams';
import { specFor } from './support/given-when-then';

const given = specFor(userDecider);
const registered: UserEvent = {
  type: 'UserRegistered',
  data: { userId: 'u1', email: 'op@example.com', callsign: 'W1AW', refId: '', apiKey: 'key-1', registeredAt: '2025-01-01T00:00:00Z' },
};
const register = {
  type: 'RegisterUser',
  data: { userId: 'u1', email: 'op@example.com', callsign: 'W1AW', refId: '', apiKey: 'key-1', at: '2025-01-01T00:00:00Z' },
} as const;

describe('user decider', () => {
  it('registers a new user', () => {
    given([]).when(register).then([registered]);
  });

  it('refuses to register twice', () => {
    given([registered]).when(register).thenThrows(UserAlreadyRegisteredError, m.REGISTRATION_FAILED);
  });

  it('sets a password for an existing user only', () => {
    const setPassword = { type: 'SetPassword', data: { passwordHash: 'hash', at: '2025-01-02T00:00:00Z' } } as const;
    given([registered]).when(setPassword).then([{ type: 'PasswordSet', data: { passwordHash: 'hash', setAt: '2025-01-02T00:00:00Z' } }]);
    given([]).when(setPassword).thenThrows(UserNotFoundError, 'User not found');
  });

  it('folds registration and password into the state', () => {
    const state = [registered, { type: 'PasswordSet', data: { passwordHash: 'h', setAt: 't' } } as UserEvent].reduce(
      userDecider.evolve,
      userDecider.initialState(),
    );
    expect(state).toEqual({
      ...registered.data,
      callsignVerified: false,
      passwordHash: 'h',
      passwordSetAt: 't',
      profile: EMPTY_PROFILE,
      managedById: null,
      managedByCallsign: null,
      subAccounts: [],
      subscription: null,
      trialUsed: false,
      isAdmin: false,
      readOnlyKeys: [],
    });
  });
});

describe('email and callsign claims', () => {
  const givenClaims = specFor(claimDecider);
  const emailClaimed: ClaimEvent = { type: 'EmailClaimed', data: { userId: 'u1' } };
  const callsignClaimed: ClaimEvent = { type: 'CallsignClaimed', data: { userId: 'u1' } };

  it('claims a free email or callsign', () => {
    givenClaims([]).when({ type: 'ClaimEmail', data: { userId: 'u1' } }).then([emailClaimed]);
    givenClaims([]).when({ type: 'ClaimCallsign', data: { userId: 'u1', callsign: 'W1AW' } }).then([callsignClaimed]);
  });

  it('is a no-op for the same user (a retry)', () => {
    givenClaims([emailClaimed]).when({ type: 'ClaimEmail', data: { userId: 'u1' } }).then([]);
    givenClaims([callsignClaimed]).when({ type: 'ClaimCallsign', data: { userId: 'u1', callsign: 'W1AW' } }).then([]);
  });

  it('refuses another user with the Laravel taken messages, naming the field', () => {
    const emailError = givenClaims([emailClaimed]).when({ type: 'ClaimEmail', data: { userId: 'u2' } }).thenThrows(EmailTakenError, 'That email address is already registered. Log in instead, or use a one-time PIN if you forgot your password.');
    expect((emailError as EmailTakenError).field).toBe('email');
    const callError = givenClaims([callsignClaimed])
      .when({ type: 'ClaimCallsign', data: { userId: 'u2', callsign: 'W1AW' } })
      .thenThrows(CallsignTakenError, 'That callsign is already registered. If it is yours, you can claim it.');
    expect((callError as CallsignTakenError).field).toBe('my_callsign');
    expect((callError as CallsignTakenError).code).toBe('CALLSIGN_TAKEN');
  });

  it('lets the holder release an email, after which anyone may claim it', () => {
    const released: ClaimEvent = { type: 'EmailReleased', data: { userId: 'u1' } };
    givenClaims([emailClaimed]).when({ type: 'ReleaseEmail', data: { userId: 'u1' } }).then([released]);
    givenClaims([emailClaimed, released]).when({ type: 'ClaimEmail', data: { userId: 'u2' } }).then([{ type: 'EmailClaimed', data: { userId: 'u2' } }]);
  });

  it('ignores a release by someone who does not hold the email, or a second release (a retry)', () => {
    givenClaims([emailClaimed]).when({ type: 'ReleaseEmail', data: { userId: 'u2' } }).then([]);
    givenClaims([emailClaimed, { type: 'EmailReleased', data: { userId: 'u1' } }]).when({ type: 'ReleaseEmail', data: { userId: 'u1' } }).then([]);
    givenClaims([]).when({ type: 'ReleaseEmail', data: { userId: 'u1' } }).then([]);
  });
});

describe('stream names', () => {
  it('names user, email-claim and callsign-claim streams', () => {
    expect(userStreamName('u1')).toBe('user-u1');
    const hash = createHash('sha256').update('op@example.com').digest('hex');
    expect(emailClaimStreamName('  Op@Example.COM ')).toBe(`user-email-${hash}`);
    expect(callsignClaimStreamName(' w1aw ')).toBe('user-callsign-W1AW');
  });
});
