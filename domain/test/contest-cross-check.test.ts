import { describe, expect, it } from 'vitest';
import { isNearMiss } from '../src/contests/rules/call-distance';
import { checkedEntries, crossCheck, matchingCall, VERDICT_TEXT, type CheckedEntry, type ContestLog, type Verdict } from '../src/contests/rules/cross-check';
import type { CabrilloMode, ContestEntry, ContestRules, ExchangeField } from '../src/contests/rules/rules';

const RST: ExchangeField = { id: 'rst', kind: 'rst', label: 'RST' };

/** Rules with only what the cross-check reads set to something meaningful: the exchange. */
function rulesWith(exchange: ContestRules['exchange']): ContestRules {
  return {
    cabrilloName: 'TEST',
    name: 'Test contest',
    modes: ['CW', 'PH', 'FM', 'RY', 'DG'],
    bands: ['160m', '80m', '40m', '20m', '15m', '10m'],
    exchange,
    whoMayWork: 'anyone',
    points: [{ points: 1 }],
    multipliers: [],
    dupes: 'band-mode',
    categories: { operator: [], assisted: [], band: [], power: [], mode: [], transmitter: [], overlay: [] },
  };
}

const CQ_WW_LIKE = rulesWith([{ from: 'any', fields: [RST, { id: 'zone', kind: 'cq-zone', label: 'Zone' }] }]);
const SPRINT_LIKE = rulesWith([
  {
    from: 'any',
    fields: [
      { id: 'serial', kind: 'serial', label: 'Serial' },
      { id: 'name', kind: 'name', label: 'Name' },
    ],
  },
]);
const ARRL_DX_LIKE = rulesWith([
  { from: 'w-ve', fields: [RST, { id: 'state', kind: 'state-province', label: 'State' }] },
  { from: 'dx', fields: [RST, { id: 'power', kind: 'power', label: 'Power' }] },
]);

/** 'HH:MM' or 'HH:MM:SS' on the contest's day, UTC. */
function clock(time: string): number {
  const [hours = 0, minutes = 0, seconds = 0] = time.split(':').map(Number);
  return Date.UTC(2024, 10, 30, hours, minutes, seconds);
}

function entry(id: string, time: string, call: string, more: Partial<ContestEntry> = {}): ContestEntry {
  return { id, at: clock(time), band: '20m', mode: 'CW', call, sent: {}, received: {}, ...more };
}

/** A CQ-WW-like entry: the zone this station sent and the zone it copied. */
function zoneEntry(id: string, time: string, call: string, sentZone: string, copiedZone: string, more: Partial<ContestEntry> = {}): ContestEntry {
  return entry(id, time, call, { sent: { rst: '599', zone: sentZone }, received: { rst: '599', zone: copiedZone }, ...more });
}

function log(call: string, ...entries: ContestEntry[]): ContestLog {
  return { call, entries };
}

/** Every checked entry of every log by id. */
function byId(checked: Map<string, CheckedEntry[]>): Map<string, CheckedEntry> {
  return new Map([...checked.values()].flat().map((checkedEntry) => [checkedEntry.id, checkedEntry]));
}

function verdicts(checked: Map<string, CheckedEntry[]>): Record<string, Verdict> {
  return Object.fromEntries([...byId(checked)].map(([id, checkedEntry]) => [id, checkedEntry.verdict]));
}

describe('matchingCall', () => {
  it('trims, upper-cases and drops a portable suffix, but keeps what says where the station is', () => {
    expect(matchingCall(' dl1abc/p ')).toBe('DL1ABC');
    expect(matchingCall('W1AW/M')).toBe('W1AW');
    expect(matchingCall('G4ABC/QRP')).toBe('G4ABC');
    expect(matchingCall('W1AW/4')).toBe('W1AW/4');
    expect(matchingCall('KH6/W1AW/P')).toBe('KH6/W1AW');
  });
});

