import { describe, expect, it } from 'vitest';
import {
  fieldRequired,
  GRID_INVALID,
  PASSWORD_CONFIRMATION_MISMATCH,
  PASSWORD_REQUIRED,
  PASSWORD_TOO_SHORT,
} from '@hamlog/domain/messages';
import { maskApiKey } from './api-key-mask';
import { validateNewPassword } from './password';
import { bioLength, profileFormFromUser, serverFieldErrors, toProfilePayload, validateProfileForm, withFlag } from './profile-form';

const filled = profileFormFromUser({ name: 'Hans', email: 'op@example.com', qth: 'Delft', grid: 'jo22 ', is_ham: true, qrz_auto_log_qso: 1, clublog_password: 'never-shown' });

describe('profile form', () => {
  it('fills from the user, with flags from booleans or 1/0, and never the Clublog password', () => {
    expect(filled.name).toBe('Hans');
    expect(filled.is_ham).toBe(true);
    expect(filled.qrz_auto_log_qso).toBe(true);
    expect(filled.is_swl).toBe(false);
    expect(filled.show_award_progress).toBe(false);
    expect(profileFormFromUser({ show_award_progress: true }).show_award_progress).toBe(true);
    expect(filled.clublog_password).toBe('');
    expect(profileFormFromUser(null).name).toBe('');
  });

  it('requires name, email, QTH and grid (not email for a sub-account)', () => {
    const empty = profileFormFromUser({});
    expect(validateProfileForm(empty)).toEqual({
      name: fieldRequired('name'),
      email: 'Please enter your email address.',
      qth: 'Please enter your QTH (your location).',
      grid: 'Please enter your grid square.',
    });
    expect(validateProfileForm({ ...empty, name: ' ', qth: 'x', grid: 'JO22' }, { isSubAccount: true })).toEqual({ name: fieldRequired('name') });
    expect(validateProfileForm(filled)).toEqual({});
  });

  it("limits the bio to 1000 characters and the rig name override to 10, in the server's words", () => {
    expect(validateProfileForm({ ...filled, profile_bio: 'x'.repeat(1000) })).toEqual({});
    expect(validateProfileForm({ ...filled, profile_bio: 'x'.repeat(1001) })).toEqual({ profile_bio: 'The bio can be at most 1000 characters.' });
    expect(validateProfileForm({ ...filled, rig_name_override: 'IC-7300 MK2' })).toEqual({
      rig_name_override: 'The rig name can be at most 10 characters.',
    });
    expect(validateProfileForm({ ...filled, rig_name_override: 'IC-7300' })).toEqual({});
  });

  it("checks the rest of the server's rules before sending", () => {
    expect(validateProfileForm({ ...filled, grid: 'ZZ99' })).toEqual({ grid: GRID_INVALID });
  });

  it('HAM and SWL exclude each other; CB goes with either', () => {
    const swl = withFlag(filled, 'is_swl', true);
    expect([swl.is_ham, swl.is_swl]).toEqual([false, true]);
    const ham = withFlag(withFlag(swl, 'is_cb', true), 'is_ham', true);
    expect([ham.is_ham, ham.is_swl, ham.is_cb]).toEqual([true, false, true]);
    expect(withFlag(ham, 'is_ham', false).is_swl).toBe(false);
  });

  it('sends text trimmed, the bio without markup, flags as 1/0, and the Clublog password only when typed', () => {
    const payload = toProfilePayload({ ...filled, profile_bio: ' <b>Hello</b> <script>x</script>', name: ' Hans ' });
    expect(payload).toMatchObject({ name: 'Hans', email: 'op@example.com', qth: 'Delft', grid: 'jo22', profile_bio: 'Hello' });
    expect(payload.is_ham).toBe(1);
    expect(payload.is_swl).toBe(0);
    expect(payload.qrz_auto_log_qso).toBe(1);
    expect(payload.exclude_from_leaderboards).toBe(0);
    expect(payload.show_award_progress).toBe(0);
    expect(toProfilePayload(withFlag(filled, 'show_award_progress', true)).show_award_progress).toBe(1);
    expect('clublog_password' in payload).toBe(false);
    expect(toProfilePayload({ ...filled, clublog_password: 's3cret' }).clublog_password).toBe('s3cret');
    expect('email' in toProfilePayload(filled, { isSubAccount: true })).toBe(false);
  });

  it('counts the bio without its markup: 1000 characters of text in bold pass, 1001 fail with the server\'s words', () => {
    const bold = (n: number) => `<p><b>${'x'.repeat(n)}</b></p>`;
    expect(bioLength(bold(1000))).toBe(1000);
    expect(validateProfileForm({ ...filled, profile_bio: bold(1000) })).toEqual({});
    expect(validateProfileForm({ ...filled, profile_bio: `  ${'x'.repeat(1000)}  ` })).toEqual({});
    expect(validateProfileForm({ ...filled, profile_bio: bold(1001) })).toEqual({
      profile_bio: 'The bio can be at most 1000 characters.',
    });
  });

  it("keeps the first server message of each field it knows", () => {
    expect(serverFieldErrors({ grid: ['The grid must be a Maidenhead locator.', 'x'], other: ['y'] })).toEqual({
      grid: 'The grid must be a Maidenhead locator.',
    });
  });
});

describe('new password', () => {
  it('needs 8 characters and the same twice; the mismatch shows under the confirmation', () => {
    expect(validateNewPassword('', '')).toEqual({ password: PASSWORD_REQUIRED });
    expect(validateNewPassword('short', 'short')).toEqual({ password: PASSWORD_TOO_SHORT });
    expect(validateNewPassword('long enough', 'long enougH')).toEqual({ password_confirmation: PASSWORD_CONFIRMATION_MISMATCH });
    expect(validateNewPassword('long enough', 'long enough')).toEqual({});
  });
});

describe('the API key, hidden', () => {
  it('masks the key but for its last four characters', () => {
    const masked = maskApiKey('abcdef0123456789abcdef0123456789');
    expect(masked.endsWith('6789')).toBe(true);
    expect(masked).not.toContain('abcdef');
    expect(maskApiKey('short')).toBe('••••••••');
  });
});
