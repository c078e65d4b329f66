import { describe, expect, it } from 'vitest';
import { pageFromSearch, pageItems, totalPagesOf } from './pagination';

const labels = (current: number, total: number) => pageItems(current, total).map((item) => (item.kind === 'page' ? String(item.page) : '…'));

describe('news pager', () => {
  it('shows the first page, the neighbours, the last two and ellipses for the gaps', () => {
    expect(labels(1, 1)).toEqual(['1']);
    expect(labels(1, 3)).toEqual(['1', '2', '3']);
    expect(labels(1, 10)).toEqual(['1', '2', '…', '9', '10']);
    expect(labels(5, 10)).toEqual(['1', '…', '4', '5', '6', '…', '9', '10']);
    expect(labels(3, 10)).toEqual(['1', '2', '3', '4', '…', '9', '10']);
    expect(labels(10, 10)).toEqual(['1', '…', '9', '10']);
    expect(labels(1, 0)).toEqual([]);
  });

  it('counts pages of 12 and reads ?page', () => {
    expect(totalPagesOf(0, 12)).toBe(1);
    expect(totalPagesOf(25, 12)).toBe(3);
    expect(pageFromSearch(new URLSearchParams('page=3'))).toBe(3);
    expect(pageFromSearch(new URLSearchParams('page=-2'))).toBe(1);
    expect(pageFromSearch(new URLSearchParams('page=x'))).toBe(1);
  });
});
