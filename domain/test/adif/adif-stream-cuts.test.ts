/**
 * The stream reader cut inside a multi-byte UTF-8 character: a length counted in characters is
 * told from one counted in bytes by where the value must end, so a cut must not make it choose.
 */
import { describe, expect, it } from 'vitest';
import { readAdif, type AdifReadResult } from '../../src/adif';
import { readInChunks, readParts } from './adif-helpers';

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

/** Pushes [0, a), [a, b), [b, end) (empty parts skipped), parsing at every push. */
function readCut(input: Uint8Array, a: number, b = a): AdifReadResult {
  return readParts([input.subarray(0, a), input.subarray(a, b), input.subarray(b)], 0);
}

/** Every cut point of `input` (and every pair of them when `pairs`): exactly readAdif's result. */
function expectSameAtEveryCut(input: Uint8Array, pairs: boolean): void {
  const whole = readAdif(input);
  for (let a = 0; a <= input.length; a++) {
    expect(readCut(input, a), `cut at ${a}`).toEqual(whole);
    if (pairs) for (let b = a + 1; b < input.length; b++) expect(readCut(input, a, b), `cuts at ${a}, ${b}`).toEqual(whole);
  }
  expect(readInChunks(input, () => 1, 0)).toEqual(whole);
}

describe('ADIF stream reader cut inside a character', () => {
  it('reads a header value counted in UTF-16 units the same when cut inside its emoji', () => {
    const input = utf8('x<USERDEF1:14:E>X,{A,B}<eor>😀<EOH>\n<CALL:4>AB1C<EOR>\n');
    const whole = readAdif(input);
    expect(whole.header?.fields.USERDEF1).toBe('X,{A,B}<eor>😀');
    expect(whole.records).toHaveLength(1);
    expect(whole.problems).toEqual([]);
    const emoji = input.indexOf(0xf0);
    expect(readCut(input, emoji + 3)).toEqual(whole);
    expectSameAtEveryCut(input, false);
  });

  it('reads record values counted in characters or bytes (2-, 3-, 4-byte characters) the same at every cut', () => {
    const records = [
      // Counted in code points, then in bytes, then in UTF-16 units; values holding '<EOR>'
      // leave only one reading that fits.
      '<CALL:4>K1AB <NAME:3>Zoë <QTH:7>Müller <COMMENT:4>山田太郎 <NOTES:3>A😀B <EOR>\n',
      '<CALL:5>EA1AA <NAME:4>Zoë <QTH:6>Müller <COMMENT:12>山田太郎 <NOTES:6>A😀B <EOR>\n',
      '<CALL:4>DL1X <NOTES:4>A😀B <COMMENT:9>ab<EOR>😀 <NAME:9>é<EOR>€😀 <EOR>\n',
      '<CALL:4>JA1Z <QTH:7>東京<eor> <NAME:6>ñ<eor> <COMMENT:7>x<EOR>€ <EOR>\n',
    ];
    const input = utf8(`<ADIF_VER:5>3.1.6 <USERDEF1:9:S>é<eor>😀ñ <EOH>\n${records.join('')}`);
    const whole = readAdif(input);
    expect(whole.problems).toEqual([]);
    expect(whole.records.map((r) => r.fields)).toEqual([
      { CALL: 'K1AB', NAME: 'Zoë', QTH: 'Müller', COMMENT: '山田太郎', NOTES: 'A😀B' },
      { CALL: 'EA1AA', NAME: 'Zoë', QTH: 'Müller', COMMENT: '山田太郎', NOTES: 'A😀B' },
      { CALL: 'DL1X', NOTES: 'A😀B', COMMENT: 'ab<EOR>😀', NAME: 'é<EOR>€😀' },
      { CALL: 'JA1Z', QTH: '東京<eor>', NAME: 'ñ<eor>', COMMENT: 'x<EOR>€' },
    ]);
    expect(whole.header?.fields.USERDEF1).toBe('é<eor>😀ñ');
    expectSameAtEveryCut(input, false);
  });

  it('reads the same at every pair of cuts of a short record', () => {
    expectSameAtEveryCut(utf8('<CALL:4>K1AB <NAME:9>Zoë<eor>😀 <QTH:7>山<EOR>é <EOR>\n'), true);
  });
});
