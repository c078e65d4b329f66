import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { SSTV_ARCHIVE_API_PATH, SSTV_ARCHIVE_PAGE_SIZE, type SstvArchiveAnswer } from '@hamlog/domain/sstv/api';
import { api } from '@/lib/api-client';

export type { SstvArchiveAnswer };

/** GET /vsstv: one page of the archive, the newest first, or the page older than `before`. */
export function getSstvArchive(before: string | null, signal?: AbortSignal): Promise<SstvArchiveAnswer> {
  const query = new URLSearchParams({ size: String(SSTV_ARCHIVE_PAGE_SIZE) });
  if (before !== null) query.set('before', before);
  return api.get<SstvArchiveAnswer>(`${SSTV_ARCHIVE_API_PATH}?${query.toString()}`, signal ? { signal } : {});
}

export function sstvArchiveQueryOptions() {
  return infiniteQueryOptions({
    queryKey: ['sstv-archive'] as const,
    queryFn: ({ pageParam, signal }) => getSstvArchive(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });
}

export function useSstvArchive() {
  return useInfiniteQuery(sstvArchiveQueryOptions());
}
