// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LEADERBOARD_LISTS } from '@hamlog/domain/community/api-shapes';
import { AWARD_RULES_TEXT } from '@hamlog/domain/community/rules';
import { FakeWebSocket, feedCard } from '@/features/live-feed/testing/fake-web-socket';
import { fakeApi, renderApp, resetApp, signIn } from '@/testing/app-test-kit';
import { routes } from '../router';
import { HomeRoute } from './home';
import { paneFromParam, paneIndexForKey, paramsForPane } from './home-panes';

// The real globe needs WebGL; the home page's part is to load it only in its pane.
vi.mock('@/features/globe/components/globe-pane', () => ({ GlobePane: () => <p>The globe</p> }));

const homeRoutes = [
  { path: '/', element: <HomeRoute /> },
  { path: '/home', element: <HomeRoute /> },
];

function communityApi() {
  const lists = Object.fromEntries(LEADERBOARD_LISTS.map((name) => [name, [{ station_callsign: `${name.toUpperCase().replace(/_/g, '')}X`, count: 3 }]]));
  return fakeApi({
    'POST /log-page-view': { status: 204 },
    'GET /ActiveUserList': { body: { users: [feedCard({ id: 'u1', my_callsign: 'W1AW', on_freq: true })] } },
    'GET /logged_in_users_not_in_rig_control': { body: { users: [] } },
    'GET /main_public_feed': { body: { items: [] } },
    'GET /vleaderboards': { body: { ...lists, lb1: [{ station_callsign: 'DL1ABC', count: 12 }], generated_at: '2025-06-01T00:00:00Z' } },
    'GET /vbandstats/100': { body: { bands: [{ band: '20m', count: 4 }] } },
    'POST /vopofday': { body: { operators: [] } },
    'GET /award/latest': { body: { awards: [], rules: '' } },
    // The log bar's own calls.
    'POST /vdxcc-entity-distinct/': { body: [] },
    'POST /vrigcontrol/get': { body: { freq: 0, mode: '', rig_name: '', op_mode: 1 } },
  });
}

const tab = (name: string) => screen.getByRole('tab', { name });
const location = (router: ReturnType<typeof renderApp>['router']) => router.state.location.pathname + router.state.location.search;

