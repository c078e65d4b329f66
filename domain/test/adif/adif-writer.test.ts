import { describe, expect, it } from 'vitest';
import { adifLength, readAdif, writeAdifHeader, writeAdifRecord } from '../../src/adif';
import { random } from './adif-helpers';

describe('ADIF writer', () => {
  it('writes a header that begins with text and ends with <EOH>', () => {
    const header = writeAdifHeader({ programVersion: '1.2', createdAt: new Date('2025-08-27T16:26:24Z') });
    expect(header).toBe(
      'ADIF export from HamLog\n<ADIF_VER:5>3.1.6\n<PROGRAMID:6>HamLog\n<PROGRAMVERSION:3>1.2\n<CREATED_TIMESTAMP:15>20250827 162624\n<EOH>\n\n',
    );
    expect(readAdif(header).header?.fields).toEqual({ ADIF_VER: '3.1.6', PROGRAMID: 'HamLog', PROGRAMVERSION: '1.2', CREATED_TIMESTAMP: '20250827 162624' });
  });

  it('counts characters (code points), leaves empty values out, ends with <EOR>', () => {
    expect(writeAdifRecord({ CALL: 'K1AB', NAME: 'José', QTH: '山田', NOTES: 'A😀', EMPTY: '' })).toBe('<CALL:4>K1AB\n<NAME:4>José\n<QTH:2>山田\n<NOTES:2>A😀\n<EOR>\n');
    expect(adifLength('😀😀')).toBe(2);
  });

  it('writes values the reader gives back exactly, whatever they hold', () => {
    const next = random(42);
    const alphabet = ['a', 'Z', '0', ' ', '\n', '\r\n', '<', '>', ':', '<EOR>', '<eoh>', '<CALL:4>', 'é', 'ß', '山', '😀', '\t', '//', '\u0000'];
    const records: Record<string, string>[] = [];
    for (let i = 0; i < 20_000; i++) {
      const fields: Record<string, string> = {};
      const count = 1 + Math.floor(next() * 4);
      const callAt = Math.floor(next() * count);
      for (let f = 0; f < count; f++) {
        if (f === callAt) fields.CALL = `K${i}AB`;
        let value = '';
        const length = 1 + Math.floor(next() * 12);
        for (let k = 0; k < length; k++) value += alphabet[Math.floor(next() * alphabet.length)];
        fields[`F${f}`] = value;
      }
      records.push(fields);
    }
    const file = writeAdifHeader() + records.map(writeAdifRecord).join('');
    const result = readAdif(file);
    expect(result.problems).toEqual([]);
    expect(result.records.map((r) => r.fields)).toEqual(records);
  });
});