describe('isNearMiss', () => {
  it.each([
    ['W1AW', 'W1AX', 'a substitution'],
    ['W1AW', 'W1AAW', 'an insertion'],
    ['W1AW', 'W1W', 'a deletion'],
    ['W1AW', 'W1WA', 'a transposition at the end'],
    ['W1AW', '1WAW', 'a transposition at the start'],
  ])('%s and %s are one slip apart (%s)', (a, b) => {
    expect(isNearMiss(a, b)).toBe(true);
    expect(isNearMiss(b, a)).toBe(true);
  });

  it.each([
    ['W1AW', 'W1AW', 'the same call'],
    ['W1AW', 'W2AX', 'two substitutions'],
    ['W1AW', 'A1WW', 'a swap that is not of neighbours'],
    ['W1AW', 'W1AWXY', 'two insertions'],
    ['DL1ABC', 'DL1CBA', 'a reversal'],
  ])('%s and %s are not (%s)', (a, b) => {
    expect(isNearMiss(a, b)).toBe(false);
  });
});

describe('crossCheck', () => {
  it('finds a contact in both logs and checks each side against what the other sent', () => {
    const checked = crossCheck(CQ_WW_LIKE, [
      log('W1AW', zoneEntry('w-1', '12:00', 'DL1ABC', '5', '14')),
      log('DL1ABC', zoneEntry('d-1', '12:01', 'W1AW', '14', '5')),
    ]);
    expect(checked).toEqual(
      new Map([
        ['W1AW', [{ id: 'w-1', verdict: 'ok', reason: "in DL1ABC's log" }]],
        ['DL1ABC', [{ id: 'd-1', verdict: 'ok', reason: "in W1AW's log" }]],
      ]),
    );
  });

  it('ignores a portable suffix, case and spaces when matching calls', () => {
    const checked = crossCheck(CQ_WW_LIKE, [
      log('W1AW', zoneEntry('w-1', '12:00', ' dl1abc/p', '5', '14')),
      log('DL1ABC/P', zoneEntry('d-1', '12:00', 'w1aw/qrp ', '14', '5')),
    ]);
    expect(verdicts(checked)).toEqual({ 'w-1': 'ok', 'd-1': 'ok' });
    expect(byId(checked).get('w-1')?.reason).toBe("in DL1ABC/P's log");
  });

  it('compares serials and zones as numbers and text by upper case', () => {
    const checked = crossCheck(SPRINT_LIKE, [
      log('K1ABC', entry('k-1', '01:00', 'N6XYZ', { sent: { serial: '7', name: 'john ' }, received: { serial: '012', name: 'bob' } })),
      log('N6XYZ', entry('n-1', '01:00', 'K1ABC', { sent: { serial: '12', name: 'BOB' }, received: { serial: '007', name: 'JOHN' } })),
    ]);
    expect(verdicts(checked)).toEqual({ 'k-1': 'ok', 'n-1': 'ok' });
  });

  it('names each miscopied field, what was copied and what was sent, and corrects it', () => {
    const checked = byId(
      crossCheck(SPRINT_LIKE, [
        log('K1ABC', entry('k-1', '01:00', 'N6XYZ', { sent: { serial: '34', name: 'JOHN' }, received: { serial: '21', name: 'BOB' } })),
        log('N6XYZ', entry('n-1', '01:00', 'K1ABC', { sent: { serial: '21', name: 'BOB' }, received: { serial: '43', name: 'JON' } })),
      ]),
    );
    expect(checked.get('n-1')).toEqual({
      id: 'n-1',
      verdict: 'busted-exchange',
      reason: 'Serial: copied 43, K1ABC sent 34; Name: copied JON, K1ABC sent JOHN',
      correction: '34 JOHN',
    });
    expect(checked.get('k-1')?.verdict).toBe('ok');
  });

  it('does not judge RST', () => {
    const checked = crossCheck(CQ_WW_LIKE, [
      log('W1AW', zoneEntry('w-1', '12:00', 'DL1ABC', '5', '14', { received: { rst: '339', zone: '14' } })),
      log('DL1ABC', zoneEntry('d-1', '12:00', 'W1AW', '14', '5', { sent: { rst: '599', zone: '14' } })),
    ]);
    expect(verdicts(checked)).toEqual({ 'w-1': 'ok', 'd-1': 'ok' });
  });

  it('holds nothing against a copy the other log does not say it sent, and flags a field left empty', () => {
    const checked = byId(
      crossCheck(CQ_WW_LIKE, [
        log('W1AW', zoneEntry('w-1', '12:00', 'DL1ABC', '5', '14'), zoneEntry('w-2', '12:10', 'DL1ABC', '5', '', { band: '40m' })),
        log('DL1ABC', entry('d-1', '12:00', 'W1AW', { sent: { rst: '599' }, received: { zone: '5' } }), zoneEntry('d-2', '12:10', 'W1AW', '14', '5', { band: '40m' })),
      ]),
    );
    expect(checked.get('w-1')?.verdict).toBe('ok');
    expect(checked.get('w-2')).toEqual({ id: 'w-2', verdict: 'busted-exchange', reason: 'Zone: copied nothing, DL1ABC sent 14', correction: '14' });
  });

  it('checks the exchange the worked station sends from where it is (ARRL DX: W/VE a state, DX its power)', () => {
    const checked = byId(
      crossCheck(ARRL_DX_LIKE, [
        log('W1AW', entry('w-1', '12:00', 'DL1ABC', { sent: { rst: '599', state: 'CT' }, received: { rst: '599', power: 'KW' } })),
        log('DL1ABC', entry('d-1', '12:00', 'W1AW', { sent: { rst: '599', power: 'kw' }, received: { rst: '599', state: 'MA' } })),
      ]),
    );
    expect(checked.get('w-1')?.verdict).toBe('ok');
    expect(checked.get('d-1')).toEqual({ id: 'd-1', verdict: 'busted-exchange', reason: 'State: copied MA, W1AW sent CT', correction: 'CT' });
  });

  it('matches exactly `minutes` apart, and not one minute more', () => {
    const logsApart = (minutes: number) => [log('W1AW', zoneEntry('w-1', '12:00', 'DL1ABC', '5', '14')), log('DL1ABC', zoneEntry('d-1', `12:0${minutes}`, 'W1AW', '14', '5'))];
    expect(verdicts(crossCheck(CQ_WW_LIKE, logsApart(5)))).toEqual({ 'w-1': 'ok', 'd-1': 'ok' });
    expect(verdicts(crossCheck(CQ_WW_LIKE, logsApart(6)))).toEqual({ 'w-1': 'not-in-log', 'd-1': 'not-in-log' });
    expect(verdicts(crossCheck(CQ_WW_LIKE, logsApart(6), { minutes: 6 }))).toEqual({ 'w-1': 'ok', 'd-1': 'ok' });
    expect(verdicts(crossCheck(CQ_WW_LIKE, logsApart(5), { minutes: 4 }))).toEqual({ 'w-1': 'not-in-log', 'd-1': 'not-in-log' });
  });

  it('matches only on the same band and mode group (phone and FM are one group)', () => {
    const checked = crossCheck(CQ_WW_LIKE, [
      log('W1AW', zoneEntry('w-1', '12:00', 'DL1ABC', '5', '14', { mode: 'PH' }), zoneEntry('w-2', '12:10', 'DL1ABC', '5', '14', { band: '40m' })),
      log('DL1ABC', zoneEntry('d-1', '12:00', 'W1AW', '14', '5', { mode: 'FM' }), zoneEntry('d-2', '12:10', 'W1AW', '14', '5', { band: '80m' })),
    ]);
    expect(verdicts(checked)).toEqual({ 'w-1': 'ok', 'd-1': 'ok', 'w-2': 'not-in-log', 'd-2': 'not-in-log' });
    expect(byId(checked).get('w-2')?.reason).toBe("DL1ABC's log has no contact with you on 40m CW near 12:10");
  });

  it("matches each of the other log's entries at most once, the nearest in time first", () => {
    const logs = [
      log('W1AW', zoneEntry('w-1', '12:00', 'DL1ABC', '5', '14'), zoneEntry('w-2', '12:02', 'DL1ABC', '5', '14')),
      log('DL1ABC', zoneEntry('d-1', '12:01:30', 'W1AW', '14', '5')),
    ];
    expect(verdicts(crossCheck(CQ_WW_LIKE, logs))).toEqual({ 'w-1': 'not-in-log', 'w-2': 'ok', 'd-1': 'ok' });
    expect(verdicts(crossCheck(CQ_WW_LIKE, [...logs].reverse()))).toEqual({ 'w-1': 'not-in-log', 'w-2': 'ok', 'd-1': 'ok' });
  });

  it("breaks a tie in time by the entries' time order, then id", () => {
    const checked = crossCheck(CQ_WW_LIKE, [
      log('W1AW', zoneEntry('w-b', '12:01', 'DL1ABC', '5', '14'), zoneEntry('w-a', '12:01', 'DL1ABC', '5', '14'), zoneEntry('w-0', '11:59', 'DL1ABC', '5', '14')),
      log('DL1ABC', zoneEntry('d-1', '12:00', 'W1AW', '14', '5')),
    ]);
    expect(verdicts(checked)).toEqual({ 'w-b': 'not-in-log', 'w-a': 'not-in-log', 'w-0': 'ok', 'd-1': 'ok' });
  });

  it("calls a contact busted when a participant one slip from the call logged it (here a transposition), and the other side's entry ok", () => {
    const checked = crossCheck(CQ_WW_LIKE, [
      log('K1ABC', zoneEntry('k-1', '12:00', 'W1WA', '5', '5')),
      log('W1AW', zoneEntry('w-1', '12:01', 'K1ABC', '5', '5')),
      log('W1WA', zoneEntry('x-1', '12:30', 'DL1ABC', '5', '14')),
    ]);
    expect(byId(checked).get('k-1')).toEqual({ id: 'k-1', verdict: 'busted-call', reason: 'Logged W1WA; W1AW logged this contact with you', correction: 'W1AW' });
    expect(byId(checked).get('w-1')).toEqual({ id: 'w-1', verdict: 'ok', reason: "in K1ABC's log as W1WA" });
  });

  it('calls a contact busted when the miscopied call sent no log too', () => {
    const checked = byId(
      crossCheck(CQ_WW_LIKE, [log('K1ABC', zoneEntry('k-1', '12:00', 'W1AX', '5', '5')), log('W1AW', zoneEntry('w-1', '12:01', 'K1ABC', '5', '5'))]),
    );
    expect(checked.get('k-1')).toEqual({ id: 'k-1', verdict: 'busted-call', reason: 'Logged W1AX; W1AW logged this contact with you', correction: 'W1AW' });
  });

  it('is not in the log when the station that logged it is not one slip from the call', () => {
    const checked = byId(
      crossCheck(CQ_WW_LIKE, [
        log('K1ABC', zoneEntry('k-1', '12:03', 'W1WA', '5', '5')),
        log('W1XYZ', zoneEntry('w-1', '12:03', 'K1ABC', '5', '5')),
        log('W1WA'),
      ]),
    );
    expect(checked.get('k-1')).toEqual({ id: 'k-1', verdict: 'not-in-log', reason: "W1WA's log has no contact with you on 20m CW near 12:03" });
    expect(checked.get('w-1')).toEqual({ id: 'w-1', verdict: 'not-in-log', reason: "K1ABC's log has no contact with you on 20m CW near 12:03" });
  });

  it('takes no entry for a busted call that matched a contact already', () => {
    const checked = crossCheck(CQ_WW_LIKE, [
      log('K1ABC', zoneEntry('k-1', '12:00', 'W1AW', '5', '5'), zoneEntry('k-2', '12:01', 'W1AX', '5', '5')),
      log('W1AW', zoneEntry('w-1', '12:00', 'K1ABC', '5', '5')),
    ]);
    expect(verdicts(checked)).toEqual({ 'k-1': 'ok', 'k-2': 'unique', 'w-1': 'ok' });
  });

  it('calls a station without a log unique when nobody else logged it, else unchecked', () => {
    const checked = byId(
      crossCheck(CQ_WW_LIKE, [
        log('W1AW', zoneEntry('w-1', '12:00', 'K9ZZZ', '5', '4'), zoneEntry('w-2', '13:00', 'k9zzz', '5', '4', { band: '40m' }), zoneEntry('w-3', '12:30', 'OH2BH', '5', '15')),
        log('DL1ABC', zoneEntry('d-1', '14:00', 'OH2BH/P', '14', '15')),
      ]),
    );
    expect(checked.get('w-1')).toEqual({ id: 'w-1', verdict: 'unique', reason: 'no other station logged K9ZZZ' });
    expect(checked.get('w-2')?.verdict).toBe('unique');
    expect(checked.get('w-3')).toEqual({ id: 'w-3', verdict: 'unchecked', reason: 'OH2BH sent no log' });
    expect(checked.get('d-1')).toEqual({ id: 'd-1', verdict: 'unchecked', reason: 'OH2BH/P sent no log' });
  });

  it("answers in each log's entry order, keyed by the station's call as given", () => {
    const checked = crossCheck(CQ_WW_LIKE, [log('w1aw', zoneEntry('w-2', '13:00', 'K9ZZZ', '5', '4'), zoneEntry('w-1', '12:00', 'DL1ABC', '5', '14')), log('DL1ABC')]);
    expect([...checked.keys()]).toEqual(['w1aw', 'DL1ABC']);
    expect(checked.get('w1aw')?.map((checkedEntry) => checkedEntry.id)).toEqual(['w-2', 'w-1']);
  });

  it('refuses two logs for one station', () => {
    expect(() => crossCheck(CQ_WW_LIKE, [log('DL1ABC'), log('dl1abc/p')])).toThrow('Two logs for DL1ABC');
  });
});

