import { describe, expect, it } from 'vitest';
import { FailureLimiter } from '../src/http/rate-limit';

describe('FailureLimiter', () => {
  it('blocks a key after its failures fill the window, and frees it as they age out', () => {
    let now = 1_000_000;
    const limiter = new FailureLimiter(3, 60_000, () => now);
    for (let i = 0; i < 3; i += 1) {
      expect(limiter.retryAfterSeconds('a')).toBe(0);
      limiter.fail('a');
      now += 1_000;
    }
    expect(limiter.retryAfterSeconds('a')).toBe(57);
    expect(limiter.retryAfterSeconds('b')).toBe(0);
    now += 57_000;
    expect(limiter.retryAfterSeconds('a')).toBe(0);
  });

  it('forgets a key on reset (a successful login)', () => {
    const limiter = new FailureLimiter(1, 60_000);
    limiter.fail('a');
    expect(limiter.retryAfterSeconds('a')).toBeGreaterThan(0);
    limiter.reset('a');
    expect(limiter.retryAfterSeconds('a')).toBe(0);
  });
});
