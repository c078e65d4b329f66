// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ContestBoardAnswer, ContestRow } from '@hamlog/domain/community/api-shapes';
import { CONTEST_REFRESH_MS } from '@hamlog/domain/community/rules';
import { newCustomRulesSpec } from '@hamlog/domain/contests/rules/custom-rules-spec';
import { fakeApi, renderApp, resetApp, signIn } from '@/testing/app-test-kit';
import { contestBoardQueryOptions } from '../api/get-contest-board';
import { contestRules, contestWindow, frequencyKhz, lastQsoAgo, qsoRate } from '../utils/format';
import { NO_CONTACTS_YET, SCORES_LOAD_FAILED } from './contest-board-frame';
import { MembersBoard } from './members-board';
import { StreamersBoard } from './streamers-board';

function row(patch: Partial<ContestRow> = {}): ContestRow {
  return {
    rank: 1,
    my_callsign: 'W1AW',
    name: 'Hiram',
    profile_image_name: 'missing.JPG',
    contacts: 42,
    number_of_contacts: 42,
    points: 42,
    freq: 14074,
    last_qso_time_in_seconds: 12,
    last_qso_time_in_minutes: 0,
    last_10_min_avg: 1.5,
    ...patch,
  };
}

function board(rows: ContestRow[]): ContestBoardAnswer {
  return {
    contest: {
      id: 'ft-2024-11',
      name: 'Members FT4/FT8 contest',
      starts_at: '2024-11-02T09:00:00Z',
      ends_at: '2024-11-02T21:00:00Z',
      modes: ['FT4', 'FT8'],
      points_per_contact: 1,
      duplicate_rule: 'call',
      late_upload_hours: 0,
      repeat: 'none',
      organiser_user_id: null,
      rules: '',
    },
    contest_lb: rows,
    generated_at: '2024-11-02T12:00:00Z',
  };
}

const cells = (r: HTMLElement) => within(r).getAllByRole('cell').map((c) => c.textContent);

describe('contest boards', () => {
  beforeEach(resetApp);
  afterEach(resetApp);

  it('/scores lists rank, call (linking to the station), picture, name and contacts under the contest and its window', async () => {
    signIn();
    const api = fakeApi({
      'POST /vscores': {
        body: board([row(), row({ rank: 2, my_callsign: 'W1AW/P', name: 'Portable op', profile_image_name: 'w1awp.jpg', contacts: 7 })]),
      },
    });
    renderApp(<MembersBoard />, '/scores', '/scores');
    expect(await screen.findByRole('heading', { name: 'Members FT4/FT8 contest' })).toBeTruthy();
    expect(screen.getByText('2 Nov 2024, 09:00–21:00 UTC (12 hours)')).toBeTruthy();
    expect(screen.getByText('FT4/FT8 · 1 point per contact · contacts on separate bands not permitted')).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Rank', 'Call', 'Picture', 'Name', 'Contacts']);
    const [first, second] = screen.getAllByRole('row').slice(1);
    expect(cells(first!)).toEqual(['1', 'W1AW', 'W1', 'Hiram', '42']);
    expect(cells(second!)).toEqual(['2', 'W1AW/P', '', 'Portable op', '7']);
    expect(within(second!).getByRole('link', { name: 'W1AW/P' }).getAttribute('href')).toBe('/W1AW%2FP');
    expect(second!.querySelector('img')?.getAttribute('src')).toBe('/media/w1awp.jpg');
    expect(api.callsTo('POST', '/vscores')).toHaveLength(1);
  });

  it('/megastream lists operator, kHz, contacts, seconds under a minute or minutes since the last QSO, and the 10-minute rate', async () => {
    const api = fakeApi({
      'POST /vscores4megastream': {
        body: board([
          row({ my_callsign: 'K1JT', name: 'Joe', freq: 7074.5, number_of_contacts: 120, last_qso_time_in_seconds: 59, last_qso_time_in_minutes: 0, last_10_min_avg: 2.25 }),
          row({ rank: 2, my_callsign: 'DL1ABC', name: '', freq: null, number_of_contacts: 3, last_qso_time_in_seconds: 60, last_qso_time_in_minutes: 1, last_10_min_avg: 0 }),
          row({ rank: 3, my_callsign: 'G4XYZ', freq: 14074, number_of_contacts: 9, last_qso_time_in_seconds: 1_500, last_qso_time_in_minutes: 25 }),
        ]),
      },
    });
    renderApp(<StreamersBoard />, '/megastream', '/megastream');
    await screen.findByRole('link', { name: 'K1JT' });
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['#', 'Operator', 'kHz', 'QSOs', 'Last QSO', 'QSO/min']);
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map(cells)).toEqual([
      ['1', 'K1JTJoe', '7074.5', '120', '59s ago', '2.3'],
      ['2', 'DL1ABC', '—', '3', '1 min ago', '0.0'],
      ['3', 'G4XYZHiram', '14074', '9', '25 min ago', '1.5'],
    ]);
    expect(api.callsTo('POST', '/vscores4megastream')).toHaveLength(1);
  });

  it('says when nobody has a contact yet, and shows the error when the board cannot be read', async () => {
    fakeApi({ 'POST /vscores4megastream': { body: board([]) } });
    renderApp(<StreamersBoard />, '/megastream', '/megastream');
    expect(await screen.findByText(NO_CONTACTS_YET)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();

    resetApp();
    signIn();
    fakeApi({ 'POST /vscores': { status: 500, body: { message: 'down' } } });
    renderApp(<MembersBoard />, '/scores', '/scores');
    expect((await screen.findByRole('alert')).textContent).toBe(SCORES_LOAD_FAILED);
  });

  it('refreshes every 10 s, never from a cache', () => {
    for (const kind of ['members', 'streamers'] as const) {
      expect(contestBoardQueryOptions(kind)).toMatchObject({ refetchInterval: CONTEST_REFRESH_MS, staleTime: 0 });
    }
  });
});

