import { describe, expect, it } from 'vitest';
import { normaliseLink, parseFlag, stripMarkup, validateProfileForm } from '../src/user/profile-form';

const main = { isSubAccount: false };
const form = (over: Record<string, unknown> = {}) => ({ name: 'Hiram Maxim', email: 'op@example.com', qth: 'Newington', grid: 'fn31pr', ...over });
const errorsOf = (body: Record<string, unknown>, account = main) => {
  const result = validateProfileForm(body, account);
  return result.ok ? {} : result.errors;
};
const valueOf = (body: Record<string, unknown>, account = main) => {
  const result = validateProfileForm(body, account);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.value;
};

describe('the profile form', () => {
  it('normalises a valid form: grid in its conventional form, email lower-cased', () => {
    expect(valueOf(form({ email: ' OP@Example.com ' }))).toEqual({
      changes: { name: 'Hiram Maxim', qth: 'Newington', grid: 'FN31pr' },
      email: 'op@example.com',
      password: null,
      clublogPassword: null,
    });
  });

  it('requires name, email, qth and grid with Laravel’s messages', () => {
    expect(errorsOf({ name: '', email: '', qth: ' ', grid: '' })).toEqual({
      name: ['Please enter your name.'],
      email: ['Please enter your email address.'],
      qth: ['Please enter your QTH (your location).'],
      grid: ['Please enter your grid square.'],
    });
    expect(errorsOf({ mobile_number: '123' })).toMatchObject({ name: ['Please enter your name.'], grid: ['Please enter your grid square.'] });
  });

  it('checks the grid with the Maidenhead rules and the email format', () => {
    expect(errorsOf(form({ grid: 'ZZ99' }))).toEqual({ grid: ['Please enter your grid square as a Maidenhead locator, like FN31 or FN31pr.'] });
    expect(errorsOf(form({ grid: 'FN3' }))).toHaveProperty('grid');
    expect(errorsOf(form({ email: 'nope' }))).toEqual({ email: ['Please enter a valid email address, like name@example.com.'] });
  });

  it('takes the optional fields, with their limits', () => {
    const value = valueOf(
      form({
        mobile_number: '+1 (860) 594-0200',
        club_call: ' w1aw ',
        facebook_link: 'facebook.com/arrl',
        youtube_link: 'https://youtube.com/@arrl',
        qrz_api_key: 'ABCD-1234',
        clublog_email: 'Log@Example.com',
        eqsl_apikey: 'eq',
        rig_name_override: 'IC-7300',
      }),
    );
    expect(value.changes).toMatchObject({
      mobileNumber: '+1 (860) 594-0200',
      clubCall: 'W1AW',
      facebookLink: 'https://facebook.com/arrl',
      youtubeLink: 'https://youtube.com/@arrl',
      qrzApiKey: 'ABCD-1234',
      clublogEmail: 'log@example.com',
      eqslApikey: 'eq',
      rigNameOverride: 'IC-7300',
    });
    expect(errorsOf(form({ rig_name_override: 'X'.repeat(11) }))).toEqual({ rig_name_override: ['The rig name can be at most 10 characters.'] });
    expect(errorsOf(form({ profile_bio: 'b'.repeat(1001) }))).toEqual({ profile_bio: ['The bio can be at most 1000 characters.'] });
    expect(errorsOf(form({ twitter_link: 'javascript:alert(1)' }))).toEqual({ twitter_link: ['The X (Twitter) link must be a web address, like https://example.com/you.'] });
    expect(errorsOf(form({ mobile_number: 'call me' }))).toEqual({ mobile_number: ['The mobile number does not look right. Please check it.'] });
    expect(errorsOf(form({ club_call: 'W1 AW' }))).toEqual({ club_call: ['The club callsign does not look right. Please check it.'] });
    expect(errorsOf(form({ clublog_email: 'x@' }))).toEqual({ clublog_email: ['The Clublog email must be an email address, like name@example.com.'] });
    expect(errorsOf(form({ name: { first: 'H' } }))).toEqual({ name: ['The name must be text.'] });
  });

  it('strips markup from the bio and counts what is left', () => {
    expect(valueOf(form({ profile_bio: '<b>Hi</b> <script>alert(1)</script>there<img src=x onerror=y>' })).changes.profileBio).toBe('Hi there');
    expect(valueOf(form({ profile_bio: `<p>${'b'.repeat(1000)}</p>` })).changes.profileBio).toHaveLength(1000);
  });

  it('reads flags as 1/0, true/false or their strings, and refuses anything else', () => {
    expect(valueOf(form({ is_ham: 1, is_cb: '0', qrz_auto_log_qso: 'true', clublog_auto_log_qso: false, exclude_from_leaderboards: '1' })).changes).toMatchObject({
      isHam: true,
      isCb: false,
      qrzAutoLogQso: true,
      clublogAutoLogQso: false,
      excludeFromLeaderboards: true,
    });
    expect(errorsOf(form({ is_cb: 'yes' }))).toEqual({ is_cb: ['The CB setting must be on or off.'] });
    expect(errorsOf(form({ is_ham: 2 }))).toEqual({ is_ham: ['The HAM setting must be on or off.'] });
  });

  it("reads show_award_progress like the other flags ('1', true, '0'), leaves it alone when not sent, and refuses anything else", () => {
    expect(valueOf(form({ show_award_progress: '1' })).changes.showAwardProgress).toBe(true);
    expect(valueOf(form({ show_award_progress: true })).changes.showAwardProgress).toBe(true);
    expect(valueOf(form({ show_award_progress: 'true' })).changes.showAwardProgress).toBe(true);
    expect(valueOf(form({ show_award_progress: '0' })).changes.showAwardProgress).toBe(false);
    expect(valueOf(form({ show_award_progress: 0 })).changes.showAwardProgress).toBe(false);
    expect(valueOf(form({})).changes).not.toHaveProperty('showAwardProgress');
    expect(errorsOf(form({ show_award_progress: 'yes' }))).toEqual({ show_award_progress: ['The award progress setting must be on or off.'] });
  });

  it('refuses HAM and SWL together', () => {
    expect(errorsOf(form({ is_ham: 1, is_swl: 1 }))).toEqual({ is_swl: ['Choose HAM or SWL, not both.'] });
    expect(valueOf(form({ is_ham: 0, is_swl: 1 })).changes).toMatchObject({ isHam: false, isSwl: true });
  });

  it('takes an optional new password of at least 8 characters, confirmed', () => {
    expect(valueOf(form({ password: '', password_confirmation: '' })).password).toBeNull();
    expect(valueOf(form({ password: 'long enough', password_confirmation: 'long enough' })).password).toBe('long enough');
    expect(errorsOf(form({ password: 'short', password_confirmation: 'short' }))).toEqual({ password: ['Your password needs at least 8 characters.'] });
    expect(errorsOf(form({ password: 'long enough', password_confirmation: 'other one' }))).toEqual({ password: ['The two passwords do not match.'] });
  });

  it('keeps the stored Clublog password when none is typed, sets a typed one, and forgets it with the Clublog email', () => {
    expect(valueOf(form({ clublog_email: 'log@example.com', clublog_password: '' }))).toMatchObject({ clublogPassword: null });
    expect(valueOf(form({ clublog_email: 'log@example.com', clublog_password: '' })).changes).not.toHaveProperty('hasClublogPassword');
    expect(valueOf(form({ clublog_email: 'log@example.com', clublog_password: 's3cret' }))).toMatchObject({ clublogPassword: 's3cret', changes: { hasClublogPassword: true } });
    expect(valueOf(form({ clublog_email: '', clublog_password: 's3cret' }))).toMatchObject({ clublogPassword: null, changes: { hasClublogPassword: false } });
  });

  it('treats a body with only password fields as a password change', () => {
    expect(valueOf({ password: 'long enough', password_confirmation: 'long enough' })).toEqual({ changes: {}, email: null, password: 'long enough', clublogPassword: null });
    expect(errorsOf({ password: '', password_confirmation: '' })).toEqual({ password: ['Please enter a password.'] });
    expect(errorsOf({})).toEqual({ password: ['Please enter a password.'] });
  });

  it('for a sub-account: no email and no password', () => {
    const sub = { isSubAccount: true };
    expect(valueOf({ name: 'Portable', email: '', qth: 'Field', grid: 'FN31' }, sub)).toMatchObject({ email: null });
    expect(errorsOf({ name: 'Portable', email: 'me@example.com', qth: 'Field', grid: 'FN31' }, sub)).toEqual({
      email: ['A sub-account has no email address of its own; its main account is reached by email.'],
    });
    expect(errorsOf({ name: 'P', qth: 'F', grid: 'FN31', password: 'long enough', password_confirmation: 'long enough' }, sub)).toEqual({
      password: ['A sub-account has no password of its own; log in to its main account and switch to it.'],
    });
  });
});

