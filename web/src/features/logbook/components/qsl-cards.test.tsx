// @vitest-environment jsdom
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, recordDialogs, renderApp, resetApp, signIn, testQso, type ApiCall } from '@/testing/app-test-kit';
import type { Qso } from '@/types/api';
import { utcToday } from '../utils/qsl-card-marks';
import { Logbook, QUEUE_EMPTY, QUEUE_HINT } from './logbook';

configure({ asyncUtilTimeout: 5_000 });

/** A fake logbook that marks paper cards as /vqso/qslcards does and answers the QSL queue (QSL_SENT Q or R). */
function fakeLog(qsos: Qso[]) {
  let log = qsos;
  const api = fakeApi({
    'POST /vlogbook': ({ body }: ApiCall) => {
      const { page, size, queue, band } = body as { page: number; size: number; queue?: string; band?: string };
      const shown = log.filter((q) => (!queue || ['Q', 'R'].includes(q.adif?.QSL_SENT ?? '')) && (!band || q.Band === band));
      return { body: { logbook: shown, page, size, total: shown.length } };
    },
    'POST /vlogbookcount': () => ({ body: { count: log.length } }),
    'POST /vqso/qslcards': ({ body }: ApiCall) => {
      const { qdo_ids, sent, rcvd, date, via } = body as { qdo_ids: string[]; sent?: string; rcvd?: string; date?: string; via?: string };
      if (date === '1900-01-01') return { status: 422, body: { message: 'Invalid fields', errors: { date: ['The date must be a date (YYYY-MM-DD).'] } } };
      let changed = 0;
      log = log.map((q) => {
        if (!qdo_ids.includes(q.qdo_id)) return q;
        if (sent !== undefined && q.adif?.QSL_SENT === sent) return q;
        changed += 1;
        const adif = { ...q.adif, ...(sent ? { QSL_SENT: sent } : {}), ...(rcvd ? { QSL_RCVD: rcvd } : {}), ...(via ? { QSL_SENT_VIA: via } : {}) };
        return { ...q, adif };
      });
      return { body: { changed } };
    },
  });
  return { api, log: () => log };
}

const LOG = [
  testQso({ qdo_id: 'a', Call: 'DL1AAA', Band: '20m' }),
  testQso({ qdo_id: 'b', Call: 'G4BBB', Band: '40m', adif: { QSL_SENT: 'Q' } }),
  testQso({ qdo_id: 'c', Call: 'JA1CCC', Band: '20m', adif: { QSL_SENT: 'R' } }),
];

const box = (call: string) => screen.getByRole('checkbox', { name: new RegExp(`^Select ${call} at`) }) as HTMLInputElement;
const pageBox = () => screen.getByRole('checkbox', { name: 'Select this page' }) as HTMLInputElement;
const bar = () => within(screen.getByRole('region', { name: 'Paper QSL cards' }));
const marks = (api: ReturnType<typeof fakeApi>) => api.callsTo('POST', '/vqso/qslcards').map((c) => c.body);

