import { describe, expect, it } from 'vitest';
import type { ContestSummary } from '@hamlog/domain/community/api-shapes';
import type { ContestCheckAnswer } from '@hamlog/domain/contests/rules/api';
import { contestCandidate, contestFlags, exchangeBoxes, offeredContests, scoreText, sentValues, serialAfter } from './contest-mode';

const NOW = Date.parse('2026-11-28T12:00:00Z');
const summary = (id: string, starts: string, ends: string, rules = 'CQ-WW-CW'): ContestSummary => ({
  id,
  name: id,
  starts_at: starts,
  ends_at: ends,
  modes: [],
  points_per_contact: 1,
  duplicate_rule: 'call',
  late_upload_hours: 0,
  repeat: 'none',
  organiser_user_id: null,
  rules,
});
const figures = { next_serial: 1, rate_10: 0, rate_60: 0, score: { qsos: 0, points: 0, multipliers: 0, score: 0 }, received_fields: [] };

describe('contest mode', () => {
  it('offers contests of real rules from a day before they start until they end, soonest first, and always the chosen one', () => {
    const contests = [
      summary('tomorrow', '2026-11-29T06:00:00Z', '2026-11-29T12:00:00Z'),
      summary('now', '2026-11-28T00:00:00Z', '2026-11-30T00:00:00Z'),
      summary('next-week', '2026-12-05T00:00:00Z', '2026-12-06T00:00:00Z'),
      summary('ended', '2026-11-27T00:00:00Z', '2026-11-28T11:59:00Z'),
      summary('simple', '2026-11-28T00:00:00Z', '2026-11-30T00:00:00Z', ''),
    ];
    expect(offeredContests(contests, NOW, null).map((c) => c.id)).toEqual(['now', 'tomorrow']);
    expect(offeredContests(contests, NOW, 'ended').map((c) => c.id)).toEqual(['ended', 'now', 'tomorrow']);
  });

  it('sends what the operator set, else the station default, and the serial counting up', () => {
    const fields = [
      { id: 'rst', kind: 'rst', label: 'RST' },
      { id: 'nr', kind: 'serial', label: 'Nr' },
      { id: 'zone', kind: 'cq-zone', label: 'Zone' },
      { id: 'state', kind: 'state-province', label: 'State' },
    ] as const;
    expect(exchangeBoxes(fields).map((f) => f.id)).toEqual(['nr', 'zone', 'state']);
    expect(sentValues(fields, { state: 'CT' }, { zone: '5' }, '12')).toEqual({ nr: '12', zone: '5', state: 'CT' });
    expect(sentValues(fields, { zone: '4' }, { zone: '5' }, '12')).toEqual({ nr: '12', zone: '4', state: '' });
    expect([serialAfter('12'), serialAfter('0099'), serialAfter('')]).toEqual(['13', '100', '']);
  });

  it('asks about a contact once the call and frequency are usable', () => {
    expect(contestCandidate('ja1abc', '14.025', 'CW', { zone: '25', nr: '' })).toEqual({ call: 'JA1ABC', freq_khz: 14025, mode: 'CW', received: { zone: '25' } });
    expect(contestCandidate('JA', '14.025', 'CW', {})).toBeNull();
    expect(contestCandidate('JA1ABC', '', 'CW', {})).toBeNull();
  });

  it('flags a dupe alone, else each new multiplier and the points or why it does not count', () => {
    const base: ContestCheckAnswer = { dupe: false, counts: true, points: 3, new_multipliers: [], problem: null, ...figures };
    expect(contestFlags({ ...base, dupe: true, counts: false, points: 0, problem: 'Worked before on this band' })).toEqual([{ tone: 'danger', text: 'Dupe: Worked before on this band' }]);
    expect(contestFlags({ ...base, new_multipliers: ['Zones 25 (20m)', 'Countries Japan (20m)'] }).map((f) => f.text)).toEqual(['New multiplier: Zones 25 (20m)', 'New multiplier: Countries Japan (20m)', '3 points']);
    expect(contestFlags({ ...base, points: 1 }).map((f) => f.text)).toEqual(['1 point']);
    expect(contestFlags({ ...base, counts: false, points: 0, problem: 'This time is outside the contest' })).toEqual([{ tone: 'danger', text: 'This time is outside the contest' }]);
  });

  it('writes the claimed score with its parts', () => {
    expect(scoreText({ qsos: 1234, points: 3000, multipliers: 150, score: 450000 })).toBe('450,000 = 3,000 points × 150 multipliers (1,234 QSOs)');
  });
});