describe('helpers', () => {
  it('stripMarkup keeps text and line breaks', () => {
    expect(stripMarkup('73 <i>de</i> W1AW\nQRV <style>p{}</style>daily')).toBe('73 de W1AW\nQRV daily');
    expect(stripMarkup('a < b > c')).toBe('a  b  c');
    expect(stripMarkup(' a <i>b</i> <a href="x">c</a> <style>p{}</style>1 < 2 <unfinished ')).toBe('a b c 1  2 unfinished');
  });

  it('normaliseLink accepts web links only', () => {
    expect(normaliseLink('instagram.com/w1aw')).toBe('https://instagram.com/w1aw');
    expect(normaliseLink('http://example.org/x')).toBe('http://example.org/x');
    expect(normaliseLink('ftp://example.org')).toBeNull();
    expect(normaliseLink('localhost')).toBeNull();
    expect(normaliseLink('a b.com')).toBeNull();
  });

  it('parseFlag', () => {
    expect([1, '1', true, 'true'].map(parseFlag)).toEqual([true, true, true, true]);
    expect([0, '0', false, 'false', null, ''].map(parseFlag)).toEqual([false, false, false, false, false, false]);
    expect(['on', 2, {}].map(parseFlag)).toEqual([undefined, undefined, undefined]);
  });
});
