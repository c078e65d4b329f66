import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { STATUS_POLL_MS } from '@/config/app';
import { api } from '@/lib/api-client';
import { QUERY_ROOTS } from '@/lib/query-keys';
import { updateSessionSubscription, useSession } from '@/lib/session';
import type { StatusAnswer } from '@/types/api';

export type { StatusAnswer };

/** POST /vsr: what the shell keeps an eye on while the user is signed in. */
export function getStatus(): Promise<StatusAnswer> {
  return api.post<StatusAnswer>('/vsr');
}

export function statusQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: [QUERY_ROOTS.status, token ?? ''],
    queryFn: getStatus,
    enabled: token !== null,
    refetchInterval: STATUS_POLL_MS,
    refetchIntervalInBackground: true,
    staleTime: 0,
  });
}

/** Polled every 10 s while signed in; the subscription it reports becomes the session's. */
export function useStatus() {
  const token = useSession()?.token ?? null;
  const query = useQuery(statusQueryOptions(token));
  const subscription = query.data?.subscription;
  useEffect(() => {
    if (subscription !== undefined) updateSessionSubscription(subscription);
  }, [subscription]);
  return query;
}

export function unreadCount(status: StatusAnswer | undefined): number {
  const n = Number(status?.notification_count ?? 0);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}
