import { describe, expect, it } from 'vitest';
import { validatePinCallsign, validateSubAccountCallsign } from '../src/user/callsign-rules';

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
