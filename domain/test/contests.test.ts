import { describe, expect, it } from 'vitest';
import type { CommunityUserSummary } from '../src/community/api-shapes';
import {
  builtInContest,
  CONTEST_ID_PATTERN,
  contestIdFor,
  contestOccurrence,
  contestStreamName,
  contestSummary,
  DEFAULT_CONTEST_ID,
  MEGASTREAM,
  MEMBERS_FT4_FT8_2024,
  type Contest,
  type ContestDefinition,
} from '../src/contests/index';
import {
  contestDecider,
  ContestExistsError,
  ContestNotFoundError,
  ContestNotOrganiserError,
  type ContestEvent,
} from '../src/contests/decider';
import { contestQsosFromLog, type LoggedEvent } from '../src/contests/qso-log';
import {
  contestAdifModes,
  contestBoard,
  contestBoardAnswer,
  contestWindow,
  tallyContest,
  type ContestQso,
  type StationTally,
} from '../src/contests/scoring';
import { parseContestInput } from '../src/contests/validation';
import { foldEvents } from '../src/decider';
import * as m from '../src/messages';
import type { QsoEvent } from '../src/qso/decider';
import { specFor } from './support/given-when-then';
import { sampleFields } from './support/qso-fixtures';

const given = specFor(contestDecider);
const at = '2025-03-01T10:00:00Z';
const sprint: ContestDefinition = {
  name: 'Club Sprint',
  startsAt: '2025-03-08T18:00:00Z',
  endsAt: '2025-03-08T20:00:00Z',
  modes: ['CW'],
  pointsPerContact: 2,
  duplicateRule: 'call-band',
  lateUploadHours: 24,
  repeat: 'none',
};
const id = contestIdFor('alice', sprint.name, sprint.startsAt);
const created: ContestEvent = { type: 'ContestCreated', data: { contestId: id, organiserUserId: 'alice', definition: sprint, at } };
const create = (organiserUserId: string, definition: ContestDefinition) =>
  ({ type: 'CreateContest', data: { contestId: id, organiserUserId, definition, at } }) as const;
const update = (byUserId: string, definition: ContestDefinition) =>
  ({ type: 'UpdateContest', data: { contestId: id, byUserId, definition, at: '2025-03-02T10:00:00Z' } }) as const;

describe('contest decider', () => {
  it('creates a contest; a resent create changes nothing', () => {
    given([]).when(create('alice', sprint)).then([created]);
    given([created]).when(create('alice', sprint)).then([]);
  });

  it('refuses a create whose id already holds other rules', () => {
    given([created]).when(create('alice', { ...sprint, endsAt: '2025-03-08T21:00:00Z' })).thenThrows(ContestExistsError, m.CONTEST_EXISTS);
    given([created]).when(create('bob', sprint)).thenThrows(ContestExistsError);
  });

  it('lets only the organiser change it; the same rules again write nothing', () => {
    const longer = { ...sprint, endsAt: '2025-03-08T21:00:00Z' };
    given([created]).when(update('alice', longer)).then([{ type: 'ContestUpdated', data: { contestId: id, definition: longer, at: '2025-03-02T10:00:00Z' } }]);
    given([created]).when(update('alice', sprint)).then([]);
    given([created]).when(update('bob', longer)).thenThrows(ContestNotOrganiserError, m.CONTEST_NOT_ORGANISER);
    given([]).when(update('alice', longer)).thenThrows(ContestNotFoundError, m.CONTEST_NOT_FOUND);
  });

  it('folds to the latest rules, keeping the organiser', () => {
    const longer = { ...sprint, endsAt: '2025-03-08T21:00:00Z' };
    const state = foldEvents(contestDecider, [created, { type: 'ContestUpdated', data: { contestId: id, definition: longer, at: '2025-03-02T10:00:00Z' } }]);
    expect(state?.contest).toEqual({ ...longer, id, organiserUserId: 'alice' });
    expect(state?.createdAt).toBe(at);
    expect(state?.updatedAt).toBe('2025-03-02T10:00:00Z');
    expect(contestStreamName(id)).toBe(`contest-${id}`);
  });

  it('derives a readable id from organiser, name and start', () => {
    expect(id).toMatch(/^club-sprint-[0-9a-f]{12}$/);
    expect(id).toMatch(CONTEST_ID_PATTERN);
    expect(contestIdFor('alice', sprint.name, sprint.startsAt)).toBe(id);
    expect(contestIdFor('bob', sprint.name, sprint.startsAt)).not.toBe(id);
    expect(contestIdFor('alice', sprint.name, '2025-03-09T18:00:00Z')).not.toBe(id);
    expect(contestIdFor('alice', '¡¡¡', sprint.startsAt)).toMatch(/^contest-[0-9a-f]{12}$/);
    expect(contestIdFor('alice', 'x'.repeat(80), sprint.startsAt).length).toBeLessThanOrEqual(64);
  });
});

