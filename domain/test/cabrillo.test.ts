import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  cabrilloFreqBand,
  cabrilloFreqOf,
  cabrilloQsoToEntry,
  CabrilloWriteError,
  emptyCabrilloLog,
  entryToCabrilloQso,
  readCabrillo,
  writeCabrillo,
  type CabrilloHeader,
  type CabrilloLog,
  type CabrilloQso,
} from '../src/contests/cabrillo/index';
import type { ContestRules, ExchangeField } from '../src/contests/rules/rules';
import { contestLocationOf, exchangeFieldsFor, stationGroupOf } from '../src/contests/rules/station';

const fixture = (name: string): string => readFileSync(join(import.meta.dirname, 'fixtures/cabrillo', name), 'utf8');

const withoutLineNumbers = (log: CabrilloLog) => ({ ...log, qsos: log.qsos.map(({ line: _line, ...qso }) => qso) });

/** A log's QSO lines as their values: whitespace aside. */
const qsoValues = (text: string): string[][] =>
  text
    .split(/\r?\n/)
    .filter((line) => /^QSO:/i.test(line))
    .map((line) => line.split(/\s+/).filter(Boolean));

/** A log's header lines that have a value, as 'TAG: value'. */
const taggedValues = (text: string): string[] =>
  text.split(/\r?\n/).flatMap((line) => {
    const [, tag = '', value = ''] = /^([A-Za-z0-9-]+):(.*)$/.exec(line.trim()) ?? [];
    return tag === '' || tag.toUpperCase() === 'QSO' || value.trim() === '' ? [] : [`${tag.toUpperCase()}: ${value.trim()}`];
  });

const field = (id: string, kind: ExchangeField['kind']): ExchangeField => ({ id, kind, label: id });
const RST = field('rst', 'rst');

describe('published Cabrillo logs read, written and read again', () => {
  it.each(['naqp-cw-2014-n5ko.cbr', 'cq-wpx-sample.cbr'])('%s keeps every QSO and every tag', (name) => {
    const original = fixture(name);
    const read = readCabrillo(original);
    expect(read.problems).toEqual([]);

    const written = writeCabrillo(read.log);
    const again = readCabrillo(written);
    expect(again.problems).toEqual([]);
    expect(withoutLineNumbers(again.log)).toEqual(withoutLineNumbers(read.log));
    expect(qsoValues(written)).toEqual(qsoValues(original));
    // Tags without a value (NAQP's blank SOAPBOX:, END-OF-LOG:) say nothing and are not written.
    expect(taggedValues(written)).toEqual(expect.arrayContaining(taggedValues(original)));
  });

  it("reads N5KO's NAQP CW log", () => {
    const { log } = readCabrillo(fixture('naqp-cw-2014-n5ko.cbr'));
    expect(log.qsos).toHaveLength(14);
    expect(log.qsos[0]).toEqual({
      line: 15,
      freq: '28048',
      mode: 'CW',
      date: '2014-01-11',
      time: '1800',
      sentCall: 'N5KO',
      sent: ['TREY', 'CA'],
      rcvdCall: 'N4PN',
      received: ['PAUL', 'GA'],
      transmitter: null,
    });
    expect(log.qsos[12]).toMatchObject({ freq: '21048', rcvdCall: 'KH6LC', received: ['LLOYD', 'HI'] });
    expect(log).toMatchObject({ version: '3.0', callsign: 'N5KO', contest: 'NAQP-CW', location: 'CA', name: 'Trey Garlough', claimedScore: 404670, soapbox: [], otherTags: [] });
    expect(log.category).toEqual({ operator: 'SINGLE-OP', assisted: 'NON-ASSISTED', band: 'ALL', power: 'LOW', mode: 'CW', transmitter: 'ONE', overlay: '', station: 'FIXED', time: '' });
  });

  it("reads the CQ WPX sample log, and writes its QSO lines in the specification's own columns", () => {
    const original = fixture('cq-wpx-sample.cbr');
    const { log } = readCabrillo(original);
    expect(log).toMatchObject({
      callsign: 'AA1ZZZ',
      contest: 'CQ-WPX-CW',
      claimedScore: 24,
      club: 'Yankee Clipper Contest Club',
      location: 'WMA',
      createdBy: 'WriteLog V10.72C',
      name: 'Randy Thompson',
      address: ['11 Hollis Street'],
      operators: ['K5ZD'],
      soapbox: ['Put your comments here.', 'Use multiple lines if needed.'],
      otherTags: [
        { tag: 'ADDRESS-CITY', value: 'Uxbridge' },
        { tag: 'ADDRESS-STATE-PROVINCE', value: 'MA' },
        { tag: 'ADDRESS-POSTALCODE', value: '01569' },
        { tag: 'ADDRESS-COUNTRY', value: 'USA' },
      ],
    });
    expect(log.category.overlay).toBe('TB-WIRES');
    expect(log.qsos).toHaveLength(4);
    expect(log.qsos[0]).toMatchObject({ freq: '3799', mode: 'PH', sentCall: 'HC8N', sent: ['59', '001'], rcvdCall: 'W1AW', received: ['59', '001'], transmitter: 0 });
    const originalQsoLines = original.split('\n').filter((line) => line.startsWith('QSO:'));
    expect(writeCabrillo(log).split('\n').filter((line) => line.startsWith('QSO:'))).toEqual(originalQsoLines);
  });
});

