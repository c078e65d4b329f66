// @vitest-environment jsdom
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, recordDialogs, renderApp, resetApp, signIn, testQso } from '@/testing/app-test-kit';
import { FREQ_MHZ_INVALID } from '../utils/edit-values';
import { QsoEdit, QSO_EDIT_LOAD_FAILED } from './qso-edit';
import { DISCARD_CHANGES, FIX_FIELDS } from './qso-edit-form';

configure({ asyncUtilTimeout: 5_000 });

const qso = testQso({ qdo_id: 'q-1', Call: 'DL1ABC', TS: '2025-06-01T18:30:12Z', adif: { IOTA: 'EU-005', LOTW_QSLSDATE: '20261101', NOTES: 'old' } });

function open(answers: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({ 'POST /vqso/get': { body: qso }, ...answers });
  const view = renderApp(<QsoEdit qdoId="q-1" />, '/qso/q-1/edit', '/qso/:qdo_id/edit');
  return { api, ...view };
}

const form = () => screen.getByRole('form', { name: 'Edit all fields' });
const field = (label: string) => within(form()).getByLabelText(label, { exact: true }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

describe("the 'Edit all fields' form (/qso/{id}/edit)", () => {
  beforeEach(() => {
    resetApp();
    signIn();
  });
  afterEach(resetApp);

  it('loads the QSO and shows every field, labelled, in the QSO page sections', async () => {
    const { api } = open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit DL1ABC at 2025-06-01 18:30 UTC' })).toBeTruthy();
    expect(api.callsTo('POST', '/vqso/get')[0]?.body).toEqual({ qdo_id: 'q-1' });
    expect(within(form()).getAllByRole('group').map((g) => g.querySelector('legend')?.textContent)).toEqual([
      'Contact',
      'Confirmations',
      'Location and references',
      'Station',
      'Contest and notes',
    ]);
    for (const control of form().querySelectorAll('input, select, textarea')) {
      expect((control as HTMLInputElement).labels?.length, (control as HTMLInputElement).name).toBe(1);
    }
    expect(field('Call').value).toBe('DL1ABC');
    expect(field('Time (UTC)').type).toBe('datetime-local');
    expect(field('IOTA').value).toBe('EU-005');
    expect(field('LoTW sent on')).toMatchObject({ type: 'date', value: '2026-11-01' });
    const received = field('LoTW confirmed') as unknown as HTMLSelectElement;
    expect(received.tagName).toBe('SELECT');
    expect(received.options[0]?.textContent).toBe('—');
    expect(field('Notes').tagName).toBe('TEXTAREA');
  });

  it('saves only the changed fields, details in adif, says so while saving and returns to the QSO page', async () => {
    let answer: (v: { body: unknown }) => void = () => {};
    const { api, router } = open({ 'POST /vqso/update': () => new Promise((resolve) => (answer = resolve)) });
    await screen.findByRole('form', { name: 'Edit all fields' });
    type('Name', 'Hank');
    type('State', 'ma');
    type('IOTA', '');
    fireEvent.change(field('LoTW confirmed'), { target: { value: 'Y' } });
    type('LoTW confirmed on', '2026-11-20');
    type('Notes', 'Summit\nsecond line');
    expect(field('State').value).toBe('ma'); // typed as is; the server keeps it as ADIF text
    fireEvent.submit(form());

    const saving = await screen.findByRole('button', { name: 'Saving…' });
    expect((saving as HTMLButtonElement).disabled).toBe(true);
    expect(form().getAttribute('aria-busy')).toBe('true');
    expect(api.callsTo('POST', '/vqso/update')[0]?.body).toEqual({
      qdo_id: 'q-1',
      Name: 'Hank',
      adif: { LOTW_QSL_RCVD: 'Y', LOTW_QSLRDATE: '2026-11-20', STATE: 'ma', IOTA: '', NOTES: 'Summit\nsecond line' },
    });
    answer({ body: { qdo_id: 'q-1', changed: true } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/qso/q-1'));
  });

  it("shows the server's 422 messages under their fields, by API or ADIF name", async () => {
    open({
      'POST /vqso/update': { status: 422, body: { message: 'Invalid fields', errors: { Call: ['Callsign may only hold letters, digits and /'], IOTA: ['IOTA must be a reference such as EU-005 (several separated by commas).'] } } },
    });
    await screen.findByRole('form', { name: 'Edit all fields' });
    type('Call', 'DL1/ABC!');
    type('IOTA', 'EUROPE');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    const message = await screen.findByText('IOTA must be a reference such as EU-005 (several separated by commas).');
    expect(field('IOTA').getAttribute('aria-invalid')).toBe('true');
    expect(field('IOTA').getAttribute('aria-describedby')).toContain(message.id);
    expect(field('Call').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe(FIX_FIELDS);
    await waitFor(() => expect(document.activeElement).toBe(field('Call')));
    // Typing again clears that field's message.
    type('IOTA', 'EU-005');
    expect(field('IOTA').getAttribute('aria-invalid')).toBeNull();
  });

  it('checks the frequency in MHz before asking the server', async () => {
    const { api } = open();
    await screen.findByRole('form', { name: 'Edit all fields' });
    type('Freq (MHz)', '14.0.7x');
    fireEvent.submit(form());
    expect(await screen.findByText(FREQ_MHZ_INVALID)).toBeTruthy();
    expect(api.callsTo('POST', '/vqso/update')).toHaveLength(0);
  });

  it('cancels with Escape, asking first when something was changed', async () => {
    const dialogs = recordDialogs(false);
    const { router, api } = open();
    await screen.findByRole('form', { name: 'Edit all fields' });
    type('Name', 'Hank');
    fireEvent.keyDown(field('Name'), { key: 'Escape' });
    await waitFor(() => expect(dialogs.confirms).toEqual([DISCARD_CHANGES]));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/qso/q-1/edit');

    type('Name', qso.Name);
    fireEvent.keyDown(field('Name'), { key: 'Escape' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/qso/q-1'));
    expect(dialogs.confirms).toHaveLength(1);
    expect(api.callsTo('POST', '/vqso/update')).toHaveLength(0);
  });

  it('says so when the QSO cannot be loaded (not found, or not yours)', async () => {
    fakeApi({ 'POST /vqso/get': { status: 404, body: { message: 'QSO not found' } } });
    renderApp(<QsoEdit qdoId="q-9" />, '/qso/q-9/edit', '/qso/:qdo_id/edit');
    expect((await screen.findByRole('alert')).textContent).toBe(QSO_EDIT_LOAD_FAILED);
    expect(screen.getByRole('link', { name: 'Open the QSO page' }).getAttribute('href')).toBe('/qso/q-9');
  });
});
