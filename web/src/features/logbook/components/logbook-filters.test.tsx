// @vitest-environment jsdom
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderApp, resetApp, signIn, testQso, type ApiCall } from '@/testing/app-test-kit';
import type { Qso } from '@/types/api';
import { Logbook, NO_MATCHES } from './logbook';

configure({ asyncUtilTimeout: 5_000 });

const LOTW_CONFIRMED = { LOTW_QSL_SENT: 'Y', LOTW_QSL_RCVD: 'Y', LOTW_QSLRDATE: '20261120' };

/** Three QSOs: one confirmed by LoTW and by card, one by eQSL, one by nobody. */
const LOG: Qso[] = [
  testQso({ qdo_id: 'a', Call: 'DL1AAA', adif: { ...LOTW_CONFIRMED, QSL_RCVD: 'Y' } }),
  testQso({ qdo_id: 'b', Call: 'G4BBB', adif: { EQSL_QSL_RCVD: 'Y' } }),
  testQso({ qdo_id: 'c', Call: 'JA1CCC' }),
];

/** A fake /vlogbook that knows one filter (LoTW not confirmed) and counts what it answers. */
function filteredLogbook({ body }: ApiCall) {
  const { page, size, confirmed, service } = body as { page: number; size: number; confirmed?: string; service?: string };
  const logbook = confirmed === 'no' && service === 'lotw' ? LOG.filter((q) => !q.adif?.LOTW_QSL_RCVD) : confirmed === 'yes' ? [] : LOG;
  return { body: { logbook, page, size, total: logbook.length } };
}

const bodies = (api: ReturnType<typeof fakeApi>) => api.callsTo('POST', '/vlogbook').map((c) => c.body);
const filterBar = () => screen.getByRole('search', { name: 'Filter the logbook' });

