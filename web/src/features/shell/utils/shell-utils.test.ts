import { describe, expect, it } from 'vitest';
import { searchTarget } from './callsign-search';
import { isHeaderHidden } from './chrome';
import { pageViewFor } from './page-view';
import { promoGreeting } from './promo';

describe('shell rules', () => {
  it('greets the six partner sources', () => {
    expect(promoGreeting('tt')).toBe('Welcome TikTok users!');
    expect(promoGreeting('fb')).toBe('Welcome Facebook users!');
    expect(promoGreeting('yt')).toBe('Welcome YouTube users!');
    expect(promoGreeting('in')).toBe('Welcome Instagram users!');
    expect(promoGreeting('tw')).toBe('Welcome Twitter users!');
    expect(promoGreeting('QRZ')).toBe('Welcome QRZ users!');
    expect(promoGreeting('newsletter')).toBeNull();
    expect(promoGreeting('toString')).toBeNull();
    expect(promoGreeting(null)).toBeNull();
  });

  it('hides the header on the full-screen pages only', () => {
    for (const path of ['/leaderboards', '/globe', '/globe2', '/earth-noheader', '/lander/7', '/lander', '/megastream', '/megastream2/x']) {
      expect(isHeaderHidden(path)).toBe(true);
    }
    for (const path of ['/', '/earth', '/logs', '/leaderboards2', '/globes', '/landers', '/PA3XYZ']) {
      expect(isHeaderHidden(path)).toBe(false);
    }
  });

  it('searches need 3 characters and go to the upper-cased callsign', () => {
    expect(searchTarget(' dl1abc ')).toBe('/DL1ABC');
    expect(searchTarget('k1a')).toBe('/K1A');
    expect(searchTarget('ab')).toBeNull();
    expect(searchTarget('  ')).toBeNull();
    expect(searchTarget('pa/dl1abc')).toBe('/PA%2FDL1ABC');
  });

  it('a page view carries the url, utm fields, referrer, user and tracking id', () => {
    const view = pageViewFor(new URL('https://hamlog.example/DL1ABC?utm_source=fb&utm_medium=social'), {
      userId: 'u1',
      trackingId: 't-1',
      referrer: 'https://facebook.com/',
    });
    expect(view).toEqual({
      user_id: 'u1',
      session_id: 't-1',
      page_url: 'https://hamlog.example/DL1ABC?utm_source=fb&utm_medium=social',
      utm_source: 'fb',
      utm_medium: 'social',
      referrer_url: 'https://facebook.com/',
    });
    expect(pageViewFor(new URL('https://hamlog.example/'), { userId: null, trackingId: 't', referrer: '' })).toMatchObject({
      utm_source: null,
      utm_medium: null,
      referrer_url: null,
      user_id: null,
    });
  });
});
