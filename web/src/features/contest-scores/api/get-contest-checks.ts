import { useQuery } from '@tanstack/react-query';
import { contestChecksPath, type ContestChecksAnswer } from '@hamlog/domain/contests/rules/api';
import { CONTEST_REFRESH_MS } from '@hamlog/domain/community/rules';
import { api } from '@/lib/api-client';

/** GET /vcontest/{id}/checks (the organiser's): each station's unconfirmed contacts, refreshed with the board. */
export function useContestChecks(contestId: string) {
  return useQuery({
    queryKey: ['contest-board', 'checks', contestId],
    queryFn: ({ signal }) => api.get<ContestChecksAnswer>(contestChecksPath(contestId), { signal }),
    refetchInterval: CONTEST_REFRESH_MS,
  });
}