describe('checkedEntries and VERDICT_TEXT', () => {
  it('keeps the entries that count for the checked score: ok, unique and unchecked', () => {
    const entries = ['ok', 'nil', 'call', 'exchange', 'unique', 'unchecked'].map((id) => entry(id, '12:00', 'W1AW'));
    const checked: CheckedEntry[] = [
      { id: 'ok', verdict: 'ok', reason: '' },
      { id: 'nil', verdict: 'not-in-log', reason: '' },
      { id: 'call', verdict: 'busted-call', reason: '' },
      { id: 'exchange', verdict: 'busted-exchange', reason: '' },
      { id: 'unique', verdict: 'unique', reason: '' },
      { id: 'unchecked', verdict: 'unchecked', reason: '' },
    ];
    expect(checkedEntries(checked, entries).map((kept) => kept.id)).toEqual(['ok', 'unique', 'unchecked']);
  });

  it('labels each verdict for a scoreboard', () => {
    expect(VERDICT_TEXT).toEqual({
      ok: 'OK',
      'not-in-log': 'NIL',
      'busted-call': 'Busted call',
      'busted-exchange': 'Busted exchange',
      unique: 'Unique',
      unchecked: 'Unchecked',
    });
  });
});

/*
 * A generated contest: three participants work each other and five stations that send no log,
 * over a few hours on four bands in every mode group, each log with its own clock (up to two
 * minutes off) and the exchanges mirrored. Then errors are planted on 10m and 160m, which the
 * generator leaves alone, and the cross-check must flag exactly those.
 */

