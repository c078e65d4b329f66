// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ContestBoardAnswer, ContestSummary } from '@hamlog/domain/community/api-shapes';
import {
  CUSTOM_BANDS_INVALID,
  customExchangeKindTwice,
  CUSTOM_OFF_TIME_HOURS_INVALID,
  customPointsBandsTaken,
  CUSTOM_POINTS_INVALID,
} from '@hamlog/domain/contests/rules/custom-rules-messages';
import { newCustomRulesSpec, type CustomRulesSpec } from '@hamlog/domain/contests/rules/custom-rules-spec';
import { routes } from '@/app/router';
import { fakeApi, renderApp, resetApp, signIn, typeInto } from '@/testing/app-test-kit';
import { NOTHING_CHANGED } from '@/features/contest-scores/components/contest-form';

/**
 * The club sprint's start (CW and phone) made a zone hunt: 40 and 20 m, RST and zone, points per
 * mode (CW between continents 8 on 40 m, 5 on 20 m), zones per band, single operators 36 hours.
 */
const SPEC: CustomRulesSpec = {
  ...newCustomRulesSpec(),
  name: 'Zone Hunt',
  cabrillo_name: 'ZONE-HUNT',
  bands: ['40m', '20m'],
  exchange: [
    { kind: 'rst', label: 'RST' },
    { kind: 'cq-zone', label: 'Zone' },
  ],
  points: [
    { modes: 'CW', bands: ['40m'], same_country: 1, same_continent: 3, other_continent: 8 },
    { modes: 'CW', same_country: 1, same_continent: 3, other_continent: 5 },
    { modes: 'PH', same_country: 0, same_continent: 1, other_continent: 2 },
  ],
  multipliers: [{ kind: 'cq-zone', per: 'band' }],
  dupes: 'band-mode',
  off_time: { max_hours: 36, min_break_minutes: 60 },
};
/** SPEC's points and off time as the form sends them: as typed. */
const SENT_POINTS = [
  { modes: 'CW', bands: ['40m'], same_country: '1', same_continent: '3', other_continent: '8' },
  { modes: 'CW', same_country: '1', same_continent: '3', other_continent: '5' },
  { modes: 'PH', same_country: '0', same_continent: '1', other_continent: '2' },
];
const SENT_OFF_TIME = { max_hours: '36', min_break_minutes: '60' };

const CONTEST: ContestSummary = {
  id: 'zone-hunt-0123456789ab',
  name: 'Zone Hunt 2026',
  starts_at: '2026-03-07T18:00:00Z',
  ends_at: '2026-03-07T20:00:00Z',
  modes: [],
  points_per_contact: 1,
  duplicate_rule: 'call',
  late_upload_hours: 48,
  repeat: 'none',
  organiser_user_id: 'u1',
  rules: 'CUSTOM',
  custom_rules: SPEC,
};

const board = (contest: ContestSummary = CONTEST): ContestBoardAnswer => ({ contest, contest_lb: [], generated_at: '2026-03-07T19:00:00Z' });
const checkbox = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
const bandOf = (group: string, band: string) => within(screen.getByRole('group', { name: group })).getByRole('checkbox', { name: band }) as HTMLInputElement;
const errorOf = (label: string) => document.getElementById(screen.getByLabelText(label).getAttribute('aria-describedby')!.split(' ').at(-1)!)?.textContent;

async function newContestWithCustomRules() {
  signIn();
  renderApp(routes, '/contests/new');
  await screen.findByRole('heading', { level: 1, name: 'Create a contest' });
  expect(screen.queryByRole('region', { name: 'Custom rules' })).toBeNull();
  fireEvent.change(screen.getByLabelText('Rules'), { target: { value: 'CUSTOM' } });
  return screen.findByRole('region', { name: 'Custom rules' });
}

