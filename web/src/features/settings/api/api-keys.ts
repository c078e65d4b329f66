import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ApiKeysAnswer } from '@hamlog/domain/user/api-keys';
import { api } from '@/lib/api-client';
import { queryClient } from '@/lib/react-query';

export type { ApiKeyEntry, ApiKeysAnswer } from '@hamlog/domain/user/api-keys';

const API_KEYS = 'api-keys';

/** GET /vapikeys: the account's API keys with their rights, the read-write key first. */
export function fetchApiKeys(signal?: AbortSignal): Promise<ApiKeysAnswer> {
  return api.get<ApiKeysAnswer>('/vapikeys', { signal });
}

export const apiKeysQuery = () => queryOptions({ queryKey: [API_KEYS], queryFn: ({ signal }) => fetchApiKeys(signal) });

export function useApiKeys() {
  return useQuery(apiKeysQuery());
}

/** POST /vapikeys/create: a read-only key; `keyId` is ours, so a resend answers the same key. */
export function createReadOnlyKey(keyId: string): Promise<ApiKeysAnswer> {
  return api.post<ApiKeysAnswer>('/vapikeys/create', { key_id: keyId });
}

/** POST /vapikeys/delete: the read-only key stops working for apps at once. */
export function deleteReadOnlyKey(keyId: string): Promise<ApiKeysAnswer> {
  return api.post<ApiKeysAnswer>('/vapikeys/delete', { key_id: keyId });
}

const keep = (answer: ApiKeysAnswer) => queryClient.setQueryData([API_KEYS], answer);

export function useCreateReadOnlyKey() {
  return useMutation({ mutationFn: createReadOnlyKey, onSuccess: keep });
}

export function useDeleteReadOnlyKey() {
  return useMutation({ mutationFn: deleteReadOnlyKey, onSuccess: keep });
}
