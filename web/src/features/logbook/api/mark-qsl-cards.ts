import { useMutation } from '@tanstack/react-query';
import { QSL_CARDS_PATH, type QslCardsAnswer, type QslCardsRequest } from '@hamlog/domain/qso/qsl-cards';
import { api } from '@/lib/api-client';
import { invalidateQsoReads } from '@/lib/query-keys';
import { queryClient } from '@/lib/react-query';

export type { QslCardsRequest };

/** POST /vqso/qslcards: paper cards of many QSOs marked sent, queued or received; answers how many changed. */
export function markQslCards(request: QslCardsRequest): Promise<QslCardsAnswer> {
  return api.post<QslCardsAnswer>(QSL_CARDS_PATH, request);
}

/** On success the logbook (and each QSO read) is read again. */
export function useMarkQslCards() {
  return useMutation({ mutationFn: markQslCards, onSuccess: () => invalidateQsoReads(queryClient) });
}