describe('the home page', () => {
  beforeEach(() => {
    resetApp();
    FakeWebSocket.instances = [];
    vi.stubGlobal('WebSocket', FakeWebSocket);
  });
  afterEach(resetApp);

  it('opens on the home pane: log bar, filters, stations, awards, QSOs, and beside them the boards and bands', async () => {
    const api = communityApi();
    renderApp(homeRoutes, '/');
    expect(tab('Home').getAttribute('aria-selected')).toBe('true');
    const pane = screen.getByRole('tabpanel', { name: 'Home' });
    expect(within(pane).getByPlaceholderText('Log a contact')).toBeTruthy();
    expect(within(pane).getByRole('group', { name: 'Feed filters' })).toBeTruthy();
    await within(pane).findByRole('link', { name: 'W1AW' });
    expect(within(pane).getByRole('region', { name: 'Recent awards' })).toBeTruthy();
    expect(within(pane).getByRole('region', { name: 'Latest QSOs' })).toBeTruthy();
    const side = within(pane).getByRole('complementary');
    expect(within(side).getByRole('region', { name: 'Operators of the day' })).toBeTruthy();
    expect(within(side).getByRole('region', { name: 'Hot Stations' })).toBeTruthy();
    await within(side).findByRole('link', { name: 'DL1ABC' });
    expect(within(side).getByRole('region', { name: 'Bands' })).toBeTruthy();
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(api.callsTo('POST', '/vopofday')).toHaveLength(1);
    // Visitors: a compact call to sign up.
    expect(screen.getByRole('link', { name: 'Create Account' }).getAttribute('href')).toBe('/register');
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
  });

  it('welcomes a user back after login, without the sign-up links', async () => {
    communityApi();
    signIn({ name: 'Hans' });
    renderApp(homeRoutes, '/?login=success');
    expect(await screen.findByText('Welcome back, Hans.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Create Account' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Log a contact' })).toBeTruthy();
  });

  it('keeps the pane in the address (?pane=N), so a reload opens the same pane', async () => {
    communityApi();
    const { router } = renderApp(homeRoutes, '/home?pane=3');
    expect(tab('This Week').getAttribute('aria-selected')).toBe('true');
    expect(tab('Home').getAttribute('aria-selected')).toBe('false');
    const week = screen.getByRole('tabpanel', { name: 'This Week' });
    expect(within(week).getByRole('region', { name: 'Most CW this week' })).toBeTruthy();
    expect(within(week).queryByPlaceholderText('Log a contact')).toBeNull();
    expect(FakeWebSocket.instances).toHaveLength(0);

    fireEvent.click(tab('HamLog Awards'));
    expect(location(router)).toBe('/home?pane=10');
    expect(screen.getByText(AWARD_RULES_TEXT)).toBeTruthy();
    fireEvent.click(tab('Yesterday'));
    expect(location(router)).toBe('/home?pane=2');
    expect(await screen.findByRole('region', { name: 'Most Data yesterday' })).toBeTruthy();
    fireEvent.click(tab('Home'));
    expect(location(router)).toBe('/home');
  });

  it('moves between panes with the arrow keys, Home and End, focus following the selection', async () => {
    communityApi();
    const { router } = renderApp(homeRoutes, '/?pane=4');
    fireEvent.keyDown(tab('This Month'), { key: 'ArrowRight' });
    expect(location(router)).toBe('/?pane=10');
    expect(document.activeElement).toBe(tab('HamLog Awards'));
    expect(tab('HamLog Awards').getAttribute('tabindex')).toBe('0');
    expect(tab('This Month').getAttribute('tabindex')).toBe('-1');
    fireEvent.keyDown(tab('HamLog Awards'), { key: 'ArrowLeft' });
    expect(location(router)).toBe('/?pane=4');
    fireEvent.keyDown(tab('This Month'), { key: 'Home' });
    expect(location(router)).toBe('/');
    fireEvent.keyDown(tab('Home'), { key: 'ArrowLeft' });
    expect(location(router)).toBe('/?pane=11');
    expect(document.activeElement).toBe(tab('Globe'));
    await screen.findByText('The globe');
  });

  it('loads the globe only in its pane, and drops it when another pane is chosen', async () => {
    communityApi();
    renderApp(homeRoutes, '/?pane=1');
    expect(screen.queryByText('The globe')).toBeNull();
    fireEvent.click(tab('Globe'));
    expect(await screen.findByText('The globe')).toBeTruthy();
    fireEvent.click(tab('Today'));
    expect(screen.queryByText('The globe')).toBeNull();
    expect(screen.getByRole('region', { name: 'Most SSTV today' })).toBeTruthy();
  });

  it('the log bar switch hides the log bar, remembered across a re-mount', async () => {
    communityApi();
    const first = renderApp(homeRoutes, '/');
    const toggle = screen.getByLabelText('Show log bar') as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    fireEvent.click(toggle);
    expect(screen.queryByPlaceholderText('Log a contact')).toBeNull();
    expect(localStorage.getItem('show_log_bar')).toBe('false');
    first.unmount();

    renderApp(homeRoutes, '/');
    expect((screen.getByLabelText('Show log bar') as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByPlaceholderText('Log a contact')).toBeNull();
    await screen.findByRole('link', { name: 'W1AW' });
  });
});

describe('/leaderboards', () => {
  beforeEach(resetApp);
  afterEach(resetApp);

  it('shows the leaderboard cards in order, without the site header', async () => {
    communityApi();
    renderApp(routes, '/leaderboards');
    expect(await screen.findByRole('heading', { level: 1, name: 'Leaderboards' })).toBeTruthy();
    await screen.findByRole('link', { name: 'LBHOTNOW1X' });
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(titles).toEqual([
      'Hot Stations', 'Active Pile Ups', 'Most Voice today', 'Most CW today', 'Most SSTV today', 'Most Data today',
      'Last 60 minutes', 'Most QSOs 7 day', 'Most QSOs 30 day',
    ].filter((t) => t !== 'Most QSOs 30 day'));
    expect(document.querySelector('header.site-header')).toBeNull();
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
  });
});

describe('home panes', () => {
  it('reads ?pane=N, anything unknown being the home pane', () => {
    expect(paneFromParam('11').label).toBe('Globe');
    expect(paneFromParam('-1').id).toBe(-1);
    for (const bad of [null, '', '5', 'abc', '1.5', '99']) expect(paneFromParam(bad).id).toBe(-1);
  });

  it('writes the pane into the address, keeping other parameters', () => {
    expect(paramsForPane(new URLSearchParams('login=success'), paneFromParam('3')).toString()).toBe('login=success&pane=3');
    expect(paramsForPane(new URLSearchParams('pane=3&x=1'), paneFromParam(null)).toString()).toBe('x=1');
  });

  it('wraps around with the arrows', () => {
    expect(paneIndexForKey('ArrowRight', 6, 7)).toBe(0);
    expect(paneIndexForKey('ArrowLeft', 0, 7)).toBe(6);
    expect(paneIndexForKey('End', 2, 7)).toBe(6);
    expect(paneIndexForKey('Enter', 2, 7)).toBeNull();
  });
});
