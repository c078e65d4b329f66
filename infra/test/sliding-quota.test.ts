import { describe, expect, it } from 'vitest';
import { SlidingQuota } from '../src/http/sliding-quota';

describe('SlidingQuota', () => {
  const windows = [{ max: 2, windowMs: 1000 }, { max: 3, windowMs: 10_000 }];

  it('grants up to each window’s max and says when the next use frees', () => {
    let now = 0;
    const quota = new SlidingQuota(windows, () => now);
    expect(quota.take('a').granted).toBe(true);
    now = 100;
    expect(quota.take('a').granted).toBe(true);
    expect(quota.take('a')).toEqual({ granted: false, retryAfterSeconds: 1 });
    expect(quota.take('b').granted).toBe(true);
    now = 1001;
    expect(quota.take('a').granted).toBe(true);
    now = 2500;
    // The longer window is full: its oldest use (at 0) leaves it at 10 s.
    expect(quota.take('a')).toEqual({ granted: false, retryAfterSeconds: 8 });
    now = 10_001;
    expect(quota.take('a').granted).toBe(true);
  });

  it('a use given back is free again', () => {
    const quota = new SlidingQuota(windows, () => 0);
    const first = quota.take('a');
    expect(quota.take('a').granted).toBe(true);
    if (first.granted) first.giveBack();
    expect(quota.take('a').granted).toBe(true);
    expect(quota.take('a').granted).toBe(false);
  });
});