describe("HamLog's own Cabrillo logs", () => {
  const ARRL_DX: Pick<ContestRules, 'exchange'> = {
    exchange: [
      { from: 'w-ve', fields: [RST, field('state', 'state-province')] },
      { from: 'dx', fields: [RST, field('power', 'power')] },
    ],
  };
  const fieldsOf = (call: string) => exchangeFieldsFor(ARRL_DX, contestLocationOf(call));

  it("reads ARRL DX's asymmetric exchange with the contest's layout, and maps it onto each side's fields", () => {
    const headers: string[] = [];
    const layout = (header: Readonly<CabrilloHeader>) => {
      headers.push(`${header.contest} ${header.callsign}`);
      const other = stationGroupOf(contestLocationOf(header.callsign)) === 'w-ve' ? 'DL1ABC' : 'K1ABC';
      return { sent: fieldsOf(header.callsign).length, received: fieldsOf(other).length };
    };
    const { log, problems } = readCabrillo(fixture('arrl-dx-ssb-k1abc.cbr'), layout);
    expect(problems).toEqual([]);
    expect(headers).toEqual(['ARRL-DX-SSB K1ABC', 'ARRL-DX-SSB K1ABC', 'ARRL-DX-SSB K1ABC']);
    const entries = log.qsos.map((qso) => cabrilloQsoToEntry(qso, fieldsOf(log.callsign), fieldsOf(qso.rcvdCall)));
    expect(entries.map((entry) => [entry.call, entry.band, entry.sent, entry.received])).toEqual([
      ['DL1ABC', '20m', { rst: '59', state: 'CT' }, { rst: '59', power: '100' }],
      ['G3ABC', '20m', { rst: '59', state: 'CT' }, { rst: '59', power: 'KW' }],
      ['JA1ABC', '15m', { rst: '59', state: 'CT' }, { rst: '59', power: '500' }],
    ]);
  });

  it('reads a multi-two log with its transmitter ids and writes it back as it was', () => {
    const original = fixture('cq-ww-cw-multi-two.cbr');
    const { log, problems } = readCabrillo(original);
    expect(problems).toEqual([]);
    expect(log.qsos.map((qso) => qso.transmitter)).toEqual([0, 1, 0, 1, 0]);
    expect(log.qsos[1]).toMatchObject({ freq: '7012', sent: ['599', '14'], rcvdCall: 'JA1ABC', received: ['599', '25'] });
    expect(log).toMatchObject({
      operators: ['DL1ABC', 'DL2ABC', 'DL3ABC', '@DL0ABC'],
      address: ['Musterstrasse 1', '12345 Musterstadt'],
      email: 'dl0abc@example.org',
      otherTags: [
        { tag: 'GRID-LOCATOR', value: 'JO62' },
        { tag: 'X-HAMLOG-NOTE', value: "a tag of a program's own, kept in its place" },
      ],
    });
    expect(log.category).toMatchObject({ operator: 'MULTI-OP', transmitter: 'TWO', station: 'FIXED' });
    expect(writeCabrillo(log)).toBe(original);
  });

  it('reports each line it cannot read, with its number and why, and keeps the good ones', () => {
    const { log, problems } = readCabrillo(fixture('bad-lines.cbr'));
    expect(log.qsos.map((qso) => [qso.line, qso.rcvdCall])).toEqual([
      [5, 'N4ABC'],
      [15, 'NE8ABC'],
    ]);
    expect(log.claimedScore).toBeNull();
    expect(problems.map(({ line, message }) => [line, message])).toEqual([
      [4, 'line 4: the claimed score lots is not a whole number'],
      [6, 'QSO line 6: the date 2014-13-01 is not a date'],
      [7, 'QSO line 7: the time 2460 is not a time (HHMM, UTC)'],
      [8, 'QSO line 8: the mode SSB is not one of CW, PH, FM, RY, DG'],
      [9, 'QSO line 9: it has 5 values where a QSO needs at least frequency, mode, date, time and both calls'],
      [10, 'QSO line 10: the received call 12345 is not a callsign'],
      [11, 'line 11: is not a Cabrillo line (TAG: value)'],
      [12, 'QSO line 12: the frequency 12345 is neither kHz on an amateur band nor a Cabrillo band (50, 144, 432, 1.2G ...)'],
      [13, "QSO line 13: its sent and received exchanges differ in length (4 values after the sent call), so where the received call stands needs the contest's layout"],
      [14, 'QSO line 14: the sent call K1-ABC is not a callsign'],
      [16, 'END-OF-LOG: is missing at the end of the log'],
    ]);
    expect(problems[1]?.text).toBe('QSO: 28048 CW 2014-13-01 1801 K1ABC         TOM    CT     K6ABC         SKIP   CA');
  });
});

