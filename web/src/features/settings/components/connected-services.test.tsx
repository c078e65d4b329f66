// @vitest-environment jsdom
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ServiceState } from '@hamlog/domain/confirmations/api';
import { fakeApi, recordDialogs, renderApp, resetApp, signIn, type ApiCall } from '@/testing/app-test-kit';
import { SERVICES_POLL_MS, servicesQueryOptions } from '../api/services';
import { allServices, connectedState, serviceState } from '../testing/service-states';
import { STORED_SECRET } from '../utils/connection-form';
import { ConnectedServices, SERVICES_LOAD_FAILED } from './connected-services';

configure({ asyncUtilTimeout: 5_000 });

const MINUTE = 60_000;
const card = (name: string) => screen.getByRole('region', { name });

const QRZ_SYNCED = connectedState('qrz', {
  last_sync_at: new Date(Date.now() - 5 * MINUTE).toISOString(),
  last_result: 'Sent 3 QSOs; 1 QSO newly confirmed; 1 QSO refused.',
  counts: { uploaded: 3, confirmed: 1, pending: 2, rejected: 1 },
  rejections: [{ qdo_id: 'q-7', call: 'DL1ABC', ts: '2026-11-21T10:00:00Z', reason: 'QRZ Logbook refused the QSO: missing required field(s): BAND.' }],
});

function open(handlers: Parameters<typeof fakeApi>[0]) {
  const api = fakeApi(handlers);
  signIn();
  renderApp(<ConnectedServices />);
  return api;
}

/** A fake /vservices that answers the services as they stand now. */
function servicesAnswer(states: () => ServiceState[]) {
  return () => ({ body: { services: states() } });
}

