import { describe, expect, it } from 'vitest';
import { bandForFrequencyKhz, bandForHz, bands, normaliseBandName } from '../src/bands';

describe('bandForFrequencyKhz', () => {
  it('finds the ADIF band, lower-case', () => {
    expect(bandForFrequencyKhz(14074)).toBe('20m');
    expect(bandForFrequencyKhz(7127)).toBe('40m');
    expect(bandForFrequencyKhz(3573)).toBe('80m');
    expect(bandForFrequencyKhz(1840)).toBe('160m');
    expect(bandForFrequencyKhz(5357)).toBe('60m');
    expect(bandForFrequencyKhz(10136)).toBe('30m');
    expect(bandForFrequencyKhz(18100)).toBe('17m');
    expect(bandForFrequencyKhz(21074)).toBe('15m');
    expect(bandForFrequencyKhz(24915)).toBe('12m');
    expect(bandForFrequencyKhz(28074)).toBe('10m');
    expect(bandForFrequencyKhz(50313)).toBe('6m');
    expect(bandForFrequencyKhz(70200)).toBe('4m');
    expect(bandForFrequencyKhz(144174)).toBe('2m');
    expect(bandForFrequencyKhz(223500)).toBe('1.25m');
    expect(bandForFrequencyKhz(432065)).toBe('70cm');
    expect(bandForFrequencyKhz(1296200)).toBe('23cm');
    expect(bandForFrequencyKhz(10368100)).toBe('3cm');
    expect(bandForFrequencyKhz(136)).toBe('2190m');
    expect(bandForFrequencyKhz(475)).toBe('630m');
    expect(bandForFrequencyKhz(300_000_000)).toBe('submm'); // 300 GHz: the highest frequency accepted
  });

  it('includes both edges of a band', () => {
    expect(bandForFrequencyKhz(14000)).toBe('20m');
    expect(bandForFrequencyKhz(14350)).toBe('20m');
    expect(bandForFrequencyKhz(13999.999)).toBeNull();
    expect(bandForFrequencyKhz(14350.001)).toBeNull();
    expect(bandForFrequencyKhz(135.7)).toBe('2190m');
    expect(bandForFrequencyKhz(137.8)).toBe('2190m');
    expect(bandForFrequencyKhz(137.801)).toBeNull();
    expect(bandForFrequencyKhz(1800)).toBe('160m');
    expect(bandForFrequencyKhz(2000)).toBe('160m');
    expect(bandForFrequencyKhz(7300)).toBe('40m');
    expect(bandForFrequencyKhz(29700)).toBe('10m');
  });

  it('gives the lower band where two bands touch (6m and 5m at 54 MHz)', () => {
    expect(bandForFrequencyKhz(54000)).toBe('6m');
    expect(bandForFrequencyKhz(54000.001)).toBe('5m');
  });

  it('gives null outside every band and for bad input', () => {
    expect(bandForFrequencyKhz(12000)).toBeNull();
    expect(bandForFrequencyKhz(0)).toBeNull();
    expect(bandForFrequencyKhz(-14074)).toBeNull();
    expect(bandForFrequencyKhz(Number.NaN)).toBeNull();
    expect(bandForHz(14_074_000)).toBe('20m');
  });

  it('reads all 33 ADIF bands', () => {
    expect(bands()).toHaveLength(33);
    expect(bands().every((b) => b.name === b.name.toLowerCase() && b.lowerHz < b.upperHz)).toBe(true);
    expect(normaliseBandName('20M')).toBe('20m');
    expect(normaliseBandName('70CM')).toBe('70cm');
    expect(normaliseBandName('11m')).toBeNull();
  });
});