describe('where the received call stands on a QSO line', () => {
  const log = (...qsoLines: string[]) => ['START-OF-LOG: 3.0', 'CALLSIGN: K1ABC', 'CONTEST: TEST', ...qsoLines, 'END-OF-LOG:'].join('\n');
  // A made-up contest: W/VE send RST, state and serial, DX only an RST.
  const line = 'QSO: 14025 CW 2024-05-04 1200 K1ABC 599 CT 7 DL1ABC 599';
  const layout = () => ({ sent: 3, received: 1 });

  it('takes the counts from the layout when the exchanges differ in length', () => {
    expect(readCabrillo(log(line)).problems.map((p) => p.message)).toEqual(['QSO line 4: the received call 7 is not a callsign']);
    const { log: read, problems } = readCabrillo(log(line, `${line} 1`), layout);
    expect(problems).toEqual([]);
    expect(read.qsos.map(({ sent, rcvdCall, received, transmitter }) => ({ sent, rcvdCall, received, transmitter }))).toEqual([
      { sent: ['599', 'CT', '7'], rcvdCall: 'DL1ABC', received: ['599'], transmitter: null },
      { sent: ['599', 'CT', '7'], rcvdCall: 'DL1ABC', received: ['599'], transmitter: 1 },
    ]);
  });

  it("reports a line that does not fit the layout, and finds the split itself where the layout is null", () => {
    expect(readCabrillo(log('QSO: 14025 CW 2024-05-04 1201 K1ABC 599 DL2ABC 599'), layout).problems.map((p) => p.message)).toEqual([
      'QSO line 4: it has 3 values after the sent call where the contest has 3 sent, the received call and 1 received',
    ]);
    const symmetric = 'QSO: 14025 CW 2024-05-04 1201 K1ABC 599 CT DL2ABC 599 14';
    expect(readCabrillo(log(symmetric), () => null).log.qsos[0]).toMatchObject({ sent: ['599', 'CT'], rcvdCall: 'DL2ABC', received: ['599', '14'] });
  });

  it('tells a transmitter id from an exchange value by where the calls stand', () => {
    const { log: read } = readCabrillo(log('QSO: 14025 CW 2024-05-04 1200 K1ABC 599 1 DL1ABC 599 1', 'QSO: 14025 CW 2024-05-04 1201 K1ABC 599 DL1ABC 599 1'));
    expect(read.qsos.map(({ sent, received, transmitter }) => ({ sent, received, transmitter }))).toEqual([
      { sent: ['599', '1'], received: ['599', '1'], transmitter: null },
      { sent: ['599'], received: ['599'], transmitter: 1 },
    ]);
  });

  it('reads a band designator from 50 MHz up, and reports LIGHT, which has no ADIF band', () => {
    const { log: read, problems } = readCabrillo(log('QSO: 144 PH 2024-06-08 1800 K1ABC FN31 W2ABC FN20', 'QSO: 1.2G PH 2024-06-08 1801 K1ABC FN31 W2ABC FN20', 'QSO: LIGHT PH 2024-06-08 1802 K1ABC FN31 W2ABC FN20'));
    expect(read.qsos.map((qso) => qso.freq)).toEqual(['144', '1.2G']);
    expect(problems.map((p) => p.message)).toEqual(['QSO line 6: the band LIGHT has no ADIF band to log it on']);
  });
});

