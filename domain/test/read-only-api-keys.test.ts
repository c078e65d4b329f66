import { describe, expect, it } from 'vitest';
import { UserNotFoundError, ValidationError } from '../src/errors';
import * as m from '../src/messages';
import { userDecider, type UserEvent } from '../src/user/decider';
import { MAX_READ_ONLY_API_KEYS } from '../src/user/quotas';
import { specFor } from './support/given-when-then';

const given = specFor(userDecider);
const at = '2025-03-01T10:00:00Z';
const registered: UserEvent = {
  type: 'UserRegistered',
  data: { userId: 'u1', email: 'op@example.com', callsign: 'W1AW', refId: '', apiKey: 'rw-key', registeredAt: '2025-01-01T00:00:00Z' },
};
const created = (keyId: string, apiKey = `key-${keyId}`): UserEvent => ({ type: 'ReadOnlyApiKeyCreated', data: { keyId, apiKey, createdAt: at } });
const create = (keyId: string, apiKey = `key-${keyId}`) => ({ type: 'CreateReadOnlyApiKey', data: { keyId, apiKey, at } }) as const;
const remove = (keyId: string) => ({ type: 'DeleteReadOnlyApiKey', data: { keyId, at } }) as const;

describe('read-only API keys', () => {
  it('creates a key beside the read-write one', () => {
    given([registered]).when(create('a')).then([created('a')]);
  });

  it('finds the key a resent create made, whatever key the resend carries', () => {
    given([registered, created('a')]).when(create('a', 'another-random-key')).then([]);
  });

  it('refuses more than the limit, with the reason', () => {
    const full = Array.from({ length: MAX_READ_ONLY_API_KEYS }, (_, i) => created(`k${i}`));
    const error = given([registered, ...full]).when(create('one-more')).thenThrows(ValidationError, m.VALIDATION_FAILED);
    expect((error as ValidationError).errors).toEqual({ key_id: [m.apiKeyReadOnlyLimit(MAX_READ_ONLY_API_KEYS)] });
  });

  it('deletes a key once; deleting an unknown or deleted key changes nothing', () => {
    given([registered, created('a')]).when(remove('a')).then([{ type: 'ReadOnlyApiKeyDeleted', data: { keyId: 'a', deletedAt: at } }]);
    given([registered, created('a'), { type: 'ReadOnlyApiKeyDeleted', data: { keyId: 'a', deletedAt: at } }]).when(remove('a')).then([]);
    given([registered]).when(remove('nope')).then([]);
  });

  it('keeps the keys in the state, oldest first, without the deleted ones, and leaves the read-write key alone', () => {
    const state = [registered, created('a'), created('b'), { type: 'ReadOnlyApiKeyDeleted', data: { keyId: 'a', deletedAt: at } } as UserEvent].reduce(
      userDecider.evolve,
      userDecider.initialState(),
    );
    expect(state?.readOnlyKeys).toEqual([{ keyId: 'b', apiKey: 'key-b', createdAt: at }]);
    expect(state?.apiKey).toBe('rw-key');
  });

  it('needs an account', () => {
    given([]).when(create('a')).thenThrows(UserNotFoundError, 'User not found');
  });
});
