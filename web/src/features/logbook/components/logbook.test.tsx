// @vitest-environment jsdom
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOADING, LOGBOOK_LOAD_FAILED } from '@hamlog/domain/messages';
import { MESSAGES } from '@/config/messages';
import { fakeApi, renderApp, resetApp, signIn, testQso, type ApiCall } from '@/testing/app-test-kit';
import type { Qso } from '@/types/api';
import { Logbook } from './logbook';

function qso(n: number, patch: Partial<Qso> = {}): Qso {
  return testQso({
    qdo_id: `id-${n}`,
    TS: '2025-03-04T05:06:07Z',
    Call: `DL${n}ABC`,
    Freq: 14074,
    Mode: 'SSB',
    SubMode: 'USB',
    Name: 'Hans',
    SNT: '59',
    RCV: '57',
    Comment: 'first contact',
    dxcc: 230,
    Continent: 'EU',
    country: 'Fed. Rep. of Germany',
    cq_zone: 14,
    ZN: 28,
    qso_duration: 0,
    ...patch,
  });
}

/**
 * A fake logbook of `total` QSOs: page p starts at QSO (p-1)*size+1. It answers at most `shown`
 * rows a page (jsdom takes seconds to render 500), which is all the component needs to be tested.
 */
function logbookOf(total: number, shown = 30) {
  return ({ body }: ApiCall) => {
    const { page, size } = body as { page: number; size: number };
    const from = (page - 1) * size;
    const logbook = Array.from({ length: Math.max(0, Math.min(size, shown, total - from)) }, (_, i) => qso(from + i + 1));
    return { body: { logbook, page, size, total } };
  };
}

// A busy 2-core machine can take more than the default second to render a page.
configure({ asyncUtilTimeout: 5_000 });

const pagesAsked = (api: ReturnType<typeof fakeApi>) => api.callsTo('POST', '/vlogbook').map((c) => (c.body as { page: number }).page);