function parsedDefinition(input: Parameters<typeof parseContestInput>[0]): ContestDefinition {
  const parsed = parseContestInput(input);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.value;
}

describe('contest definitions', () => {
  it('reads a create with defaults: every mode, 1 point, a call once whatever the band, 48 hours for late logs', () => {
    const parsed = parseContestInput({ name: '  Club   Sprint ', starts_at: '2025-03-08 18:00', ends_at: '2025-03-08T20:00:00.900Z' });
    expect(parsed).toEqual({
      ok: true,
      value: { name: 'Club Sprint', startsAt: '2025-03-08T18:00:00Z', endsAt: '2025-03-08T20:00:00Z', modes: [], pointsPerContact: 1, duplicateRule: 'call', lateUploadHours: 48, repeat: 'none', rules: '' },
    });
  });

  it("reads a real contest's rules by their Cabrillo name, upper-cased, or '' for the simple rules", () => {
    const base = { name: 'CQ WW CW 2026', starts_at: '2026-11-28T00:00:00Z', ends_at: '2026-11-30T00:00:00Z' };
    expect(parseContestInput({ ...base, rules: ' cq-ww-cw ' })).toMatchObject({ ok: true, value: { rules: 'CQ-WW-CW' } });
    expect(parseContestInput({ ...base, rules: '' })).toMatchObject({ ok: true, value: { rules: '' } });
    const unknown = parseContestInput({ ...base, rules: 'NO-SUCH-TEST' });
    expect(unknown.ok ? null : unknown.errors.rules?.[0]).toMatch(/^rules must be empty \(the simple rules\) or one of CQ-WW-CW, .*ARRL-FD/);
    expect(parseContestInput({ rules: 'ARRL-FD' }, { ...parsedDefinition(base), rules: 'CQ-WW-CW' })).toMatchObject({ ok: true, value: { rules: 'ARRL-FD', name: 'CQ WW CW 2026' } });
    expect(parseContestInput({ name: 'Renamed' }, { ...parsedDefinition(base), rules: 'CQ-WW-CW' })).toMatchObject({ ok: true, value: { rules: 'CQ-WW-CW' } });
  });

  it('reads modes as a list or as comma-separated text, upper-cased and once each', () => {
    const base = { name: 'Digi', starts_at: '2025-03-08T18:00:00Z', ends_at: '2025-03-08T20:00:00Z' };
    expect(parseContestInput({ ...base, modes: 'ft8, FT4,ft8' })).toMatchObject({ ok: true, value: { modes: ['FT8', 'FT4'] } });
    expect(parseContestInput({ ...base, modes: ['cw', 'usb'], points_per_contact: '3', duplicate_rule: 'NONE', late_upload_hours: 0, repeat: 'daily' })).toMatchObject({
      ok: true,
      value: { modes: ['CW', 'USB'], pointsPerContact: 3, duplicateRule: 'none', lateUploadHours: 0, repeat: 'daily' },
    });
  });

  it('refuses bad fields with a clear message under each', () => {
    const errorsOf = (input: Record<string, unknown>) => {
      const parsed = parseContestInput({ name: 'Club Sprint', starts_at: '2025-03-08T18:00:00Z', ends_at: '2025-03-08T20:00:00Z', ...input });
      return parsed.ok ? {} : parsed.errors;
    };
    expect(errorsOf({ name: 'ab' })).toEqual({ name: [m.CONTEST_NAME_INVALID] });
    expect(errorsOf({ name: 'x'.repeat(81) })).toEqual({ name: [m.CONTEST_NAME_INVALID] });
    expect(errorsOf({ name: 'bad\u0000name' })).toEqual({ name: [m.CONTEST_NAME_INVALID] });
    expect(errorsOf({ starts_at: 'tomorrow' })).toEqual({ starts_at: [m.CONTEST_STARTS_AT_INVALID] });
    expect(errorsOf({ ends_at: 12 })).toEqual({ ends_at: [m.CONTEST_ENDS_AT_INVALID] });
    expect(errorsOf({ starts_at: '1999-12-31T00:00:00Z' })).toEqual({ starts_at: [m.CONTEST_YEARS] });
    expect(errorsOf({ ends_at: '2025-03-08T18:00:00Z' })).toEqual({ ends_at: [m.CONTEST_ENDS_BEFORE_START] });
    expect(errorsOf({ ends_at: '2025-04-08T18:00:01Z' })).toEqual({ ends_at: [m.CONTEST_TOO_LONG] });
    expect(errorsOf({ ends_at: '2025-03-09T18:00:01Z', repeat: 'daily' })).toEqual({ ends_at: [m.CONTEST_DAILY_TOO_LONG] });
    expect(errorsOf({ modes: ['FT8', 'NOPE'] })).toEqual({ modes: [m.contestModeUnknown('NOPE')] });
    expect(errorsOf({ modes: [1] })).toEqual({ modes: [m.CONTEST_MODES_INVALID] });
    expect(errorsOf({ modes: ['CW', 'SSB', 'FM', 'AM', 'FT8', 'FT4', 'RTTY', 'PSK', 'USB', 'LSB', 'SSTV', 'JT65', 'JT9', 'MFSK', 'OLIVIA', 'HELL', 'DSTAR', 'C4FM', 'DMR', 'FSK441', 'MSK144'] })).toEqual({ modes: [m.CONTEST_TOO_MANY_MODES] });
    expect(errorsOf({ points_per_contact: 0 })).toEqual({ points_per_contact: [m.CONTEST_POINTS_INVALID] });
    expect(errorsOf({ points_per_contact: 1.5 })).toEqual({ points_per_contact: [m.CONTEST_POINTS_INVALID] });
    expect(errorsOf({ duplicate_rule: 'band' })).toEqual({ duplicate_rule: [m.CONTEST_DUPLICATE_RULE_INVALID] });
    expect(errorsOf({ late_upload_hours: -1 })).toEqual({ late_upload_hours: [m.CONTEST_LATE_UPLOAD_INVALID] });
    expect(errorsOf({ late_upload_hours: 721 })).toEqual({ late_upload_hours: [m.CONTEST_LATE_UPLOAD_INVALID] });
    expect(errorsOf({ repeat: 'weekly' })).toEqual({ repeat: [m.CONTEST_REPEAT_INVALID] });
    expect(parseContestInput({})).toMatchObject({ ok: false, errors: { name: [m.CONTEST_NAME_INVALID], starts_at: [m.CONTEST_STARTS_AT_INVALID], ends_at: [m.CONTEST_ENDS_AT_INVALID] } });
  });

  it('reads an update as the current rules with the fields given changed', () => {
    expect(parseContestInput({ name: 'Club Sprint II' }, sprint)).toEqual({ ok: true, value: { ...sprint, rules: '', name: 'Club Sprint II' } });
    expect(parseContestInput({ modes: [] }, sprint)).toEqual({ ok: true, value: { ...sprint, rules: '', modes: [] } });
    expect(parseContestInput({ ends_at: '2025-03-08T17:00:00Z' }, sprint)).toEqual({ ok: false, errors: { ends_at: [m.CONTEST_ENDS_BEFORE_START] } });
  });

  it('ships the members’ FT4/FT8 contest and the streamers’ board as data', () => {
    expect(builtInContest(DEFAULT_CONTEST_ID)).toBe(MEMBERS_FT4_FT8_2024);
    expect(contestSummary(MEMBERS_FT4_FT8_2024, new Date('2026-01-01T00:00:00Z'))).toEqual({
      id: 'members-ft4-ft8-2024',
      name: 'Members FT4/FT8 Contest',
      starts_at: '2024-11-02T09:00:00Z',
      ends_at: '2024-11-02T21:00:00Z',
      modes: ['FT4', 'FT8'],
      points_per_contact: 1,
      duplicate_rule: 'call',
      late_upload_hours: 48,
      repeat: 'none',
      organiser_user_id: null,
      rules: '',
    });
    expect(builtInContest('megastream')).toBe(MEGASTREAM);
    expect(builtInContest('nope')).toBeNull();
  });

  it('shows a daily contest’s latest started day, and its first day before it begins', () => {
    const day = (iso: string) => contestOccurrence(MEGASTREAM, new Date(iso));
    expect(day('2026-11-23T11:58:00Z')).toEqual({ startsAt: new Date('2026-11-23T00:00:00Z'), endsAt: new Date('2026-11-24T00:00:00Z') });
    expect(day('2026-11-23T00:00:00Z')).toEqual({ startsAt: new Date('2026-11-23T00:00:00Z'), endsAt: new Date('2026-11-24T00:00:00Z') });
    expect(day('2023-05-01T00:00:00Z')).toEqual({ startsAt: new Date('2024-01-01T00:00:00Z'), endsAt: new Date('2024-01-02T00:00:00Z') });
    const evenings: Contest = { ...MEGASTREAM, startsAt: '2025-01-01T18:00:00Z', endsAt: '2025-01-01T20:00:00Z' };
    expect(contestOccurrence(evenings, new Date('2025-02-10T12:00:00Z'))).toEqual({ startsAt: new Date('2025-02-09T18:00:00Z'), endsAt: new Date('2025-02-09T20:00:00Z') });
    expect(contestOccurrence(MEMBERS_FT4_FT8_2024, new Date('2030-01-01T00:00:00Z')).startsAt).toEqual(new Date('2024-11-02T09:00:00Z'));
  });
});

