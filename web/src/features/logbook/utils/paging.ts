/** Pages of the logbook are numbered from 1. */

export function pageCount(total: number, size: number): number {
  if (!Number.isFinite(total) || total <= 0 || size <= 0) return 1;
  return Math.ceil(total / size);
}

/** A page number from the URL, clamped to 1..(last page, when known). */
export function parsePage(value: string | null, last?: number): number {
  const n = Number.parseInt(value ?? '', 10);
  const page = Number.isFinite(n) && n >= 1 ? n : 1;
  return last !== undefined ? Math.min(page, Math.max(1, last)) : page;
}

/** 'Page 2 of 5 (2345 Qs)' */
export function pageLabel(page: number, pages: number, total: number | null): string {
  return `Page ${page} of ${pages}${total !== null ? ` (${total} Qs)` : ''}`;
}
