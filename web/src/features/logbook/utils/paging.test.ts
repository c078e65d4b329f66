import { describe, expect, it } from 'vitest';
import { pageCount, pageLabel, parsePage } from './paging';

describe('logbook paging', () => {
  it('counts pages of 500', () => {
    expect(pageCount(0, 500)).toBe(1);
    expect(pageCount(500, 500)).toBe(1);
    expect(pageCount(501, 500)).toBe(2);
  });

  it('reads the page from the URL', () => {
    expect(parsePage(null)).toBe(1);
    expect(parsePage('3')).toBe(3);
    expect(parsePage('-2')).toBe(1);
    expect(parsePage('9', 4)).toBe(4);
  });

  it('labels the page', () => {
    expect(pageLabel(2, 5, 2345)).toBe('Page 2 of 5 (2345 Qs)');
  });
});
