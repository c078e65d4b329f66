// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ContestSummary } from '@hamlog/domain/community/api-shapes';
import type { ContestCheckAnswer, ContestLoggerAnswer } from '@hamlog/domain/contests/rules/api';
import { MESSAGES } from '@/config/messages';
import { Logger } from '@/features/logger/components/logger';
import { fakeApi, renderApp, resetApp, signIn, type ApiCall } from '@/testing/app-test-kit';

const HOUR = 3_600_000;

function contest(patch: Partial<ContestSummary>): ContestSummary {
  return {
    id: 'club-cq-ww',
    name: 'Club CQ WW',
    starts_at: new Date(Date.now() - HOUR).toISOString(),
    ends_at: new Date(Date.now() + 47 * HOUR).toISOString(),
    modes: ['CW'],
    points_per_contact: 1,
    duplicate_rule: 'call-band',
    late_upload_hours: 0,
    repeat: 'none',
    organiser_user_id: 'someone',
    rules: 'CQ-WW-CW',
    ...patch,
  };
}

const RST = { id: 'rst', kind: 'rst', label: 'RST' } as const;
const SERIAL = { id: 'serial', kind: 'serial', label: 'Nr' } as const;
const ZONE = { id: 'zone', kind: 'cq-zone', label: 'Zone' } as const;
const score = (qsos: number) => ({ qsos, points: qsos * 3, multipliers: qsos * 2, score: qsos * 3 * qsos * 2 });

function start(qsos: number): ContestLoggerAnswer {
  return {
    contest: contest({}),
    rules: { cabrillo_name: 'CQ-WW-CW', name: 'CQ World Wide DX Contest, CW', bands: ['20m'], modes: ['CW'] },
    station: { call: 'K9CTS' },
    sent_fields: [RST, SERIAL, ZONE],
    sent_defaults: { zone: '4' },
    received_fields: [RST, SERIAL, ZONE],
    next_serial: qsos + 7,
    rate_10: qsos,
    rate_60: qsos + 5,
    score: score(qsos),
  };
}

function checked(call: ApiCall, logged: number): ContestCheckAnswer {
  const body = call.body as { call: string; received: Record<string, string> };
  const figures = { next_serial: logged + 7, rate_10: logged, rate_60: logged + 5, score: score(logged), received_fields: [RST, SERIAL, ZONE] };
  if (body.call === 'DL1ABC') return { dupe: true, counts: false, points: 0, new_multipliers: [], problem: 'Worked before on this band', ...figures };
  const zone = body.received.zone;
  return { dupe: false, counts: true, points: 3, new_multipliers: zone ? [`Zones ${zone} (20m)`] : [], problem: null, ...figures };
}

const callInput = () => screen.getByPlaceholderText(MESSAGES.callPlaceholder) as HTMLInputElement;
const box = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe("the logger's contest mode", () => {
  beforeEach(() => {
    resetApp();
    signIn();
  });
  afterEach(resetApp);

  it('offers the contests of real rules running now, shows the boxes in order, flags before Enter, logs the exchange and counts the serial up', async () => {
    let logged = 0;
    const api = fakeApi({
      'POST /vdxcc-entity-distinct/': { body: [] },
      'POST /vrigcontrol/get': { body: { freq: 0, mode: '', op_mode: 0, rig_name: '' } },
      'GET /vcontests': {
        body: {
          contests: [
            contest({}),
            contest({ id: 'simple', name: 'Members FT8 night', rules: '' }),
            contest({ id: 'over', name: 'Last week’s sprint', starts_at: new Date(Date.now() - 200 * HOUR).toISOString(), ends_at: new Date(Date.now() - 100 * HOUR).toISOString() }),
          ],
        },
      },
      'GET /vcontest/club-cq-ww/logger': () => ({ body: start(logged) }),
      'POST /vcontest/club-cq-ww/check': (call) => ({ body: checked(call, logged) }),
      'POST /vqso/upsert': () => {
        logged += 1;
        return { status: 201, body: { qdo_id: `q${logged}`, duplicate: false } };
      },
    });
    renderApp(<Logger autoFocus />, '/logger');
    const picker = (await screen.findByLabelText('Contest mode')) as HTMLSelectElement;
    await waitFor(() => expect(within(picker).getAllByRole('option').map((o) => o.textContent)).toEqual(['Off', 'Club CQ WW']));
    fireEvent.change(picker, { target: { value: 'club-cq-ww' } });

    // What goes out: the serial from the server, the station's zone; what comes in, after the reports.
    await waitFor(() => expect(box('Sent Nr').value).toBe('7'));
    expect(box('Sent Zone').value).toBe('4');
    const labels = [...document.querySelectorAll('.logger-grid label')].map((l) => l.textContent);
    expect(labels.slice(0, 6)).toEqual(['Call', 'SNT', 'RCV', 'Nr', 'Zone', 'Name']);
    expect(screen.getByLabelText('Contest figures').textContent).toContain('0 = 0 points × 0 multipliers (0 QSOs)');

    fireEvent.change(screen.getByLabelText('Mode'), { target: { value: 'CW' } });
    fireEvent.change(callInput(), { target: { value: 'ja1abc' } });
    fireEvent.change(box('Nr'), { target: { value: '12' } });
    fireEvent.change(box('Zone'), { target: { value: '25' } });
    const flags = screen.getByRole('status', { name: 'Before Enter' });
    await waitFor(() => expect(within(flags).getAllByRole('listitem').map((f) => f.textContent)).toEqual(['New multiplier: Zones 25 (20m)', '3 points']));

    // Logged (the browser journey presses Enter in the box), with the exchange in its ADIF fields.
    fireEvent.submit(box('Zone').form!);
    await screen.findByText('Logged JA1ABC.');
    const [upsert] = api.callsTo('POST', '/vqso/upsert');
    expect(upsert?.body).toMatchObject({ data: { Call: 'JA1ABC', SNT: '599', RCV: '599', cq_zone: '25', ContestName: 'CQ-WW-CW', adif: { STX: '7', MY_CQ_ZONE: '4', SRX: '12' } } });
    expect(box('Zone').value).toBe('');
    expect(box('Nr').value).toBe('');
    expect(box('Sent Nr').value).toBe('8');
    await waitFor(() => expect(screen.getByLabelText('Contest figures').textContent).toContain('6 = 3 points × 2 multipliers (1 QSOs)'));

    // A dupe is flagged before Enter.
    fireEvent.change(callInput(), { target: { value: 'DL1ABC' } });
    await waitFor(() => expect(within(flags).getAllByRole('listitem').map((f) => f.textContent)).toEqual(['Dupe: Worked before on this band']));
    expect(localStorage.getItem('contest_mode')).toBe('club-cq-ww');

    // Off: the boxes go, the plain logger stays.
    fireEvent.change(picker, { target: { value: '' } });
    expect(screen.queryByLabelText('Sent Nr')).toBeNull();
    expect(screen.queryByLabelText('Zone')).toBeNull();
    expect(localStorage.getItem('contest_mode')).toBeNull();
  });
});