let seq = 0;
function qso(over: Partial<ContestQso> = {}): ContestQso {
  seq += 1;
  const ts = over.ts ?? new Date('2024-11-02T10:00:00Z');
  return {
    qdoId: `q${String(seq).padStart(4, '0')}`,
    stationUserId: 'u-alice',
    stationCallsign: 'W1AW',
    ts,
    band: '20m',
    mode: 'FT8',
    subMode: '',
    call: `DL${seq}AA`,
    freqHz: 14_074_000,
    contestName: '',
    uploadedAt: ts,
    ...over,
  };
}
const members = (now = new Date('2024-11-05T00:00:00Z')) => contestWindow(MEMBERS_FT4_FT8_2024, now);
const contactsOf = (tallies: StationTally[]) => Object.fromEntries(tallies.map((t) => [t.stationUserId, t.contacts]));

describe('contest scoring', () => {
  it('counts the window from its start (inclusive) to its end (exclusive)', () => {
    const tallies = tallyContest(members(), [
      qso({ ts: new Date('2024-11-02T09:00:00Z') }),
      qso({ ts: new Date('2024-11-02T20:59:59Z') }),
      qso({ ts: new Date('2024-11-02T21:00:00Z') }),
      qso({ ts: new Date('2024-11-02T08:59:59Z') }),
    ]);
    expect(tallies).toEqual([expect.objectContaining({ stationUserId: 'u-alice', contacts: 2, lastQsoAt: new Date('2024-11-02T20:59:59Z') })]);
  });

  it('counts the contest’s modes only; FT4 (MFSK/FT4) counts, other MFSK sub-modes do not', () => {
    expect(contestAdifModes(['FT4', 'ft8', 'USB', 'PSK31', 'FT8'])).toEqual(['FT4', 'FT8', 'USB', 'PSK31']);
    const qsos = [
      qso({ mode: 'FT8' }),
      qso({ mode: 'MFSK', subMode: 'FT4' }),
      qso({ mode: 'MFSK', subMode: 'JS8' }),
      qso({ mode: 'MFSK' }),
      qso({ mode: 'SSB', subMode: 'USB' }),
      qso({ mode: 'CW' }),
    ];
    expect(contactsOf(tallyContest(members(), qsos))).toEqual({ 'u-alice': 2 });
    expect(contactsOf(tallyContest({ ...members(), modes: [] }, qsos))).toEqual({ 'u-alice': 6 });
    // A mode matches its sub-modes; a sub-mode only itself.
    expect(contactsOf(tallyContest({ ...members(), modes: ['SSB', 'JS8'] }, qsos))).toEqual({ 'u-alice': 2 });
  });

  it('applies the duplicate rule: a call once whatever the band, once per band, or every contact', () => {
    const qsos = [
      qso({ call: 'K1ABC', band: '20m', ts: new Date('2024-11-02T10:00:00Z') }),
      qso({ call: 'K1ABC', band: '40m', ts: new Date('2024-11-02T11:00:00Z') }),
      qso({ call: 'K1ABC', band: '20m', ts: new Date('2024-11-02T12:00:00Z') }),
      qso({ call: 'K1ABC', band: '20m', ts: new Date('2024-11-02T13:00:00Z'), stationUserId: 'u-bob', stationCallsign: 'K1JT' }),
    ];
    expect(contactsOf(tallyContest({ ...members(), duplicateRule: 'call' }, qsos))).toEqual({ 'u-alice': 1, 'u-bob': 1 });
    expect(contactsOf(tallyContest({ ...members(), duplicateRule: 'call-band' }, qsos))).toEqual({ 'u-alice': 2, 'u-bob': 1 });
    expect(contactsOf(tallyContest({ ...members(), duplicateRule: 'none' }, qsos))).toEqual({ 'u-alice': 3, 'u-bob': 1 });
    // Of duplicates the first counts: Alice's last counted QSO is the 10:00 one, not the 12:00 duplicate.
    const [alice] = tallyContest({ ...members(), duplicateRule: 'call' }, qsos);
    expect(alice?.lastQsoAt).toEqual(new Date('2024-11-02T10:00:00Z'));
  });

  it('counts a QSO uploaded late within the allowance, to the second, and not one after it', () => {
    const end = new Date('2024-11-02T21:00:00Z').getTime();
    const hours48 = 48 * 3600_000;
    const qsos = [
      qso({ uploadedAt: new Date(end + hours48) }),
      qso({ uploadedAt: new Date(end + hours48 + 999) }),
      qso({ uploadedAt: new Date(end + hours48 + 1000) }),
      qso({ uploadedAt: new Date(end + 3 * hours48) }),
    ];
    expect(contactsOf(tallyContest(members(), qsos))).toEqual({ 'u-alice': 2 });
    expect(contactsOf(tallyContest(contestWindow({ ...MEMBERS_FT4_FT8_2024, lateUploadHours: 0 }, new Date(end)), qsos))).toEqual({});
  });

  it('folds the event log: a deleted QSO stops counting, an edited one counts as edited, the first upload stays', () => {
    const logged = (qdoId: string, call: string, createdAt: string, over = {}): LoggedEvent => ({
      streamId: `qso-${qdoId}`,
      type: 'QsoLogged',
      data: { qdoId, stationUserId: 'u-alice', stationCallsign: 'W1AW', dedupeKey: qdoId, fields: sampleFields({ ts: '2024-11-02T10:00:00Z', call, mode: 'FT8', subMode: '', ...over }) },
      createdAt: new Date(createdAt),
    });
    const ev = (qdoId: string, event: QsoEvent, createdAt: string): LoggedEvent => ({ streamId: `qso-${qdoId}`, ...event, createdAt: new Date(createdAt) });
    const log: LoggedEvent[] = [
      logged('a', 'K1ABC', '2024-11-02T10:00:05Z'),
      logged('b', 'K2ABC', '2024-11-02T10:01:05Z'),
      logged('c', 'K3ABC', '2024-11-02T10:02:05Z'),
      { streamId: 'follows-u1', type: 'UserFollowed', data: {}, createdAt: new Date('2024-11-02T10:03:00Z') },
      ev('b', { type: 'QsoDeleted', data: { qdoId: 'b' } }, '2024-11-02T11:00:00Z'),
      // Edited to the same call as 'a' (a duplicate now), long after the allowance: its first upload still counts.
      ev('c', { type: 'QsoUpdated', data: { qdoId: 'c', dedupeKey: 'c', fields: sampleFields({ ts: '2024-11-02T10:05:00Z', call: 'K1ABC', mode: 'FT8', subMode: '' }) } }, '2024-11-20T00:00:00Z'),
      // Logged after the allowance: does not count.
      logged('d', 'K4ABC', '2024-11-10T00:00:00Z'),
    ];
    const qsos = contestQsosFromLog(log);
    expect(qsos.map((q) => q.qdoId).sort()).toEqual(['a', 'c', 'd']);
    expect(qsos.find((q) => q.qdoId === 'c')).toMatchObject({ call: 'K1ABC', uploadedAt: new Date('2024-11-02T10:02:05Z') });
    expect(contactsOf(tallyContest(members(), qsos))).toEqual({ 'u-alice': 1 });
    expect(contactsOf(tallyContest({ ...members(), duplicateRule: 'none' }, qsos))).toEqual({ 'u-alice': 2 });
  });
});

