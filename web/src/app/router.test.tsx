// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { APP_ROUTE_PATHS } from '@hamlog/domain/app-routes';
import { isClientRoute } from '@hamlog/domain/client-routes';
import { RESERVED_CALLSIGNS } from '@hamlog/domain/user/reserved-callsigns';
import { FAQ_PATH } from '@/config/app';
import { INVALID_SEARCH_QUERY } from '@hamlog/domain/messages';
import { fakeApi, recordDialogs, renderApp, resetApp, signIn } from '@/testing/app-test-kit';
import type { RouteObject } from 'react-router-dom';
import { AppLayout } from './layout/app-layout';
import { routes } from './router';
import { ComingSoonRoute } from './routes/not-found';

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
  '/qso/q123/edit',
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
    expect(screen.getByRole('heading', { level: 2, name: 'Import from QRZ' })).toBeTruthy();
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

/** The shell's header with its way back (jsdom also counts each page's own <header> as a banner). */
const siteHeader = () => document.querySelector('header.site-header');

/** A concrete address for a route pattern: parameters filled, optional ones left out. */
function examplePath(pattern: string): string {
  return `/${pattern.replace(/\/:[a-z_]+\?/g, '').replace(/:[a-z_]+/g, '123')}`;
}

describe('paths that are not pages yet, or not pages at all', () => {
  beforeEach(resetApp);
  afterEach(resetApp);

  // Every path the specification names is built now; a new one would be 'Coming soon' until it is.
  const planned: RouteObject[] = [{ element: <AppLayout />, children: [{ path: 'planned', element: <ComingSoonRoute />, handle: { keepHeader: true } }] }];

  it.each(['/planned'])('%s, a page not built yet, is coming soon, with the header, never a station page', async (path) => {
    const api = shellApi();
    renderApp(planned, path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Coming soon' })).toBeTruthy();
    expect(screen.getByText(path)).toBeTruthy();
    expect(siteHeader()).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    expect(api.callsTo('GET', '/vprofilefor')).toHaveLength(0);
  });

  it('every path the specification names has its own page or a coming-soon page', async () => {
    for (const pattern of APP_ROUTE_PATHS) {
      const api = shellApi();
      signIn();
      renderApp(routes, examplePath(pattern));
      await waitFor(() => expect(screen.queryByRole('heading', { level: 1, name: 'Page not found' }), pattern).toBeNull());
      expect(api.callsTo('GET', '/vprofilefor'), pattern).toHaveLength(0);
      resetApp();
    }
  }, 60_000);

  it.each(['/leaderbord', '/logz', '/settings', '/post/74/Help-and-Support/extra'])('%s is a real 404 page with the header and the path', async (path) => {
    const api = shellApi();
    renderApp(routes, path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByText(path)).toBeTruthy();
    expect(siteHeader()).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toBeTruthy();
    expect(api.callsTo('GET', '/vprofilefor')).toHaveLength(0);
  });

  it('a callsign-shaped path is still a station page, header and all', async () => {
    const api = shellApi();
    renderApp(routes, '/W1AW');
    await waitFor(() => expect(api.callsTo('GET', '/vprofilefor')).toHaveLength(1));
    expect(siteHeader()).not.toBeNull();
  });

  it.each([FAQ_PATH, '/post/74'])('the FAQ (%s) is the Help and Support page', async (path) => {
    shellApi();
    renderApp(routes, path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Help and Support' })).toBeTruthy();
    for (const topic of [/log a contact/, /API key|apps/, /PIN/, /sub-accounts/i, /Contact/]) {
      expect(screen.getAllByRole('heading', { level: 2, name: topic }).length, String(topic)).toBeGreaterThan(0);
    }
  });

  it('the server knows every page of the route table, so it answers none of them with 404', () => {
    const paths: string[] = [];
    const walk = (list: RouteObject[]) => {
      for (const r of list) {
        if (r.path && r.path !== '*') paths.push(r.path === ':callsign' ? '/W1AW' : examplePath(r.path));
        if (r.children) walk(r.children);
      }
    };
    walk(routes);
    expect(paths.length).toBeGreaterThan(40);
    for (const path of paths) expect(isClientRoute(path), path).toBe(true);
  });

  it('the sidebar FAQ and the contact page lead to it', async () => {
    shellApi();
    renderApp(routes, '/contact');
    const faq = await screen.findByRole('link', { name: 'FAQ' });
    expect(faq.getAttribute('href')).toBe(FAQ_PATH);
    expect(screen.getByRole('link', { name: 'Read Help and Support' }).getAttribute('href')).toBe(FAQ_PATH);
  });
});
