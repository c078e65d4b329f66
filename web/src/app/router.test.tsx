// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RESERVED_CALLSIGNS } from '@hamlog/domain/user/reserved-callsigns';
import { INVALID_SEARCH_QUERY } from '@hamlog/domain/messages';
import { fakeApi, recordDialogs, renderApp, resetApp, signIn } from '@/testing/app-test-kit';
import type { RouteObject } from 'react-router-dom';
import { routes } from './router';

/** The shell's own calls; any other call answers 404, which no screen here depends on. */
function shellApi() {
  return fakeApi({
    'POST /log-page-view': { status: 204 },
    'POST /vsr': { body: { notification_count: 0, live_stream_count: 0, subscription: { level: 'free', expiryDate: null }, following: [] } },
  });
}

function at(router: ReturnType<typeof renderApp>['router']) {
  return router.state.location.pathname + router.state.location.search;
}

const LOGIN_REQUIRED = [
  '/logger',
  '/logger/q123',
  '/logs',
  '/logs/deleted',
  '/profile',
  '/account',
  '/account/edit',
  '/account/preferences',
  '/account/profiles',
  '/profile/pictures',
  '/notifications',
  '/join',
  '/import-export',
];

describe('the real route table', () => {
  beforeEach(resetApp);
  afterEach(resetApp);

  it.each(LOGIN_REQUIRED)('%s sends a visitor to /login?redirect=<full path>', async (path) => {
    shellApi();
    const full = `${path}?from=test`;
    const { router } = renderApp(routes, full);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent(full)}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
  });

  it.each(['/login', '/password/reset', '/register'])('%s is for visitors; a signed-in user goes to /profile', async (path) => {
    shellApi();
    const visitor = renderApp(routes, path);
    const heading = path === '/register' ? 'Create your account' : 'Log in';
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(at(visitor.router)).toBe(path);
    resetApp();

    shellApi();
    signIn();
    const member = renderApp(routes, path);
    await waitFor(() => expect(at(member.router)).toBe('/profile'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Account settings' })).toBeTruthy();
  });

  it('/login and /password/reset show the same login screen, the latter opening on the PIN form', async () => {
    shellApi();
    renderApp(routes, '/login');
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    expect(screen.getByLabelText('Password')).toBeTruthy();
    resetApp();
    shellApi();
    renderApp(routes, '/password/reset');
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    expect(screen.queryByLabelText('Password')).toBeNull();
  });

  it.each(['/account', '/account/edit', '/account/preferences', '/profile'])('%s shows the settings screen', async (path) => {
    shellApi();
    signIn();
    const { router } = renderApp(routes, path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Account settings' })).toBeTruthy();
    expect(at(router)).toBe(path);
  });

  it('/search?callsign=dl1abc goes to /DL1ABC', async () => {
    shellApi();
    const { router } = renderApp(routes, '/search?callsign=dl1abc');
    await waitFor(() => expect(at(router)).toBe('/DL1ABC'));
  });

  it("/search alone says 'invalid search query' and goes home", async () => {
    shellApi();
    const dialogs = recordDialogs();
    const { router } = renderApp(routes, '/search');
    await waitFor(() => expect(dialogs.alerts).toEqual([INVALID_SEARCH_QUERY]));
    await waitFor(() => expect(at(router)).toBe('/'));
  });

  const PAGES: [string, string | RegExp][] = [
    ['/privacy', 'Privacy Policy'],
    ['/terms', 'Terms of Use'],
    ['/contact', 'Contact'],
    ['/docs', 'Documentation'],
    ['/download', 'Downloads'],
    ['/support-us', 'Support us'],
    ['/support-us/thanks', 'Support us'],
    ['/support-us/cancel', 'Support us'],
  ];

  it.each(PAGES)('%s renders its own page, not the station page', async (path, heading) => {
    const api = shellApi();
    renderApp(routes, path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(api.callsTo('GET', '/vprofilefor')).toHaveLength(0);
  });

  it('/import-export renders its page for a signed-in user, not the station page', async () => {
    const api = shellApi();
    signIn();
    renderApp(routes, '/import-export');
    expect(await screen.findByRole('heading', { level: 1, name: 'Import and export' })).toBeTruthy();
    expect(screen.getByText('Coming soon.')).toBeTruthy();
    expect(api.callsTo('GET', '/vprofilefor')).toHaveLength(0);
  });

  it('a callsign still reaches the station page', async () => {
    const api = shellApi();
    renderApp(routes, '/dl1abc');
    await waitFor(() => expect(api.callsTo('GET', '/vprofilefor')).toHaveLength(1));
  });

  it("no first path segment of the route table can be a callsign: the domain's reserved list covers them all", () => {
    const segments = new Set<string>();
    const walk = (list: RouteObject[]) => {
      for (const r of list) {
        const first = r.path?.split('/')[0];
        if (first && !first.startsWith(':') && first !== '*') segments.add(first.toUpperCase());
        if (r.children) walk(r.children);
      }
    };
    walk(routes);
    expect(segments.size).toBeGreaterThan(15);
    for (const segment of segments) expect(RESERVED_CALLSIGNS, segment).toContain(segment);
  });
});
