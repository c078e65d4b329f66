import { describe, expect, it } from 'vitest';
import { humanTimeSince } from '../src/human-time';

const NOW = new Date('2025-06-15T12:00:00Z');
const since = (iso: string) => humanTimeSince(iso, NOW);

describe('humanTimeSince', () => {
  it('says just now under a minute, and for a time a little in the future', () => {
    expect(since('2025-06-15T12:00:00Z')).toBe('just now');
    expect(since('2025-06-15T11:59:00.001Z')).toBe('just now');
    expect(since('2025-06-15T12:00:05Z')).toBe('just now');
  });

  it('counts whole minutes and hours, singular for one', () => {
    expect(since('2025-06-15T11:59:00Z')).toBe('1 minute ago');
    expect(since('2025-06-15T11:55:00Z')).toBe('5 minutes ago');
    expect(since('2025-06-15T11:00:01Z')).toBe('59 minutes ago');
    expect(since('2025-06-15T11:00:00Z')).toBe('1 hour ago');
    expect(since('2025-06-14T12:00:01Z')).toBe('23 hours ago');
  });

  it('counts days below a week, then weeks below a calendar month', () => {
    expect(since('2025-06-14T12:00:00Z')).toBe('1 day ago');
    expect(since('2025-06-12T11:00:00Z')).toBe('3 days ago');
    expect(since('2025-06-08T12:00:01Z')).toBe('6 days ago');
    expect(since('2025-06-08T12:00:00Z')).toBe('1 week ago');
    expect(since('2025-05-16T12:00:00Z')).toBe('4 weeks ago');
  });

  it('counts calendar months and years', () => {
    expect(since('2025-05-15T12:00:00Z')).toBe('1 month ago');
    expect(since('2025-04-15T12:00:01Z')).toBe('1 month ago');
    expect(since('2025-04-15T12:00:00Z')).toBe('2 months ago');
    expect(since('2024-06-15T12:00:01Z')).toBe('11 months ago');
    expect(since('2024-06-15T12:00:00Z')).toBe('1 year ago');
    expect(since('2013-01-01T00:00:00Z')).toBe('12 years ago');
  });

  it('handles month ends: Jan 31 to Feb 28 is weeks, not a month', () => {
    expect(humanTimeSince('2025-01-31T00:00:00Z', new Date('2025-02-28T00:00:00Z'))).toBe('4 weeks ago');
    expect(humanTimeSince('2025-01-31T00:00:00Z', new Date('2025-03-01T00:00:00Z'))).toBe('1 month ago');
  });

  it('takes a Date as well as ISO text, and refuses garbage', () => {
    expect(humanTimeSince(new Date('2025-06-12T12:00:00Z'), NOW)).toBe('3 days ago');
    expect(() => humanTimeSince('yesterday', NOW)).toThrow(RangeError);
  });
});
