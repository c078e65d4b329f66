import { describe, expect, it } from 'vitest';
import { foldEvents } from '../src/decider';
import { UserNotFoundError } from '../src/errors';
import { userDecider, type UserEvent } from '../src/user/decider';
import { specFor } from './support/given-when-then';

const given = specFor(userDecider);
const at = '2025-06-01T10:00:00Z';
const registered: UserEvent = {
  type: 'UserRegistered',
  data: { userId: 'u-1', email: 'op@example.com', callsign: 'W1AW', refId: '', apiKey: 'key-1', registeredAt: '2025-01-01T00:00:00Z' },
};
const granted: UserEvent = { type: 'AdminRoleGranted', data: { grantedAt: at } };
const revoked: UserEvent = { type: 'AdminRoleRevoked', data: { revokedAt: at } };
const grant = { type: 'GrantAdminRole', data: { at } } as const;
const revoke = { type: 'RevokeAdminRole', data: { at } } as const;

describe('the administrator role (the icon on user cards)', () => {
  it('is granted to an account that is not an administrator, and granting again changes nothing', () => {
    given([registered]).when(grant).then([granted]);
    given([registered, granted]).when(grant).then([]);
    given([registered, granted, revoked]).when(grant).then([granted]);
  });

  it('is revoked from an administrator, and revoking from anyone else changes nothing', () => {
    given([registered, granted]).when(revoke).then([revoked]);
    given([registered]).when(revoke).then([]);
    given([registered, granted, revoked]).when(revoke).then([]);
  });

  it('follows the last grant or revocation in the state; a new account is no administrator', () => {
    expect(foldEvents(userDecider, [registered])?.isAdmin).toBe(false);
    expect(foldEvents(userDecider, [registered, granted])?.isAdmin).toBe(true);
    expect(foldEvents(userDecider, [registered, granted, revoked])?.isAdmin).toBe(false);
  });

  it('refuses an account that does not exist', () => {
    given([]).when(grant).thenThrows(UserNotFoundError);
    given([]).when(revoke).thenThrows(UserNotFoundError);
  });
});
