import { describe, expect, it } from 'vitest';
import { isClientRoute } from '../src/client-routes';

describe('isClientRoute', () => {
  it.each(['/', '/home', '/logger', '/logger/abc-123', '/logs/deleted', '/qso/q1', '/post/74/Help-and-Support', '/post/12', '/leaderboards', '/lander/7', '/W1AW', '/dl1abc', '/KH6%2FW1AW', '/support-us/thanks/'])(
    '%s has a page',
    (path) => expect(isClientRoute(path)).toBe(true),
  );

  it.each(['/leaderbord', '/logz', '/settings', '/post/74/Help-and-Support/extra', '/logs/other', '/qso', '/W1AW/extra', '/%E0%A4%A', '/favicon.ico'])(
    '%s has none',
    (path) => expect(isClientRoute(path)).toBe(false),
  );
});
