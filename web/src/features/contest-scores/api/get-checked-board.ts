import { useQuery } from '@tanstack/react-query';
import { contestBoardPath, type CheckedBoardAnswer } from '@hamlog/domain/contests/rules/api';
import { CONTEST_REFRESH_MS } from '@hamlog/domain/community/rules';
import { api } from '@/lib/api-client';

export type { CheckedBoardAnswer };

/** GET /vcontest/{id}/board: every station's claimed and checked score, refreshed every 10 s while shown. */
export function useCheckedBoard(contestId: string) {
  return useQuery({
    queryKey: ['contest-board', 'checked', contestId],
    queryFn: ({ signal }) => api.get<CheckedBoardAnswer>(contestBoardPath(contestId), { signal }),
    refetchInterval: CONTEST_REFRESH_MS,
    staleTime: 0,
  });
}
