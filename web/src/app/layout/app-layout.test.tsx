// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REGISTER_REQUIRED, UPGRADE_REQUIRED } from '@hamlog/domain/messages';
import { MESSAGES } from '@/config/messages';
import { queryClient } from '@/lib/react-query';
import { fakeApi, renderApp, resetApp, signIn, testUser } from '@/testing/app-test-kit';
import { RegisterRoute } from '../routes/register';
import { loginRequiredRoute } from '../routes/guards';
import { AppLayout } from './app-layout';

const routes = [
  {
    element: <AppLayout />,
    children: [
      { path: '/', element: <p>Home page</p> },
      { path: '/leaderboards', element: <p>Boards</p> },
      { path: '/logs', ...loginRequiredRoute(<p>Logbook page</p>) },
      { path: '/:callsign', element: <p>Station page</p> },
      { path: '*', element: <p>Elsewhere</p> },
    ],
  },
];

const status = (count: number) => ({ notification_count: count, live_stream_count: 0, subscription: { level: 'free', expiryDate: null }, following: [] });

describe('the shell', () => {
  beforeEach(resetApp);
  afterEach(resetApp);

  it('visitors see Log in and Create Account, the icon bar and the footer', () => {
    fakeApi({ 'POST /log-page-view': { status: 204 } });
    renderApp(routes, '/');
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(within(header).getByRole('link', { name: 'Create Account' }).getAttribute('href')).toBe('/register');
    expect(within(header).queryByRole('button', { name: /account menu/ })).toBeNull();
    // Everyone can choose the theme; with no choice it follows the system.
    const theme = within(header).getByRole('combobox', { name: 'Theme' });
    expect(Array.from((theme as HTMLSelectElement).options, (o) => o.text)).toEqual(['System', 'Light', 'Dark']);
    expect((theme as HTMLSelectElement).value).toBe('system');
    fireEvent.change(theme, { target: { value: 'light' } });
    expect(document.documentElement.getAttribute('data-theme')).toBe('light');
    expect(localStorage.getItem('theme')).toBe('light');
    fireEvent.change(theme, { target: { value: 'system' } });
    expect(document.documentElement.hasAttribute('data-theme')).toBe(false);
    expect(within(header).getByRole('link', { name: 'HamLog' }).getAttribute('href')).toBe('/');
    expect(within(header).queryByText('UPGRADE FREE')).toBeNull();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const hrefs = within(nav).getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['/', '/profile', '/download', '/import-export', '/post/74/Help-and-Support', '/logs', '/notifications']);
    const footer = screen.getByRole('contentinfo');
    for (const [name, href] of [['Terms', '/terms'], ['Contact', '/contact'], ['Privacy', '/privacy'], ['Support us', '/support-us']]) {
      expect(within(footer).getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
    expect(within(footer).getByRole('link', { name: 'YouTube' })).toBeTruthy();
  });

  it('the account menu has every entry, Switch Account only with sub-accounts, and works by keyboard', async () => {
    fakeApi({ 'POST /vsr': { body: status(0) }, 'POST /log-page-view': { status: 204 } });
    signIn({ name: 'Hans' });
    renderApp(routes, '/');
    const button = screen.getByRole('button', { name: 'Hans (PA3XYZ), account menu' });
    // The name starts with the text the button shows (WCAG 2.5.3, label in name).
    expect(button.textContent).toContain('Hans');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Account/Settings'));
    const panel = document.getElementById(button.getAttribute('aria-controls') ?? '') as HTMLElement;
    const names = Array.from(panel.querySelectorAll('.menu-item')).map((e) => e.textContent?.trim());
    expect(names).toEqual(['Account/Settings', 'Your Public Profile', 'Photos', 'Dark Mode', 'LOG CONTACTS', 'Logbook', 'Awards', 'Sign out']);
    expect(within(panel).getByText('Hans')).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Your Public Profile' }).getAttribute('href')).toBe('/PA3XYZ');
    expect(within(panel).getByRole('link', { name: 'Photos' }).getAttribute('href')).toBe('/profile/pictures');
    fireEvent.keyDown(panel, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('Your Public Profile');
    fireEvent.keyDown(panel, { key: 'End' });
    expect(document.activeElement?.textContent).toBe('Sign out');
    fireEvent.keyDown(panel, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('Account/Settings');
    const dark = within(panel).getByRole('switch', { name: 'Dark Mode' });
    fireEvent.click(dark);
    expect(dark.getAttribute('aria-checked')).toBe('true');
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(within(screen.getByRole('banner')).getByRole('combobox', { name: 'Theme' })).toHaveProperty('value', 'dark');
    fireEvent.click(dark);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('Switch Account appears once there are sub-accounts', () => {
    fakeApi({ 'POST /vsr': { body: status(0) }, 'POST /log-page-view': { status: 204 } });
    signIn({ sub_accounts: [{ id: 's1', callsign: 'PA3ABC', name: '', profile_image_name: 'missing.JPG' }] });
    renderApp(routes, '/');
    fireEvent.click(screen.getByRole('button', { name: /PA3XYZ/ }));
    expect(screen.getByRole('link', { name: 'Switch Account' }).getAttribute('href')).toBe('/account/profiles');
  });

  it('Admin appears for administrators only, also for a role granted since sign-in', async () => {
    fakeApi({ 'POST /vsr': { body: status(0) }, 'POST /log-page-view': { status: 204 }, 'GET /vuser': { body: { user: testUser({ is_admin: true }) } } });
    signIn();
    renderApp(routes, '/');
    fireEvent.click(screen.getByRole('button', { name: /PA3XYZ/ }));
    expect((await screen.findByRole('link', { name: 'Admin' })).getAttribute('href')).toBe('/admin/users');
  });

  it('UPGRADE FREE and an advert for non-subscribers without an eQSL key; the badge for subscribers', () => {
    fakeApi({ 'POST /log-page-view': { status: 204 }, 'POST /vsr': { body: status(0) } });
    signIn();
    renderApp(routes, '/');
    expect(screen.getByRole('link', { name: 'UPGRADE FREE' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Get the desktop app' })).toBeTruthy();
    resetApp();
    fakeApi({ 'POST /log-page-view': { status: 204 }, 'POST /vsr': { body: status(0) } });
    signIn({ eqsl_apikey: 'eqsl-key' });
    renderApp(routes, '/');
    expect(screen.queryByRole('link', { name: 'UPGRADE FREE' })).toBeNull();
    resetApp();
    fakeApi({ 'POST /log-page-view': { status: 204 }, 'POST /vsr': { body: { ...status(0), subscription: { level: 'premium', expiryDate: null } } } });
    signIn({ subscribed: true }, { level: 'premium', expiryDate: null });
    renderApp(routes, '/');
    expect(screen.queryByRole('link', { name: 'UPGRADE FREE' })).toBeNull();
    expect(within(screen.getByRole('banner')).getByText('Verified')).toBeTruthy();
  });

  it('polls /vsr: the badge shows the unread count only above 0, and a growing count raises a desktop notification', async () => {
    const shown: { title: string; body: string | undefined }[] = [];
    let permissionAsked = 0;
    class FakeNotification {
      static permission = 'granted';
      static requestPermission() {
        permissionAsked++;
        return Promise.resolve('granted');
      }
      onclick: (() => void) | null = null;
      constructor(title: string, options?: { body?: string }) {
        shown.push({ title, body: options?.body });
      }
      close() {}
    }
    vi.stubGlobal('Notification', FakeNotification);
    let count = 0;
    fakeApi({ 'POST /vsr': () => ({ body: status(count) }), 'POST /log-page-view': { status: 204 } });
    signIn();
    renderApp(routes, '/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'Notifications' })).toBeTruthy());
    expect(within(nav).queryByText('0')).toBeNull();
    count = 2;
    await act(() => queryClient.refetchQueries({ queryKey: ['status'] }));
    await within(nav).findByRole('link', { name: 'Notifications 2 unread' });
    count = 3;
    await act(() => queryClient.refetchQueries({ queryKey: ['status'] }));
    await within(nav).findByRole('link', { name: 'Notifications 3 unread' });
    expect(shown.map((s) => s.body)).toEqual(['You have 2 unread notifications.', 'You have 3 unread notifications.']);
    expect(permissionAsked).toBe(0); // already granted: nothing to ask
  });

  it('never asks for notification permission by itself (only the button on /notifications does), and copes without the API', async () => {
    let asked = 0;
    vi.stubGlobal('Notification', class {
      static permission = 'default';
      static requestPermission() {
        asked++;
        return Promise.resolve('denied');
      }
    });
    fakeApi({ 'POST /vsr': { body: status(1) }, 'POST /log-page-view': { status: 204 } });
    signIn();
    renderApp(routes, '/');
    await screen.findByRole('link', { name: 'Notifications 1 unread' });
    expect(asked).toBe(0);
    resetApp();
    vi.stubGlobal('Notification', undefined);
    fakeApi({ 'POST /vsr': { body: status(4) }, 'POST /log-page-view': { status: 204 } });
    signIn();
    renderApp(routes, '/');
    await screen.findByRole('link', { name: 'Notifications 4 unread' });
  });

  it('scrolls to the top on every navigation', async () => {
    fakeApi({ 'POST /log-page-view': { status: 204 } });
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const { router } = renderApp(routes, '/');
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith(0, 0));
    scrollTo.mockClear();
    await act(() => router.navigate('/DL1ABC'));
    await screen.findByText('Station page');
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    scrollTo.mockClear();
    await act(() => router.navigate('/DL1ABC?tab=photos'));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('remembers a ?ref_id= from any page and sends it with a later registration', async () => {
    const api = fakeApi({
      'POST /log-page-view': { status: 204 },
      'POST /vregister': { body: { token: 'tok-2', user: testUser(), subscription: { level: 'free', expiryDate: null } } },
    });
    const withRegister = [{ element: <AppLayout />, children: [{ path: '/register', element: <RegisterRoute /> }, { path: '*', element: <p>Home page</p> }] }];
    const { router } = renderApp(withRegister, '/?ref_id=abc');
    await screen.findByText('Home page');
    await act(() => router.navigate('/leaderboards'));
    await act(() => router.navigate('/register'));
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'new@example.com' } });
    fireEvent.change(screen.getByLabelText('Callsign'), { target: { value: 'PA3NEW' } });
    fireEvent.submit(screen.getByLabelText('Email').closest('form') as HTMLFormElement);
    await waitFor(() => expect(api.callsTo('POST', '/vregister')).toHaveLength(1));
    expect(api.callsTo('POST', '/vregister')[0]?.body).toMatchObject({ email: 'new@example.com', ref_id: 'abc' });
  });

  it('greets visitors from partner sites with a way in', () => {
    fakeApi({ 'POST /log-page-view': { status: 204 } });
    renderApp(routes, '/?utm_source=tt');
    const banner = screen.getByRole('region', { name: 'Welcome' });
    expect(within(banner).getByText('Welcome TikTok users!')).toBeTruthy();
    expect(within(banner).getByRole('link', { name: MESSAGES.comeOnIn }).getAttribute('href')).toBe('/register');
    resetApp();
    fakeApi({ 'POST /log-page-view': { status: 204 } });
    renderApp(routes, '/?utm_source=mail');
    expect(screen.queryByRole('region', { name: 'Welcome' })).toBeNull();
  });

  it('upgrade-required=1 asks users to upgrade and visitors to register', () => {
    fakeApi({ 'POST /log-page-view': { status: 204 }, 'POST /vsr': { body: status(0) } });
    renderApp(routes, '/?upgrade-required=1');
    expect(screen.getByText(REGISTER_REQUIRED)).toBeTruthy();
    resetApp();
    fakeApi({ 'POST /log-page-view': { status: 204 }, 'POST /vsr': { body: status(0) } });
    signIn();
    renderApp(routes, '/?upgrade-required=1');
    const prompt = screen.getByRole('alert');
    expect(within(prompt).getByText(UPGRADE_REQUIRED)).toBeTruthy();
    expect(within(prompt).getByRole('link', { name: 'Upgrade' })).toBeTruthy();
  });

  it('hides the header and icon bar on the leaderboards', () => {
    fakeApi({ 'POST /log-page-view': { status: 204 } });
    renderApp(routes, '/leaderboards');
    expect(screen.getByText('Boards')).toBeTruthy();
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });

  it('logs a page view for public pages, with a remembered tracking id, but not for guarded ones', async () => {
    const api = fakeApi({ 'POST /log-page-view': { status: 204 }, 'POST /vsr': { body: status(0) } });
    signIn();
    const { router } = renderApp(routes, '/DL1ABC?utm_source=fb&utm_medium=social');
    await waitFor(() => expect(api.callsTo('POST', '/log-page-view')).toHaveLength(1));
    const first = api.callsTo('POST', '/log-page-view')[0]?.body as Record<string, unknown>;
    expect(first).toMatchObject({ user_id: 'u1', page_url: 'http://localhost:3000/DL1ABC?utm_source=fb&utm_medium=social', utm_source: 'fb', utm_medium: 'social' });
    expect(first.session_id).toBe(localStorage.getItem('user_tracking_id'));
    await act(() => router.navigate('/logs'));
    await screen.findByText('Logbook page');
    await act(() => router.navigate('/'));
    await screen.findByText('Home page');
    await waitFor(() => expect(api.callsTo('POST', '/log-page-view')).toHaveLength(2));
    const second = api.callsTo('POST', '/log-page-view')[1]?.body as Record<string, unknown>;
    expect(second).toMatchObject({ page_url: 'http://localhost:3000/', referrer_url: 'http://localhost:3000/logs', session_id: first.session_id });
  });

  it('the search box needs 3 characters and goes to /{CALLSIGN}', async () => {
    fakeApi({ 'POST /log-page-view': { status: 204 } });
    const { router } = renderApp(routes, '/');
    const box = screen.getByRole('searchbox', { name: 'Find a station' });
    fireEvent.change(box, { target: { value: 'dl' } });
    fireEvent.click(screen.getByRole('button', { name: 'Go to station' }));
    expect(screen.getByText(MESSAGES.callsignSearchTooShort)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    fireEvent.change(box, { target: { value: 'dl1abc' } });
    fireEvent.submit(box.closest('form') as HTMLFormElement);
    await screen.findByText('Station page');
    expect(router.state.location.pathname).toBe('/DL1ABC');
  });
});
