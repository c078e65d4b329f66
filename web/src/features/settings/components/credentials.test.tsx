// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CURRENT_PASSWORD_WRONG, FRESH_PIN_REQUIRED, SIGNED_OUT_EVERYWHERE } from '@hamlog/domain/messages';
import { MESSAGES } from '@/config/messages';
import { recordDialogs, resetApp, testUser, typeInto } from '@/testing/app-test-kit';
import { openSettingsPage } from '../testing/open-settings-page';

const profile = { name: 'Hans', qth: 'Delft', grid: 'JO22', is_ham: true };
const wrongCurrent = { status: 422, body: { message: CURRENT_PASSWORD_WRONG, errors: { current_password: [CURRENT_PASSWORD_WRONG] } } };

const open = (handlers: Parameters<typeof openSettingsPage>[1], user = testUser(profile)) => openSettingsPage(user, handlers);

describe('settings: the current password, and signing out everywhere', () => {
  beforeEach(resetApp);
  afterEach(resetApp);

  it('a password change sends the current password and shows a wrong one under its field', async () => {
    const dialogs = recordDialogs();
    const api = await open({ 'POST /vupdateprofile': wrongCurrent });
    typeInto('Current password', 'not it');
    typeInto('New password', 'seventy-three');
    typeInto('Confirm password', 'seventy-three');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(CURRENT_PASSWORD_WRONG)).toBeTruthy();
    expect(screen.getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('POST', '/vupdateprofile')[0]?.body).toEqual({ password: 'seventy-three', password_confirmation: 'seventy-three', current_password: 'not it' });
    expect(dialogs.alerts).toEqual([]);
  });

  it('a first password (no password yet) asks for none, and says when a fresh PIN sign-in is needed', async () => {
    const api = await open(
      { 'POST /vupdateprofile': { status: 422, body: { message: FRESH_PIN_REQUIRED, errors: { current_password: [FRESH_PIN_REQUIRED] } } } },
      testUser({ ...profile, has_password: false }),
    );
    expect(screen.queryByLabelText('Current password')).toBeNull();
    typeInto('New password', 'seventy-three');
    typeInto('Confirm password', 'seventy-three');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(FRESH_PIN_REQUIRED);
    expect(api.callsTo('POST', '/vupdateprofile')[0]?.body).toEqual({ password: 'seventy-three', password_confirmation: 'seventy-three' });
  });

  it('a new email asks for the current password, sends it, and shows a wrong one under its field', async () => {
    const dialogs = recordDialogs();
    const api = await open({ 'POST /vupdateprofile': wrongCurrent });
    const profileForm = () => screen.getByRole('form', { name: 'Profile' });
    expect(profileForm().querySelector('[name="current_password"]')).toBeNull();
    typeInto('Email', 'new@example.com');
    const current = profileForm().querySelector<HTMLInputElement>('input[name="current_password"]');
    expect(current).not.toBeNull();
    fireEvent.change(current as HTMLInputElement, { target: { value: 'not it' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText(CURRENT_PASSWORD_WRONG)).toBeTruthy();
    expect(api.callsTo('POST', '/vupdateprofile')[0]?.body).toMatchObject({ email: 'new@example.com', current_password: 'not it' });
    expect(dialogs.alerts).toEqual([]);
    // The email back as it was: no password asked, none sent.
    typeInto('Email', 'op@example.com');
    expect(profileForm().querySelector('[name="current_password"]')).toBeNull();
  });

  it("'Sign out everywhere' asks in the page, then signs out the other devices and says so", async () => {
    const dialogs = recordDialogs();
    const api = await open({ 'POST /vsignouteverywhere': { body: { message: SIGNED_OUT_EVERYWHERE, signed_out: 2 } } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(dialogs.alerts).toEqual([SIGNED_OUT_EVERYWHERE]));
    expect(dialogs.confirms).toEqual([MESSAGES.confirmSignOutEverywhere]);
    expect(api.callsTo('POST', '/vsignouteverywhere')).toHaveLength(1);
  });

  it("a declined 'Sign out everywhere' sends nothing", async () => {
    const dialogs = recordDialogs(false);
    const api = await open({});
    fireEvent.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(dialogs.confirms).toEqual([MESSAGES.confirmSignOutEverywhere]));
    await new Promise((r) => setTimeout(r, 50));
    expect(api.callsTo('POST', '/vsignouteverywhere')).toHaveLength(0);
  });
});
