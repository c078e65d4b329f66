import { describe, expect, it } from 'vitest';
import { LogPositionTracker, maxPosition } from './log-position';

describe('log position tracking', () => {
  it('keeps the highest position seen', () => {
    const t = new LogPositionTracker();
    expect(t.current()).toBeNull();
    t.observe('10');
    t.observe('7');
    t.observe(null);
    t.observe('garbage');
    expect(t.current()).toBe('10');
    t.observe('11');
    expect(t.current()).toBe('11');
  });

  it('compares beyond 2^53 exactly', () => {
    expect(maxPosition('9007199254740993', '9007199254740992')).toBe('9007199254740993');
  });

  it('persists and restores', () => {
    let saved: string | null = '42';
    const store = { get: () => saved, set: (v: string) => (saved = v) };
    const t = new LogPositionTracker(store);
    expect(t.current()).toBe('42');
    t.observe('43');
    expect(saved).toBe('43');
  });
});