describe('contest boards', () => {
  const now = new Date('2024-11-02T12:00:30Z');
  const window = contestWindow({ ...MEGASTREAM, startsAt: '2024-11-02T00:00:00Z', endsAt: '2024-11-03T00:00:00Z' }, now);
  const people = new Map<string, CommunityUserSummary>([
    ['u-alice', { id: 'u-alice', my_callsign: 'W1AW', name: 'Alice', profile_image_name: 'alice.jpg' }],
    ['u-bob', { id: 'u-bob', my_callsign: 'K1JT', name: 'Bob', profile_image_name: 'missing.JPG' }],
  ]);

  it('ranks by points, equal points by who reached them first, and fills the streamers’ columns', () => {
    const tallies = tallyContest(window, [
      qso({ stationUserId: 'u-alice', ts: new Date('2024-11-02T11:00:00Z'), freqHz: 7_074_000 }),
      qso({ stationUserId: 'u-alice', ts: new Date('2024-11-02T11:55:00Z'), freqHz: 14_074_500 }),
      qso({ stationUserId: 'u-alice', ts: new Date('2024-11-02T12:00:00Z'), freqHz: 14_074_500 }),
      qso({ stationUserId: 'u-bob', stationCallsign: 'K1JT', ts: new Date('2024-11-02T10:00:00Z'), freqHz: 3_573_000 }),
      qso({ stationUserId: 'u-bob', stationCallsign: 'K1JT', ts: new Date('2024-11-02T10:30:00Z'), freqHz: 3_573_000 }),
      qso({ stationUserId: 'u-bob', stationCallsign: 'K1JT', ts: new Date('2024-11-02T11:30:00Z'), freqHz: 21_074_000, contestName: 'CQ-WW-DX' }),
      qso({ stationUserId: 'u-carol', stationCallsign: 'G4XYZ', ts: new Date('2024-11-02T09:00:00Z') }),
    ]);
    const rows = contestBoard({ pointsPerContact: 2 }, tallies, people, now);
    expect(rows.map((r) => [r.rank, r.my_callsign, r.points])).toEqual([
      [1, 'K1JT', 6],
      [2, 'W1AW', 6],
      [3, 'G4XYZ', 2],
    ]);
    expect(rows[0]).toEqual({
      rank: 1,
      my_callsign: 'K1JT',
      name: 'Bob',
      profile_image_name: 'missing.JPG',
      contacts: 3,
      number_of_contacts: 3,
      points: 6,
      freq: null, // the last QSO is a contest QSO: its frequency is masked
      last_qso_time_in_seconds: 1830,
      last_qso_time_in_minutes: 30,
      last_10_min_avg: 0,
    });
    expect(rows[1]).toMatchObject({ freq: 14074.5, last_qso_time_in_seconds: 30, last_qso_time_in_minutes: 0, last_10_min_avg: 0.2, name: 'Alice', profile_image_name: 'alice.jpg' });
    // Somebody not in the users read model keeps the callsign they logged with.
    expect(rows[2]).toMatchObject({ my_callsign: 'G4XYZ', name: '', profile_image_name: 'missing.JPG', freq: 14074 });
  });

  it('answers the contest with the window shown and the time the ages are counted to', () => {
    const answer = contestBoardAnswer(MEGASTREAM, [], people, now);
    expect(answer).toEqual({
      contest: expect.objectContaining({ id: 'megastream', starts_at: '2024-11-02T00:00:00Z', ends_at: '2024-11-03T00:00:00Z', repeat: 'daily', duplicate_rule: 'none' }),
      contest_lb: [],
      generated_at: '2024-11-02T12:00:30.000Z',
    });
  });
});