interface GeneratedStation {
  call: string;
  zone: string;
}

const PARTICIPANTS: readonly GeneratedStation[] = [
  { call: 'DL1ABC', zone: '14' },
  { call: 'W1AW', zone: '05' },
  { call: 'JA1XYZ', zone: '25' },
];
const WITHOUT_LOGS: readonly GeneratedStation[] = [
  { call: 'OH2BH', zone: '15' },
  { call: 'PY2XB', zone: '11' },
  { call: 'VK2IO', zone: '30' },
  { call: 'ZS6AAA', zone: '38' },
  { call: 'EA8AH', zone: '33' },
];
const GENERATED_BANDS = ['80m', '40m', '20m', '15m'];
/** One list per mode group: a pair works at most once per band and group, so no contact is ambiguous. */
const MODE_GROUPS: readonly (readonly CabrilloMode[])[] = [['CW'], ['PH', 'FM'], ['RY', 'DG']];

/** A seeded generator (Numerical Recipes' LCG): the same logs on every run. */
function lcg(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function generateLogs(seed: number): Map<string, ContestEntry[]> {
  const random = lcg(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const clockOffset = new Map(PARTICIPANTS.map((station) => [station.call, Math.round((random() * 4 - 2) * 60_000)]));
  const logs = new Map(PARTICIPANTS.map((station) => [station.call, [] as ContestEntry[]]));

  const contacts: { a: GeneratedStation; b: GeneratedStation; band: string; mode: CabrilloMode }[] = [];
  PARTICIPANTS.forEach((a, index) => {
    for (const b of PARTICIPANTS.slice(index + 1)) {
      for (const band of GENERATED_BANDS) for (const modes of MODE_GROUPS) if (random() < 0.7) contacts.push({ a, b, band, mode: pick(modes) });
    }
  });
  for (const b of WITHOUT_LOGS) {
    for (const a of PARTICIPANTS) {
      const first = pick(GENERATED_BANDS);
      const second = pick(GENERATED_BANDS.filter((band) => band !== first));
      for (const band of [first, second]) contacts.push({ a, b, band, mode: pick(pick(MODE_GROUPS)) });
    }
  }
  for (let i = contacts.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [contacts[i], contacts[j]] = [contacts[j]!, contacts[i]!];
  }

  const rst = (mode: CabrilloMode) => (mode === 'PH' || mode === 'FM' ? '59' : '599');
  const copied = (zone: string) => (random() < 0.5 ? String(Number(zone)) : zone.padStart(2, '0'));
  const logContact = (station: GeneratedStation, other: GeneratedStation, band: string, mode: CabrilloMode, at: number) => {
    const entries = logs.get(station.call)!;
    const call = logs.has(other.call) || random() < 0.7 ? other.call : `${other.call}/P`;
    entries.push({
      id: `${station.call}-${entries.length + 1}`,
      at: at + clockOffset.get(station.call)!,
      band,
      mode,
      call,
      sent: { rst: rst(mode), zone: station.zone },
      received: { rst: random() < 0.2 ? '579' : rst(mode), zone: copied(other.zone) },
    });
  };
  let at = clock('12:00');
  for (const { a, b, band, mode } of contacts) {
    at += (2 + Math.floor(random() * 4)) * 60_000 + Math.floor(random() * 60) * 1000;
    logContact(a, b, band, mode, at);
    if (logs.has(b.call)) logContact(b, a, band, mode, at);
  }
  return logs;
}

/** An entry planted as its log's clock has it. */
function planted(id: string, time: string, call: string, band: string, mode: CabrilloMode, sentZone: string, copiedZone: string): ContestEntry {
  return zoneEntry(id, time, call, sentZone, copiedZone, { band, mode });
}

function plantErrors(logs: Map<string, ContestEntry[]>): void {
  const add = (station: string, ...entries: ContestEntry[]) => logs.get(station)!.push(...entries);
  // Not in the log: W1AW's log lacks the contact.
  add('DL1ABC', planted('DL1ABC-nil', '13:10', 'W1AW', '10m', 'CW', '14', '5'));
  // Busted call: W1AW copied DL1ABC as DL1ABD; DL1ABC's side of it stands.
  add('W1AW', planted('W1AW-bust', '13:30', 'DL1ABD', '10m', 'PH', '05', '14'));
  add('DL1ABC', planted('DL1ABC-bust', '13:31', 'W1AW', '10m', 'PH', '14', '5'));
  // Busted exchange: JA1XYZ copied DL1ABC's zone 14 as 15.
  add('JA1XYZ', planted('JA1XYZ-zone', '14:00', 'DL1ABC', '10m', 'CW', '25', '15'));
  add('DL1ABC', planted('DL1ABC-zone', '14:01', 'JA1XYZ', '10m', 'CW', '14', '25'));
  // Unique: nobody else logged K9ZZZ.
  add('W1AW', planted('W1AW-unique', '14:20', 'K9ZZZ', '160m', 'CW', '05', '4'));
  // Clocks six minutes apart: neither log confirms the other.
  add('JA1XYZ', planted('JA1XYZ-late', '15:00', 'W1AW', '160m', 'CW', '25', '5'));
  add('W1AW', planted('W1AW-late', '15:06', 'JA1XYZ', '160m', 'CW', '05', '25'));
  // A dupe: DL1ABC logged JA1XYZ again three minutes later; JA1XYZ's one entry is the first's.
  add('DL1ABC', planted('DL1ABC-dupe-1', '15:30', 'JA1XYZ', '10m', 'RY', '14', '25'), planted('DL1ABC-dupe-2', '15:33', 'JA1XYZ', '10m', 'RY', '14', '25'));
  add('JA1XYZ', planted('JA1XYZ-dupe', '15:30', 'DL1ABC', '10m', 'RY', '25', '14'));
}

const PLANTED: Record<string, Omit<CheckedEntry, 'id'>> = {
  'DL1ABC-nil': { verdict: 'not-in-log', reason: "W1AW's log has no contact with you on 10m CW near 13:10" },
  'W1AW-bust': { verdict: 'busted-call', reason: 'Logged DL1ABD; DL1ABC logged this contact with you', correction: 'DL1ABC' },
  'JA1XYZ-zone': { verdict: 'busted-exchange', reason: 'Zone: copied 15, DL1ABC sent 14', correction: '14' },
  'W1AW-unique': { verdict: 'unique', reason: 'no other station logged K9ZZZ' },
  'JA1XYZ-late': { verdict: 'not-in-log', reason: "W1AW's log has no contact with you on 160m CW near 15:00" },
  'W1AW-late': { verdict: 'not-in-log', reason: "JA1XYZ's log has no contact with you on 160m CW near 15:06" },
  'DL1ABC-dupe-2': { verdict: 'not-in-log', reason: "JA1XYZ's log has no contact with you on 10m RY near 15:33" },
};

/** The logs as a logger keeps them: in time order. */
function contestLogs(logs: Map<string, ContestEntry[]>): ContestLog[] {
  return [...logs].map(([call, entries]) => ({ call, entries: [...entries].sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : 1)) }));
}