describe('the custom rules builder', () => {
  beforeEach(resetApp);
  afterEach(resetApp);

  it('builds the rules from the pieces: bands, modes, the exchange in order, points per mode and band, multipliers, dupes and off time', async () => {
    const api = fakeApi({ 'POST /vcontest/create': { status: 201, body: { contest: CONTEST } }, 'POST /vscores': { body: board() } });
    const builder = await newContestWithCustomRules();
    typeInto('Name', 'Zone Hunt 2026');
    typeInto('Starts (UTC)', '2026-03-07T18:00');
    typeInto('Ends (UTC)', '2026-03-07T20:00');
    typeInto('Rules name', 'Zone Hunt');
    typeInto('Cabrillo name', 'zone-hunt');
    // A club sprint's pieces to start from: 80-10 m, CW and phone, RST and serial.
    expect(within(builder).getAllByRole('checkbox', { checked: true }).map((box) => box.getAttribute('value') ?? (box as HTMLInputElement).name)).toEqual(
      ['80m', '40m', '20m', '15m', '10m', 'CW', 'PH', 'custom_rules.multipliers.0.kind'],
    );
    for (const band of ['80m', '15m', '10m']) fireEvent.click(checkbox(band));
    expect((screen.getByLabelText('Field 1') as HTMLSelectElement).value).toBe('rst');
    expect((screen.getByLabelText('Field 2') as HTMLSelectElement).value).toBe('serial');

    // A third field (the first kind not yet there), moved up, keeps the keyboard's focus; the serial goes.
    fireEvent.click(screen.getByRole('button', { name: 'Add a field' }));
    expect((screen.getByLabelText('Field 3') as HTMLSelectElement).value).toBe('cq-zone');
    typeInto('Label of field 3', 'Zone');
    fireEvent.click(screen.getByRole('button', { name: 'Move field 3 (Zone) up' }));
    expect((screen.getByLabelText('Field 2') as HTMLSelectElement).value).toBe('cq-zone');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move field 2 (Zone) up' })));
    fireEvent.click(screen.getByRole('button', { name: 'Remove field 3 (Nr)' }));
    expect(screen.getByRole('button', { name: 'Move field 1 (RST) up' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Move field 2 (Zone) down' })).toHaveProperty('disabled', true);

    // Points per mode group of the contest's modes.
    fireEvent.click(checkbox('Different points per mode (CW, phone, digital)'));
    typeInto('Same continent (CW)', '3');
    typeInto('Other continent (CW)', '5');
    typeInto('Same country (Phone)', '0');
    typeInto('Other continent (Phone)', '2');
    expect(screen.queryByLabelText('Same country (Digital)')).toBeNull();

    // CW points for some bands: a row tried before CW's, starting from its values, its bands among the contest's.
    fireEvent.click(screen.getByRole('button', { name: 'Add points for some bands (CW)' }));
    const cwRow = screen.getByRole('group', { name: 'CW band row 1: bands' });
    expect(within(cwRow).getAllByRole('checkbox').map((box) => box.getAttribute('value'))).toEqual(['40m', '20m']);
    await waitFor(() => expect(document.activeElement).toBe(bandOf('CW band row 1: bands', '40m')));
    fireEvent.click(bandOf('CW band row 1: bands', '40m'));
    expect((screen.getByLabelText('Same continent (CW band row 1)') as HTMLInputElement).value).toBe('3');
    typeInto('Other continent (CW band row 1)', '8');
    // One for phone, removed again: the keyboard goes back to its button.
    fireEvent.click(screen.getByRole('button', { name: 'Add points for some bands (Phone)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Phone band row 1' }));
    expect(screen.queryByRole('group', { name: 'Phone band row 1: bands' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add points for some bands (Phone)' })));

    // Single operators' off time: the hours typed, the shortest break as it starts.
    expect(screen.queryByLabelText('Hours on the air at most')).toBeNull();
    fireEvent.click(checkbox('Single operators have an off-time limit'));
    typeInto('Hours on the air at most', '36');
    expect((screen.getByLabelText('Shortest off time (minutes)') as HTMLInputElement).value).toBe('60');

    // CQ zones per band instead of DXCC entities.
    fireEvent.click(checkbox('DXCC entities'));
    fireEvent.click(checkbox('CQ zones'));
    expect((screen.getByLabelText('CQ zones: counted') as HTMLSelectElement).value).toBe('band');
    fireEvent.change(screen.getByLabelText('Dupes'), { target: { value: 'band-mode' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create contest' }));

    await waitFor(() => expect(api.callsTo('POST', '/vcontest/create')).toHaveLength(1));
    const sent = api.callsTo('POST', '/vcontest/create')[0]!.body as { rules: string; custom_rules: unknown };
    expect(sent.rules).toBe('CUSTOM');
    expect(sent.custom_rules).toEqual({ ...SPEC, points: SENT_POINTS, off_time: SENT_OFF_TIME });
  });

  it('shows the server’s messages under the pieces they are about, focuses the first, and clears one when it changes', async () => {
    fakeApi({
      'POST /vcontest/create': {
        status: 422,
        body: {
          message: CUSTOM_BANDS_INVALID,
          errors: {
            'custom_rules.bands': [CUSTOM_BANDS_INVALID],
            'custom_rules.exchange.1.kind': [customExchangeKindTwice('RST')],
            'custom_rules.points.0.other_continent': [CUSTOM_POINTS_INVALID],
          },
        },
      },
    });
    const builder = await newContestWithCustomRules();
    fireEvent.click(screen.getByRole('button', { name: 'Create contest' }));

    const bands = within(builder).getByRole('group', { name: 'Bands' });
    await waitFor(() => expect(bands.getAttribute('aria-describedby')).toBeTruthy());
    expect(document.getElementById(bands.getAttribute('aria-describedby')!)?.textContent).toBe(CUSTOM_BANDS_INVALID);
    expect(errorOf('Field 2')).toBe(customExchangeKindTwice('RST'));
    expect(errorOf('Other continent')).toBe(CUSTOM_POINTS_INVALID);
    await waitFor(() => expect(document.activeElement).toBe(checkbox('160m')));
    expect(screen.queryByRole('alert')).toBeNull();

    typeInto('Other continent', '3');
    expect(screen.getByLabelText('Other continent').getAttribute('aria-invalid')).toBeNull();
    expect(errorOf('Field 2')).toBe(customExchangeKindTwice('RST'));
  });

  it('shows a contest’s own rules when it is edited, and sends them only when they changed', async () => {
    signIn();
    const api = fakeApi({
      'POST /vscores': { body: board() },
      // The first save is refused: the messages show under the band row and the off time by their paths.
      'POST /vcontest/update': (call) =>
        api.callsTo('POST', '/vcontest/update').length === 1
          ? { status: 422, body: { message: CUSTOM_OFF_TIME_HOURS_INVALID, errors: { 'custom_rules.points.0.bands': [customPointsBandsTaken(['40m'])], 'custom_rules.off_time.max_hours': [CUSTOM_OFF_TIME_HOURS_INVALID] } } }
          : { body: { contest: { ...CONTEST, custom_rules: (call.body as { custom_rules: CustomRulesSpec }).custom_rules } } },
    });
    renderApp(routes, `/contests/${CONTEST.id}/edit`);
    await screen.findByRole('region', { name: 'Custom rules' });
    expect((screen.getByLabelText('Rules name') as HTMLInputElement).value).toBe('Zone Hunt');
    expect((screen.getByLabelText('Field 2') as HTMLSelectElement).value).toBe('cq-zone');
    expect((screen.getByLabelText('Other continent (CW)') as HTMLInputElement).value).toBe('5');
    expect((screen.getByLabelText('Same country (Phone)') as HTMLInputElement).value).toBe('0');
    expect(checkbox('Different points per mode (CW, phone, digital)').checked).toBe(true);
    expect([bandOf('Bands', '40m').checked, bandOf('Bands', '80m').checked, checkbox('CQ zones').checked, checkbox('DXCC entities').checked]).toEqual([true, false, true, false]);
    expect([bandOf('CW band row 1: bands', '40m').checked, bandOf('CW band row 1: bands', '20m').checked]).toEqual([true, false]);
    expect((screen.getByLabelText('Other continent (CW band row 1)') as HTMLInputElement).value).toBe('8');
    expect(screen.queryByRole('group', { name: 'Phone band row 1: bands' })).toBeNull();
    expect(checkbox('Single operators have an off-time limit').checked).toBe(true);
    expect((screen.getByLabelText('Hours on the air at most') as HTMLInputElement).value).toBe('36');
    expect((screen.getByLabelText('Dupes') as HTMLSelectElement).value).toBe('band-mode');

    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect((await screen.findByRole('alert')).textContent).toBe(NOTHING_CHANGED);
    fireEvent.change(screen.getByLabelText('Dupes'), { target: { value: 'contest' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(errorOf('Hours on the air at most')).toBe(CUSTOM_OFF_TIME_HOURS_INVALID));
    const cwRow = screen.getByRole('group', { name: 'CW band row 1: bands' });
    expect(document.getElementById(cwRow.getAttribute('aria-describedby')!)?.textContent).toBe(customPointsBandsTaken(['40m']));
    await waitFor(() => expect(document.activeElement).toBe(bandOf('CW band row 1: bands', '40m')));

    // Unticking the limit and ticking it again keeps its values; the spec round-trips.
    fireEvent.click(checkbox('Single operators have an off-time limit'));
    fireEvent.click(checkbox('Single operators have an off-time limit'));
    expect(screen.getByLabelText('Hours on the air at most').getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.callsTo('POST', '/vcontest/update')).toHaveLength(2));
    const body = api.callsTo('POST', '/vcontest/update')[1]!.body as { contest_id: string; custom_rules: CustomRulesSpec };
    expect(Object.keys(body)).toEqual(['contest_id', 'custom_rules']);
    expect(body.custom_rules).toEqual({ ...SPEC, points: SENT_POINTS, off_time: SENT_OFF_TIME, dupes: 'contest' });
  });
});
