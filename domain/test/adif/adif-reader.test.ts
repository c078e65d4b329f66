import { describe, expect, it } from 'vitest';
import { readAdif } from '../../src/adif';
import { countEor, fixtures, naiveRecords, random, readInChunks, readParts } from './adif-helpers';

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
const latin1 = (text: string): Uint8Array => Uint8Array.from(text, (c) => c.charCodeAt(0));

describe('ADIF reader on the real files', () => {
  const files = fixtures();

  it('has the fixture files', () => {
    expect(files.map((f) => f.name)).toEqual([
      'ADIF_316_test_QSOs_2025_08_27.adi',
      'Log4OM.adi',
      'N3FJP-AClogAdif.adi',
      'lotwreport.adi',
      'qrz.adi',
      'skcc-logger.adi',
    ]);
  });

  for (const { name, bytes } of fixtures()) {
    it(`${name}: reads every record (one per <EOR>), without problems`, () => {
      const result = readAdif(bytes);
      expect(result.problems).toEqual([]);
      expect(result.records).toHaveLength(countEor(bytes));
    });

    it(`${name}: keeps every field of every record, with its text`, () => {
      const records = readAdif(bytes).records;
      const naive = naiveRecords(bytes);
      expect(records).toHaveLength(naive.length);
      const shorter: string[] = [];
      records.forEach((record, i) => {
        const expected = naive[i]!;
        expect(Object.keys(record.fields).sort(), `record at line ${record.line}`).toEqual([...new Set(expected.names)].sort());
        for (const [field, text] of Object.entries(expected.texts)) {
          const value = record.fields[field]!.trimEnd();
          if (value !== text) {
            // A length shorter than its text: ADIF ignores the text after the value.
            expect(text.startsWith(value), `${field} at line ${record.line}: ${JSON.stringify(value)} vs ${JSON.stringify(text)}`).toBe(true);
            shorter.push(`${field}:${text.slice(value.length)}`);
          }
        }
      });
      // The only such texts in these files: LoTW's and Log4OM's comments after values
      // ('<STATE:2>OK // Oklahoma'), and Log4OM's ADDRESS ('x===x' declared one short).
      const kinds = new Set(shorter.map((s) => (/^[A-Z_]+: \/\/ /.test(s) ? 'comment' : s)));
      const expectedKinds: Record<string, string[]> = { 'Log4OM.adi': ['ADDRESS:x', 'comment'], 'lotwreport.adi': ['comment'] };
      expect([...kinds].sort()).toEqual(expectedKinds[name] ?? []);
    });

    it(`${name}: the stream reader gives exactly readAdif's result for random chunk sizes`, () => {
      const whole = readAdif(bytes);
      for (let seed = 1; seed <= 4; seed++) {
        const next = random(seed);
        const max = seed === 1 ? 7 : seed === 2 ? 300 : seed === 3 ? 5000 : 70_000;
        expect(readInChunks(bytes, () => 1 + Math.floor(next() * max), seed % 2 === 0 ? 0 : undefined)).toEqual(whole);
      }
    });
  }

  it('reads the official ADIF 3.1.6 test file: 6,191 QSOs, USERDEFs, APP_ fields, multi-line values', () => {
    const file = fixtures().find((f) => f.name.startsWith('ADIF_316'))!;
    const { header, records } = readAdif(file.bytes);
    expect(records).toHaveLength(6191);
    expect(header?.fields.ADIF_VER).toBe('3.1.6');
    expect(header?.userDefs).toContainEqual({ name: 'MY_POWER_CATEGORY', type: 'E', enumeration: ['QRPP', 'QRP', 'QRO'] });
    expect(header?.userDefs).toContainEqual({ name: 'MY_TEMPERATURE_FAHRENHEIT', type: 'N', range: [-50, 150] });
    expect(header?.userDefs).toHaveLength(12);
    expect(records[0]!.fields).toMatchObject({ CALL: 'VE3AAA', QSO_TRANSCRIPT: 'NAME FRED\nQTH ALENCON\n73 ES GOOD DX', MY_POWER_CATEGORY: 'QrpP' });
    expect(records[0]!.line).toBe(19);
    expect(records[1]!.fields).toMatchObject({ APP_CREATEADIFTESTFILES_WX: 'Cloud scattered\nLight rain', APP_CREATEADIFTESTFILES_NEXT_LAT: 'S018 28.430' });
  });

  it('reads the accented names of QRZ (lengths in bytes) and the header text of Log4OM (BOM)', () => {
    const qrz = readAdif(fixtures().find((f) => f.name === 'qrz.adi')!.bytes);
    expect(qrz.records.find((r) => r.fields.QTH === 'Montréal')).toBeDefined();
    const log4om = readAdif(fixtures().find((f) => f.name === 'Log4OM.adi')!.bytes);
    expect(log4om.header?.text.startsWith('#++++')).toBe(true);
    expect(log4om.header?.fields.PROGRAMID).toBe('Log4OM2');
  });
});

