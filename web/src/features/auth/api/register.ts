import { useMutation } from '@tanstack/react-query';
import { STORAGE_KEYS } from '@/config/app';
import { api, ApiError } from '@/lib/api-client';
import { queryClient } from '@/lib/react-query';
import { startSession } from '@/lib/session';
import { readStored, writeStored } from '@/lib/storage';
import type { AuthAnswer, RegisterRequest } from '@/types/api';

export type { RegisterRequest };

export async function register(input: RegisterRequest): Promise<AuthAnswer> {
  const answer = await api.post<AuthAnswer>('/vregister', input, { auth: false });
  if (!answer || !answer.token) throw new ApiError(500, 'No token returned');
  return answer;
}

export function useRegister() {
  return useMutation({
    mutationFn: register,
    onSuccess: (answer) => {
      queryClient.clear();
      startSession(answer);
    },
  });
}

/** The referral id: from ?ref_id= (remembered for later) or from an earlier visit. */
export function referralId(search: URLSearchParams): string | undefined {
  const fromUrl = search.get('ref_id')?.trim();
  if (fromUrl) {
    writeStored(STORAGE_KEYS.refId, fromUrl);
    return fromUrl;
  }
  return readStored(STORAGE_KEYS.refId) ?? undefined;
}