describe('contest board texts', () => {
  it('shows seconds under a minute and whole minutes from a minute on', () => {
    const at = (seconds: number, minutes: number) => lastQsoAgo({ number_of_contacts: 1, last_qso_time_in_seconds: seconds, last_qso_time_in_minutes: minutes });
    expect(at(0, 0)).toBe('0s ago');
    expect(at(59, 0)).toBe('59s ago');
    expect(at(60, 1)).toBe('1 min ago');
    expect(at(119, 1)).toBe('1 min ago');
    expect(at(3_600, 60)).toBe('60 min ago');
    expect(lastQsoAgo({ number_of_contacts: 0, last_qso_time_in_seconds: 0, last_qso_time_in_minutes: 0 })).toBe('—');
  });

  it('writes the window, the rules, the rate and the frequency', () => {
    expect(contestWindow({ starts_at: '2024-12-31T22:00:00Z', ends_at: '2025-01-01T04:30:00Z' })).toBe('31 Dec 2024 22:00 UTC – 1 Jan 2025 04:30 UTC (6.5 hours)');
    expect(contestRules({ modes: ['CW'], points_per_contact: 2, duplicate_rule: 'call-band', late_upload_hours: 0, rules: '' })).toBe('CW · 2 points per contact · each station once per band');
    // Real rules say whose; the simple rules' fields mean nothing then.
    expect(contestRules({ modes: ['CW'], points_per_contact: 1, duplicate_rule: 'call', late_upload_hours: 0, rules: 'CQ-WW-CW' })).toBe('Scored by the rules of CQ World Wide DX Contest CW');
    expect(contestRules({ modes: ['CW'], points_per_contact: 1, duplicate_rule: 'call', late_upload_hours: 24, rules: 'CUSTOM', custom_rules: { ...newCustomRulesSpec(), name: 'Club Sprint 2026' } })).toBe(
      'Scored by the organiser’s own rules: Club Sprint 2026 · logs uploaded up to 24 hours after the end count',
    );
    expect(contestRules({ modes: [], points_per_contact: 1, duplicate_rule: 'none', late_upload_hours: 48, rules: '' })).toBe(
      '1 point per contact · every contact counts · logs uploaded up to 48 hours after the end count',
    );
    expect(qsoRate(0.04)).toBe('0.0');
    expect(qsoRate(3)).toBe('3.0');
    expect(frequencyKhz(14074.123)).toBe('14074.123');
    expect(frequencyKhz(0)).toBe('—');
  });
});
