import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The root of every award progress query's key (the cards, an award's grid, map and needed list). */
export const AWARD_PROGRESS_ROOT = 'award-progress';

/**
 * A GET of the award tracker, keyed by its path. Refetched whenever a page shows it again (the
 * progress follows the log, and the read waits for a QSO just logged: lib/log-position), and
 * the previous answer stays on screen while another filter's loads.
 */
export function awardProgressQuery<T>(kind: 'cards' | 'page' | 'map' | 'needed', path: string, enabled = true) {
  return queryOptions({
    queryKey: [AWARD_PROGRESS_ROOT, kind, path],
    queryFn: ({ signal }) => api.get<T>(path, { signal }),
    staleTime: 0,
    placeholderData: keepPreviousData,
    enabled,
  });
}
