import { skipToken, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { QUERY_ROOTS } from '@/lib/query-keys';
import { useSession } from '@/lib/session';
import type { StatusAnswer } from '@/types/api';

/**
 * The ids the viewer follows, from the status poll's answer (POST /vsr, which the shell keeps
 * polling while signed in; this only reads it). Null for visitors.
 */
export function useFollowing(): ReadonlySet<string> | null {
  const token = useSession()?.token ?? null;
  const status = useQuery<StatusAnswer>({ queryKey: [QUERY_ROOTS.status, token ?? ''], queryFn: skipToken });
  const ids = status.data?.following;
  return useMemo(() => (token === null ? null : new Set((ids ?? []).map(String))), [token, ids]);
}