function flagged(checked: Map<string, CheckedEntry[]>): Record<string, Omit<CheckedEntry, 'id'>> {
  const isFlagged = (verdict: Verdict) => verdict !== 'ok' && verdict !== 'unchecked';
  return Object.fromEntries([...checked.values()].flat().filter((checkedEntry) => isFlagged(checkedEntry.verdict)).map(({ id, ...rest }) => [id, rest]));
}

describe('crossCheck of a generated contest', () => {
  it('generates a contest worth checking: every log on several bands in every mode group, with contacts outside the participants', () => {
    const logs = generateLogs(1);
    for (const entries of logs.values()) {
      expect(entries.length).toBeGreaterThan(20);
      expect(new Set(entries.map((logged) => logged.band)).size).toBe(4);
      expect(new Set(entries.map((logged) => logged.mode)).size).toBeGreaterThanOrEqual(4);
    }
    const times = [...logs.values()].flat().map((logged) => logged.at);
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThan(2 * 60 * 60_000);
  });

  it.each([1, 2, 3, 2024])('flags nothing in a clean generated contest (seed %i)', (seed) => {
    expect(flagged(crossCheck(CQ_WW_LIKE, contestLogs(generateLogs(seed))))).toEqual({});
  });

  it.each([1, 2, 3, 2024])('marks the planted errors and nothing else (seed %i)', (seed) => {
    const logs = generateLogs(seed);
    plantErrors(logs);
    const checked = crossCheck(CQ_WW_LIKE, contestLogs(logs));

    expect(flagged(checked)).toEqual(PLANTED);
    const all = byId(checked);
    expect(all.get('DL1ABC-bust')).toEqual({ id: 'DL1ABC-bust', verdict: 'ok', reason: "in W1AW's log as DL1ABD" });
    expect(['DL1ABC-zone', 'DL1ABC-dupe-1', 'JA1XYZ-dupe'].map((id) => all.get(id)?.verdict)).toEqual(['ok', 'ok', 'ok']);
    const withoutLogs = new Set(WITHOUT_LOGS.map((station) => station.call));
    for (const entries of logs.values()) {
      for (const logged of entries) expect(all.get(logged.id)?.verdict === 'unchecked').toBe(withoutLogs.has(matchingCall(logged.call)));
    }
  });

  it('answers the same whatever the order of the logs and of their entries', () => {
    const logs = generateLogs(7);
    plantErrors(logs);
    const inOrder = crossCheck(CQ_WW_LIKE, contestLogs(logs));
    const shuffled = contestLogs(logs)
      .reverse()
      .map((contestLog) => ({ call: contestLog.call, entries: [...contestLog.entries].reverse() }));
    expect(byId(crossCheck(CQ_WW_LIKE, shuffled))).toEqual(byId(inOrder));
  });

  it('keeps for the checked score all but the flagged busts and NILs', () => {
    const logs = generateLogs(3);
    plantErrors(logs);
    const contest = contestLogs(logs);
    const checked = crossCheck(CQ_WW_LIKE, contest);
    const kept = contest.flatMap((contestLog) => checkedEntries(checked.get(contestLog.call)!, contestLog.entries).map((logged) => logged.id));
    const dropped = Object.entries(PLANTED).filter(([, planted]) => planted.verdict !== 'unique').map(([id]) => id);
    expect(kept.length).toBe(contest.reduce((total, contestLog) => total + contestLog.entries.length, 0) - dropped.length);
    expect(kept.filter((id) => dropped.includes(id))).toEqual([]);
    expect(kept).toContain('W1AW-unique');
  });
});
