import { describe, expect, it } from 'vitest';
import { wpxPrefix } from '../src/dxcc/wpx-prefix';

describe('wpxPrefix (CQ WPX rules)', () => {
  it.each([
    // Rule 1: up to and including the last digit.
    ['N8BJQ', 'N8'],
    ['W8AW', 'W8'],
    ['WD8ABC', 'WD8'],
    ['HG1A', 'HG1'],
    ['HG19ABC', 'HG19'],
    ['KC2XYZ', 'KC2'],
    ['OE2ABC', 'OE2'],
    ['OE25X', 'OE25'],
    ['LY1000X', 'LY1000'],
    ['2E0ABC', '2E0'],
    ['3DA0RU', '3DA0'],
    ['9A1A', '9A1'],
    ['4X4AA', '4X4'],
    ['K1A', 'K1'],
    ['YB0ECT', 'YB0'],
    // Rule 2: no digit, a zero after the first two letters.
    ['RAEM', 'RA0'],
    ['PAJA', 'PA0'],
    // Rule 3: a lone digit replaces the call's digits.
    ['N8BJQ/2', 'N2'],
    ['W8AW/0', 'W0'],
    ['HG19ABC/5', 'HG5'],
    // Rule 3: a designator with letters and digits is the prefix, whichever side it is on.
    ['N8BJQ/KH6', 'KH6'],
    ['KH6/N8BJQ', 'KH6'],
    ['VP2E/N8BJQ', 'VP2'],
    // Rule 3: a designator of letters only gets a zero.
    ['N8BJQ/PA', 'PA0'],
    ['F/ON4XX', 'F0'],
    // Rule 3: operating suffixes are dropped.
    ['N8BJQ/KH6/P', 'KH6'],
    ['DL1ABC/P', 'DL1'],
    ['G4ABC/MM', 'G4'],
    ['N8BJQ/M', 'N8'],
    ['N8BJQ/AM', 'N8'],
    ['N8BJQ/QRP', 'N8'],
    ['N8BJQ/QRPP', 'N8'],
    ['N8BJQ/A', 'N8'],
    ['N8BJQ/E', 'N8'],
    ['N8BJQ/J', 'N8'],
    ['N8BJQ/B', 'N8'],
    // Trimmed and upper-cased first.
    ['  n8bjq/p ', 'N8'],
  ])('%s → %s', (call, prefix) => {
    expect(wpxPrefix(call)).toBe(prefix);
  });

  it.each(['', '   ', 'ABC-1', '/', '12'])('%j is not a callsign', (call) => {
    expect(wpxPrefix(call)).toBeNull();
  });
});
