import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ADIF_IMPORT_POLL_MS, type AdifImportStatus } from '@hamlog/domain/qso-import/api';
import { api } from '@/lib/api-client';
import { invalidateQsoReads } from '@/lib/query-keys';

export const ADIF_IMPORT_ROOT = 'adif-import';

/** GET /vimportadif/{id}: a background import's progress, then its report. */
export function getAdifImport(importId: string, signal?: AbortSignal): Promise<AdifImportStatus> {
  return api.get<AdifImportStatus>(`/vimportadif/${encodeURIComponent(importId)}`, signal ? { signal } : {});
}

export function adifImportQueryOptions(importId: string | null) {
  return queryOptions({
    queryKey: [ADIF_IMPORT_ROOT, importId ?? ''],
    queryFn: ({ signal }) => getAdifImport(importId!, signal),
    enabled: importId !== null,
    staleTime: 0,
    // Polled while it runs; not at all once it is over.
    refetchInterval: (query) => (query.state.data && query.state.data.status !== 'running' ? false : ADIF_IMPORT_POLL_MS),
  });
}

/** The import's progress; once it is over with QSOs imported, the logbook's reads are refreshed. */
export function useAdifImport(importId: string | null) {
  const queryClient = useQueryClient();
  const query = useQuery(adifImportQueryOptions(importId));
  const over = query.data !== undefined && query.data.status !== 'running' && query.data.imported > 0;
  useEffect(() => {
    if (over) void invalidateQsoReads(queryClient);
  }, [over, queryClient]);
  return query;
}
