// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@/config/messages';
import { STORAGE_KEYS } from '@/config/app';
import { getMainSession, getSession } from '@/lib/session';
import { fakeApi, recordDialogs, renderApp, resetApp, signIn, testUser, type ApiCall } from '@/testing/app-test-kit';
import { routes } from '../router';

const sub = { id: 'sub-1', callsign: 'PA3ABC', name: 'Club station', profile_image_name: 'missing.JPG' };
const mainUser = testUser({ sub_accounts: [sub] });
const subUser = testUser({ id: 'sub-1', my_callsign: 'PA3ABC', managed_by_id: mainUser.id, sub_accounts: [] });

const tokenOf = (call: ApiCall) => (call.headers.Authorization ?? '').replace('Bearer ', '');

function server() {
  return fakeApi({
    'GET /vuser': (call) => ({ body: { user: tokenOf(call) === 'tok-sub' ? subUser : mainUser } }),
    'POST /vLoginToSubaccount': { body: { token: 'tok-sub', user: subUser, subscription: { level: 'free', expiryDate: null } } },
    'POST /vlogout': { body: {} },
    'POST /log-page-view': { status: 204 },
    'POST /vsr': { body: { notification_count: 0, live_stream_count: 0, subscription: { level: 'free', expiryDate: null }, following: [] } },
  });
}

async function switchIntoSub() {
  const dialogs = recordDialogs();
  fireEvent.click(await screen.findByRole('button', { name: 'Login as PA3ABC' }));
  await waitFor(() => expect(getSession()?.token).toBe('tok-sub'));
  expect(dialogs.confirms).toEqual([MESSAGES.confirmSwitchAccount('PA3ABC')]);
}

describe("'Back to {main callsign}' after switching into a sub-account", () => {
  beforeEach(resetApp);
  afterEach(resetApp);

  it('is offered on the sub-accounts page and returns to the main session, ending the sub-account one', async () => {
    const api = server();
    signIn({ sub_accounts: [sub] });
    const { router } = renderApp(routes, '/account/profiles');
    expect(screen.queryByRole('button', { name: /^Back to/ })).toBeNull();
    await switchIntoSub();
    expect(getMainSession()?.token).toBe('tok-1');
    expect(localStorage.getItem(STORAGE_KEYS.mainSession)).toContain('tok-1');

    await router.navigate('/account/profiles');
    fireEvent.click(await screen.findByRole('button', { name: 'Back to PA3XYZ' }));
    await waitFor(() => expect(getSession()?.token).toBe('tok-1'));
    expect(getSession()?.user?.my_callsign).toBe('PA3XYZ');
    expect(getMainSession()).toBeNull();
    expect(api.callsTo('POST', '/vlogout').map(tokenOf)).toEqual(['tok-sub']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/profiles'));
    expect(await screen.findByRole('heading', { name: 'Sub Accounts for PA3XYZ' })).toBeTruthy();
  });

  it("is in the header's account menu, and signing out of the sub-account ends both sessions", async () => {
    const api = server();
    signIn({ sub_accounts: [sub] });
    renderApp(routes, '/account/profiles');
    await switchIntoSub();
    const menu = document.querySelector('header.site-header') as HTMLElement;
    fireEvent.click(within(menu).getByRole('button', { name: /account menu/ }));
    expect(within(menu).getByRole('button', { name: 'Back to PA3XYZ' })).toBeTruthy();
    fireEvent.click(within(menu).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(getSession()).toBeNull());
    expect(api.callsTo('POST', '/vlogout').map(tokenOf)).toEqual(['tok-sub', 'tok-1']);
    expect(getMainSession()).toBeNull();
  });

  it('a session that was not switched into (signed in as the sub-account some other way) offers no way back', async () => {
    server();
    signIn({ id: 'sub-1', my_callsign: 'PA3ABC', managed_by_id: mainUser.id, sub_accounts: [] });
    renderApp(routes, '/account/profiles');
    await screen.findByRole('heading', { name: 'Sub Accounts for PA3ABC' });
    expect(screen.queryByRole('button', { name: /^Back to/ })).toBeNull();
  });
});
