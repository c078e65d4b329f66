// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ContestBoardAnswer, ContestSummary } from '@hamlog/domain/community/api-shapes';
import type { CheckedBoardAnswer, ContestChecksAnswer, ContestLogAnswer } from '@hamlog/domain/contests/rules/api';
import { CONTEST_NOT_ORGANISER, CONTEST_ENDS_BEFORE_START, CONTEST_NAME_INVALID, contestModeUnknown } from '@hamlog/domain/messages';
import { routes } from '@/app/router';
import { fakeApi, renderApp, resetApp, signIn, typeInto } from '@/testing/app-test-kit';
import { NOTHING_CHANGED } from '@/features/contest-scores/components/contest-form';
import { NO_CONTESTS_YET } from '@/features/contest-scores/components/my-contests';
import { changedPayload, contestFormValues, contestPayload, utcTime } from '@/features/contest-scores/utils/contest-form';

const CONTEST: ContestSummary = {
  id: 'club-ft8-evening-0123456789ab',
  name: 'Club FT8 Evening',
  starts_at: '2026-01-05T18:00:00Z',
  ends_at: '2026-01-05T22:00:00Z',
  modes: ['FT8', 'FT4'],
  points_per_contact: 2,
  duplicate_rule: 'call-band',
  late_upload_hours: 24,
  repeat: 'none',
  organiser_user_id: 'u1',
  rules: '',
};

const board = (contest: ContestSummary = CONTEST): ContestBoardAnswer => ({
  contest,
  contest_lb: [
    {
      rank: 1, my_callsign: 'K1JT', name: 'Joe', profile_image_name: 'missing.JPG', contacts: 3, number_of_contacts: 3, points: 6,
      freq: 14074, last_qso_time_in_seconds: 30, last_qso_time_in_minutes: 0, last_10_min_avg: 0.3,
    },
  ],
  generated_at: '2026-01-05T19:00:00Z',
});

