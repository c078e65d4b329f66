// @vitest-environment jsdom
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CALL_LENGTH,
  CAT_LINK_UNAVAILABLE,
  LOADING,
  NETWORK_ERROR,
  PLEASE_LOG_IN_TO_LOG,
  QSO_LOAD_FAILED,
  QSOS_LOAD_FAILED,
  RESET_COUNTERS_CONFIRM,
} from '@hamlog/domain/messages';
import { MESSAGES } from '@/config/messages';
import { Logger } from '@/features/logger/components/logger';
import { fakeApi, recordDialogs, renderApp, resetApp, signIn, testQso, type ApiCall, type FakeAnswer } from '@/testing/app-test-kit';
import type { DxccEntityOption, LogbarAnswer, RigState } from '@/types/api';
import { LoggerRoute } from './logger';

configure({ asyncUtilTimeout: 5_000 });

const DXCC: DxccEntityOption[] = [
  { adif: 291, name: 'United States of America', cont: 'NA', latitude: 37.5, longitude: -91.9, cqz: 5 },
  { adif: 1, name: 'Canada', cont: 'NA', latitude: 44.4, longitude: -79.7, cqz: 5 },
  { adif: 29, name: 'Canary Islands', cont: 'AF', latitude: 28.3, longitude: -15.8, cqz: 33 },
];

const qso = testQso;

function logbar(patch: Partial<LogbarAnswer> = {}): LogbarAnswer {
  return {
    callsign: 'W1AW',
    human_time_since_last_qso: '2 days ago',
    human_time_since_first_qso: '3 years ago',
    total_qsos: 2,
    dxcc_entity: 291,
    country: 'United States of America',
    continent: 'NA',
    cq_zone: 5,
    itu_zone: 8,
    lat: 37.5,
    lon: -91.9,
    user: null,
    qsos: [qso(), qso({ qdo_id: 'q-2', TS: '2025-02-03T04:05:00Z', Comment: 'second', Freq: 7030 })],
    name: 'Hiram',
    ...patch,
  };
}

const NO_RIG: RigState = { freq: 0, mode: '', op_mode: 0, rig_name: '' };

/** The server calls the logger makes, with the given overrides. */
function server(overrides: Record<string, FakeAnswer | ((call: ApiCall) => FakeAnswer)> = {}) {
  return fakeApi({
    'POST /vdxcc-entity-distinct/': { body: DXCC },
    'POST /vrigcontrol/get': { body: NO_RIG },
    'POST /vlogbar/W1AW': { body: logbar() },
    'POST /vqso/upsert': { body: { qdo_id: 'new-1', duplicate: false } },
    ...overrides,
  });
}

const callInput = () => screen.getByPlaceholderText(MESSAGES.callPlaceholder) as HTMLInputElement;
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

function typeCall(value: string) {
  fireEvent.change(callInput(), { target: { value } });
}

function search() {
  fireEvent.keyDown(callInput(), { key: 'Enter' });
}

function logButton() {
  return screen.getByRole('button', { name: 'Log' });
}

