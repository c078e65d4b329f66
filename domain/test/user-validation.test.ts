import { describe, expect, it } from 'vitest';
import { toFieldErrors, validatePasswordChange, validateRegistration } from '../src/user/validation';

describe('validateRegistration', () => {
  it('normalises a valid registration', () => {
    expect(validateRegistration({ email: ' Op@Example.com ', my_callsign: ' w1aw ', ref_id: 'qrz' })).toEqual({
      ok: true,
      value: { email: 'op@example.com', callsign: 'W1AW', refId: 'qrz' },
    });
    expect(validateRegistration({ email: 'op@example.com', my_callsign: 'KH6/W1AW' })).toMatchObject({ ok: true, value: { refId: '' } });
  });

  it('gives the Laravel messages per field', () => {
    expect(validateRegistration({ email: '', my_callsign: '' })).toEqual({
      ok: false,
      errors: { email: ['Please enter your email address.'], my_callsign: ['Please enter your callsign.'] },
    });
    expect(validateRegistration({})).toMatchObject({ ok: false, errors: { email: ['Please enter your email address.'] } });
    for (const bad of ['op', 'op@', '@example.com', 'op@example', 'o p@example.com', 'op@@example.com']) {
      expect(validateRegistration({ email: bad, my_callsign: 'W1AW' }), bad).toEqual({
        ok: false,
        errors: { email: ['Please enter a valid email address, like name@example.com.'] },
      });
    }
    expect(validateRegistration({ email: 'op@example.com', my_callsign: 'W1' })).toEqual({
      ok: false,
      errors: { my_callsign: ['A callsign has 3 to 20 characters.'] },
    });
    expect(validateRegistration({ email: 'op@example.com', my_callsign: 'W'.repeat(21) })).toMatchObject({
      errors: { my_callsign: ['A callsign has 3 to 20 characters.'] },
    });
    expect(validateRegistration({ email: 'op@example.com', my_callsign: 'W1 AW' })).toMatchObject({
      errors: { my_callsign: ['Please enter a valid callsign: letters and digits (and /), with at least one of each, like W1AW.'] },
    });
    expect(validateRegistration({ email: `${'a'.repeat(250)}@example.com`, my_callsign: 'W1AW' })).toMatchObject({
      errors: { email: ['An email address can be at most 255 characters.'] },
    });
    expect(validateRegistration({ email: 'op@example.com', my_callsign: 'W1AW', ref_id: 'r'.repeat(101) })).toMatchObject({
      errors: { ref_id: ['The referral code can be at most 100 characters.'] },
    });
  });
});

describe('validatePasswordChange', () => {
  it('accepts 8 or more characters confirmed', () => {
    expect(validatePasswordChange({ password: 'correct horse', password_confirmation: 'correct horse' })).toEqual({
      ok: true,
      value: { password: 'correct horse' },
    });
  });

  it('gives the Laravel messages', () => {
    expect(validatePasswordChange({ password: 'short', password_confirmation: 'short' })).toEqual({
      ok: false,
      errors: { password: ['Your password needs at least 8 characters.'] },
    });
    expect(validatePasswordChange({ password: 'long enough', password_confirmation: 'different' })).toEqual({
      ok: false,
      errors: { password: ['The two passwords do not match.'] },
    });
    expect(validatePasswordChange({ password: '', password_confirmation: '' })).toEqual({
      ok: false,
      errors: { password: ['Please enter a password.'] },
    });
    expect(validatePasswordChange({ password: 'x'.repeat(201), password_confirmation: 'x'.repeat(201) })).toMatchObject({ ok: false });
  });
});

describe('toFieldErrors', () => {
  it('builds the 422 body with Laravel’s summary message', () => {
    expect(toFieldErrors({ email: ['Please enter your email address.'] })).toEqual({
      message: 'Please enter your email address.',
      errors: { email: ['Please enter your email address.'] },
    });
    expect(toFieldErrors({ email: ['a'], my_callsign: ['b'], ref_id: ['c'] }).message).toBe('a (and 2 more errors)');
    expect(toFieldErrors({ email: ['a'], my_callsign: ['b'] }).message).toBe('a (and 1 more error)');
  });
});