describe('an organiser’s contests', () => {
  beforeEach(resetApp);
  afterEach(resetApp);

  it('creates a contest from the form: the times in UTC, the modes as a list, and lands on its board', async () => {
    signIn();
    const api = fakeApi({
      'POST /vcontest/create': { status: 201, body: { contest: CONTEST } },
      'POST /vscores': { body: board() },
    });
    const { router } = renderApp(routes, '/contests/new');
    await screen.findByRole('heading', { level: 1, name: 'Create a contest' });
    typeInto('Name', '  Club FT8 Evening ');
    typeInto('Starts (UTC)', '2026-01-05T18:00');
    typeInto('Ends (UTC)', '2026-01-05T22:00');
    typeInto('Modes', 'ft8, FT4');
    typeInto('Points per contact', '2');
    fireEvent.change(screen.getByLabelText('Duplicates'), { target: { value: 'call-band' } });
    typeInto('Late logs (hours)', '24');
    fireEvent.click(screen.getByRole('button', { name: 'Create contest' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/contests/${CONTEST.id}`));
    expect(api.callsTo('POST', '/vcontest/create')[0]!.body).toEqual({
      name: 'Club FT8 Evening',
      starts_at: '2026-01-05T18:00:00Z',
      ends_at: '2026-01-05T22:00:00Z',
      modes: ['FT8', 'FT4'],
      points_per_contact: '2',
      duplicate_rule: 'call-band',
      late_upload_hours: '24',
      repeat: 'none',
      rules: '',
    });
    // Its board, with points beside contacts (2 a contact), and the organiser's edit link.
    await screen.findByRole('heading', { level: 2, name: 'Club FT8 Evening' });
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Rank', 'Call', 'Picture', 'Name', 'Contacts', 'Points']);
    expect(screen.getByRole('link', { name: 'Edit contest' }).getAttribute('href')).toBe(`/contests/${CONTEST.id}/edit`);
    expect(api.callsTo('POST', '/vscores')[0]!.body).toEqual({ contest_id: CONTEST.id });
  });

  it('shows modes, points and duplicates for the simple rules only, and sends them only then', async () => {
    signIn();
    const cqWw: ContestSummary = { ...CONTEST, rules: 'CQ-WW-CW', modes: [], points_per_contact: 1, duplicate_rule: 'call' };
    const api = fakeApi({
      'POST /vcontest/create': { status: 201, body: { contest: cqWw } },
      'POST /vcontest/update': { body: { contest: cqWw } },
      'POST /vscores': { body: board(cqWw) },
    });
    renderApp(routes, '/contests/new');
    await screen.findByRole('heading', { level: 1, name: 'Create a contest' });
    const simpleFields = () => ['Modes', 'Points per contact', 'Duplicates'].map((label) => screen.queryByLabelText(label) !== null);
    expect(simpleFields()).toEqual([true, true, true]);
    // A mode the server would refuse: hidden with real rules, it is not sent.
    typeInto('Modes', 'nope');
    for (const [rules, shown] of [['CQ-WW-CW', false], ['CUSTOM', false], ['', true], ['CQ-WW-CW', false]] as const) {
      fireEvent.change(screen.getByLabelText('Rules'), { target: { value: rules } });
      expect(simpleFields()).toEqual([shown, shown, shown]);
      expect(screen.getByLabelText('Late logs (hours)')).toBeTruthy();
    }
    typeInto('Name', 'CQ WW at the club');
    typeInto('Starts (UTC)', '2026-01-05T18:00');
    typeInto('Ends (UTC)', '2026-01-05T22:00');
    fireEvent.click(screen.getByRole('button', { name: 'Create contest' }));
    await waitFor(() => expect(api.callsTo('POST', '/vcontest/create')).toHaveLength(1));
    expect(api.callsTo('POST', '/vcontest/create')[0]!.body).toEqual({
      name: 'CQ WW at the club',
      starts_at: '2026-01-05T18:00:00Z',
      ends_at: '2026-01-05T22:00:00Z',
      late_upload_hours: '48',
      repeat: 'none',
      rules: 'CQ-WW-CW',
    });

    // Editing a contest of real rules: the fields stay hidden and a change saves without them.
    resetApp();
    signIn();
    const edits = fakeApi({ 'POST /vscores': { body: board(cqWw) }, 'POST /vcontest/update': { body: { contest: cqWw } } });
    renderApp(routes, `/contests/${CONTEST.id}/edit`);
    await screen.findByRole('heading', { level: 1, name: 'Edit contest' });
    expect(((await screen.findByLabelText('Rules')) as HTMLSelectElement).value).toBe('CQ-WW-CW');
    expect(simpleFields()).toEqual([false, false, false]);
    typeInto('Late logs (hours)', '72');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(edits.callsTo('POST', '/vcontest/update')).toHaveLength(1));
    expect(edits.callsTo('POST', '/vcontest/update')[0]!.body).toEqual({ contest_id: CONTEST.id, late_upload_hours: '72' });
  });

  it('shows the server’s messages under the fields they are about, and focuses the first', async () => {
    signIn();
    fakeApi({
      'POST /vcontest/create': {
        status: 422,
        body: { message: CONTEST_NAME_INVALID, errors: { name: [CONTEST_NAME_INVALID], ends_at: [CONTEST_ENDS_BEFORE_START], modes: [contestModeUnknown('NOPE')] } },
      },
    });
    renderApp(routes, '/contests/new');
    await screen.findByRole('heading', { level: 1, name: 'Create a contest' });
    typeInto('Name', 'x');
    typeInto('Modes', 'nope');
    fireEvent.click(screen.getByRole('button', { name: 'Create contest' }));

    const name = screen.getByLabelText('Name');
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    const errorOf = (label: string) => document.getElementById(screen.getByLabelText(label).getAttribute('aria-describedby')!.split(' ').at(-1)!)?.textContent;
    expect(errorOf('Name')).toBe(CONTEST_NAME_INVALID);
    expect(errorOf('Ends (UTC)')).toBe(CONTEST_ENDS_BEFORE_START);
    expect(errorOf('Modes')).toBe(contestModeUnknown('NOPE'));
    expect(screen.getByLabelText('Starts (UTC)').getAttribute('aria-invalid')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(name));
    // Typing in a field clears its message.
    typeInto('Name', 'Club FT8 Evening');
    expect(name.getAttribute('aria-invalid')).toBeNull();
  });

  it('lists the organiser’s own contests with their window, rules, board and edit links', async () => {
    signIn();
    const api = fakeApi({ 'GET /vcontests': { body: { contests: [CONTEST] } } });
    renderApp(routes, '/contests');
    const list = await screen.findByRole('list', { name: 'Your contests' });
    const [item] = within(list).getAllByRole('listitem');
    expect(within(item!).getByRole('link', { name: 'Club FT8 Evening' }).getAttribute('href')).toBe(`/contests/${CONTEST.id}`);
    expect(item!.textContent).toContain('5 Jan 2026, 18:00–22:00 UTC (4 hours)');
    expect(item!.textContent).toContain('FT8/FT4 · 2 points per contact · each station once per band · logs uploaded up to 24 hours after the end count');
    expect(within(item!).getByRole('link', { name: 'Edit Club FT8 Evening' }).getAttribute('href')).toBe(`/contests/${CONTEST.id}/edit`);
    expect(api.callsTo('GET', '/vcontests')[0]!.path).toBe('/vcontests?mine=1');
    expect(screen.getByRole('link', { name: 'Create a contest' }).getAttribute('href')).toBe('/contests/new');

    resetApp();
    signIn();
    fakeApi({ 'GET /vcontests': { body: { contests: [] } } });
    renderApp(routes, '/contests');
    expect(await screen.findByText(NO_CONTESTS_YET)).toBeTruthy();
  });

  it('edits a contest sending only what changed; nobody else may, and an unknown one says so', async () => {
    signIn();
    const api = fakeApi({
      'POST /vscores': { body: board() },
      'POST /vcontest/update': (call) => ({ body: { contest: { ...CONTEST, ends_at: (call.body as { ends_at: string }).ends_at } } }),
    });
    const { router } = renderApp(routes, `/contests/${CONTEST.id}/edit`);
    await screen.findByRole('heading', { level: 1, name: 'Edit contest' });
    expect(((await screen.findByLabelText('Starts (UTC)')) as HTMLInputElement).value).toBe('2026-01-05T18:00');
    expect((screen.getByLabelText('Modes') as HTMLInputElement).value).toBe('FT8, FT4');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect((await screen.findByRole('alert')).textContent).toBe(NOTHING_CHANGED);
    typeInto('Ends (UTC)', '2026-01-05T20:30');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/contests/${CONTEST.id}`));
    expect(api.callsTo('POST', '/vcontest/update').map((c) => c.body)).toEqual([{ contest_id: CONTEST.id, ends_at: '2026-01-05T20:30:00Z' }]);

    resetApp();
    signIn({ id: 'someone-else' });
    fakeApi({ 'POST /vscores': { body: board() } });
    renderApp(routes, `/contests/${CONTEST.id}/edit`);
    expect((await screen.findByRole('alert')).textContent).toBe(CONTEST_NOT_ORGANISER);
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();

    resetApp();
    signIn({ id: 'someone-else' });
    fakeApi({ 'POST /vscores': { status: 404, body: { message: 'No contest has this id.' } } });
    renderApp(routes, '/contests/no-such-contest');
    expect((await screen.findByRole('alert')).textContent).toBe('No contest has this id.');
    expect(screen.queryByRole('link', { name: 'Edit contest' })).toBeNull();
  });
});

describe('a station’s log in a contest of real rules', () => {
  const click = HTMLAnchorElement.prototype.click;
  const objectUrls = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
  beforeEach(resetApp);
  afterEach(() => {
    resetApp();
    HTMLAnchorElement.prototype.click = click;
    Object.assign(URL, objectUrls);
  });

  const CQ_WW: ContestSummary = { ...CONTEST, id: 'cq-ww-dx-cw-2026', name: 'CQ World Wide DX Contest CW 2026', organiser_user_id: null, rules: 'CQ-WW-CW', starts_at: '2026-11-28T00:00:00Z', ends_at: '2026-11-30T00:00:00Z' };
  const qso = (patch: Partial<ContestLogAnswer['qsos'][number]>): ContestLogAnswer['qsos'][number] => ({
    qdo_id: 'q1', ts: '2026-11-28T00:01:00Z', call: 'DL1ABC', band: '20m', mode: 'CW', freq_khz: 14025, sent: { rst: '599', zone: '4' }, received: { rst: '599', zone: '14' },
    points: 3, counts: true, dupe: false, problem: null, new_multipliers: ['Zones 14 (20m)', 'Countries Fed. Rep. of Germany (20m)'], check: { verdict: 'ok', reason: 'in DL1ABC’s log' }, ...patch,
  });
  const CQ_WW_CATEGORIES = { operator: ['SINGLE-OP', 'MULTI-OP'], assisted: ['ASSISTED', 'NON-ASSISTED'], band: ['ALL'], power: ['HIGH', 'LOW', 'QRP'], mode: ['CW'], transmitter: ['ONE'], overlay: [] };
  const stationCategory = (power: string) => ({ operator: 'SINGLE-OP', assisted: 'ASSISTED', band: 'ALL', power, mode: 'CW', transmitter: 'ONE', overlay: '' });
  const log = (power: string): ContestLogAnswer => ({
    contest: CQ_WW,
    rules: { cabrillo_name: 'CQ-WW-CW', name: 'CQ World Wide DX Contest CW', bands: ['20m'], modes: ['CW'], exchange: [], categories: CQ_WW_CATEGORIES },
    station: { call: 'K9CTS', category: stationCategory(power) },
    score: { qsos: 1, dupes: 1, refused: 0, points: 3, multipliers: [{ kind: 'cq-zone', label: 'Zones', total: 1, byBand: { '20m': 1 } }, { kind: 'cq-country', label: 'Countries', total: 1, byBand: { '20m': 1 } }], multiplierTotal: 2, score: 6, byBand: { '20m': { qsos: 1, points: 3 } }, operatingMinutes: 6 },
    qsos: [qso({}), qso({ qdo_id: 'q2', ts: '2026-11-28T00:07:00Z', points: 0, counts: false, dupe: true, problem: 'Worked before on this band', new_multipliers: [], check: null }), qso({ qdo_id: 'q3', ts: '2026-11-28T00:09:00Z', call: 'F5ABC', check: { verdict: 'not-in-log', reason: 'F5ABC’s log has no contact with you on 20m CW near 00:09' } })],
    left_out: 1,
  });

  const figures = (qsos: number, points: number, multipliers: number) => ({ qsos, points, multipliers, score: points * multipliers });
  const checked: CheckedBoardAnswer = {
    contest: CQ_WW,
    rules: { cabrillo_name: 'CQ-WW-CW', name: 'CQ World Wide DX Contest CW', categories: CQ_WW_CATEGORIES },
    filter: {},
    board: [
      { rank: 1, my_callsign: 'DL1ABC', category: stationCategory('HIGH'), claimed: figures(42, 59, 30), checked: figures(40, 40, 39), not_in_log: 1, busted_call: 1, busted_exchange: 0, unique: 2, rate_10: 3, rate_60: 12, rate_hours: [5, 0, 12, 30] },
      { rank: 2, my_callsign: 'K9CTS', category: stationCategory('LOW'), claimed: figures(1, 3, 2), checked: figures(1, 3, 2), not_in_log: 0, busted_call: 0, busted_exchange: 0, unique: 0, rate_10: 0, rate_60: 1, rate_hours: [1] },
    ],
    offset: 0,
    total: 2,
    mine: null,
    qsos: 45,
    generated_at: '2026-11-28T01:00:00Z',
  };

  it('shows the claimed score, each contact’s points, new multipliers or problem, saves the category, filters the board by it, and downloads the Cabrillo file', async () => {
    signIn();
    let power = 'HIGH';
    const api = fakeApi({
      'POST /vscores': { body: board(CQ_WW) },
      'GET /vcontest/cq-ww-dx-cw-2026/log': () => ({ body: log(power) }),
      'POST /vcontest/cq-ww-dx-cw-2026/category': (call) => {
        power = (call.body as { power: string }).power;
        return { body: { category: stationCategory(power) } };
      },
      'GET /vcontest/cq-ww-dx-cw-2026/cabrillo': { body: 'START-OF-LOG: 3.0' },
      'GET /vcontest/cq-ww-dx-cw-2026/board': (call) => {
        const wanted = new URLSearchParams(call.path.split('?')[1] ?? '').get('power');
        const rows = checked.board.filter((row) => !wanted || row.category.power === wanted).map((row, i) => ({ ...row, rank: i + 1 }));
        return { body: { ...checked, filter: wanted ? { power: wanted } : {}, board: rows } };
      },
    });
    const saved: string[] = [];
    Object.assign(URL, { createObjectURL: () => 'blob:cabrillo', revokeObjectURL: () => undefined });
    HTMLAnchorElement.prototype.click = function click(this: HTMLAnchorElement) {
      saved.push(this.download);
    };
    renderApp(routes, '/contests/cq-ww-dx-cw-2026');
    // The board: checked scores first, what the check left out, uniques and the rate.
    const table = await screen.findByRole('table', { name: 'CQ World Wide DX Contest CW 2026: claimed and checked scores' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Rank', 'Call', 'Checked', 'Claimed', 'QSOs', 'Mults', 'Left out', 'Uniques', 'Rate']);
    const dl1abcGraph = 'DL1ABC: 47 QSOs in 4 hours, at most 30 in one hour, 30 in the last';
    expect(within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['1', 'DL1ABC', '1,560', '1,770', '40 / 42', '39', '1 not in log, 1 busted call', '2', '3 / 12'],
      ['2', 'K9CTS', '6', '6', '1', '2', '–', '0', '0 / 1'],
    ]);
    // The rate graph: a bar for each hour with contacts, the tallest the busiest hour.
    const graph = within(table).getByRole('img', { name: dl1abcGraph });
    expect(within(table).getByRole('img', { name: 'K9CTS: 1 QSO in 1 hour, at most 1 in one hour' })).toBeTruthy();
    expect([...graph.querySelectorAll('rect:not(.rate-graph-base)')].map((bar) => [bar.getAttribute('x'), bar.getAttribute('height')])).toEqual([['0', '3.3'], ['6', '8'], ['9', '20']]);
    const section = await screen.findByRole('region', { name: 'Your log by CQ World Wide DX Contest CW rules' });
    expect(within(section).getByText(/Claimed score/).textContent).toBe('Claimed score 6: 1 QSOs (1 dupes), 3 points × 2 multipliers (Zones 1, Countries 1). 1 QSO on other bands or modes left out.');
    const rows = within(section).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(rows).toEqual([
      ['2026-11-28 00:01', '20m', 'CW', 'DL1ABC', '599 4', '599 14', '3', 'New: Zones 14 (20m), Countries Fed. Rep. of Germany (20m)', 'OK'],
      ['2026-11-28 00:07', '20m', 'CW', 'DL1ABC', '599 4', '599 14', '–', 'Worked before on this band', '–'],
      ['2026-11-28 00:09', '20m', 'CW', 'F5ABC', '599 4', '599 14', '3', 'New: Zones 14 (20m), Countries Fed. Rep. of Germany (20m)', 'NIL: F5ABC’s log has no contact with you on 20m CW near 00:09'],
    ]);
    // The category is saved for the station (its log, Cabrillo and the board follow it), and the log asked again.
    const logs = api.callsTo('GET', '/vcontest/cq-ww-dx-cw-2026/log').length;
    fireEvent.change(within(section).getByLabelText('Power'), { target: { value: 'LOW' } });
    await waitFor(() => expect(api.callsTo('POST', '/vcontest/cq-ww-dx-cw-2026/category').map((c) => c.body)).toEqual([stationCategory('LOW')]));
    await waitFor(() => expect(api.callsTo('GET', '/vcontest/cq-ww-dx-cw-2026/log').length).toBeGreaterThan(logs));
    await waitFor(() => expect((within(section).getByLabelText('Power') as HTMLSelectElement).value).toBe('LOW'));
    fireEvent.click(within(section).getByRole('button', { name: 'Download Cabrillo' }));
    await waitFor(() => expect(saved).toEqual(['K9CTS-CQ-WW-CW-2026.log']));
    expect(api.callsTo('GET', '/vcontest/cq-ww-dx-cw-2026/cabrillo')[0]!.path).toBe('/vcontest/cq-ww-dx-cw-2026/cabrillo');

    // The board by category: the low-power stations only, ranked among themselves.
    const filter = screen.getByRole('group', { name: 'Category' });
    fireEvent.change(within(filter).getByLabelText('Power'), { target: { value: 'LOW' } });
    await waitFor(() => expect(within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent).slice(0, 2))).toEqual([['1', 'K9CTS']]));
    expect(api.callsTo('GET', '/vcontest/cq-ww-dx-cw-2026/board').at(-1)!.path).toBe('/vcontest/cq-ww-dx-cw-2026/board?power=LOW');
  });

  it('shows the organiser each station’s unconfirmed contacts with why; nobody else asks for them', async () => {
    signIn();
    const mine: ContestSummary = { ...CQ_WW, id: 'club-cq-ww-0123456789ab', organiser_user_id: 'u1' };
    const answer: ContestChecksAnswer = {
      contest: mine,
      stations: [{ my_callsign: 'K1JT', problems: [{ qdo_id: 'q9', ts: '2026-11-28T00:09:00.000Z', band: '20m', mode: 'CW', call: 'K9CTS', verdict: 'not-in-log', reason: 'K9CTS’s log has no contact with you on 20m CW near 00:09' }] }],
      generated_at: '2026-11-28T01:00:00Z',
    };
    const api = fakeApi({
      'POST /vscores': { body: board(mine) },
      'GET /vcontest/club-cq-ww-0123456789ab/board': { body: { ...checked, contest: mine } },
      'GET /vcontest/club-cq-ww-0123456789ab/log': { body: { ...log('HIGH'), contest: mine } },
      'GET /vcontest/club-cq-ww-0123456789ab/checks': { body: answer },
    });
    renderApp(routes, '/contests/club-cq-ww-0123456789ab');
    const section = await screen.findByRole('region', { name: 'Problems by station' });
    expect((await within(section).findByText(/contact$/)).closest('summary')!.textContent).toBe('K1JT: 1 contact');
    expect(within(section).getByRole('listitem').textContent).toBe('2026-11-28 00:09 20m CW K9CTS: NIL, K9CTS’s log has no contact with you on 20m CW near 00:09');
    expect(api.callsTo('GET', '/vcontest/club-cq-ww-0123456789ab/checks')).toHaveLength(1);

    resetApp();
    signIn();
    const other = fakeApi({ 'POST /vscores': { body: board(CQ_WW) }, 'GET /vcontest/cq-ww-dx-cw-2026/board': { body: checked }, 'GET /vcontest/cq-ww-dx-cw-2026/log': { body: log('HIGH') } });
    renderApp(routes, '/contests/cq-ww-dx-cw-2026');
    await screen.findByRole('region', { name: 'Your log by CQ World Wide DX Contest CW rules' });
    expect(screen.queryByRole('region', { name: 'Problems by station' })).toBeNull();
    expect(other.callsTo('GET', '/vcontest/cq-ww-dx-cw-2026/checks')).toEqual([]);
  });

  it('marks the caller’s own row, and shows it after the board when it ranks below the rows shown', async () => {
    signIn();
    const own = { ...checked.board[1]!, my_callsign: 'W1AW', rank: 742 };
    fakeApi({ 'POST /vscores': { body: board(CQ_WW) }, 'GET /vcontest/cq-ww-dx-cw-2026/board': { body: { ...checked, mine: own } }, 'GET /vcontest/cq-ww-dx-cw-2026/log': { body: log('HIGH') } });
    renderApp(routes, '/contests/cq-ww-dx-cw-2026');
    const table = await screen.findByRole('table', { name: 'CQ World Wide DX Contest CW 2026: claimed and checked scores' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[1]!.textContent)).toEqual(['DL1ABC', 'K9CTS', 'W1AW']);
    expect(within(rows[2]!).getAllByRole('cell')[0]!.textContent).toBe('742');
    expect(rows.map((r) => r.getAttribute('aria-current'))).toEqual([null, null, 'true']);

    // Among the rows shown, its own row is marked where it stands (and not repeated).
    resetApp();
    signIn();
    fakeApi({ 'POST /vscores': { body: board(CQ_WW) }, 'GET /vcontest/cq-ww-dx-cw-2026/board': { body: { ...checked, mine: checked.board[1]! } }, 'GET /vcontest/cq-ww-dx-cw-2026/log': { body: log('HIGH') } });
    renderApp(routes, '/contests/cq-ww-dx-cw-2026');
    const again = await screen.findByRole('table', { name: 'CQ World Wide DX Contest CW 2026: claimed and checked scores' });
    expect(within(again).getAllByRole('row').slice(1).map((r) => [within(r).getAllByRole('cell')[1]!.textContent, r.getAttribute('aria-current')])).toEqual([['DL1ABC', null], ['K9CTS', 'true']]);
  });

  it('pages through a board of more stations than a page, from the first page again when the category changes', async () => {
    signIn();
    const many = Array.from({ length: 250 }, (_, i) => ({ ...checked.board[1]!, rank: i + 1, my_callsign: `K${i}AA` }));
    const api = fakeApi({
      'POST /vscores': { body: board(CQ_WW) },
      'GET /vcontest/cq-ww-dx-cw-2026/log': { body: log('HIGH') },
      'GET /vcontest/cq-ww-dx-cw-2026/board': (call) => {
        const query = new URLSearchParams(call.path.split('?')[1] ?? '');
        const offset = Number(query.get('offset') ?? 0);
        const rows = query.get('power') === 'LOW' ? many.slice(0, 3) : many;
        return { body: { ...checked, filter: {}, board: rows.slice(offset, offset + 100), offset, total: rows.length } };
      },
    });
    renderApp(routes, '/contests/cq-ww-dx-cw-2026');
    const pages = await screen.findByRole('navigation', { name: 'Board pages' });
    expect(pages.textContent).toBe('Previous 100Stations 1–100 of 250Next 100');
    expect(within(pages).getByRole('button', { name: 'Previous 100' })).toHaveProperty('disabled', true);
    fireEvent.click(within(pages).getByRole('button', { name: 'Next 100' }));
    await waitFor(() => expect(pages.textContent).toBe('Previous 100Stations 101–200 of 250Next 100'));
    fireEvent.click(within(pages).getByRole('button', { name: 'Next 100' }));
    await waitFor(() => expect(pages.textContent).toBe('Previous 100Stations 201–250 of 250Next 100'));
    expect(within(pages).getByRole('button', { name: 'Next 100' })).toHaveProperty('disabled', true);
    const table = screen.getByRole('table', { name: 'CQ World Wide DX Contest CW 2026: claimed and checked scores' });
    expect(within(within(table).getAllByRole('row')[1]!).getAllByRole('cell')[0]!.textContent).toBe('201');
    expect(api.callsTo('GET', '/vcontest/cq-ww-dx-cw-2026/board').map((c) => c.path.split('?')[1] ?? '')).toEqual(expect.arrayContaining(['offset=100', 'offset=200']));
    // A category of 3 stations: its first page, and no pager.
    const filter = screen.getByRole('group', { name: 'Category' });
    fireEvent.change(within(filter).getByLabelText('Power'), { target: { value: 'LOW' } });
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Board pages' })).toBeNull());
    expect(api.callsTo('GET', '/vcontest/cq-ww-dx-cw-2026/board').at(-1)!.path).toBe('/vcontest/cq-ww-dx-cw-2026/board?power=LOW');
  });

  it('is not shown for a contest of simple rules', async () => {
    signIn();
    const api = fakeApi({ 'POST /vscores': { body: board() } });
    renderApp(routes, `/contests/${CONTEST.id}`);
    await screen.findByRole('heading', { level: 2, name: 'Club FT8 Evening' });
    expect(screen.queryByRole('region', { name: /Your log by/ })).toBeNull();
    expect(api.callsTo('GET', '/vcontest/club-ft8-evening-0123456789ab/log')).toEqual([]);
  });
});