describe('ADIF reader rules', () => {
  it('reads a file without header, names in any case, type indicators, text between fields', () => {
    const { header, records, problems } = readAdif('<call:6>DL1ABC junk <Band:3:E>20m\n<MODE:2>CW<eor> more text <CALL:4>K1AB<EOR>');
    expect(header).toBeNull();
    expect(problems).toEqual([]);
    expect(records.map((r) => r.fields)).toEqual([{ CALL: 'DL1ABC', BAND: '20m', MODE: 'CW' }, { CALL: 'K1AB' }]);
  });

  it('takes a header that starts with a tag when an <EOH> comes before the first <EOR>', () => {
    const { header, records } = readAdif('<ADIF_VER:5>3.1.6<PROGRAMID:3>XYZ<EOH><CALL:4>K1AB<EOR>');
    expect(header).toEqual({ text: '', fields: { ADIF_VER: '3.1.6', PROGRAMID: 'XYZ' }, userDefs: [] });
    expect(records).toHaveLength(1);
  });

  it('tells byte lengths from character lengths per field', () => {
    // 'José' is 4 characters and 5 bytes; 'Müller' 6 and 7; '山田太郎' 4 and 12; an emoji 1 code point, 2 UTF-16 units, 4 bytes.
    const chars = readAdif(utf8('<CALL:4>K1AB<NAME:4>José<QTH:6>Müller<COMMENT:4>山田太郎<NOTES:3>A😀B<EOR>'));
    const bytes = readAdif(utf8('<CALL:4>K1AB<NAME:5>José<QTH:7>Müller<COMMENT:12>山田太郎<NOTES:6>A😀B<EOR>'));
    const units = readAdif(utf8('<CALL:4>K1AB <NOTES:4>A😀B <EOR>'));
    const spaced = readAdif(utf8('<CALL:4>K1AB <NAME:4>José <QTH:7>Müller\n<COMMENT:4>山田太郎\r\n<EOR>'));
    const expected = { CALL: 'K1AB', NAME: 'José', QTH: 'Müller', COMMENT: '山田太郎', NOTES: 'A😀B' };
    expect(chars.records[0]!.fields).toEqual(expected);
    expect(bytes.records[0]!.fields).toEqual(expected);
    expect(units.records[0]!.fields).toEqual({ CALL: 'K1AB', NOTES: 'A😀B' });
    expect(spaced.records[0]!.fields).toEqual({ CALL: 'K1AB', NAME: 'José', QTH: 'Müller', COMMENT: '山田太郎' });
    expect([chars, bytes, units, spaced].flatMap((r) => r.problems)).toEqual([]);
  });

  it('reads ISO-8859-1 input (not valid UTF-8)', () => {
    const { records, problems } = readAdif(latin1('<CALL:5>EA1AA<NAME:4>José<QTH:7>Málaga <COMMENT:6>Müller<EOR>'));
    expect(problems).toEqual([]);
    expect(records[0]!.fields).toEqual({ CALL: 'EA1AA', NAME: 'José', QTH: 'Málaga ', COMMENT: 'Müller' });
  });

  it('reads values that hold < and even <EOR> when their length says so', () => {
    const { records, problems } = readAdif('<CALL:4>K1AB<COMMENT:20>a <b> <EOR> <X:1>y z\n<EOR>');
    expect(problems).toEqual([]);
    expect(records[0]!.fields.COMMENT).toBe('a <b> <EOR> <X:1>y z');
  });

  it('reads CRLF-counted multi-line values in a file whose line ends became LF', () => {
    const { records, problems } = readAdif('<CALL:4>K1AB\n<NOTES:8>one\ntwo\n<ADDRESS:4>a\nb\n<EOR>\n');
    expect(problems).toEqual([]);
    expect(records[0]!.fields).toEqual({ CALL: 'K1AB', NOTES: 'one\ntwo', ADDRESS: 'a\nb' });
  });

  it('skips a BOM, keeps empty values, merges a repeated field with the same value', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('<CALL:4>K1AB<NAME:0><CALL:4>K1AB<EOR>')]);
    const { header, records, problems } = readAdif(bytes);
    expect(header).toBeNull();
    expect(problems).toEqual([]);
    expect(records[0]!.fields).toEqual({ CALL: 'K1AB', NAME: '' });
  });

  it('reports each malformed record with its line and a clear message, and reads the rest', () => {
    const text = [
      'header', // 1
      '<EOH>', // 2
      '<CALL:4>K1AA <EOR>', // 3 fine
      '<NAME:3>Bob <EOR>', // 4 no CALL
      '<CALL:4>K1AB <http://x.org/> <EOR>', // 5 garbage tag
      '<CALL:4>K1AC <QTH> <EOR>', // 6 tag without length
      '<CALL:4>K1AD', // 7 length runs into the next field
      '<NAME:6>Bob <QTH:4>Rome <EOR>', // 8
      '<CALL:4>K1AE <CALL:4>K1AF <EOR>', // 9 the same field twice
      '<CALL:4>K1AG <NAME:99999999999>x <EOR>', // 10 longer than any value may be
      '<CALL:4>K1AH <EOR>', // 11 fine
      '<CALL:4>K1AI <COMMENT:40>runs past <EOR>', // 12 past the <EOR>
      '<CALL:4>K1AJ <EOR>', // 13 fine
      '<CALL:4>K1AK <NAME:500>ends', // 14 past the end of the input
    ].join('\n');
    const { records, problems } = readAdif(text);
    expect(records.map((r) => [r.line, r.fields.CALL])).toEqual([
      [3, 'K1AA'],
      [11, 'K1AH'],
      [13, 'K1AJ'],
    ]);
    expect(problems.map((p) => p.line)).toEqual([4, 5, 6, 7, 9, 10, 12, 14]);
    expect(problems.map((p) => p.message)).toEqual([
      'This record has no CALL, so it was not imported.',
      "'<http://x.org/>' is not an ADIF field (expected <NAME:LENGTH>value); the record was not imported.",
      'The field <QTH> has no length (expected <QTH:LENGTH>value); the record was not imported.',
      'Line 8: The field NAME says its value is 6 characters long, which runs into the next field; the record was not imported.',
      'The field CALL appears twice with different values; the record was not imported.',
      'The field NAME says its value is 99999999999 characters long, more than the 16 MiB a value may have; the record was not imported.',
      'The field COMMENT says its value is 40 characters long, which runs past the end of the record (<EOR>); the record was not imported.',
      'The field NAME says its value is 500 characters long, but the file ends before that; the record was not imported.',
    ]);
  });

  it('reports a last record without <EOR> (and reads it in no other way)', () => {
    const { records, problems } = readAdif('<CALL:4>K1AA<EOR>\n\n<CALL:4>K1AB <BAND:3>20m\n');
    expect(records).toHaveLength(1);
    expect(problems).toEqual([{ line: 3, message: 'This record does not end with <EOR>, so it was not imported.' }]);
  });

  it('ignores a second header (files put one after the other) and bare tags between records', () => {
    const { records, problems } = readAdif('x<EOH><CALL:4>K1AA<EOR>\nLog 2\n<PROGRAMID:3>XYZ<EOH>\n<CALL:4>K1AB<EOR><APP_LoTW_EOF>');
    expect(problems).toEqual([]);
    expect(records.map((r) => r.fields.CALL)).toEqual(['K1AA', 'K1AB']);
  });

  it('stops and resumes at every byte: each split of crafted inputs reads the same', () => {
    const inputs = [
      utf8('<ADIF_VER:5>3.1.6 <EOH>\n<CALL:4>K1AB<NAME:5>José<QTH:4>山田太郎<EOR>\n<CALL:4>K1AC<NOTES:9>one\ntwo\n<EOR>'),
      latin1('hdr<eoh><CALL:5>EA1AA<NAME:4>José<EOR><CALL:4>K1AB<NAME:9>x'),
      utf8('<CALL:4>K1AB<COMMENT:20>a <b> <EOR> <X:1>y z\n<EOR><NAME:3>Bob<EOR><CALL:2>AB <garbage <EOR>'),
      new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('<CALL:4>K1AB<NOTES:4>A😀B <EOR>')]),
    ];
    for (const input of inputs) {
      const whole = readAdif(input);
      for (let split = 0; split <= input.length; split++) {
        expect(readParts([input.subarray(0, split), input.subarray(split)], 0), `split at ${split}`).toEqual(whole);
      }
      expect(readInChunks(input, () => 1, 0)).toEqual(whole);
    }
  });
});
