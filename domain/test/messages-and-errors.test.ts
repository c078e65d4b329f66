import { describe, expect, it } from 'vitest';
import * as errors from '../src/errors';
import * as m from '../src/messages';

describe('messages', () => {
  it('keeps the specification’s texts word for word', () => {
    expect(m.LOGIN_FAILED).toBe('Login failed! please check email and password');
    expect(m.REGISTRATION_FAILED).toBe('Registration failed. Either the callsign or email address is already in use.');
    expect(m.PLEASE_LOG_IN_TO_LOG).toBe('Please Log in to log contacts?');
    expect(m.NETWORK_ERROR).toBe('Network Error, please try again.');
    expect(m.LOGBOOK_LOAD_FAILED).toBe('Failed to load logbook.');
    expect(m.LOGBOOK_COUNT_LOAD_FAILED).toBe('Error loading total logs count');
    expect(m.QSO_LOAD_FAILED).toBe('Error loading QSO');
    // 'Delete QSO {id}?' names the contact instead of its id (issue 9).
    expect(m.deleteQsoConfirm({ Call: 'JA1XYZ', Band: '20m', TS: '2026-11-23T12:00:00Z' })).toBe('Delete QSO with JA1XYZ on 20m at 12:00 UTC on 2026-11-23?');
  });
});

describe('domain errors', () => {
  it('carry the message and a code, and are recognisable', () => {
    const notFound = new errors.QsoNotFoundError('q1');
    expect(notFound).toBeInstanceOf(errors.DomainError);
    expect(notFound).toBeInstanceOf(Error);
    expect(notFound.message).toBe('QSO not found');
    expect(notFound.code).toBe('QSO_NOT_FOUND');
    expect(notFound.name).toBe('QsoNotFoundError');
    expect(errors.isDomainError(notFound)).toBe(true);
    expect(errors.isDomainError(new Error('x'))).toBe(false);
    const invalid = new errors.ValidationError({ Call: [m.CALL_REQUIRED] });
    expect(invalid).toMatchObject({ code: 'VALIDATION_FAILED', errors: { Call: ['Callsign is required'] } });
  });
});
