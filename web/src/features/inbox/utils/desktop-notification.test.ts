import { describe, expect, it } from 'vitest';
import { notificationText, shouldNotify } from './desktop-notification';

describe('desktop notifications', () => {
  it('only when the count grows, after a first answer, on windows wider than 550 px', () => {
    expect(shouldNotify(null, 3, 1200)).toBe(false);
    expect(shouldNotify(1, 2, 1200)).toBe(true);
    expect(shouldNotify(2, 2, 1200)).toBe(false);
    expect(shouldNotify(3, 1, 1200)).toBe(false);
    expect(shouldNotify(1, 2, 550)).toBe(false);
    expect(shouldNotify(1, 2, 551)).toBe(true);
  });

  it('words the count', () => {
    expect(notificationText(1)).toBe('You have 1 unread notification.');
    expect(notificationText(4)).toBe('You have 4 unread notifications.');
  });
});
