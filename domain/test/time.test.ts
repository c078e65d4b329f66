import { describe, expect, it } from 'vitest';
import { parseUtcTimestamp, toUtcSeconds, utcMinuteKey } from '../src/time';

const iso = (input: string) => parseUtcTimestamp(input)?.toISOString() ?? null;

describe('parseUtcTimestamp', () => {
  it('accepts the usual ISO 8601 forms as UTC', () => {
    expect(iso('2025-01-01T12:00:00Z')).toBe('2025-01-01T12:00:00.000Z');
    expect(iso('2025-01-01 12:00:00')).toBe('2025-01-01T12:00:00.000Z');
    expect(iso('2025-01-01T12:00')).toBe('2025-01-01T12:00:00.000Z');
    expect(iso('2025-01-01T12:00:00.123Z')).toBe('2025-01-01T12:00:00.123Z');
    expect(iso('2025-01-01T12:00:00.123456Z')).toBe('2025-01-01T12:00:00.123Z');
    expect(iso('2025-01-01t12:00:00z')).toBe('2025-01-01T12:00:00.000Z');
    expect(iso(' 2025-06-30T23:59:59Z ')).toBe('2025-06-30T23:59:59.000Z');
    expect(iso('2025-01-01 12:00 UTC')).toBe('2025-01-01T12:00:00.000Z');
  });

  it('converts offsets to UTC', () => {
    expect(iso('2025-01-01T12:00:00+02:00')).toBe('2025-01-01T10:00:00.000Z');
    expect(iso('2025-01-01T01:00:00-05:00')).toBe('2025-01-01T06:00:00.000Z');
    expect(iso('2025-01-01T00:30:00+0100')).toBe('2024-12-31T23:30:00.000Z');
    expect(iso('2025-01-01T12:00:00+05:30')).toBe('2025-01-01T06:30:00.000Z');
    expect(iso('2025-01-01T12:00+02')).toBe('2025-01-01T10:00:00.000Z');
  });

  it('accepts the compact forms loggers use', () => {
    expect(iso('20250101 1200')).toBe('2025-01-01T12:00:00.000Z');
    expect(iso('20250101 120030')).toBe('2025-01-01T12:00:30.000Z');
    expect(iso('20250101T120000Z')).toBe('2025-01-01T12:00:00.000Z');
  });

  it('rejects garbage and impossible dates and times', () => {
    for (const bad of [
      '',
      'yesterday',
      '2025-02-30T12:00:00Z',
      '2023-02-29T12:00:00Z',
      '2025-13-01T12:00:00Z',
      '2025-00-10T12:00:00Z',
      '2025-04-31T12:00:00Z',
      '2025-01-01T24:00:00Z',
      '2025-01-01T12:60:00Z',
      '2025-01-01T12:00:60Z',
      '2025-01-01',
      '2025-01-01T12',
      '2025-1-1T12:00:00Z',
      '2025-01-01T12:00:00+15:00',
      '2025-01-01T12:00:00+02:75',
      '2025-01-01T12:00:00Zjunk',
      '1735732800',
    ]) {
      expect(parseUtcTimestamp(bad), bad).toBeNull();
    }
    expect(iso('2024-02-29T12:00:00Z')).toBe('2024-02-29T12:00:00.000Z');
    expect(parseUtcTimestamp(undefined as unknown as string)).toBeNull();
  });
});

describe('UTC keys', () => {
  it('gives the minute key and the seconds form', () => {
    const date = new Date('2025-03-04T05:06:07.890Z');
    expect(utcMinuteKey(date)).toBe('2025-03-04T05:06');
    expect(toUtcSeconds(date)).toBe('2025-03-04T05:06:07Z');
  });
});