describe('the header', () => {
  it('reads tags in any case, CRLF lines, blank lines and values with spaces around them', () => {
    const text = ['start-of-log: 3.0', 'Callsign:  K1ABC  ', '', 'category-operator: SINGLE-OP', 'x-logger-id: 42', 'soapbox:', 'qso: 14025 cw 2024-01-01 0000 K1ABC 599 5 DL1ABC 599 14', 'end-of-log:', ''].join('\r\n');
    const { log, problems } = readCabrillo(text);
    expect(problems).toEqual([]);
    expect(log).toMatchObject({ version: '3.0', callsign: 'K1ABC', soapbox: [], otherTags: [{ tag: 'X-LOGGER-ID', value: '42' }] });
    expect(log.category.operator).toBe('SINGLE-OP');
    expect(log.qsos[0]).toMatchObject({ line: 7, mode: 'CW', rcvdCall: 'DL1ABC', received: ['599', '14'] });
  });

  it('reports a missing START-OF-LOG: or END-OF-LOG: and still reads the log', () => {
    const { log, problems } = readCabrillo('CALLSIGN: K1ABC\nQSO: 14025 CW 2024-01-01 0000 K1ABC 599 5 DL1ABC 599 14\n\n');
    expect(log.qsos).toHaveLength(1);
    expect(problems).toEqual([
      { line: 1, text: 'CALLSIGN: K1ABC', message: 'line 1: the log does not start with START-OF-LOG:' },
      { line: 3, text: '', message: 'END-OF-LOG: is missing at the end of the log' },
    ]);
    expect(readCabrillo('').problems.map((p) => p.message)).toEqual(['the log is empty: START-OF-LOG: is missing', 'END-OF-LOG: is missing at the end of the log']);
  });

  it('reports a tag given twice, an unknown version and lines after END-OF-LOG:', () => {
    const text = 'START-OF-LOG: 4.1\nCALLSIGN: K1ABC\nCALLSIGN: K2ABC\nEND-OF-LOG:\nSTART-OF-LOG: 3.0\nCALLSIGN: K3ABC\n';
    const { log, problems } = readCabrillo(text);
    expect(log.callsign).toBe('K1ABC');
    expect(problems.map((p) => p.message)).toEqual([
      'line 1: the version 4.1 is not 2.0 or 3.0; read as 3.0',
      'line 3: CALLSIGN is given twice; the first, K1ABC, is kept',
      'line 5: the log goes on after END-OF-LOG:; the rest is not read',
    ]);
  });

  it('reads a Cabrillo 2.0 log, and writes it as 3.0', () => {
    const text = [
      'START-OF-LOG: 2.0',
      'ARRL-SECTION: STX',
      'CALLSIGN: N5KO',
      'CATEGORY: SINGLE-OP ALL HIGH',
      'CONTEST: ARRL-SS-CW',
      'OPERATORS: N5KO, K5ABC',
      'QSO: 21042 CW 1997-11-01 2101 N5KO 1 B 74 SCV WA2VRR 1 A 74 VA',
      'END-OF-LOG:',
    ].join('\n');
    const { log, problems } = readCabrillo(text);
    expect(problems).toEqual([]);
    expect(log).toMatchObject({ version: '2.0', operators: ['N5KO', 'K5ABC'], otherTags: [{ tag: 'ARRL-SECTION', value: 'STX' }, { tag: 'CATEGORY', value: 'SINGLE-OP ALL HIGH' }] });
    expect(log.qsos[0]).toMatchObject({ sent: ['1', 'B', '74', 'SCV'], rcvdCall: 'WA2VRR', received: ['1', 'A', '74', 'VA'] });
    const written = writeCabrillo(log);
    expect(written.startsWith('START-OF-LOG: 3.0\n')).toBe(true);
    expect(withoutLineNumbers(readCabrillo(written).log)).toEqual(withoutLineNumbers({ ...log, version: '3.0' }));
  });
});