describe('logbook (/logs)', () => {
  beforeEach(() => {
    resetApp();
    signIn();
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {}); // jsdom has no scrolling
  });
  afterEach(resetApp);

  it('shows each column as the spec lists it, with links to the logger, the QSO page and the station', async () => {
    fakeApi({ 'POST /vlogbook': logbookOf(1), 'POST /vlogbookcount': { body: { count: 1 } } });
    renderApp(<Logbook />, '/logs', '/logs');
    const row = await screen.findByRole('row', { name: /DL1ABC/ });
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['', 'Edit', 'Time (UTC)', 'Info', 'Call', 'Mode', 'Band', 'Freq (MHz)', 'Name', 'Country', 'Confirmed', 'Comment']);
    const cells = within(row).getAllByRole('cell').map((c) => c.textContent);
    expect(cells).toEqual([
      '',
      'Edit DL1ABC',
      '2025-03-04 05:06',
      'Details of DL1ABC',
      'DL1ABC',
      'SSB (USB)',
      '20m',
      '14.074000',
      'Hans',
      '230 Fed. Rep. of Germany',
      '—Not confirmed',
      'first contact',
    ]);
    // The first column chooses QSOs (its header: the whole page) for the paper-card actions.
    expect(screen.getAllByRole('columnheader')[0]!.querySelector('input')?.getAttribute('aria-label')).toBe('Select this page');
    expect(within(row).getByRole('checkbox', { name: 'Select DL1ABC at 2025-03-04 05:06' })).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Edit DL1ABC' }).getAttribute('href')).toBe('/logger/id-1');
    expect(within(row).getByRole('link', { name: 'Details of DL1ABC' }).getAttribute('href')).toBe('/qso/id-1');
    expect(within(row).getByRole('link', { name: 'DL1ABC' }).getAttribute('href')).toBe('/DL1ABC');
    expect(screen.getByText('Page 1 of 1 (1 Qs)')).toBeTruthy();
  });

  it('shows frequencies in MHz with 6 decimals, exactly', async () => {
    fakeApi({
      'POST /vlogbook': { body: { logbook: [qso(1, { Freq: 7127 }), qso(2, { Freq: 144174.25 }), qso(3, { Freq: 10136.0015 })], page: 1, size: 500, total: 3 } },
      'POST /vlogbookcount': { body: { count: 3 } },
    });
    renderApp(<Logbook />, '/logs', '/logs');
    await screen.findByRole('row', { name: /DL1ABC/ });
    expect(screen.getByText('7.127000')).toBeTruthy();
    expect(screen.getByText('144.174250')).toBeTruthy();
    expect(screen.getByText('10.136002')).toBeTruthy();
  });

  it('pages 500 at a time with First / PREV / NEXT / Last and says where it is', async () => {
    const api = fakeApi({ 'POST /vlogbook': logbookOf(1_234), 'POST /vlogbookcount': { body: { count: 1_234 } } });
    const { router, container } = renderApp(<Logbook />, '/logs', '/logs');
    await screen.findAllByText('Page 1 of 3 (1234 Qs)');
    const rows = () => container.querySelectorAll('tbody tr').length;
    expect(api.callsTo('POST', '/vlogbook')[0]?.body).toEqual({ page: 1, size: 500 });
    expect(rows()).toBe(30);
    const top = container.querySelector('nav[aria-label="Logbook pages"]') as HTMLElement;
    const button = (name: string) => within(top).getByText(name) as HTMLButtonElement;
    expect(button('First').disabled).toBe(true);
    expect(button('PREV').disabled).toBe(true);

    fireEvent.click(button('NEXT'));
    await screen.findByRole('link', { name: 'DL501ABC' });
    expect(router.state.location.search).toBe('?page=2');
    expect(screen.getAllByText('Page 2 of 3 (1234 Qs)')).toHaveLength(2);

    fireEvent.click(button('Last'));
    await screen.findByRole('link', { name: 'DL1001ABC' });
    expect(rows()).toBe(30);
    expect(button('NEXT').disabled).toBe(true);
    expect(button('Last').disabled).toBe(true);

    fireEvent.click(button('PREV'));
    await screen.findByRole('link', { name: 'DL501ABC' });
    fireEvent.click(button('First'));
    await screen.findByRole('link', { name: 'DL1ABC' });
    expect(router.state.location.search).toBe('');
    expect(pagesAsked(api)).toEqual([1, 2, 3]); // pages seen a moment ago come from the cache
  });

  it('has a second pager under a long page', async () => {
    fakeApi({ 'POST /vlogbook': logbookOf(40), 'POST /vlogbookcount': { body: { count: 40 } } });
    renderApp(<Logbook />, '/logs', '/logs');
    await screen.findByRole('link', { name: 'DL1ABC' });
    expect(screen.getByRole('navigation', { name: 'Logbook pages (bottom)' })).toBeTruthy();
  });

  it('opens the page in the URL, and moves a page past the end to the last one', async () => {
    const api = fakeApi({ 'POST /vlogbook': logbookOf(1_234), 'POST /vlogbookcount': { body: { count: 1_234 } } });
    const { router } = renderApp(<Logbook />, '/logs?page=9', '/logs');
    await screen.findByRole('row', { name: /DL1001ABC/ });
    expect(router.state.location.search).toBe('?page=3');
    expect(pagesAsked(api)).toContain(3);
  });

  it("shows 'Failed to load logbook.' when the page cannot be loaded, and tries again on request", async () => {
    let fail = true;
    fakeApi({
      'POST /vlogbook': (call) => (fail ? { status: 500, body: { message: 'boom' } } : logbookOf(3)(call)),
      'POST /vlogbookcount': { body: { count: 3 } },
    });
    renderApp(<Logbook />, '/logs', '/logs');
    expect((await screen.findByRole('alert')).textContent).toBe(LOGBOOK_LOAD_FAILED);
    expect(LOGBOOK_LOAD_FAILED).toBe('Failed to load logbook.');
    expect(screen.queryByRole('table')).toBeNull();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('row', { name: /DL1ABC/ });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows 'Error loading total logs count' when the count fails, and still pages by the page's own total", async () => {
    fakeApi({ 'POST /vlogbook': logbookOf(501), 'POST /vlogbookcount': { status: 500, body: { message: 'boom' } } });
    renderApp(<Logbook />, '/logs', '/logs');
    expect((await screen.findByRole('alert')).textContent).toBe('Error loading total logs count');
    await screen.findByRole('link', { name: 'DL1ABC' });
    expect(screen.getAllByText('Page 1 of 2 (501 Qs)').length).toBeGreaterThan(0);
  });

  it('says so while loading, and when there are no QSOs yet', async () => {
    let answer: (v: { body: unknown }) => void = () => {};
    fakeApi({
      'POST /vlogbook': () => new Promise((resolve) => (answer = resolve)),
      'POST /vlogbookcount': { body: { count: 0 } },
    });
    renderApp(<Logbook />, '/logs', '/logs');
    expect((await screen.findByRole('status')).textContent).toMatch(LOADING);
    answer({ body: { logbook: [], page: 1, size: 500, total: 0 } });
    await screen.findByText(/No QSOs yet/);
    expect(screen.getByRole('link', { name: MESSAGES.logbookEmptyLink }).getAttribute('href')).toBe('/logger');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('lets the keyboard reach the table scroller and every pager button', async () => {
    fakeApi({ 'POST /vlogbook': logbookOf(30), 'POST /vlogbookcount': { body: { count: 30 } } });
    renderApp(<Logbook />, '/logs', '/logs');
    await screen.findByRole('link', { name: 'DL1ABC' });
    const region = screen.getByRole('region', { name: 'Logbook table' });
    expect(region.tabIndex).toBe(0);
    for (const nav of screen.getAllByRole('navigation', { name: /^Logbook pages/ })) {
      expect(within(nav).getAllByRole('button').map((b) => b.textContent)).toEqual(['First', 'PREV', 'NEXT', 'Last']);
    }
    await waitFor(() => expect(screen.getAllByText('Page 1 of 1 (30 Qs)')).toHaveLength(2));
  });
});
