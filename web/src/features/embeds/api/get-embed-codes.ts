import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EmbedCodesAnswer } from '@hamlog/domain/embeds/embed-codes';
import { api } from '@/lib/api-client';

export type { EmbedCodesAnswer };

/** GET /embed-codes: the signed-in user's callsign, referral id and the site's public address. */
export function getEmbedCodes(signal?: AbortSignal): Promise<EmbedCodesAnswer> {
  return api.get<EmbedCodesAnswer>('/embed-codes', signal ? { signal } : {});
}

export function embedCodesQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['embed-codes', token] as const,
    queryFn: ({ signal }) => getEmbedCodes(signal),
  });
}

export function useEmbedCodes(token: string) {
  return useQuery(embedCodesQueryOptions(token));
}
