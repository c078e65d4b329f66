import { useMutation } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import { adoptCurrentUser } from '@/lib/current-user';
import { QUERY_ROOTS } from '@/lib/query-keys';
import { queryClient } from '@/lib/react-query';
import { updateSessionUser } from '@/lib/session';
import type { NewApiKeyAnswer } from '@/types/api';

/** POST /vnewapikey: a fresh API key; companion apps using the old one are refused at once. */
export async function issueApiKey(): Promise<NewApiKeyAnswer> {
  const answer = await api.post<NewApiKeyAnswer>('/vnewapikey');
  if (!answer || typeof answer.api_key !== 'string' || !answer.api_key) throw new ApiError(500, 'No API key in the answer');
  return answer;
}

export function useIssueApiKey() {
  return useMutation({
    mutationFn: issueApiKey,
    onSuccess: async (answer) => {
      if (answer.user) return adoptCurrentUser({ ...answer.user, api_key: answer.api_key });
      updateSessionUser({ api_key: answer.api_key });
      await queryClient.invalidateQueries({ queryKey: [QUERY_ROOTS.currentUser] });
    },
  });
}
