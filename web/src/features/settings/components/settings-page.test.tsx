// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fieldRequired, PASSWORD_TOO_SHORT } from '@hamlog/domain/messages';
import { MESSAGES } from '@/config/messages';
import { getSession } from '@/lib/session';
import { fakeApi, recordDialogs, renderApp, resetApp, signIn, testUser, typeInto } from '@/testing/app-test-kit';
import { openSettingsPage } from '../testing/open-settings-page';
import { SettingsPage } from './settings-page';

const BIO_TOO_LONG = 'The bio can be at most 1000 characters.';
const profile = { name: 'Hans', qth: 'Delft', grid: 'JO22', is_ham: true, profile_bio: 'QRV daily' };

const open = (user = testUser(profile)) => openSettingsPage(user);

describe('settings screen', () => {
  beforeEach(resetApp);
  afterEach(resetApp);

  it('shows the profile form filled from the server, a link to the sub-accounts and the masked key', async () => {
    await open();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Hans');
    expect((screen.getByLabelText('QTH') as HTMLInputElement).value).toBe('Delft');
    expect((screen.getByLabelText('Bio') as HTMLTextAreaElement).value).toBe('QRV daily');
    expect((screen.getByLabelText('HAM') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('link', { name: 'Sub-accounts and profiles' }).getAttribute('href')).toBe('/account/profiles');
    expect(screen.queryByText('abcdef0123456789abcdef0123456789')).toBeNull();
    expect(screen.getByText(/6789$/)).toBeTruthy();
  });

  it('shows required-field messages under the fields and sends nothing', async () => {
    const api = await open(testUser());
    fireEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(screen.getByText(fieldRequired('name'))).toBeTruthy();
    expect(screen.getByText('Please enter your QTH (your location).')).toBeTruthy();
    expect(screen.getByText('Please enter your grid square.')).toBeTruthy();
    expect(api.callsTo('POST', '/vupdateprofile')).toHaveLength(0);
  });

  it('ticking SWL clears HAM and the other way round', async () => {
    await open();
    const ham = screen.getByLabelText('HAM') as HTMLInputElement;
    const swl = screen.getByLabelText('SWL') as HTMLInputElement;
    fireEvent.click(swl);
    expect([ham.checked, swl.checked]).toEqual([false, true]);
    fireEvent.click(ham);
    expect([ham.checked, swl.checked]).toEqual([true, false]);
  });

  it("sends flags as 1/0, alerts 'Profile updated!' and keeps the user the answer gives", async () => {
    const dialogs = recordDialogs();
    let saved = testUser(profile);
    const api = fakeApi({
      'GET /vuser': () => ({ body: { user: saved } }),
      'POST /vupdateprofile': (call) => {
        saved = testUser({ ...profile, ...(call.body as object), is_ham: false, is_swl: true });
        return { body: { user: saved } };
      },
    });
    signIn(saved);
    renderApp(<SettingsPage justRegistered={false} />);
    await screen.findByRole('button', { name: 'Update Profile' });
    fireEvent.click(screen.getByLabelText('SWL'));
    fireEvent.click(screen.getByLabelText('Exclude me from leaderboards'));
    typeInto('Bio', '<b>Hi</b> there');
    fireEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
    await waitFor(() => expect(dialogs.alerts).toEqual([MESSAGES.profileUpdated]));
    const body = api.callsTo('POST', '/vupdateprofile')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ name: 'Hans', email: 'op@example.com', qth: 'Delft', grid: 'JO22', profile_bio: 'Hi there', is_ham: 0, is_swl: 1, is_cb: 0, exclude_from_leaderboards: 1 });
    expect(getSession()?.user?.profile_bio).toBe('Hi there');
    expect(screen.getByLabelText('Bio')).toHaveProperty('value', 'Hi there');
  });

  it("offers 'Show my award progress on my public page', off by default, and sends it as 1/0", async () => {
    const dialogs = recordDialogs();
    let saved = testUser(profile);
    const api = fakeApi({
      'GET /vuser': () => ({ body: { user: saved } }),
      'POST /vupdateprofile': (call) => {
        saved = testUser({ ...profile, show_award_progress: (call.body as { show_award_progress: number }).show_award_progress === 1 });
        return { body: { user: saved } };
      },
    });
    signIn(saved);
    renderApp(<SettingsPage justRegistered={false} />);
    await screen.findByRole('button', { name: 'Update Profile' });
    const box = screen.getByRole('checkbox', { name: 'Show my award progress on my public page' }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    expect(box.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(box.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Others see your award counts on your station page. Off by default.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
    await waitFor(() => expect(dialogs.alerts).toEqual([MESSAGES.profileUpdated]));
    expect(api.callsTo('POST', '/vupdateprofile')[0]?.body).toMatchObject({ show_award_progress: 0 });

    fireEvent.click(await screen.findByRole('checkbox', { name: 'Show my award progress on my public page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
    await waitFor(() => expect(dialogs.alerts).toEqual([MESSAGES.profileUpdated, MESSAGES.profileUpdated]));
    expect(api.callsTo('POST', '/vupdateprofile')[1]?.body).toMatchObject({ show_award_progress: 1 });
    expect(getSession()?.user?.show_award_progress).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Show my award progress on my public page' }) as HTMLInputElement).checked).toBe(true);
  });

  it('ticks the award progress box for a user who turned it on', async () => {
    await open(testUser({ ...profile, show_award_progress: true }));
    expect((screen.getByLabelText('Show my award progress on my public page') as HTMLInputElement).checked).toBe(true);
  });

  it('shows the first server message under each field', async () => {
    const dialogs = recordDialogs();
    fakeApi({
      'GET /vuser': { body: { user: testUser(profile) } },
      'POST /vupdateprofile': { status: 422, body: { message: 'x', errors: { grid: ['The grid must be a Maidenhead locator.', 'more'], email: ['That email address is already registered. Log in instead, or use a one-time PIN if you forgot your password.'] } } },
    });
    signIn(testUser(profile));
    renderApp(<SettingsPage justRegistered={false} />);
    await screen.findByRole('button', { name: 'Update Profile' });
    fireEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
    await screen.findByText('The grid must be a Maidenhead locator.');
    expect(screen.getByText('That email address is already registered. Log in instead, or use a one-time PIN if you forgot your password.')).toBeTruthy();
    expect(screen.queryByText('more')).toBeNull();
    expect(dialogs.alerts).toEqual([]);
  });

  it("alerts 'Failed to update profile.' otherwise", async () => {
    const dialogs = recordDialogs();
    fakeApi({ 'GET /vuser': { body: { user: testUser(profile) } }, 'POST /vupdateprofile': { status: 500, body: { message: 'boom' } } });
    signIn(testUser(profile));
    renderApp(<SettingsPage justRegistered={false} />);
    await screen.findByRole('button', { name: 'Update Profile' });
    fireEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
    await waitFor(() => expect(dialogs.alerts).toEqual([MESSAGES.profileUpdateFailed]));
  });

  it('the password: confirmation appears once typed, at least 8 characters, then saved alone', async () => {
    const dialogs = recordDialogs();
    const api = fakeApi({ 'GET /vuser': { body: { user: testUser() } }, 'POST /vupdateprofile': { body: { user: testUser() } } });
    signIn(testUser({ has_password: false }));
    renderApp(<SettingsPage justRegistered />);
    expect(screen.getByText(MESSAGES.registerWelcome)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Set a password' })).toBeTruthy();
    expect(screen.queryByLabelText('Confirm password')).toBeNull();
    typeInto('New password', 'short');
    typeInto('Confirm password', 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText(PASSWORD_TOO_SHORT)).toBeTruthy();
    typeInto('New password', 'seventy-three');
    typeInto('Confirm password', 'seventy-three');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(dialogs.alerts).toEqual([MESSAGES.profileUpdated]));
    expect(api.callsTo('POST', '/vupdateprofile')[0]?.body).toEqual({ password: 'seventy-three', password_confirmation: 'seventy-three' });
    expect(getSession()?.user?.has_password).toBe(true);
  });

  it('shows and hides the API key with its QR code, and issues a new key after asking', async () => {
    const dialogs = recordDialogs();
    const api = fakeApi({
      'GET /vuser': { body: { user: testUser(profile) } },
      'POST /vnewapikey': { body: { api_key: 'new0key0new0key0new0key0new0key0', user: testUser({ ...profile, api_key: 'new0key0new0key0new0key0new0key0' }) } },
    });
    signIn(testUser(profile));
    renderApp(<SettingsPage justRegistered={false} />);
    await screen.findByRole('button', { name: 'Update Profile' });
    expect(screen.queryByRole('img', { name: 'QR code to sign in the mobile app' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show API key' }));
    expect(screen.getByText('abcdef0123456789abcdef0123456789')).toBeTruthy();
    const qr = screen.getByRole('img', { name: 'QR code to sign in the mobile app' });
    expect(qr.getAttribute('width')).toBe('200');
    fireEvent.click(screen.getByRole('button', { name: 'Hide API key' }));
    expect(screen.queryByText('abcdef0123456789abcdef0123456789')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'New API key' }));
    expect(dialogs.confirms).toEqual([MESSAGES.confirmNewApiKey]);
    await waitFor(() => expect(getSession()?.user?.api_key).toBe('new0key0new0key0new0key0new0key0'));
    expect(api.callsTo('POST', '/vnewapikey')).toHaveLength(1);
    expect(dialogs.alerts).toEqual([MESSAGES.newApiKeyIssued]);
  });

  it('a declined new key sends nothing', async () => {
    recordDialogs(false);
    const api = await open();
    fireEvent.click(screen.getByRole('button', { name: 'New API key' }));
    expect(api.callsTo('POST', '/vnewapikey')).toHaveLength(0);
  });

  it('counts the bio without its markup: no raw maxLength, 1000 characters of text pass, 1001 are refused', async () => {
    const dialogs = recordDialogs();
    const api = await open();
    const bio = screen.getByLabelText('Bio') as HTMLTextAreaElement;
    expect(bio.hasAttribute('maxlength')).toBe(false);
    typeInto('Bio', `<p><b>${'x'.repeat(1001)}</b></p>`);
    expect(screen.getByText('1001/1000 characters, plain text')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(screen.getByText(BIO_TOO_LONG)).toBeTruthy();
    expect(api.callsTo('POST', '/vupdateprofile')).toHaveLength(0);
    typeInto('Bio', `<p><b>${'x'.repeat(1000)}</b></p>`);
    expect(screen.getByText('1000/1000 characters, plain text')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
    await waitFor(() => expect(api.callsTo('POST', '/vupdateprofile')).toHaveLength(1));
    expect((api.callsTo('POST', '/vupdateprofile')[0]?.body as { profile_bio: string }).profile_bio).toBe('x'.repeat(1000));
    expect(dialogs.alerts).not.toContain(BIO_TOO_LONG);
  });

  it('a sub-account has neither email nor password fields', async () => {
    await open(testUser({ ...profile, email: '', managed_by_id: 'main', managed_by_callsign: 'PA3MAIN' }));
    expect(screen.queryByLabelText('Email')).toBeNull();
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(screen.getByText('PA3MAIN')).toBeTruthy();
  });
});
