import type { QueryClient } from '@tanstack/react-query';

/**
 * Roots of the query keys that more than one feature must know about (a feature that
 * writes QSOs invalidates what other features read), so features need not import each other.
 */
export const QUERY_ROOTS = {
  qso: 'qso',
  logbook: 'logbook',
  logbookCount: 'logbook-count',
} as const;

/** After a QSO was logged, changed or deleted: every QSO read is stale. */
export function invalidateQsoReads(client: QueryClient): Promise<void> {
  return Promise.all([
    client.invalidateQueries({ queryKey: [QUERY_ROOTS.logbook] }),
    client.invalidateQueries({ queryKey: [QUERY_ROOTS.logbookCount] }),
    client.invalidateQueries({ queryKey: [QUERY_ROOTS.qso] }),
  ]).then(() => undefined);
}
