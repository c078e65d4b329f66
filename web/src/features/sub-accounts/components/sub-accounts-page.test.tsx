// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  AN_ERROR_OCCURRED,
  SUB_ACCOUNT_ADD_FAILED,
  SUB_ACCOUNT_ALREADY_ADDED,
  SUB_ACCOUNT_CALLSIGN_INVALID,
  SUB_ACCOUNT_CANNOT_ADD,
  SUB_ACCOUNT_OWN_CALLSIGN,
  SUB_ACCOUNTS_EMPTY,
} from '@hamlog/domain/messages';
import { MESSAGES } from '@/config/messages';
import { getSession } from '@/lib/session';
import { fakeApi, recordDialogs, renderApp, resetApp, signIn, testUser, type FakeAnswer } from '@/testing/app-test-kit';
import { SubAccountsPage } from './sub-accounts-page';

const sub = { id: 'sub-1', callsign: 'PA3ABC', name: 'Club station', profile_image_name: 'missing.JPG' };

function typeCallsign(value: string) {
  fireEvent.change(screen.getByLabelText('Callsign'), { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: 'Add' }));
}

describe('sub-accounts page', () => {
  beforeEach(resetApp);
  afterEach(resetApp);

  it('shows the heading and the empty text', async () => {
    fakeApi({ 'GET /vuser': { body: { user: testUser() } } });
    signIn();
    renderApp(<SubAccountsPage />);
    expect(screen.getByRole('heading', { name: 'Sub Accounts for PA3XYZ' })).toBeTruthy();
    expect(screen.getByText(SUB_ACCOUNTS_EMPTY)).toBeTruthy();
  });

  it('checks the callsign before asking, and sends nothing for a bad one', () => {
    const dialogs = recordDialogs();
    const api = fakeApi({ 'GET /vuser': { body: { user: testUser({ sub_accounts: [sub] }) } } });
    signIn({ sub_accounts: [sub] });
    renderApp(<SubAccountsPage />);
    typeCallsign('K1A');
    expect(screen.getByText(SUB_ACCOUNT_CALLSIGN_INVALID)).toBeTruthy();
    typeCallsign('pa3xyz');
    expect(screen.getByText(SUB_ACCOUNT_OWN_CALLSIGN)).toBeTruthy();
    typeCallsign(' pa3abc ');
    expect(screen.getByText(SUB_ACCOUNT_ALREADY_ADDED)).toBeTruthy();
    expect(dialogs.confirms).toEqual([]);
    expect(api.callsTo('POST', '/vaddsubaccount')).toHaveLength(0);
  });

  it('asks first, then adds; the list shows the new sub-account', async () => {
    const dialogs = recordDialogs();
    let main = testUser();
    const api = fakeApi({
      'GET /vuser': () => ({ body: { user: main } }),
      'POST /vaddsubaccount': () => {
        main = testUser({ sub_accounts: [sub] });
        return { body: { user: main } };
      },
    });
    signIn();
    renderApp(<SubAccountsPage />);
    await waitFor(() => expect(api.callsTo('GET', '/vuser')).toHaveLength(1));
    typeCallsign(' pa3abc ');
    expect(dialogs.confirms).toEqual([MESSAGES.confirmAddSubAccount('PA3ABC')]);
    await screen.findByRole('cell', { name: 'PA3ABC' });
    expect(api.callsTo('POST', '/vaddsubaccount')[0]?.body).toEqual({ callsign: 'PA3ABC' });
    expect(getSession()?.user?.sub_accounts).toEqual([sub]);
  });

  it('keeps the added sub-account when a user read from before the add answers after it (slow, or a lagging read model)', async () => {
    recordDialogs();
    const before = { body: { user: testUser() } };
    let answerFirstRead: (answer: FakeAnswer) => void = () => undefined;
    const api = fakeApi({
      'GET /vuser': () => (api.callsTo('GET', '/vuser').length === 1 ? new Promise<FakeAnswer>((resolve) => (answerFirstRead = resolve)) : before),
      'POST /vaddsubaccount': { body: { user: testUser({ sub_accounts: [sub] }) } },
    });
    signIn();
    renderApp(<SubAccountsPage />);
    await waitFor(() => expect(api.callsTo('GET', '/vuser')).toHaveLength(1));
    typeCallsign('PA3ABC');
    await screen.findByRole('cell', { name: 'PA3ABC' });
    answerFirstRead(before);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.getByRole('cell', { name: 'PA3ABC' })).toBeTruthy();
    expect(getSession()?.user?.sub_accounts).toEqual([sub]);
  });

  it('sends nothing when the confirmation is declined', () => {
    recordDialogs(false);
    const api = fakeApi({ 'GET /vuser': { body: { user: testUser() } } });
    signIn();
    renderApp(<SubAccountsPage />);
    typeCallsign('PA3ABC');
    expect(api.callsTo('POST', '/vaddsubaccount')).toHaveLength(0);
  });

  it("alerts the server's message, or the spec's texts when there is none", async () => {
    const dialogs = recordDialogs();
    let answer = { status: 409, body: { message: 'This callsign has its own account.' } as unknown };
    fakeApi({ 'GET /vuser': { body: { user: testUser() } }, 'POST /vaddsubaccount': () => answer });
    signIn();
    renderApp(<SubAccountsPage />);
    typeCallsign('PA3ABC');
    await waitFor(() => expect(dialogs.alerts).toEqual(['This callsign has its own account.']));
    answer = { status: 500, body: undefined };
    typeCallsign('PA3ABD');
    await waitFor(() => expect(dialogs.alerts[1]).toBe(SUB_ACCOUNT_ADD_FAILED));
    answer = { status: 200, body: { nonsense: true } };
    typeCallsign('PA3ABE');
    await waitFor(() => expect(dialogs.alerts[2]).toBe(AN_ERROR_OCCURRED));
  });

  it('a sub-account is told it cannot add sub-accounts, and gets no input', () => {
    fakeApi({ 'GET /vuser': { body: { user: testUser({ managed_by_id: 'main-1', managed_by_callsign: 'PA3MAIN' }) } } });
    signIn({ managed_by_id: 'main-1', managed_by_callsign: 'PA3MAIN' });
    renderApp(<SubAccountsPage />);
    expect(screen.getByText(SUB_ACCOUNT_CANNOT_ADD)).toBeTruthy();
    expect(screen.queryByLabelText('Callsign')).toBeNull();
  });

  it('Login asks first, then replaces the session with the sub-account and goes home', async () => {
    const dialogs = recordDialogs();
    const subUser = testUser({ id: 'sub-1', my_callsign: 'PA3ABC', managed_by_id: 'u1', managed_by_callsign: 'PA3XYZ' });
    const api = fakeApi({
      'GET /vuser': { body: { user: testUser({ sub_accounts: [sub] }) } },
      'POST /vLoginToSubaccount': { body: { token: 'tok-sub', user: subUser, subscription: { level: 'free', expiryDate: null } } },
    });
    signIn({ sub_accounts: [sub] });
    const { router } = renderApp([{ path: '/account/profiles', element: <SubAccountsPage /> }], '/account/profiles');
    const row = screen.getByRole('row', { name: /PA3ABC/ });
    expect(within(row).getByText('Club station')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Login as PA3ABC' }));
    expect(dialogs.confirms).toEqual([MESSAGES.confirmSwitchAccount('PA3ABC')]);
    await waitFor(() => expect(getSession()?.token).toBe('tok-sub'));
    expect(getSession()?.user?.my_callsign).toBe('PA3ABC');
    expect(api.callsTo('POST', '/vLoginToSubaccount')[0]?.body).toEqual({ sub_account_id: 'sub-1' });
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/?login=success'));
  });

  it('a declined switch changes nothing; a refused one alerts', async () => {
    let dialogs = recordDialogs(false);
    const api = fakeApi({
      'GET /vuser': { body: { user: testUser({ sub_accounts: [sub] }) } },
      'POST /vLoginToSubaccount': { status: 404, body: { message: 'Sub-account not found.' } },
    });
    signIn({ sub_accounts: [sub] });
    renderApp(<SubAccountsPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Login as PA3ABC' }));
    expect(api.callsTo('POST', '/vLoginToSubaccount')).toHaveLength(0);
    dialogs = recordDialogs(true);
    fireEvent.click(screen.getByRole('button', { name: 'Login as PA3ABC' }));
    await waitFor(() => expect(dialogs.alerts).toEqual(['Sub-account not found.']));
    expect(getSession()?.token).toBe('tok-1');
  });
});