describe('logbook filters (/logs)', () => {
  beforeEach(() => {
    resetApp();
    signIn();
  });
  afterEach(resetApp);

  it('reads the filters from the URL, sends them and pages by the matching total', async () => {
    const api = fakeApi({ 'POST /vlogbook': filteredLogbook, 'POST /vlogbookcount': { body: { count: 3 } } });
    renderApp(<Logbook />, '/logs?confirmed=no&service=lotw&band=20m', '/logs');
    await screen.findByRole('link', { name: 'G4BBB' });
    expect(bodies(api)[0]).toEqual({ page: 1, size: 500, band: '20m', confirmed: 'no', service: 'lotw' });
    expect(screen.queryByRole('link', { name: 'DL1AAA' })).toBeNull();
    expect(screen.getByText('Page 1 of 1 (2 Qs)')).toBeTruthy();
    expect(api.callsTo('POST', '/vlogbookcount')).toHaveLength(0);
    const bar = within(filterBar());
    expect((bar.getByLabelText('Band') as HTMLSelectElement).value).toBe('20m');
    expect((bar.getByLabelText('Confirmed') as HTMLSelectElement).value).toBe('no');
    expect((bar.getByLabelText('Service') as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('LoTW');
  });

  it('applies a choice at once and starts again at page 1; typed filters apply with Apply', async () => {
    const api = fakeApi({ 'POST /vlogbook': filteredLogbook, 'POST /vlogbookcount': { body: { count: 1_234 } } });
    const { router } = renderApp(<Logbook />, '/logs?page=2', '/logs');
    await screen.findByRole('link', { name: 'G4BBB' });
    const bar = within(filterBar());
    fireEvent.change(bar.getByLabelText('Service'), { target: { value: 'lotw' } });
    await waitFor(() => expect(router.state.location.search).toBe('?service=lotw'));
    fireEvent.change(bar.getByLabelText('Confirmed'), { target: { value: 'no' } });
    await waitFor(() => expect(router.state.location.search).toBe('?confirmed=no&service=lotw'));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'DL1AAA' })).toBeNull());

    fireEvent.change(bar.getByLabelText('Mode'), { target: { value: 'ft8' } });
    fireEvent.change(bar.getByLabelText('DXCC'), { target: { value: '291' } });
    fireEvent.change(bar.getByLabelText('From'), { target: { value: '2025-01-01' } });
    fireEvent.change(bar.getByLabelText('To'), { target: { value: '2025-12-31' } });
    expect(router.state.location.search).toBe('?confirmed=no&service=lotw'); // typed, not applied yet
    fireEvent.click(bar.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(router.state.location.search).toBe('?mode=ft8&dxcc=291&from=2025-01-01&to=2025-12-31&confirmed=no&service=lotw'));
    await waitFor(() => expect(bodies(api).at(-1)).toEqual({ page: 1, size: 500, mode: 'ft8', dxcc: '291', from: '2025-01-01', to: '2025-12-31', confirmed: 'no', service: 'lotw' }));
  });

  it("says 'No QSOs match these filters.' and clears them", async () => {
    const api = fakeApi({ 'POST /vlogbook': filteredLogbook, 'POST /vlogbookcount': { body: { count: 3 } } });
    const { router } = renderApp(<Logbook />, '/logs?confirmed=yes', '/logs');
    expect((await screen.findByText(NO_MATCHES)).getAttribute('role')).toBe('status');
    expect(screen.queryByText(/No QSOs yet/)).toBeNull();
    const clear = screen.getAllByRole('button', { name: 'Clear filters' });
    expect(clear).toHaveLength(2); // in the bar and in the message
    fireEvent.click(clear[1]!);
    await screen.findByRole('link', { name: 'DL1AAA' });
    expect(router.state.location.search).toBe('');
    expect((within(filterBar()).getByLabelText('Confirmed') as HTMLSelectElement).value).toBe('');
    expect(bodies(api).at(-1)).toEqual({ page: 1, size: 500 });
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it("shows the server's message under a filter it refuses", async () => {
    fakeApi({
      'POST /vlogbook': { status: 422, body: { message: 'Invalid fields', errors: { dxcc: ['The DXCC field must be an entity number such as 291.'] } } },
      'POST /vlogbookcount': { body: { count: 3 } },
    });
    renderApp(<Logbook />, '/logs?dxcc=abc', '/logs');
    const message = await screen.findByText('The DXCC field must be an entity number such as 291.');
    const dxcc = within(filterBar()).getByLabelText('DXCC');
    expect(dxcc.getAttribute('aria-invalid')).toBe('true');
    expect(dxcc.getAttribute('aria-describedby')).toBe(message.id);
    expect(screen.queryByText('Failed to load logbook.')).toBeNull();
  });

  it('shows which services confirmed each QSO, in the table and on a phone', async () => {
    fakeApi({ 'POST /vlogbook': filteredLogbook, 'POST /vlogbookcount': { body: { count: 3 } } });
    renderApp(<Logbook />, '/logs', '/logs');
    const confirmedCell = (call: string) => {
      const row = screen.getByRole('row', { name: new RegExp(call) });
      const column = screen.getAllByRole('columnheader').findIndex((h) => h.textContent === 'Confirmed');
      return within(row).getAllByRole('cell')[column]!;
    };
    await screen.findByRole('link', { name: 'DL1AAA' });
    expect(within(confirmedCell('DL1AAA')).getAllByText(/./).map((b) => [b.textContent, b.getAttribute('title')])).toEqual([
      ['LoTW', 'Confirmed by LoTW'],
      ['Card', 'Confirmed by Paper card'],
    ]);
    expect(confirmedCell('G4BBB').textContent).toBe('eQSL');
    expect(confirmedCell('JA1CCC').textContent).toBe('—Not confirmed');
    resetApp();

    signIn();
    fakeApi({ 'POST /vlogbook': filteredLogbook, 'POST /vlogbookcount': { body: { count: 3 } } });
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('max-width'), addEventListener() {}, removeEventListener() {} }));
    renderApp(<Logbook />, '/logs', '/logs');
    const cards = await screen.findByRole('list', { name: 'QSOs' });
    const card = within(cards).getAllByRole('listitem')[0]!;
    expect(card.textContent).toContain('ConfirmedLoTWCard');
    expect(within(cards).getAllByRole('listitem')[2]!.textContent).not.toContain('Confirmed');
  });
});
