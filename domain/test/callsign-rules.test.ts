import { describe, expect, it } from 'vitest';
import { isCallsignShaped, isRegistrableCallsign, validatePinCallsign, validateSubAccountCallsign } from '../src/user/callsign-rules';
import { isReservedCallsign, RESERVED_CALLSIGNS } from '../src/user/reserved-callsigns';
import { validateRegistration } from '../src/user/validation';

describe('validatePinCallsign', () => {
  it('takes 3 to 30 characters', () => {
    expect(validatePinCallsign(' w1aw ')).toEqual({ ok: true, value: { callsign: 'W1AW' } });
    expect(validatePinCallsign('W1')).toEqual({ ok: false, errors: { callsign: ['Callsign must be between 3 and 30 characters'] } });
    expect(validatePinCallsign('W'.repeat(31))).toMatchObject({ ok: false });
    expect(validatePinCallsign(undefined)).toMatchObject({ ok: false });
  });
});

describe('validateSubAccountCallsign', () => {
  const owner = { callsign: 'W1AW', subAccountCallsigns: ['W1AW/P', 'K1ABC'] };

  it('accepts a new callsign, trimmed and upper-cased', () => {
    expect(validateSubAccountCallsign(' n1mm ', owner)).toEqual({ ok: true, value: { callsign: 'N1MM' } });
  });

  it('gives the specification’s messages', () => {
    const message = (input: string) => {
      const result = validateSubAccountCallsign(input, owner);
      return result.ok ? null : result.errors.callsign?.[0];
    };
    expect(message('K1A')).toBe('Please enter a valid callsign');
    expect(message('K1ABCDEFGHI')).toBe('Please enter a valid callsign');
    expect(message('K1 AB')).toBe('Please enter a valid callsign');
    expect(message('w1aw')).toBe('You cannot add your own callsign as a sub-account.');
    expect(message('k1abc')).toBe('This callsign is already added as a sub-account.');
  });
});

/** Every first path segment the app routes or links to; /{callsign} is the catch-all after them. */
const APP_PATHS = [
  'login', 'logs', 'profile', 'search', 'download', 'terms', 'privacy', 'contact', 'support-us', 'import-export',
  'notifications', 'account', 'logger', 'qso', 'join', 'register', 'home', 'leaderboards', 'news', 'docs', 'scores',
  'megastream', 'sstv', 'post', 'lander', 'globe', 'globe2', 'earth', 'earth-noheader', 'live', 'stripe', 'admin',
  'how-to', 'ham-radio-videos', 'password', 'media', 'api',
];

describe('isCallsignShaped', () => {
  it('needs a letter and a digit, as every ITU callsign has', () => {
    for (const good of ['W1AW', 'DL1ABC', 'KH6/W1AW', '2E0ABC', 'W1AW/P', '9A1A']) expect(isCallsignShaped(good), good).toBe(true);
    for (const bad of ['DOWNLOAD', 'PRIVACY', '1234', 'W1 AW', 'W1-AW', '', 'w1aw']) expect(isCallsignShaped(bad), bad).toBe(false);
  });
});

describe('the app’s own paths cannot become callsigns', () => {
  it.each(APP_PATHS)('%s is refused at registration and as a sub-account', (path) => {
    const registration = validateRegistration({ email: 'op@example.com', my_callsign: path });
    expect(registration.ok).toBe(false);
    const sub = validateSubAccountCallsign(path, { callsign: 'W1AW', subAccountCallsigns: [] });
    expect(sub.ok).toBe(false);
    if (path.length >= 4 && path.length <= 10 && /^[a-z0-9]+$/.test(path)) {
      // Right length and characters: refused only for the missing digit, with the spec's message.
      expect(sub).toEqual({ ok: false, errors: { callsign: ['Please enter a valid callsign'] } });
    }
  });

  it('the reserved list covers every app path, and the callsign-shaped GLOBE2 only through it', () => {
    for (const path of APP_PATHS) expect(RESERVED_CALLSIGNS, path).toContain(path.toUpperCase());
    expect(isCallsignShaped('GLOBE2')).toBe(true);
    expect(isReservedCallsign(' globe2 ')).toBe(true);
    expect(isRegistrableCallsign('GLOBE2')).toBe(false);
    expect(isRegistrableCallsign('GLOBE1')).toBe(true);
  });

  it('registration says the format is invalid for a callsign without a digit', () => {
    expect(validateRegistration({ email: 'op@example.com', my_callsign: 'download' })).toEqual({
      ok: false,
      errors: { my_callsign: ['Please enter a valid callsign: letters and digits (and /), with at least one of each, like W1AW.'] },
    });
    expect(validateRegistration({ email: 'op@example.com', my_callsign: '12345' })).toMatchObject({ ok: false });
  });
});
