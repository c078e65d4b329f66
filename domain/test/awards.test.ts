import { describe, expect, it } from 'vitest';
import {
  AwardsFinalError,
  AwardsNotDueError,
  awardCutoff,
  awardComputationDueAt,
  awardDayStatus,
  awardId,
  awardsDecider,
  computeDailyAwards,
  dueAwardComputations,
  parseAwardId,
  qualifyingAwardQsos,
  subscriptionPeriods,
  hadSubscriptionAt,
  type AwardQso,
  type AwardStation,
  type AwardsEvent,
  type DailyAwardsInput,
} from '../src/awards/index';
import { modeClassOf } from '../src/community/mode-class';
import { foldEvents } from '../src/decider';
import { ValidationError } from '../src/errors';
import * as m from '../src/messages';
import { specFor } from './support/given-when-then';

const DAY = '2025-03-10';
const H = 60 * 60 * 1000;
const at = (iso: string) => new Date(iso);

let n = 0;
/** A QSO of the day at `time` (HH:MM:SS), uploaded `late` ms after its start. */
function qso(station: string, time: string, over: Partial<AwardQso> & { late?: number } = {}): AwardQso {
  const { late = 60_000, ...rest } = over;
  const ts = at(`${DAY}T${time}Z`);
  n += 1;
  return { qdoId: `q${String(n).padStart(4, '0')}`, stationUserId: station, stationCallsign: station.toUpperCase(), ts, mode: 'SSB', dxcc: 0, firstUploadedAt: new Date(ts.getTime() + late), ...rest };
}

const subscriber = (userId: string, over: Partial<AwardStation> = {}): AwardStation => ({
  userId,
  subscriptionChanges: [{ at: '2025-01-01T00:00:00Z', level: 'premium', expiryDate: null }],
  exclusionChanges: [],
  ...over,
});

const input = (qsos: AwardQso[], stations: AwardStation[], cutoff = awardCutoff(DAY, 'final')): DailyAwardsInput => ({ day: DAY, cutoff, qsos, stations });

describe('award timing', () => {
  it('cuts off at the end of the day, and 48 hours later for the final computation; runs five minutes after', () => {
    expect(awardCutoff(DAY, 'provisional').toISOString()).toBe('2025-03-11T00:00:00.000Z');
    expect(awardCutoff(DAY, 'final').toISOString()).toBe('2025-03-13T00:00:00.000Z');
    expect(awardComputationDueAt(DAY, 'provisional').toISOString()).toBe('2025-03-11T00:05:00.000Z');
    expect(awardComputationDueAt(DAY, 'final').toISOString()).toBe('2025-03-13T00:05:00.000Z');
  });

  it('finds the computations due and not yet recorded, oldest first', () => {
    const none = () => 'none' as const;
    expect(dueAwardComputations(at('2025-03-11T00:04:59Z'), none, 1)).toEqual([]);
    expect(dueAwardComputations(at('2025-03-11T00:05:00Z'), none, 1)).toEqual([{ day: DAY, phase: 'provisional' }]);
    // Two days later: the 10th is still provisional-only, the 9th and 8th ... are final-due.
    const statuses: Record<string, 'none' | 'provisional' | 'final'> = { '2025-03-10': 'provisional', '2025-03-09': 'provisional', '2025-03-08': 'final' };
    const due = dueAwardComputations(at('2025-03-12T00:05:00Z'), (d) => statuses[d] ?? 'none', 4);
    expect(due).toEqual([
      { day: '2025-03-09', phase: 'final' },
      { day: '2025-03-11', phase: 'provisional' },
    ]);
    // Past the final time, a day with nothing recorded gets only the final computation.
    expect(dueAwardComputations(at('2025-03-13T00:05:00Z'), none, 3)).toEqual([
      { day: '2025-03-10', phase: 'final' },
      { day: '2025-03-11', phase: 'provisional' },
      { day: '2025-03-12', phase: 'provisional' },
    ]);
  });

  it('names an award by its day and key', () => {
    expect(awardId(DAY, 'cw')).toBe('2025-03-10-cw');
    expect(parseAwardId('2025-03-10-cw')).toEqual({ day: DAY, key: 'cw' });
    expect(parseAwardId('2025-03-10-nope')).toBeNull();
    expect(parseAwardId('latest')).toBeNull();
  });
});

describe('mode classes', () => {
  it('classes CW, voice (with sub-modes and digital voice), SSTV and everything else as data', () => {
    expect(['CW', 'cw', 'PCW'].map(modeClassOf)).toEqual(['CW', 'CW', 'CW']);
    expect(['SSB', 'USB', 'LSB', 'AM', 'FM', 'DIGITALVOICE', 'DMR', 'C4FM', 'DSTAR', 'FREEDV', 'M17'].map(modeClassOf).every((c) => c === 'VOICE')).toBe(true);
    expect(modeClassOf('SSTV')).toBe('SSTV');
    expect(['FT8', 'FT4', 'RTTY', 'PSK31', 'JS8', 'DATA', 'OLIVIA'].map(modeClassOf).every((c) => c === 'DATA')).toBe(true);
  });
});

