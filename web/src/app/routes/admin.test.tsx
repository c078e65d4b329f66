// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminStatsAnswer, AdminUsersAnswer } from '@hamlog/domain/admin/api-shapes';
import { ADMIN_ONLY, FAILED_TO_LOAD_USERS } from '@hamlog/domain/messages';
import { fakeApi, renderApp, resetApp, signIn } from '@/testing/app-test-kit';
import { AdminStatsRoute, AdminUsersRoute } from './admin';

const USERS: AdminUsersAnswer = {
  users: [
    { id: 'u3', my_callsign: 'W1AW/P', name: 'Portable', profile_image_name: 'missing.JPG', subscribed: true, managed_by_callsign: 'W1AW', created_at: '2026-11-23T18:04:05Z' },
    { id: 'u2', my_callsign: 'K1JT', name: 'Joe <b>Taylor</b>', profile_image_name: 'missing.JPG', subscribed: false, managed_by_callsign: null, created_at: '2026-11-20T07:00:00Z' },
  ],
  new_today: 1,
  new_this_week: 2,
  new_this_month: 5,
  total_profiles: 1234,
  paying_accounts: 10,
  monthly_revenue: 26.5,
  annual_revenue: 318,
  currency: 'GBP',
};

const STATS: AdminStatsAnswer = {
  days: [
    { day: '2026-11-22', new_users: 3, qsos: 120, active_stations: 4 },
    { day: '2026-11-23', new_users: 1, qsos: 80, active_stations: 6 },
  ],
  top_entities: [
    { dxcc: 230, name: 'Fed. Rep. of Germany', qsos: 90 },
    { dxcc: 339, name: 'Japan', qsos: 10 },
  ],
};

describe('/admin/users', () => {
  beforeEach(resetApp);
  afterEach(resetApp);

  it('shows the seven cards and the table to an administrator', async () => {
    signIn();
    fakeApi({ 'POST /vadmin/users': { body: USERS } });
    renderApp(<AdminUsersRoute />, '/admin/users');
    const totals = await screen.findByLabelText('Totals');
    const pairs = within(totals)
      .getAllByRole('term')
      .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(pairs).toEqual([
      ['New Users Today', '1'],
      ['This Week', '2'],
      ['This Month', '5'],
      ['Total Profiles', '1,234'],
      ['Paying Accounts', '10'],
      ['Monthly Revenue', '£26.50'],
      ['Annual Revenue', '£318.00'],
    ]);
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Profile picture', 'Sub', 'Manager', 'Call', 'Name', 'DateTime (UTC)']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByRole('img', { name: 'Subscribed' })).toBeTruthy();
    expect(rows[0]!.textContent).toContain('W1AW');
    expect(rows[0]!.textContent).toContain('2026-11-23 18:04');
    expect(within(rows[0]!).getByRole('link', { name: 'W1AW/P' }).getAttribute('href')).toBe('/W1AW%2FP');
    expect(within(rows[1]!).queryByRole('img', { name: 'Subscribed' })).toBeNull();
    // A name is text, never markup.
    expect(within(rows[1]!).getByText('Joe <b>Taylor</b>')).toBeTruthy();
  });

  it('shows the refusal the server gives anyone but an administrator', async () => {
    signIn();
    fakeApi({ 'POST /vadmin/users': { status: 403, body: { message: ADMIN_ONLY } } });
    renderApp(<AdminUsersRoute />, '/admin/users');
    expect((await screen.findByRole('alert')).textContent).toBe(ADMIN_ONLY);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it("says 'Failed to load users.' on any other failure, with a retry", async () => {
    signIn();
    const api = fakeApi({ 'POST /vadmin/users': { status: 500, body: { message: 'boom' } } });
    renderApp(<AdminUsersRoute />, '/admin/users');
    expect((await screen.findByRole('alert')).textContent).toContain(FAILED_TO_LOAD_USERS);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('alert');
    expect(api.callsTo('POST', '/vadmin/users').length).toBeGreaterThanOrEqual(2);
  });
});

describe('/admin/stats', () => {
  beforeEach(() => {
    resetApp();
    // jsdom draws no canvas: the charts fall back to their descriptions and tables.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => null);
  });
  afterEach(resetApp);

  it('draws new users, QSOs and active stations per day and the top entities, each also as a table', async () => {
    signIn();
    const api = fakeApi({ 'POST /vadmin/stats': { body: STATS } });
    renderApp(<AdminStatsRoute />, '/admin/stats');
    expect(await screen.findByRole('heading', { level: 2, name: 'QSOs per day' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'New users per day',
      'QSOs per day',
      'Active stations per day',
      'Top entities (DXCC)',
    ]);
    // The canvases describe their numbers for screen readers.
    expect(screen.getByRole('img', { name: 'QSOs per day: 2026-11-22 120, 2026-11-23 80.' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Top entities (DXCC): Fed. Rep. of Germany 90, Japan 10.' })).toBeTruthy();
    const totals = screen.getByLabelText('Totals of the window');
    expect(within(totals).getAllByRole('definition').map((d) => d.textContent)).toEqual(['4', '200', '6']);
    expect(api.callsTo('POST', '/vadmin/stats')[0]!.body).toEqual({ days: 30 });

    const card = screen.getByRole('heading', { level: 2, name: 'Active stations per day' }).closest('section') as HTMLElement;
    fireEvent.click(within(card).getByRole('button', { name: 'Show table' }));
    expect(within(card).getAllByRole('row').slice(1).map((r) => r.textContent)).toEqual(['2026-11-224', '2026-11-236']);

    fireEvent.click(screen.getByRole('button', { name: '7 days' }));
    await screen.findByRole('button', { name: '7 days', pressed: true });
    expect(api.callsTo('POST', '/vadmin/stats').map((c) => c.body)).toContainEqual({ days: 7 });
  });

  it('shows the refusal to anyone but an administrator', async () => {
    signIn();
    fakeApi({ 'POST /vadmin/stats': { status: 403, body: { message: ADMIN_ONLY } } });
    renderApp(<AdminStatsRoute />, '/admin/stats');
    expect((await screen.findByRole('alert')).textContent).toBe(ADMIN_ONLY);
  });
});
