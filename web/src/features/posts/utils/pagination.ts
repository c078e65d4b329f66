/** One control of the pager: a page number, or a gap between numbers. */
export type PageItem = { kind: 'page'; page: number } | { kind: 'gap'; key: string };

/**
 * The pager of the news and videos (community.md §2): the first page, the current page's
 * neighbours, the last two pages, with an ellipsis wherever numbers are skipped. Previous and Next
 * are drawn around these by the component.
 */
export function pageItems(current: number, totalPages: number): PageItem[] {
  if (totalPages <= 0) return [];
  const shown = new Set([1, current - 1, current, current + 1, totalPages - 1, totalPages].filter((p) => p >= 1 && p <= totalPages));
  const pages = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  pages.forEach((page, i) => {
    const previous = pages[i - 1];
    if (previous !== undefined && page - previous > 1) items.push({ kind: 'gap', key: `gap-${previous}-${page}` });
    items.push({ kind: 'page', page });
  });
  return items;
}

export const totalPagesOf = (total: number, size: number): number => Math.max(1, Math.ceil(total / size));

/** The page in the address (?page=N), or 1. */
export function pageFromSearch(search: URLSearchParams): number {
  const n = Number(search.get('page'));
  return Number.isInteger(n) && n >= 1 ? n : 1;
}