describe('writing Cabrillo', () => {
  const qso = (overrides: Partial<CabrilloQso> = {}): CabrilloQso => ({
    line: 0,
    freq: '14025',
    mode: 'CW',
    date: '2024-11-23',
    time: '0000',
    sentCall: 'DL0ABC',
    sent: ['599', '14'],
    rcvdCall: 'K1ABC',
    received: ['599', '5'],
    transmitter: null,
    ...overrides,
  });
  const full = (): CabrilloLog => ({
    ...emptyCabrilloLog(),
    version: '3.0',
    callsign: 'DL0ABC',
    contest: 'CQ-WW-CW',
    category: { operator: 'SINGLE-OP', assisted: 'ASSISTED', band: 'ALL', power: 'LOW', mode: 'CW', transmitter: 'ONE', overlay: 'CLASSIC', station: 'FIXED', time: '24-HOURS' },
    claimedScore: 0,
    club: 'Club',
    operators: ['DL1ABC'],
    name: 'Name',
    location: 'DX',
    createdBy: 'HamLog',
    email: 'a@example.org',
    soapbox: ['Fun.'],
    address: ['Street 1', 'Town'],
    otherTags: [{ tag: 'X-ONE', value: '1' }],
    qsos: [qso()],
  });

  it("writes the header tags in the specification's order, then the others, and leaves empty ones out", () => {
    const tags = (log: CabrilloLog) => writeCabrillo(log).split('\n').map((line) => line.slice(0, line.indexOf(':')));
    expect(tags(full())).toEqual([
      'START-OF-LOG',
      'CALLSIGN',
      'CONTEST',
      ...['OPERATOR', 'ASSISTED', 'BAND', 'POWER', 'MODE', 'TRANSMITTER', 'OVERLAY', 'STATION', 'TIME'].map((name) => `CATEGORY-${name}`),
      'CLAIMED-SCORE',
      'CLUB',
      'LOCATION',
      'CREATED-BY',
      'NAME',
      'ADDRESS',
      'ADDRESS',
      'EMAIL',
      'OPERATORS',
      'SOAPBOX',
      'X-ONE',
      'QSO',
      'END-OF-LOG',
      '',
    ]);
    expect(writeCabrillo({ ...emptyCabrilloLog(), callsign: 'K1ABC', otherTags: [{ tag: 'x-empty', value: '' }] })).toBe('START-OF-LOG: 3.0\nCALLSIGN: K1ABC\nEND-OF-LOG:\n');
  });

  it('writes QSO lines in columns, wider for longer values, or as wide as asked', () => {
    const log = { ...emptyCabrilloLog(), qsos: [qso(), qso({ freq: '7012', rcvdCall: 'KA5WSS/VE3', received: ['599', 'CHRISTOPHER'], transmitter: 1 })] };
    expect(writeCabrillo(log).split('\n').slice(1, 3)).toEqual([
      'QSO: 14025 CW 2024-11-23 0000 DL0ABC        599 14     K1ABC         599 5',
      'QSO:  7012 CW 2024-11-23 0000 DL0ABC        599 14     KA5WSS/VE3    599 CHRISTOPHER 1',
    ]);
    expect(writeCabrillo({ ...log, qsos: [qso()] }, { sent: [4, 3] }).split('\n')[1]).toBe('QSO: 14025 CW 2024-11-23 0000 DL0ABC        599  14  K1ABC         599 5');
  });

  it('refuses a value that would break a line or move a column, naming where it is', () => {
    const refused = (log: CabrilloLog) => () => writeCabrillo(log);
    const one = (overrides: Partial<CabrilloQso>) => ({ ...full(), qsos: [qso({ line: 0 }), qso(overrides)] });
    expect(refused(one({ line: 15, sent: ['5 9', '14'] }))).toThrow(new CabrilloWriteError('QSO line 15: the sent value 1 "5 9" is not one word'));
    expect(refused(one({ received: ['599', ''] }))).toThrow(new CabrilloWriteError('QSO 2: the received value 2 "" is not one word'));
    expect(refused(one({ rcvdCall: 'K1ABC\nEND-OF-LOG:' }))).toThrow(CabrilloWriteError);
    expect(refused(one({ transmitter: 2 }))).toThrow('QSO 2: the transmitter id 2 is not 0 or 1');
    expect(refused({ ...full(), name: 'Name\nQSO: 14025' })).toThrow('NAME: the value "Name\\nQSO: 14025" has a line break');
    expect(refused({ ...full(), operators: ['DL1ABC DL2ABC'] })).toThrow(CabrilloWriteError);
    expect(refused({ ...full(), otherTags: [{ tag: 'QSO', value: '14025 CW' }] })).toThrow(CabrilloWriteError);
  });
});