describe('subscription periods', () => {
  it('lasts from each change to its expiry or the next change; a lapse and a renewal leave a gap', () => {
    const periods = subscriptionPeriods([
      { at: '2025-01-01T00:00:00Z', level: 'premium', expiryDate: '2025-03-10T06:00:00Z' },
      { at: '2025-03-10T12:00:00Z', level: 'premium', expiryDate: null },
      { at: '2025-03-10T18:00:00Z', level: null, expiryDate: null },
      { at: '2025-03-10T20:00:00Z', level: 'free', expiryDate: null },
    ]);
    const had = (time: string) => hadSubscriptionAt(periods, at(`${DAY}T${time}Z`));
    expect([had('05:59:59'), had('06:00:00'), had('11:59:59'), had('12:00:00'), had('17:59:59'), had('18:00:00'), had('21:00:00')]).toEqual([
      true, false, false, true, true, false, false,
    ]);
  });
});

describe('which QSOs count', () => {
  it('counts a QSO uploaded up to 48 hours after its start, not a second later', () => {
    const onTime = qso('a', '10:00:00', { late: 48 * H });
    const late = qso('a', '10:00:01', { late: 48 * H + 1000 });
    expect(qualifyingAwardQsos(input([onTime, late], [subscriber('a')]))).toEqual([onTime]);
  });

  it('counts only what was uploaded by the cut-off', () => {
    const cutoff = awardCutoff(DAY, 'provisional');
    const before = qso('a', '23:00:00', { firstUploadedAt: cutoff });
    const after = qso('a', '23:00:01', { firstUploadedAt: new Date(cutoff.getTime() + 1000) });
    expect(qualifyingAwardQsos(input([before, after], [subscriber('a')], cutoff))).toEqual([before]);
    expect(qualifyingAwardQsos(input([before, after], [subscriber('a')]))).toEqual([before, after]);
  });

  it('counts a QSO only while its station had a valid subscription, and none of a station without one', () => {
    const lapsed = subscriber('a', {
      subscriptionChanges: [
        { at: '2025-01-01T00:00:00Z', level: 'premium', expiryDate: '2025-03-10T08:00:00Z' },
        { at: '2025-03-10T16:00:00Z', level: 'premium', expiryDate: null },
      ],
    });
    const morning = qso('a', '07:59:59');
    const gap = qso('a', '12:00:00');
    const evening = qso('a', '16:00:00');
    const stranger = qso('nobody', '12:00:00');
    expect(qualifyingAwardQsos(input([morning, gap, evening, stranger], [lapsed, subscriber('free', { subscriptionChanges: [] })]))).toEqual([morning, evening]);
  });

  it('ignores subscription changes recorded after the cut-off and QSOs outside the day', () => {
    const cutoff = awardCutoff(DAY, 'provisional');
    const backdated = subscriber('a', { subscriptionChanges: [{ at: '2025-03-11T00:00:01Z', level: 'premium', expiryDate: null }] });
    expect(qualifyingAwardQsos(input([qso('a', '12:00:00')], [backdated], cutoff))).toEqual([]);
    const nextDay: AwardQso = { ...qso('a', '12:00:00'), ts: at('2025-03-11T00:00:00Z') };
    expect(qualifyingAwardQsos(input([nextDay], [subscriber('a')]))).toEqual([]);
  });
});

