import { describe, expect, it } from 'vitest';
import { isStorableText } from '../src/storable-text';

describe('isStorableText', () => {
  it.each([
    ['plain text', 'CQ DX de W1AW'],
    ['accents and CJK', 'Grüße, 73 de JA1 東京'],
    ['a whole surrogate pair (emoji)', '73 📻 👍'],
    ['empty', ''],
  ])('keeps %s', (_, text) => expect(isStorableText(text)).toBe(true));

  it.each([
    ['a NUL byte', 'W1AW\u0000'],
    ['a lone high surrogate', 'a\ud800b'],
    ['a lone high surrogate at the end', 'abc\ud83d'],
    ['a lone low surrogate', '\udc00abc'],
    ['two high surrogates', '\ud83d\ud83d\udcfb'.slice(0, 2)],
  ])('refuses %s', (_, text) => expect(isStorableText(text)).toBe(false));
});
