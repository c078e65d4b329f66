import { useQuery } from '@tanstack/react-query';
import { AWARD_PROGRESS_PATHS, type AwardCardsAnswer } from '@hamlog/domain/award-tracking/api';
import { queryString } from '../utils/query-string';
import { awardProgressQuery } from './award-progress-query';

export type { AwardCardsAnswer };

/** GET /awards/progress: a card per award; `callsign` reads a station that shows its progress (404 otherwise). */
export function awardCardsPath(callsign: string): string {
  return AWARD_PROGRESS_PATHS.cards + queryString({ callsign });
}

/** '' for the signed-in user's own cards. */
export function useAwardCards(callsign = '') {
  return useQuery(awardProgressQuery<AwardCardsAnswer>('cards', awardCardsPath(callsign)));
}
