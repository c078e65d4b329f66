// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REGISTRATION_FAILED, SIGN_IN_FOR_NOTIFICATIONS } from '@hamlog/domain/messages';
import { MESSAGES } from '@/config/messages';
import { queryClient } from '@/lib/react-query';
import { getSession } from '@/lib/session';
import { fakeApi, recordDialogs, renderApp, resetApp, signIn, testUser, typeInto } from '@/testing/app-test-kit';
import { AccountMenu } from '../layout/account-menu';
import { GuestOnly, RequireAuth } from './guards';
import { LoginRoute } from './login';
import { RegisterRoute } from './register';

const auth = { token: 'tok-9', user: testUser(), subscription: { level: 'free', expiryDate: null } };

const routes = [
  { path: '/login', element: <GuestOnly><LoginRoute /></GuestOnly> },
  { path: '/password/reset', element: <GuestOnly><LoginRoute /></GuestOnly> },
  { path: '/register', element: <GuestOnly><RegisterRoute /></GuestOnly> },
  { path: '/logs', element: <RequireAuth><p>The logbook</p><AccountMenu /></RequireAuth> },
];

describe('signing in, out and up', () => {
  beforeEach(resetApp);
  afterEach(resetApp);

  it('a guarded page sends visitors to /login?redirect=<full path>, and back after login', async () => {
    fakeApi({ 'POST /vlogin': { body: auth } });
    const { router } = renderApp(routes, '/logs?page=2');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/logs?page=2')}`);
    typeInto('Email', 'op@example.com');
    typeInto('Password', 'seventy-three');
    fireEvent.click(screen.getByRole('button', { name: 'LOGIN' }));
    await screen.findByText('The logbook');
    expect(router.state.location.pathname + router.state.location.search).toBe('/logs?page=2');
  });

  it('without a redirect a login goes to /?login=success', async () => {
    fakeApi({ 'POST /vlogin': { body: auth } });
    const { router } = renderApp(routes, '/login');
    typeInto('Email', 'op@example.com');
    typeInto('Password', 'seventy-three');
    fireEvent.click(screen.getByRole('button', { name: 'LOGIN' }));
    await screen.findByText('Now at /?login=success');
    expect(router.state.location.search).toBe('?login=success');
  });

  it('/password/reset is the same screen with the PIN form open', () => {
    renderApp(routes, '/password/reset');
    expect(screen.getByRole('button', { name: 'SEND PIN' })).toBeTruthy();
    expect(screen.getByRole('button', { name: MESSAGES.pinToggle }).getAttribute('aria-expanded')).toBe('true');
  });

  it('signed-in users who open /login or /register go to /profile', async () => {
    signIn();
    renderApp(routes, '/login');
    await screen.findByText('Now at /profile');
    resetApp();
    signIn();
    renderApp(routes, '/register');
    await screen.findByText('Now at /profile');
  });

  it('a visitor sent from /notifications is told why', async () => {
    renderApp([...routes, { path: '/notifications', element: <RequireAuth><p>Inbox</p></RequireAuth> }], '/notifications');
    await screen.findByText(SIGN_IN_FOR_NOTIFICATIONS);
  });

  it('sign out clears session, cached data and storage, then shows /login?logout=success', async () => {
    const api = fakeApi({ 'POST /vlogout': { body: { message: 'Logged out.' } } });
    signIn();
    queryClient.setQueryData(['something-private'], { secret: 1 });
    const { router } = renderApp(routes, '/logs');
    fireEvent.click(screen.getByRole('button', { name: /PA3XYZ/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await screen.findByText(MESSAGES.loggedOut);
    expect(router.state.location.pathname + router.state.location.search).toBe('/login?logout=success');
    expect(getSession()).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(queryClient.getQueryData(['something-private'])).toBeUndefined();
    expect(api.callsTo('POST', '/vlogout')).toHaveLength(1);
  });

  it('registration shows the first server message under each field', async () => {
    const dialogs = recordDialogs();
    const api = fakeApi({
      'POST /vregister': {
        status: 422,
        body: {
          message: 'Some of the fields need another look.',
          errors: { email: ['That email address is already registered. Log in instead, or use a one-time PIN if you forgot your password.', 'second'], my_callsign: ['That callsign is already registered. If it is yours, you can claim it.'] },
        },
      },
    });
    renderApp(routes, '/register?ref_id=friend-7');
    typeInto('Email', 'op@example.com');
    typeInto('Callsign', 'pa3xyz');
    fireEvent.click(screen.getByRole('button', { name: 'Get Started Free' }));
    await screen.findByText('That email address is already registered. Log in instead, or use a one-time PIN if you forgot your password.');
    expect(screen.getByText('That callsign is already registered. If it is yours, you can claim it.')).toBeTruthy();
    expect(screen.queryByText('second')).toBeNull();
    expect(dialogs.alerts).toEqual([]);
    expect(api.callsTo('POST', '/vregister')[0]?.body).toEqual({ email: 'op@example.com', my_callsign: 'PA3XYZ', ref_id: 'friend-7' });
  });

  it('registration without field messages alerts the general failure text', async () => {
    const dialogs = recordDialogs();
    fakeApi({ 'POST /vregister': { status: 500, body: { message: 'boom' } } });
    renderApp(routes, '/register');
    typeInto('Email', 'op@example.com');
    typeInto('Callsign', 'PA3XYZ');
    fireEvent.click(screen.getByRole('button', { name: 'Get Started Free' }));
    await waitFor(() => expect(dialogs.alerts).toEqual([REGISTRATION_FAILED]));
  });

  it('a successful registration signs in and goes to /profile?register=success', async () => {
    fakeApi({ 'POST /vregister': { body: { token: 'tok-new', user: testUser() } } });
    const { router } = renderApp(routes, '/register');
    typeInto('Email', 'op@example.com');
    typeInto('Callsign', 'PA3XYZ');
    fireEvent.click(screen.getByRole('button', { name: 'Get Started Free' }));
    await screen.findByText('Now at /profile?register=success');
    expect(router.state.location.search).toBe('?register=success');
    expect(getSession()?.token).toBe('tok-new');
  });
});
