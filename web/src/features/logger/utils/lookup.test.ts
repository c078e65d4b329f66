import { describe, expect, it } from 'vitest';
import { externalLookupUrl, loggerUrlFor, logbarPath } from './lookup';

describe('callsign lookups', () => {
  it("sends '/' in the callsign as '_'", () => {
    expect(logbarPath('ea8/k1abc/p')).toBe('/vlogbar/EA8_K1ABC_P');
    expect(logbarPath('DL1ABC')).toBe('/vlogbar/DL1ABC');
  });

  it('links the external lookup page', () => {
    expect(externalLookupUrl('k1abc')).toBe('https://www.qrz.com/db/K1ABC');
    expect(externalLookupUrl('EA8/K1ABC')).toBe('https://www.qrz.com/db/EA8%2FK1ABC');
  });

  it('brings a visitor back to the logger with the call searched', () => {
    expect(loggerUrlFor('EA8/K1ABC')).toBe('/logger?log_callsign=EA8%2FK1ABC');
    expect(loggerUrlFor('')).toBe('/logger');
  });
});
