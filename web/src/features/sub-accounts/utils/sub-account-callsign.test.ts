import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@/config/messages';
import { checkSubAccountCallsign, subAccountIdFor } from './sub-account-callsign';

const owner = { my_callsign: 'PA3XYZ', sub_accounts: [{ id: 's1', callsign: 'PA3ABC' }] };

describe('sub-account callsign rules', () => {
  it('trims and upper-cases, and takes 4 to 10 characters', () => {
    expect(checkSubAccountCallsign('  pa9new ', owner)).toEqual({ ok: true, callsign: 'PA9NEW' });
    expect(checkSubAccountCallsign('K1AB', owner)).toEqual({ ok: true, callsign: 'K1AB' });
    expect(checkSubAccountCallsign('PA9NEW/P12', owner)).toEqual({ ok: true, callsign: 'PA9NEW/P12' });
    for (const bad of ['', 'K1A', '  K1A  ', 'PA9NEW/P123', 'PA 9NEW', 'PA9-NEW']) {
      expect(checkSubAccountCallsign(bad, owner)).toEqual({ ok: false, message: MESSAGES.subAccountCallsignInvalid });
    }
  });

  it('needs a letter and a digit, and refuses the app’s own paths, with the same message', () => {
    for (const bad of ['DOWNLOAD', 'news', 'PRIVACY', 'globe2', '12345', 'ABCD/P']) {
      expect(checkSubAccountCallsign(bad, owner), bad).toEqual({ ok: false, message: MESSAGES.subAccountCallsignInvalid });
    }
    expect(checkSubAccountCallsign('globe1', owner)).toEqual({ ok: true, callsign: 'GLOBE1' });
  });

  it("refuses the user's own callsign and one already added", () => {
    expect(checkSubAccountCallsign('pa3xyz', owner)).toEqual({ ok: false, message: MESSAGES.subAccountOwnCallsign });
    expect(checkSubAccountCallsign(' pa3abc', owner)).toEqual({ ok: false, message: MESSAGES.subAccountAlreadyAdded });
  });

  it('finds the id of a sub-account by callsign', () => {
    expect(subAccountIdFor(owner, 'pa3abc')).toBe('s1');
    expect(subAccountIdFor(owner, 'PA3XXX')).toBeNull();
  });
});
