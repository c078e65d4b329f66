import { describe, expect, it } from 'vitest';
import { loggedStatus } from './logged-status';

describe('loggedStatus', () => {
  it('tells a new contact, a resend and a corrected contact apart', () => {
    expect(loggedStatus('K1ABC', { duplicate: false })).toBe('Logged K1ABC.');
    expect(loggedStatus('K1ABC', { duplicate: true })).toBe('K1ABC was already logged.');
    expect(loggedStatus('K1ABC', { duplicate: true, updated: true })).toBe('K1ABC was already logged; it has been updated with your changes.');
    expect(loggedStatus('K1ABC', undefined)).toBe('Logged K1ABC.');
  });
});
