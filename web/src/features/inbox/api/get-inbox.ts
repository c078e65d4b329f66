import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '@/lib/api-client';
import { QUERY_ROOTS } from '@/lib/query-keys';
import { queryClient } from '@/lib/react-query';
import { useSession } from '@/lib/session';
import type { InboxAnswer, Notification } from '@/types/api';

export type { InboxAnswer, Notification };

export const INBOX_ROOT = 'inbox';

/** POST /vinbox: new and older notifications. Reading them marks the new ones read. */
export async function getInbox(): Promise<InboxAnswer> {
  const answer = await api.post<Partial<InboxAnswer> | undefined>('/vinbox');
  return {
    notifications: Array.isArray(answer?.notifications) ? answer.notifications : [],
    OldNotifications: Array.isArray(answer?.OldNotifications) ? answer.OldNotifications : [],
  };
}

export function inboxQueryOptions(token: string | null) {
  return queryOptions({ queryKey: [INBOX_ROOT, token ?? ''], queryFn: getInbox, enabled: token !== null, staleTime: 0 });
}

export function useInbox() {
  const token = useSession()?.token ?? null;
  const query = useQuery(inboxQueryOptions(token));
  // The inbox was read: the unread badge should drop now, not at the next poll.
  useEffect(() => {
    if (query.dataUpdatedAt) void queryClient.invalidateQueries({ queryKey: [QUERY_ROOTS.status] });
  }, [query.dataUpdatedAt]);
  return query;
}