describe('the winners', () => {
  it('gives each award to the highest count, in catalogue order, leaving out awards nobody qualifies for', () => {
    const qsos = [
      qso('a', '01:00:00', { mode: 'CW', dxcc: 291 }),
      qso('a', '02:00:00', { mode: 'CW', dxcc: 291 }),
      qso('a', '03:00:00', { mode: 'FT8', dxcc: 230 }),
      qso('b', '01:30:00', { mode: 'USB', dxcc: 291 }),
      qso('b', '02:30:00', { mode: 'FM', dxcc: 230 }),
      qso('b', '03:30:00', { mode: 'SSB', dxcc: 1 }),
      qso('b', '04:30:00', { mode: 'SSB', dxcc: 0 }),
    ];
    const awards = computeDailyAwards(input(qsos, [subscriber('a'), subscriber('b')]));
    expect(awards.map((a) => [a.award, a.userId, a.count])).toEqual([
      ['qso', 'b', 4],
      ['dxcc', 'b', 3],
      ['cw', 'a', 2],
      ['voice', 'b', 4],
      ['data', 'a', 1],
    ]);
    expect(awards[0]).toEqual({ award: 'qso', name: 'Most QSOs of the day', shortName: 'QSO', userId: 'b', callsign: 'B', count: 4, reachedAt: `${DAY}T04:30:00.000Z` });
  });

  it('breaks a tie by who reached the count first, then by callsign', () => {
    const first = computeDailyAwards(input([qso('b', '01:00:00'), qso('b', '02:00:00'), qso('a', '01:30:00'), qso('a', '02:30:00')], [subscriber('a'), subscriber('b')]));
    expect(first[0]).toMatchObject({ userId: 'b', count: 2, reachedAt: `${DAY}T02:00:00.000Z` });
    const same = computeDailyAwards(input([qso('b', '01:00:00'), qso('a', '01:00:00')], [subscriber('a'), subscriber('b')]));
    expect(same[0]).toMatchObject({ userId: 'a', callsign: 'A' });
  });

  it('counts DXCC entities once each, reached when the last new one was worked', () => {
    const qsos = [qso('a', '01:00:00', { dxcc: 291 }), qso('a', '02:00:00', { dxcc: 230 }), qso('a', '03:00:00', { dxcc: 291 }), qso('b', '01:00:00', { dxcc: 1 }), qso('b', '01:10:00', { dxcc: 2 })];
    const dxcc = computeDailyAwards(input(qsos, [subscriber('a'), subscriber('b')])).find((a) => a.award === 'dxcc');
    // Both have two entities; Bob reached two at 01:10, Alice at 02:00.
    expect(dxcc).toMatchObject({ userId: 'b', count: 2, reachedAt: `${DAY}T01:10:00.000Z` });
  });

  it('gives nothing to a station excluded from leaderboards as of the cut-off', () => {
    const qsos = [qso('a', '01:00:00'), qso('a', '02:00:00'), qso('b', '03:00:00')];
    const excluded = subscriber('a', { exclusionChanges: [{ at: '2025-02-01T00:00:00Z', excluded: true }] });
    expect(computeDailyAwards(input(qsos, [excluded, subscriber('b')]))[0]).toMatchObject({ userId: 'b', count: 1 });
    // Excluded only after the cut-off: still wins this day.
    const later = subscriber('a', { exclusionChanges: [{ at: '2025-03-20T00:00:00Z', excluded: true }] });
    expect(computeDailyAwards(input(qsos, [later, subscriber('b')]))[0]).toMatchObject({ userId: 'a', count: 2 });
  });

  it('awards nothing when no QSO counts', () => {
    expect(computeDailyAwards(input([qso('a', '01:00:00', { late: 50 * H })], [subscriber('a')]))).toEqual([]);
  });
});

describe('awards decider', () => {
  const given = specFor(awardsDecider);
  const qsos = [qso('a', '01:00:00')];
  const stations = [subscriber('a')];
  const compute = (phase: 'provisional' | 'final', when: string, over: { qsos?: AwardQso[]; day?: string } = {}) =>
    ({ type: 'ComputeDailyAwards', data: { day: over.day ?? DAY, phase, at: when, qsos: over.qsos ?? qsos, stations } }) as const;
  const computed = (phase: 'provisional' | 'final', when: string, awards = computeDailyAwards(input(qsos, stations, awardCutoff(DAY, phase)))): AwardsEvent => ({
    type: 'DailyAwardsComputed',
    data: { day: DAY, phase, cutoff: awardCutoff(DAY, phase).toISOString(), computedAt: when, awards },
  });
  const p = computed('provisional', '2025-03-11T00:05:00Z');
  const f = computed('final', '2025-03-13T00:05:00Z');

  it('records the provisional computation with its cut-off, then the final one', () => {
    given([]).when(compute('provisional', '2025-03-11T00:05:00Z')).then([p]);
    given([p]).when(compute('final', '2025-03-13T00:05:00Z')).then([f]);
    expect(awardDayStatus(foldEvents(awardsDecider, [p]))).toBe('provisional');
    expect(awardDayStatus(foldEvents(awardsDecider, [p, f]))).toBe('final');
  });

  it('takes a provisional computation again as a retry', () => {
    given([p]).when(compute('provisional', '2025-03-11T00:06:00Z')).then([]);
  });

  it('refuses any computation after the final one', () => {
    given([p, f]).when(compute('final', '2025-03-13T00:06:00Z')).thenThrows(AwardsFinalError, m.awardsAlreadyFinal(DAY));
    given([f]).when(compute('provisional', '2025-03-13T00:06:00Z')).thenThrows(AwardsFinalError);
  });

  it('refuses to compute before the cut-off, and a day that is not a date', () => {
    given([]).when(compute('final', '2025-03-12T23:59:59Z')).thenThrows(AwardsNotDueError, m.awardsNotDue(DAY, '2025-03-13T00:00:00.000Z'));
    given([]).when(compute('provisional', '2025-03-11T00:05:00Z', { day: '2025-02-30' })).thenThrows(ValidationError);
  });

  it('records nothing for a day nobody won, but closes a day whose winners went away', () => {
    given([]).when(compute('provisional', '2025-03-11T00:05:00Z', { qsos: [] })).then([]);
    given([]).when(compute('final', '2025-03-13T00:05:00Z', { qsos: [qso('nobody', '01:00:00')] })).then([]);
    given([p]).when(compute('final', '2025-03-13T00:05:00Z', { qsos: [] })).then([computed('final', '2025-03-13T00:05:00Z', [])]);
  });
});
