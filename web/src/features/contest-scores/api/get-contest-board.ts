import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContestBoardAnswer } from '@hamlog/domain/community/api-shapes';
import { CONTEST_REFRESH_MS } from '@hamlog/domain/community/rules';
import { api } from '@/lib/api-client';

export type { ContestBoardAnswer };

/** members: the members' FT4/FT8 contest (/scores); streamers: the streamers' board (/megastream). */
export type ContestBoardKind = 'members' | 'streamers';

const PATHS: Record<ContestBoardKind, string> = {
  members: '/vscores',
  streamers: '/vscores4megastream',
};

/** POST /vscores or /vscores4megastream: the contest and its board. */
export function getContestBoard(kind: ContestBoardKind, signal?: AbortSignal): Promise<ContestBoardAnswer> {
  return api.post<ContestBoardAnswer>(PATHS[kind], {}, signal ? { signal } : {});
}

export function contestBoardQueryOptions(kind: ContestBoardKind) {
  return queryOptions({
    queryKey: ['contest-board', kind],
    queryFn: ({ signal }) => getContestBoard(kind, signal),
    refetchInterval: CONTEST_REFRESH_MS,
    staleTime: 0,
  });
}

/** The board, refreshed every 10 s while shown. */
export function useContestBoard(kind: ContestBoardKind) {
  return useQuery(contestBoardQueryOptions(kind));
}
