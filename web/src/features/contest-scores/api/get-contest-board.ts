import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContestBoardAnswer } from '@hamlog/domain/community/api-shapes';
import { CONTEST_REFRESH_MS } from '@hamlog/domain/community/rules';
import { api } from '@/lib/api-client';

export type { ContestBoardAnswer };

/** members: the members' FT4/FT8 contest (/scores) or an organiser's contest by id; streamers: the streamers' board (/megastream). */
export type ContestBoardKind = 'members' | 'streamers';

const PATHS: Record<ContestBoardKind, string> = {
  members: '/vscores',
  streamers: '/vscores4megastream',
};

/** POST /vscores (with {contest_id} for another contest than the members') or /vscores4megastream: the contest and its board. */
export function getContestBoard(kind: ContestBoardKind, contestId?: string, signal?: AbortSignal): Promise<ContestBoardAnswer> {
  return api.post<ContestBoardAnswer>(PATHS[kind], contestId ? { contest_id: contestId } : {}, signal ? { signal } : {});
}

export const contestBoardKey = (kind: ContestBoardKind, contestId?: string) => ['contest-board', kind, contestId ?? null] as const;

export function contestBoardQueryOptions(kind: ContestBoardKind, contestId?: string) {
  return queryOptions({
    queryKey: contestBoardKey(kind, contestId),
    queryFn: ({ signal }) => getContestBoard(kind, contestId, signal),
    refetchInterval: CONTEST_REFRESH_MS,
    staleTime: 0,
  });
}

/** The board, refreshed every 10 s while shown. */
export function useContestBoard(kind: ContestBoardKind, contestId?: string) {
  return useQuery(contestBoardQueryOptions(kind, contestId));
}
