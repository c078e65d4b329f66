import { describe, expect, it } from 'vitest';
import { formatUtcMinute, isoToMinuteValue, minuteValueToIso, utcMinuteValue } from './time';

describe('UTC time helpers', () => {
  it('shows minute precision in UTC', () => {
    expect(utcMinuteValue(new Date('2024-05-01T13:07:59.999Z'))).toBe('2024-05-01T13:07');
    expect(formatUtcMinute('2024-05-01T13:07:42Z')).toBe('2024-05-01 13:07');
    expect(formatUtcMinute('2024-05-01T15:07:42+02:00')).toBe('2024-05-01 13:07');
    expect(isoToMinuteValue('nonsense')).toBe('');
  });

  it('reads a typed minute value as UTC', () => {
    expect(minuteValueToIso('2024-05-01T13:07')).toBe('2024-05-01T13:07:00.000Z');
    expect(minuteValueToIso('2024-05-01 13:07')).toBe('2024-05-01T13:07:00.000Z');
    expect(minuteValueToIso('2024-02-30 13:07')).toBeNull();
    expect(minuteValueToIso('2024-05-01 24:00')).toBeNull();
    expect(minuteValueToIso('2024-05-01')).toBeNull();
  });
});