describe('paper QSL cards in the logbook', () => {
  beforeEach(() => {
    resetApp();
    signIn();
  });
  afterEach(resetApp);

  it('marks the chosen QSOs’ cards sent on a day, by bureau, and reads the page again', async () => {
    const dialogs = recordDialogs();
    const { api } = fakeLog(LOG);
    renderApp(<Logbook />, '/logs', '/logs');
    await screen.findByRole('link', { name: 'DL1AAA' });
    expect(bar().getByText('Select QSOs to mark their paper QSL cards.')).toBeTruthy();
    expect(bar().queryByRole('button', { name: 'Mark card sent' })).toBeNull();

    fireEvent.click(box('DL1AAA'));
    fireEvent.click(box('JA1CCC'));
    expect(bar().getByText('2 of 3 selected')).toBeTruthy();
    expect([pageBox().checked, pageBox().indeterminate]).toEqual([false, true]);
    expect(screen.getByRole('row', { name: /DL1AAA/ }).className).toBe('is-selected');
    expect((bar().getByLabelText('Card date') as HTMLInputElement).value).toBe(utcToday());
    fireEvent.change(bar().getByLabelText('Card date'), { target: { value: '2026-11-20' } });
    fireEvent.change(bar().getByLabelText('Via'), { target: { value: 'B' } });
    const reads = api.callsTo('POST', '/vlogbook').length;
    fireEvent.click(bar().getByRole('button', { name: 'Mark card sent' }));

    await waitFor(() => expect(dialogs.alerts).toEqual(['2 cards marked sent.']));
    expect(marks(api)).toEqual([{ qdo_ids: ['a', 'c'], sent: 'Y', date: '2026-11-20', via: 'B' }]);
    await waitFor(() => expect(api.callsTo('POST', '/vlogbook').length).toBeGreaterThan(reads));
    expect(box('DL1AAA').checked).toBe(false);
    expect(bar().getByText('Select QSOs to mark their paper QSL cards.')).toBeTruthy();
  });

  it("'Select this page' chooses every QSO of the page (and none again); Queue card and Mark card received", async () => {
    const dialogs = recordDialogs();
    const { api } = fakeLog(LOG);
    renderApp(<Logbook />, '/logs', '/logs');
    await screen.findByRole('link', { name: 'DL1AAA' });
    fireEvent.click(pageBox());
    expect([box('DL1AAA').checked, box('G4BBB').checked, box('JA1CCC').checked]).toEqual([true, true, true]);
    expect(pageBox().checked).toBe(true);
    fireEvent.click(pageBox());
    expect(bar().queryByText(/selected/)).toBeNull();

    fireEvent.click(pageBox());
    fireEvent.click(bar().getByRole('button', { name: 'Queue card' }));
    await waitFor(() => expect(dialogs.alerts).toEqual(['2 cards queued to send. 1 card already was.']));
    expect(marks(api)[0]).toEqual({ qdo_ids: ['a', 'b', 'c'], sent: 'Q' });

    fireEvent.click(box('G4BBB'));
    fireEvent.change(bar().getByLabelText('Card date'), { target: { value: '' } });
    fireEvent.click(bar().getByRole('button', { name: 'Mark card received' }));
    await waitFor(() => expect(marks(api)).toHaveLength(2));
    expect(marks(api)[1]).toEqual({ qdo_ids: ['b'], rcvd: 'Y' });
  });

  it("shows the server's refusal", async () => {
    fakeLog(LOG);
    renderApp(<Logbook />, '/logs', '/logs');
    await screen.findByRole('link', { name: 'DL1AAA' });
    fireEvent.click(box('DL1AAA'));
    fireEvent.change(bar().getByLabelText('Card date'), { target: { value: '1900-01-01' } });
    fireEvent.click(bar().getByRole('button', { name: 'Mark card sent' }));
    expect((await bar().findByRole('alert')).textContent).toBe('The date must be a date (YYYY-MM-DD).');
    expect(box('DL1AAA').checked).toBe(true);
  });

  it('the QSL queue keeps the other filters, lists the cards to send, and empties as they are marked sent', async () => {
    const { api } = fakeLog(LOG);
    const { router } = renderApp(<Logbook />, '/logs?band=20m', '/logs');
    await screen.findByRole('link', { name: 'DL1AAA' });
    const views = within(screen.getByRole('navigation', { name: 'Logbook views' }));
    expect(views.getByRole('link', { name: 'All QSOs' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(views.getByRole('link', { name: 'QSL queue' }));
    await waitFor(() => expect(router.state.location.search).toBe('?band=20m&queue=paper'));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'DL1AAA' })).toBeNull());
    expect(api.callsTo('POST', '/vlogbook').at(-1)?.body).toEqual({ page: 1, size: 500, band: '20m', queue: 'paper' });
    expect(views.getByRole('link', { name: 'QSL queue' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByText(QUEUE_HINT)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'JA1CCC' })).toBeTruthy();

    // Clear filters keeps the queue; the band goes.
    fireEvent.click(within(screen.getByRole('search')).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?queue=paper'));
    await screen.findByRole('link', { name: 'G4BBB' });
    expect(within(screen.getByRole('search')).queryByRole('button', { name: 'Clear filters' })).toBeNull();

    fireEvent.click(pageBox());
    expect(bar().queryByRole('button', { name: 'Queue card' })).toBeNull();
    fireEvent.click(bar().getByRole('button', { name: 'Mark card sent' }));
    expect((await screen.findByText(QUEUE_EMPTY)).getAttribute('role')).toBe('status');

    fireEvent.click(views.getByRole('link', { name: 'All QSOs' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await screen.findByRole('link', { name: 'DL1AAA' });
  });

  it('on a phone each card has its box, and the page’s box is over the cards', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('max-width'), addEventListener() {}, removeEventListener() {} }));
    const { api } = fakeLog(LOG);
    renderApp(<Logbook />, '/logs', '/logs');
    const cards = await screen.findByRole('list', { name: 'QSOs' });
    expect(within(cards).getAllByRole('checkbox')).toHaveLength(3);
    fireEvent.click(bar().getByRole('checkbox', { name: 'Select this page' }));
    expect(bar().getByText('3 of 3 selected')).toBeTruthy();
    expect(within(cards).getAllByRole('listitem')[0]!.className).toBe('logbook-card is-selected');
    fireEvent.click(bar().getByRole('button', { name: 'Mark card received' }));
    await waitFor(() => expect(marks(api)).toHaveLength(1));
  });
});