describe('the logger', () => {
  beforeEach(() => {
    resetApp();
    signIn();
  });
  afterEach(resetApp);

  it('searches on Enter, fills the name and the DXCC entity, and logs with the spec fields', async () => {
    const api = server();
    renderApp(<Logger autoFocus />, '/logger');
    expect(document.activeElement).toBe(callInput());
    typeCall('w1aw');
    expect(callInput().value).toBe('W1AW');
    search();
    await waitFor(() => expect(field('Name').value).toBe('Hiram'));
    const dxcc = screen.getByLabelText('DXCC') as HTMLSelectElement;
    expect(dxcc.value).toBe('291');
    expect(dxcc.selectedOptions[0]?.textContent).toBe('United States of America 291');
    expect(within(dxcc).getAllByRole('option')[0]?.textContent).toBe('-- DXCC List');
    const counts = screen.getByLabelText('QSOs with W1AW');
    expect(counts.textContent).toContain('3 years ago');
    expect(counts.textContent).toContain('2 days ago');
    expect(screen.getByRole('link', { name: 'Look up W1AW on QRZ.com' })).toHaveProperty('href', 'https://www.qrz.com/db/W1AW');

    fireEvent.change(screen.getByLabelText('Operating mode'), { target: { value: '2' } });
    fireEvent.change(field('SNT'), { target: { value: '57' } });
    fireEvent.click(logButton());
    await screen.findByText('Logged W1AW.');
    const [upsert] = api.callsTo('POST', '/vqso/upsert');
    expect(upsert?.body).toMatchObject({
      data: { Call: 'W1AW', Freq: 7127, Mode: 'SSB', SubMode: '', SNT: '57', RCV: '59', Name: 'Hiram', Power: '100', dxcc: 291, IsRunQSO: 1, qso_origin: 'LOGBAR' },
    });
    const sent = (upsert?.body as { data: { TS: string; qso_duration: number } }).data;
    expect(Number.isInteger(sent.qso_duration) && sent.qso_duration >= 0).toBe(true);
    expect(Date.now() - Date.parse(sent.TS)).toBeLessThan(60_000);

    // Cleared for the next contact, the cursor back in the call field; counters kept locally.
    expect(callInput().value).toBe('');
    expect(field('Name').value).toBe('');
    expect(document.activeElement).toBe(callInput());
    expect(JSON.parse(localStorage.getItem('list_of_qso_durations') ?? '[]')).toEqual([sent.qso_duration]);
    expect(localStorage.getItem('average_qso_duration')).toBe(String(sent.qso_duration));
    expect(JSON.parse(localStorage.getItem('last_qso') ?? '{}')).toMatchObject({ qdo_id: 'new-1', Call: 'W1AW' });
    expect(screen.getByLabelText('Counters').textContent).toContain('Session QSOs1');
  });

  it("sends '/' in the searched call as '_' and shows 'Loading...' then 'Error loading QSOs'", async () => {
    let fail: (a: FakeAnswer) => void = () => undefined;
    const api = server({ 'POST /vlogbar/EA8_W1AW_P': () => new Promise<FakeAnswer>((r) => (fail = r)) as unknown as FakeAnswer });
    renderApp(<Logger />, '/');
    typeCall('ea8/w1aw/p');
    search();
    await screen.findByText(LOADING);
    expect(api.callsTo('POST', '/vlogbar/EA8_W1AW_P')).toHaveLength(1);
    fail({ status: 500, body: { message: 'boom' } });
    await screen.findByText(QSOS_LOAD_FAILED);
  });

  it('clears the form when the call gets shorter than 3, and refuses to save it', async () => {
    const api = server();
    renderApp(<Logger />, '/logger');
    typeCall('W1AW');
    fireEvent.change(field('Comments'), { target: { value: 'tnx' } });
    typeCall('W1');
    expect(field('Comments').value).toBe('');
    search();
    fireEvent.click(logButton());
    await screen.findByText(CALL_LENGTH);
    expect(api.callsTo('POST', '/vlogbar/W1')).toHaveLength(0);
    expect(api.callsTo('POST', '/vqso/upsert')).toHaveLength(0);
  });

  it('keeps the form after a network error; the retry sends the same contact (same TS) even a minute later', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-05-05T12:00:30Z'));
    let up = false;
    const api = server({ 'POST /vqso/upsert': () => (up ? { body: { qdo_id: 'n-1', duplicate: true } } : { status: 503, body: { message: 'down' } }) });
    try {
      renderApp(<Logger />, '/logger');
      typeCall('k1abc');
      fireEvent.change(field('Comments'), { target: { value: 'do not lose me' } });
      fireEvent.click(logButton());
      const retry = await screen.findByRole('button', { name: NETWORK_ERROR });
      expect(callInput().value).toBe('K1ABC');
      expect(field('Comments').value).toBe('do not lose me');

      vi.setSystemTime(new Date('2025-05-05T12:02:10Z'));
      up = true;
      fireEvent.click(retry);
      await screen.findByText('K1ABC was already logged.');
      const [first, second] = api.callsTo('POST', '/vqso/upsert').map((c) => (c.body as { data: { TS: string } }).data.TS);
      expect(first).toBe('2025-05-05T12:00:30.000Z');
      expect(second).toBe(first);
      expect(screen.queryByRole('button', { name: NETWORK_ERROR })).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it("puts a 422 answer's messages under their fields", async () => {
    server({ 'POST /vqso/upsert': { status: 422, body: { message: 'That frequency is not in an amateur band.', errors: { Freq: ['That frequency is not in an amateur band.'] } } } });
    renderApp(<Logger />, '/logger');
    typeCall('K1ABC');
    fireEvent.change(field('Freq (MHz)'), { target: { value: '1.0' } });
    fireEvent.click(logButton());
    await screen.findByText('That frequency is not in an amateur band.');
    expect(field('Freq (MHz)').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('button', { name: NETWORK_ERROR })).toBeNull();
    expect(callInput().value).toBe('K1ABC');
  });

  it('asks a visitor to log in and sends them to /login with the call to come back to', async () => {
    resetApp();
    const dialogs = recordDialogs(true);
    const api = server({ 'POST /vlogbar/K1ABC': { body: logbar({ callsign: 'K1ABC', total_qsos: 0, qsos: [], name: '' }) } });
    renderApp(<Logger />, '/', '/');
    expect(screen.getByText(CAT_LINK_UNAVAILABLE)).toBeTruthy();
    expect(screen.getByText(MESSAGES.catHelp)).toBeTruthy();
    typeCall('k1abc');
    fireEvent.click(logButton());
    await screen.findByText('Now at /login?redirect=%2Flogger%3Flog_callsign%3DK1ABC');
    expect(dialogs.confirms).toEqual([PLEASE_LOG_IN_TO_LOG]);
    expect(api.callsTo('POST', '/vqso/upsert')).toHaveLength(0);
    expect(api.callsTo('POST', '/vrigcontrol/get')).toHaveLength(0);
  });

  it('follows the rig when the CAT link is ticked: frequency, mode and operating mode; remembers the choice', async () => {
    server({ 'POST /vrigcontrol/get': { body: { freq: 14074, mode: 'USB', op_mode: 8, rig_name: 'IC-7300' } } });
    renderApp(<Logger />, '/logger');
    const link = await screen.findByLabelText('Use CAT link to IC-7300');
    expect(field('Freq (MHz)').value).toBe('7.127');
    fireEvent.click(link);
    await waitFor(() => expect(field('Freq (MHz)').value).toBe('14.074'));
    expect((screen.getByLabelText('Mode') as HTMLSelectElement).value).toBe('USB');
    expect((screen.getByLabelText('Operating mode') as HTMLSelectElement).value).toBe('8');
    expect(localStorage.getItem('cat_link_enabled')).toBe('true');
  });

  it('chooses sub-modes under their parent and switches reports between 59 and 599', async () => {
    const api = server();
    renderApp(<Logger />, '/logger');
    const mode = screen.getByLabelText('Mode') as HTMLSelectElement;
    expect(within(mode).getByRole('option', { name: '-USB' })).toBeTruthy();
    fireEvent.change(mode, { target: { value: 'FT4' } });
    fireEvent.click(screen.getByRole('button', { name: 'CW' }));
    expect([field('SNT').value, field('RCV').value]).toEqual(['599', '599']);
    fireEvent.click(screen.getByRole('button', { name: 'USB' }));
    expect([field('SNT').value, field('RCV').value]).toEqual(['59', '59']);
    expect(screen.getByRole('button', { name: 'USB' }).getAttribute('aria-pressed')).toBe('true');
    typeCall('K1ABC');
    fireEvent.click(logButton());
    await screen.findByText('Logged K1ABC.');
    expect(api.callsTo('POST', '/vqso/upsert')[0]?.body).toMatchObject({ data: { Mode: 'SSB', SubMode: 'USB' } });
    expect(localStorage.getItem('selected_mode')).toBe('USB');
  });

  it('restores the stored settings and the contact being typed, searched', async () => {
    const api = server({ 'POST /vlogbar/K1ABC': { body: logbar({ callsign: 'K1ABC', total_qsos: 0, qsos: [], name: 'Lookup Name' }) } });
    localStorage.setItem('freq', '14.074');
    localStorage.setItem('selected_mode', 'FT8');
    localStorage.setItem('power', '50');
    localStorage.setItem('op_mode', '2');
    localStorage.setItem('callsign', 'K1ABC');
    localStorage.setItem('name', 'Joe');
    localStorage.setItem('snt', '-05');
    localStorage.setItem('rcv', '-11');
    localStorage.setItem('comment', 'half typed');
    renderApp(<Logger />, '/logger');
    expect(field('Freq (MHz)').value).toBe('14.074');
    expect((screen.getByLabelText('Mode') as HTMLSelectElement).value).toBe('FT8');
    expect(field('Power (W)').value).toBe('50');
    expect((screen.getByLabelText('Operating mode') as HTMLSelectElement).value).toBe('2');
    expect(callInput().value).toBe('K1ABC');
    expect([field('Name').value, field('SNT').value, field('RCV').value, field('Comments').value]).toEqual(['Joe', '-05', '-11', 'half typed']);
    await waitFor(() => expect(api.callsTo('POST', '/vlogbar/K1ABC')).toHaveLength(1));
    await screen.findByLabelText('QSOs with K1ABC');
    expect(field('Name').value).toBe('Joe');
  });

  it('stores the contact as it is typed and forgets it once logged', async () => {
    server();
    renderApp(<Logger />, '/logger');
    typeCall('k1abc');
    fireEvent.change(field('Name'), { target: { value: 'Joe' } });
    fireEvent.change(field('RCV'), { target: { value: '57' } });
    fireEvent.change(field('Comments'), { target: { value: 'tnx' } });
    expect(['callsign', 'name', 'rcv', 'comment'].map((k) => localStorage.getItem(k))).toEqual(['K1ABC', 'Joe', '57', 'tnx']);
    fireEvent.click(logButton());
    await screen.findByText('Logged K1ABC.');
    expect(['callsign', 'name', 'snt', 'rcv', 'comment'].map((k) => localStorage.getItem(k))).toEqual([null, null, null, null, null]);
  });

  it('forgets the stored contact when the form is cleared with X, Escape or a call shorter than 3', () => {
    server();
    renderApp(<Logger />, '/logger');
    const typeContact = () => {
      typeCall('K1ABC');
      fireEvent.change(field('Comments'), { target: { value: 'tnx' } });
      expect(localStorage.getItem('comment')).toBe('tnx');
    };
    typeContact();
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect([localStorage.getItem('callsign'), localStorage.getItem('comment')]).toEqual([null, null]);
    typeContact();
    fireEvent.keyDown(callInput(), { key: 'Escape' });
    expect([localStorage.getItem('callsign'), localStorage.getItem('comment')]).toEqual([null, null]);
    typeContact();
    typeCall('K1');
    expect([localStorage.getItem('callsign'), localStorage.getItem('comment')]).toEqual([null, null]);
  });

  it('says so when the contact was already logged and has been updated with the changes', async () => {
    server({ 'POST /vqso/upsert': { body: { qdo_id: 'q-9', duplicate: true, updated: true } } });
    renderApp(<Logger />, '/logger');
    typeCall('K1ABC');
    fireEvent.change(field('Name'), { target: { value: 'Joe, corrected' } });
    fireEvent.click(logButton());
    await screen.findByText('K1ABC was already logged; it has been updated with your changes.');
    expect(callInput().value).toBe('');
  });

  it('edits from a card (time locked), saves, cancels with the search run again, and deletes after confirming', async () => {
    const dialogs = recordDialogs(true);
    const api = server({ 'POST /vqso/update': { body: {} }, 'POST /vqso/nuke': { body: {} } });
    renderApp(<Logger />, '/logger');
    typeCall('W1AW');
    search();
    const cards = await screen.findByRole('region', { name: 'Previous QSOs with W1AW' });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(2);
    const first = within(cards).getAllByRole('listitem')[0]!;
    expect(first.textContent).toContain('CW');
    expect(first.textContent).toContain('14.025000');
    expect(within(cards).getAllByRole('listitem')[1]?.textContent).toContain('7.030000');
    expect(first.textContent).toContain('2025-01-02 03:04');

    fireEvent.click(within(first).getByRole('button', { name: /^Edit/ }));
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unlock time' })).toBeTruthy();
    expect(field('Time (UTC)').value).toBe('2025-01-02 03:04');
    fireEvent.change(field('Comments'), { target: { value: 'first, edited' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Saved changes to W1AW.');
    expect(api.callsTo('POST', '/vqso/update')[0]?.body).toMatchObject({ qdo_id: 'q-1', Comment: 'first, edited', TS: '2025-01-02T03:04:05Z', Mode: 'CW' });
    expect(callInput().value).toBe('');

    typeCall('W1AW');
    search();
    fireEvent.click(within(await screen.findByRole('region', { name: 'Previous QSOs with W1AW' })).getAllByRole('button', { name: /^Edit/ })[1]!);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel Edit' }));
    expect(callInput().value).toBe('W1AW');
    await screen.findByRole('region', { name: 'Previous QSOs with W1AW' });
    expect(screen.getByRole('button', { name: 'Log' })).toBeTruthy();

    fireEvent.click(within(await screen.findByRole('region', { name: 'Previous QSOs with W1AW' })).getAllByRole('button', { name: /^Edit/ })[1]!);
    fireEvent.click(screen.getByRole('button', { name: 'Delete QSO' }));
    await screen.findByText('Deleted the QSO with W1AW.');
    expect(dialogs.confirms).toEqual(['Delete QSO with W1AW on 20m at 04:05 UTC on 2025-02-03?']);
    expect(api.callsTo('POST', '/vqso/nuke')[0]?.body).toEqual({ qdo_id: 'q-2' });
  });

  it('keeps an edit after a network error on Save Changes or Delete QSO; the warning button retries it', async () => {
    const dialogs = recordDialogs(true);
    let up = false;
    const flaky = (body: unknown) => () => (up ? { body } : { status: 503, body: { message: 'down' } });
    const api = server({ 'POST /vqso/update': flaky({}), 'POST /vqso/nuke': flaky({}) });
    renderApp(<Logger />, '/logger');
    typeCall('W1AW');
    search();
    const editCard = async (i: number) =>
      fireEvent.click(within(await screen.findByRole('region', { name: 'Previous QSOs with W1AW' })).getAllByRole('button', { name: /^Edit/ })[i]!);

    await editCard(0);
    fireEvent.change(field('Comments'), { target: { value: 'edited offline' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    const retrySave = await screen.findByRole('button', { name: NETWORK_ERROR });
    expect(field('Comments').value).toBe('edited offline');
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeTruthy();
    up = true;
    fireEvent.click(retrySave);
    await screen.findByText('Saved changes to W1AW.');
    expect(api.callsTo('POST', '/vqso/update').map((c) => (c.body as { Comment: string }).Comment)).toEqual(['edited offline', 'edited offline']);
    expect(screen.queryByRole('button', { name: NETWORK_ERROR })).toBeNull();

    up = false;
    typeCall('W1AW');
    search();
    await editCard(1);
    fireEvent.click(screen.getByRole('button', { name: 'Delete QSO' }));
    const retryDelete = await screen.findByRole('button', { name: NETWORK_ERROR });
    expect(screen.getByRole('button', { name: 'Delete QSO' })).toBeTruthy();
    up = true;
    fireEvent.click(retryDelete);
    await screen.findByText('Deleted the QSO with W1AW.');
    expect(api.callsTo('POST', '/vqso/nuke').map((c) => c.body)).toEqual([{ qdo_id: 'q-2' }, { qdo_id: 'q-2' }]);
    // Confirmed once: the retry does not ask again.
    expect(dialogs.confirms).toEqual(['Delete QSO with W1AW on 20m at 04:05 UTC on 2025-02-03?']);
  });

  it('resets the counters after confirming', async () => {
    const dialogs = recordDialogs(true);
    server();
    localStorage.setItem('list_of_qso_durations', '[10, 20]');
    sessionStorage.setItem('session_qso_count', '4');
    renderApp(<Logger />, '/logger');
    const counters = screen.getByLabelText('Counters');
    expect(counters.textContent).toBe('Session QSOs4Average QSO15 s');
    fireEvent.click(screen.getByRole('button', { name: 'Reset Counters' }));
    expect(dialogs.confirms).toEqual([RESET_COUNTERS_CONFIRM]);
    await waitFor(() => expect(counters.textContent).toBe('Session QSOs0Average QSO0 s'));
    expect(localStorage.getItem('list_of_qso_durations')).toBeNull();
  });
});

describe('the logger routes', () => {
  beforeEach(() => {
    resetApp();
    signIn();
  });
  afterEach(resetApp);

  const routes = [{ path: '/logger/:edit_id?', element: <LoggerRoute /> }];

  it('/logger?log_callsign= opens prefilled and searched, and drops the parameter', async () => {
    const api = server();
    const { router } = renderApp(routes, '/logger?log_callsign=w1aw');
    expect(callInput().value).toBe('W1AW');
    await screen.findByRole('region', { name: 'Previous QSOs with W1AW' });
    expect(api.callsTo('POST', '/vlogbar/W1AW')).toHaveLength(1);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(callInput().value).toBe('W1AW');
  });

  it('/logger/{id} loads the QSO with its time locked and does not poll the rig', async () => {
    const api = server({ 'POST /vqso/get': { body: qso() } });
    renderApp(routes, '/logger/q-1');
    await screen.findByRole('button', { name: 'Save Changes' });
    expect(callInput().value).toBe('W1AW');
    expect(field('Freq (MHz)').value).toBe('14.025');
    expect(screen.getByRole('button', { name: 'Unlock time' })).toBeTruthy();
    expect(api.callsTo('POST', '/vrigcontrol/get')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel Edit' }));
    await screen.findByRole('button', { name: 'Log' });
    expect(field('Freq (MHz)').value).toBe('7.127');
  });

  it.each([
    ['fails to load', { status: 500, body: { message: 'boom' } }],
    ['answers nothing', { body: null }],
  ])("/logger/{id} alerts 'Error loading QSO' and goes to the empty logger when the QSO %s", async (_case, answer: FakeAnswer) => {
    const dialogs = recordDialogs(true);
    server({ 'POST /vqso/get': answer });
    const { router } = renderApp(routes, '/logger/q-404');
    await waitFor(() => expect(router.state.location.pathname).toBe('/logger'));
    expect(dialogs.alerts).toEqual([QSO_LOAD_FAILED]);
    expect(await screen.findByRole('button', { name: 'Log' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save Changes' })).toBeNull();
    expect(callInput().value).toBe('');
  });

  it('editing a QSO never overwrites the stored contact in progress; saving it ends that contact', async () => {
    server({ 'POST /vqso/get': { body: qso() }, 'POST /vqso/update': { body: {} } });
    localStorage.setItem('callsign', 'K1ABC');
    localStorage.setItem('comment', 'half typed');
    renderApp(routes, '/logger/q-1');
    await screen.findByRole('button', { name: 'Save Changes' });
    fireEvent.change(field('Comments'), { target: { value: 'edited QSO' } });
    fireEvent.change(field('Name'), { target: { value: 'Edited' } });
    expect([localStorage.getItem('callsign'), localStorage.getItem('comment'), localStorage.getItem('name')]).toEqual(['K1ABC', 'half typed', null]);
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Saved changes to W1AW.');
    expect([localStorage.getItem('callsign'), localStorage.getItem('comment')]).toEqual([null, null]);
  });
});