describe('Cabrillo QSOs as contest entries', () => {
  const NAQP = [field('name', 'name'), field('state', 'state-province')];

  it('maps the exchange onto the fields by position, and back', () => {
    const { log } = readCabrillo(fixture('naqp-cw-2014-n5ko.cbr'));
    const first = log.qsos[0]!;
    const entry = cabrilloQsoToEntry(first, NAQP, NAQP);
    expect(entry).toEqual({
      id: 'line-15',
      at: Date.UTC(2014, 0, 11, 18, 0),
      band: '10m',
      mode: 'CW',
      freqKhz: 28048,
      call: 'N4PN',
      sent: { name: 'TREY', state: 'CA' },
      received: { name: 'PAUL', state: 'GA' },
    });
    expect(entryToCabrilloQso(entry, 'N5KO', NAQP, NAQP)).toEqual(first);
    for (const qso of log.qsos) expect(entryToCabrilloQso(cabrilloQsoToEntry(qso, NAQP, NAQP), qso.sentCall, NAQP, NAQP)).toEqual(qso);
  });

  it('carries the transmitter id and the band designators both ways', () => {
    const qso: CabrilloQso = { line: 3, freq: '1.2G', mode: 'PH', date: '2024-06-08', time: '2359', sentCall: 'K1ABC', sent: ['FN31'], rcvdCall: 'W2ABC', received: ['FN20'], transmitter: 1 };
    const grid = [field('grid', 'grid')];
    const entry = cabrilloQsoToEntry(qso, grid, grid);
    expect(entry).toEqual({ id: 'line-3', at: Date.UTC(2024, 5, 8, 23, 59), band: '23cm', mode: 'PH', call: 'W2ABC', sent: { grid: 'FN31' }, received: { grid: 'FN20' }, transmitter: 1 });
    expect(entryToCabrilloQso(entry, 'K1ABC', grid, grid)).toEqual(qso);
  });

  it('writes kHz below 50 MHz, the band edge without a frequency on the band, a designator above', () => {
    expect([cabrilloFreqBand('50'), cabrilloFreqBand('50125'), cabrilloFreqBand('432'), cabrilloFreqBand('3799'), cabrilloFreqBand('LIGHT'), cabrilloFreqBand('12345')]).toEqual(['6m', '6m', '70cm', '80m', null, null]);
    expect([cabrilloFreqOf('20m', 14025.4), cabrilloFreqOf('20m'), cabrilloFreqOf('20m', 0), cabrilloFreqOf('160m'), cabrilloFreqOf('6m', 50125), cabrilloFreqOf('2m')]).toEqual(['14025', '14000', '14000', '1800', '50', '144']);
  });

  it('leaves out values past the fields, and gives a field without a value an empty one', () => {
    const qso: CabrilloQso = { line: 0, freq: '7012', mode: 'CW', date: '2024-11-23', time: '0000', sentCall: 'DL0ABC', sent: ['599', '14', 'EXTRA'], rcvdCall: 'K1ABC', received: ['599'], transmitter: null };
    const cqww = [RST, field('zone', 'cq-zone')];
    const entry = cabrilloQsoToEntry(qso, cqww, cqww);
    expect([entry.sent, entry.received]).toEqual([{ rst: '599', zone: '14' }, { rst: '599' }]);
    expect(entryToCabrilloQso({ ...entry, id: 'q1' }, 'DL0ABC', cqww, cqww)).toMatchObject({ line: 0, sent: ['599', '14'], received: ['599', ''] });
  });
});
