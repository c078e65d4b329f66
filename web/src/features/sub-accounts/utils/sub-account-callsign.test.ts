import { describe, expect, it } from 'vitest';
import { SUB_ACCOUNT_ALREADY_ADDED, SUB_ACCOUNT_CALLSIGN_INVALID, SUB_ACCOUNT_OWN_CALLSIGN } from '@hamlog/domain/messages';
import { checkSubAccountCallsign, subAccountIdFor } from './sub-account-callsign';

const owner = { my_callsign: 'PA3XYZ', sub_accounts: [{ id: 's1', callsign: 'PA3ABC' }] };

// The rules themselves are the domain's (domain/test/callsign-rules.test.ts); this is the form's view of them.
describe('sub-account callsign check', () => {
  it('gives the trimmed, upper-cased callsign, or the one message to show', () => {
    expect(checkSubAccountCallsign('  pa9new ', owner)).toEqual({ ok: true, callsign: 'PA9NEW' });
    expect(checkSubAccountCallsign('K1A', owner)).toEqual({ ok: false, message: SUB_ACCOUNT_CALLSIGN_INVALID });
    expect(checkSubAccountCallsign('globe2', owner)).toEqual({ ok: false, message: SUB_ACCOUNT_CALLSIGN_INVALID });
    expect(checkSubAccountCallsign('pa3xyz', owner)).toEqual({ ok: false, message: SUB_ACCOUNT_OWN_CALLSIGN });
    expect(checkSubAccountCallsign(' pa3abc', owner)).toEqual({ ok: false, message: SUB_ACCOUNT_ALREADY_ADDED });
  });

  it('checks the callsign alone when no user is known', () => {
    expect(checkSubAccountCallsign('pa9new', null)).toEqual({ ok: true, callsign: 'PA9NEW' });
  });

  it('finds the id of a sub-account by callsign', () => {
    expect(subAccountIdFor(owner, 'pa3abc')).toBe('s1');
    expect(subAccountIdFor(owner, 'PA3XXX')).toBeNull();
  });
});