describe('the contest form’s values', () => {
  it('sends datetime-local values as UTC and leaves anything else for the server to refuse', () => {
    expect(utcTime('2026-01-05T18:00')).toBe('2026-01-05T18:00:00Z');
    expect(utcTime('2026-01-05T18:00:30')).toBe('2026-01-05T18:00:30Z');
    expect(utcTime('')).toBe('');
    expect(utcTime('tomorrow')).toBe('tomorrow');
  });

  it('sends only the fields changed, and every field of a new contest', () => {
    const before = contestFormValues(CONTEST);
    expect(changedPayload(before, { ...before, modes: 'FT4,  ft8' })).toEqual({ modes: ['FT4', 'FT8'] });
    expect(changedPayload(before, { ...before, modes: 'ft8 FT4' })).toEqual({});
    expect(Object.keys(contestPayload(before)).sort()).toEqual(['duplicate_rule', 'ends_at', 'late_upload_hours', 'modes', 'name', 'points_per_contact', 'repeat', 'rules', 'starts_at']);
    // Real rules decide modes, points and dupes: the simple rules' fields are not sent with them.
    expect(Object.keys(contestPayload({ ...before, rules: 'IARU-HF' })).sort()).toEqual(['ends_at', 'late_upload_hours', 'name', 'repeat', 'rules', 'starts_at']);
    expect(changedPayload(before, { ...before, rules: 'IARU-HF', modes: 'nope' })).toEqual({ rules: 'IARU-HF' });
    expect(changedPayload({ ...before, rules: 'IARU-HF' }, before)).toEqual({ rules: '', modes: ['FT8', 'FT4'], points_per_contact: '2', duplicate_rule: 'call-band' });
  });
});