describe('connected services (Settings)', () => {
  beforeEach(resetApp);
  afterEach(resetApp);

  it('shows a card per service: its sync in words, the last result, the figures and the refused QSOs', async () => {
    open({ 'POST /vservices': servicesAnswer(() => allServices(QRZ_SYNCED)) });
    await screen.findByRole('region', { name: 'QRZ Logbook' });
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['LoTW', 'QRZ Logbook', 'Club Log', 'eQSL']);

    const qrz = within(card('QRZ Logbook'));
    expect(qrz.getByText('Connected').className).toBe('badge badge-success');
    expect(qrz.getByText('Synced 5 minutes ago')).toBeTruthy();
    expect(qrz.getByText('Last sync: Sent 3 QSOs; 1 QSO newly confirmed; 1 QSO refused.')).toBeTruthy();
    const figures = qrz.getByLabelText('QRZ Logbook figures');
    expect([...figures.querySelectorAll('.figure-tile')].map((t) => t.textContent)).toEqual(['Uploaded3', 'Confirmed1', 'Waiting2', 'Refused1']);
    expect(qrz.getByRole('link', { name: 'DL1ABC at 2026-11-21 10:00 UTC' }).getAttribute('href')).toBe('/qso/q-7');
    expect(qrz.getByText('QRZ Logbook refused the QSO: missing required field(s): BAND.')).toBeTruthy();
    expect(qrz.getByText(/New QSOs are sent automatically/)).toBeTruthy();
    expect(qrz.getByRole('button', { name: 'Sync now' })).toBeTruthy();
    expect(qrz.getByRole('button', { name: 'Change details' })).toBeTruthy();
    expect(qrz.getByRole('button', { name: 'Disconnect' })).toBeTruthy();

    const lotw = within(card('LoTW'));
    expect(lotw.getByText('Not connected').className).toBe('badge badge-muted');
    expect(lotw.getByText(/^Connect it and HamLog sends your QSOs there/)).toBeTruthy();
    expect(lotw.queryByRole('button', { name: 'Sync now' })).toBeNull();
    expect(lotw.getByRole('button', { name: 'Connect LoTW' })).toBeTruthy();
  });

  it("says a stopped sync's reason, and shows the server's refusal of Sync now", async () => {
    const reason = 'QRZ Logbook refused the logbook\'s API key (QRZ said: invalid api key).';
    const api = open({
      'POST /vservices': servicesAnswer(() => allServices(connectedState('qrz', { status: 'stopped', last_error: reason }))),
      'POST /vservices/sync': { status: 409, body: { message: `${reason} Connect QRZ Logbook again with the right details to sync.` } },
    });
    const qrz = within(await screen.findByRole('region', { name: 'QRZ Logbook' }));
    expect(qrz.getByText(`Stopped: ${reason} Connect again to go on.`)).toBeTruthy();
    expect(qrz.getByText('Stopped').className).toBe('badge badge-danger');
    fireEvent.click(qrz.getByRole('button', { name: 'Sync now' }));
    expect((await qrz.findByRole('alert')).textContent).toBe(`${reason} Connect QRZ Logbook again with the right details to sync.`);
    expect(api.callsTo('POST', '/vservices/sync')[0]?.body).toEqual({ service: 'qrz' });
  });

  it('says an error in words', async () => {
    open({ 'POST /vservices': servicesAnswer(() => allServices(connectedState('eqsl', { status: 'error', last_error: 'eQSL could not be reached; HamLog will try again later.' }))) });
    const eqsl = within(await screen.findByRole('region', { name: 'eQSL' }));
    expect(eqsl.getByText('Error: eQSL could not be reached; HamLog will try again later.')).toBeTruthy();
  });

  it('Sync now is refused while a sync waits; the list is asked again every 2 s until it is over', async () => {
    let state = connectedState('qrz', { last_sync_at: new Date().toISOString() });
    const api = open({
      'POST /vservices': servicesAnswer(() => allServices(state)),
      'POST /vservices/sync': () => {
        state = { ...state, status: 'queued' };
        return { body: { service: state } };
      },
    });
    const qrz = within(await screen.findByRole('region', { name: 'QRZ Logbook' }));
    expect(qrz.getByText('Synced just now')).toBeTruthy();
    fireEvent.click(qrz.getByRole('button', { name: 'Sync now' }));
    await qrz.findByText('Waiting to sync');
    expect((qrz.getByRole('button', { name: 'Sync now' }) as HTMLButtonElement).disabled).toBe(true);
    const asked = api.callsTo('POST', '/vservices').length;
    state = { ...state, status: 'idle', counts: { ...state.counts, uploaded: 1 }, last_result: 'Sent 1 QSO; 0 QSOs newly confirmed.' };
    await qrz.findByText('Last sync: Sent 1 QSO; 0 QSOs newly confirmed.', {}, { timeout: SERVICES_POLL_MS + 3_000 });
    expect(api.callsTo('POST', '/vservices').length).toBe(asked + 1);
    expect((qrz.getByRole('button', { name: 'Sync now' }) as HTMLButtonElement).disabled).toBe(false);

    // Polled every 2 s while a sync waits or runs; slowly while a service is connected (a sync after logging shows); not at all otherwise.
    const interval = servicesQueryOptions('u1').refetchInterval as (query: unknown) => number | false;
    const withServices = (services: ServiceState[]) => ({ state: { data: services } });
    expect(interval(withServices([{ ...state, status: 'syncing' }]))).toBe(SERVICES_POLL_MS);
    expect(interval(withServices([{ ...state, status: 'queued' }]))).toBe(SERVICES_POLL_MS);
    expect(interval(withServices([{ ...state, connected: true, status: 'idle' }]))).toBe(30_000);
    expect(interval(withServices([{ ...state, connected: false, status: 'not-connected' }]))).toBe(false);
  }, 15_000);

  it('connects with the fields the service needs: checked first, then the server’s errors under their fields', async () => {
    let connectedWith: unknown;
    const api = open({
      'POST /vservices': servicesAnswer(() => allServices()),
      'POST /vservices/connect': ({ body }: ApiCall) => {
        connectedWith = body;
        if ((body as { api_key: string }).api_key === 'wrong') return { status: 422, body: { message: 'Invalid fields', errors: { api_key: ['That is not a QRZ Logbook API key.'] } } };
        return { body: { service: connectedState('qrz', { status: 'queued' }) } };
      },
    });
    const qrz = within(await screen.findByRole('region', { name: 'QRZ Logbook' }));
    fireEvent.click(qrz.getByRole('button', { name: 'Connect QRZ Logbook' }));
    const form = within(qrz.getByRole('form', { name: 'Connect QRZ Logbook' }));
    const key = form.getByLabelText('QRZ Logbook API key') as HTMLInputElement;
    expect(document.activeElement).toBe(key);
    expect(key.type).toBe('password');
    expect(form.getByText('In your QRZ logbook: Settings, API key (a subscription is needed).').id).toBe(key.getAttribute('aria-describedby'));
    expect((form.getByLabelText('Send new QSOs automatically') as HTMLInputElement).checked).toBe(true);

    fireEvent.click(form.getByRole('button', { name: 'Connect QRZ Logbook' }));
    expect(form.getByText('QRZ Logbook API key is needed to connect QRZ Logbook.')).toBeTruthy();
    expect(key.getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('POST', '/vservices/connect')).toHaveLength(0);

    fireEvent.change(key, { target: { value: 'wrong' } });
    fireEvent.click(form.getByRole('button', { name: 'Connect QRZ Logbook' }));
    expect(await form.findByText('That is not a QRZ Logbook API key.')).toBeTruthy();
    expect(key.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(key, { target: { value: 'ABCD-1234' } });
    fireEvent.click(form.getByLabelText('Send new QSOs automatically'));
    fireEvent.click(form.getByRole('button', { name: 'Connect QRZ Logbook' }));
    await qrz.findByText('Waiting to sync');
    expect(connectedWith).toEqual({ service: 'qrz', api_key: 'ABCD-1234', auto_sync: false });
    expect(qrz.getByRole('status').textContent).toBe('QRZ Logbook connected.');
    expect(qrz.queryByRole('form')).toBeNull();
  });

  it('changes details: settings shown back, a stored secret left blank is kept, Escape cancels', async () => {
    const clublog = connectedState('clublog', { settings: { email: 'op@example.com', callsign: 'PA3XYZ' }, auto_sync: false });
    const api = open({
      'POST /vservices': servicesAnswer(() => allServices(clublog)),
      'POST /vservices/connect': () => ({ body: { service: clublog } }),
    });
    const card = within(await screen.findByRole('region', { name: 'Club Log' }));
    expect(card.getByText(/New QSOs are sent when you press Sync now\. Club Log e-mail: op@example.com\. Log callsign: PA3XYZ\./)).toBeTruthy();

    fireEvent.click(card.getByRole('button', { name: 'Change details' }));
    let form = within(card.getByRole('form', { name: 'Change details of Club Log' }));
    fireEvent.keyDown(form.getByLabelText('Club Log e-mail'), { key: 'Escape' });
    expect(card.queryByRole('form')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(card.getByRole('button', { name: 'Change details' })));

    fireEvent.click(card.getByRole('button', { name: 'Change details' }));
    form = within(card.getByRole('form', { name: 'Change details of Club Log' }));
    expect((form.getByLabelText('Club Log e-mail') as HTMLInputElement).value).toBe('op@example.com');
    const password = form.getByLabelText('Club Log application password') as HTMLInputElement;
    expect([password.value, password.placeholder, password.required]).toEqual(['', STORED_SECRET, false]);
    expect((form.getByLabelText('Send new QSOs automatically') as HTMLInputElement).checked).toBe(false);
    fireEvent.click(form.getByRole('button', { name: 'Save details' }));
    await card.findByText('Club Log: details saved.');
    expect(api.callsTo('POST', '/vservices/connect')[0]?.body).toEqual({ service: 'clublog', email: 'op@example.com', password: '', callsign: 'PA3XYZ', auto_sync: false });
  });

  it('reads the LoTW certificate in the browser and sends it as base64', async () => {
    const api = open({
      'POST /vservices': servicesAnswer(() => allServices()),
      'POST /vservices/connect': () => ({ body: { service: connectedState('lotw') } }),
    });
    const lotw = within(await screen.findByRole('region', { name: 'LoTW' }));
    fireEvent.click(lotw.getByRole('button', { name: 'Connect LoTW' }));
    const form = within(lotw.getByRole('form', { name: 'Connect LoTW' }));
    fireEvent.change(form.getByLabelText('LoTW user name'), { target: { value: 'pa3xyz' } });
    fireEvent.change(form.getByLabelText('LoTW password'), { target: { value: 'secret' } });
    const certificate = form.getByLabelText('Certificate (.p12 saved from TrustedQSL)') as HTMLInputElement;
    expect([certificate.type, certificate.accept]).toEqual(['file', '.p12,.pfx,application/x-pkcs12']);
    const bytes = new Uint8Array([0x30, 0x82, 0x01, 0xff, 0x00, 0x10]);
    fireEvent.change(certificate, { target: { files: [new File([bytes], 'PA3XYZ.p12', { type: 'application/x-pkcs12' })] } });
    // The browser reads the file on its own time (FileReader).
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    fireEvent.click(form.getByRole('button', { name: 'Connect LoTW' }));
    await waitFor(() => expect(api.callsTo('POST', '/vservices/connect')).toHaveLength(1));
    expect(api.callsTo('POST', '/vservices/connect')[0]?.body).toMatchObject({ service: 'lotw', login: 'pa3xyz', password: 'secret', certificate: Buffer.from(bytes).toString('base64'), auto_sync: true });
    await lotw.findByText('LoTW connected.');
  });

  it('disconnects only once confirmed', async () => {
    let qrz = connectedState('qrz');
    const dialogs = recordDialogs(false);
    const api = open({
      'POST /vservices': servicesAnswer(() => allServices(qrz)),
      'POST /vservices/disconnect': () => {
        qrz = serviceState('qrz');
        return { body: { service: qrz } };
      },
    });
    const card = within(await screen.findByRole('region', { name: 'QRZ Logbook' }));
    fireEvent.click(card.getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(dialogs.confirms).toHaveLength(1));
    expect(dialogs.confirms[0]).toMatch(/^Disconnect QRZ Logbook\?/);
    expect(api.callsTo('POST', '/vservices/disconnect')).toHaveLength(0);

    recordDialogs(true);
    fireEvent.click(card.getByRole('button', { name: 'Disconnect' }));
    await card.findByText('QRZ Logbook disconnected.');
    expect(api.callsTo('POST', '/vservices/disconnect')[0]?.body).toEqual({ service: 'qrz' });
    expect(card.getByRole('button', { name: 'Connect QRZ Logbook' })).toBeTruthy();
  });

  it('says so while loading, when loading failed (with Try again), and when the server offers none', async () => {
    let answer: (v: { status?: number; body: unknown }) => void = () => {};
    open({ 'POST /vservices': () => new Promise((resolve) => (answer = resolve)) });
    expect((await screen.findByRole('status')).textContent).toMatch(/Loading/);
    answer({ status: 500, body: { message: 'boom' } });
    expect((await screen.findByRole('alert')).textContent).toBe(SERVICES_LOAD_FAILED);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    answer({ body: { services: allServices() } });
    await screen.findByRole('region', { name: 'eQSL' });
    resetApp();

    open({ 'POST /vservices': { body: { services: [] } } });
    expect(await screen.findByText('No services can be connected on this server.')).toBeTruthy();
  });
});
