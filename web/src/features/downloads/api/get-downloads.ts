import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DownloadsAnswer } from '@hamlog/domain/downloads/releases-feed';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';

export type { DownloadsAnswer };

/** GET /vdownloads: the desktop app's installers from the releases feed; links only for subscribers. */
export function getDownloads(signal?: AbortSignal): Promise<DownloadsAnswer> {
  return api.get<DownloadsAnswer>('/vdownloads', signal ? { signal } : {});
}

/** Asked again when the reader signs in or out: the access and the links follow the session. */
export function useDownloads() {
  const token = useSession()?.token ?? null;
  return useQuery(
    queryOptions({
      queryKey: ['downloads', token] as const,
      queryFn: ({ signal }) => getDownloads(signal),
      staleTime: 60_000,
    }),
  );
}
