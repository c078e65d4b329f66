import type { QueryClient } from '@tanstack/react-query';

/**
 * Roots of the query keys that more than one feature must know about (a feature that
 * writes QSOs invalidates what other features read), so features need not import each other.
 */
export const QUERY_ROOTS = {
  qso: 'qso',
  logbook: 'logbook',
  logbookCount: 'logbook-count',
  /** GET /vuser: the signed-in user as the server has it now. */
  currentUser: 'current-user',
  /** POST /vsr: unread count, subscription and the ids the user follows. */
  status: 'status',
  /** GET /vprofilefor: public profiles by callsign. */
  profile: 'profile',
} as const;

/**
 * After a QSO was logged, changed or deleted: every QSO read is stale. Lists on screen
 * refetch now; single QSOs only when next shown (the screen that edited one is leaving it,
 * and refetching a deleted QSO would only produce a "not found"). A deleted QSO is dropped.
 */
export function invalidateQsoReads(client: QueryClient, deletedId?: string): Promise<void> {
  if (deletedId !== undefined) client.removeQueries({ queryKey: [QUERY_ROOTS.qso, deletedId] });
  return Promise.all([
    client.invalidateQueries({ queryKey: [QUERY_ROOTS.logbook] }),
    client.invalidateQueries({ queryKey: [QUERY_ROOTS.logbookCount] }),
    client.invalidateQueries({ queryKey: [QUERY_ROOTS.qso], refetchType: 'none' }),
  ]).then(() => undefined);
}
