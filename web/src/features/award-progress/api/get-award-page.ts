import { useQuery } from '@tanstack/react-query';
import { AWARD_PAGE_LIMIT, AWARD_PROGRESS_PATHS, type AwardPageAnswer } from '@hamlog/domain/award-tracking/api';
import type { ConfirmationService } from '@hamlog/domain/qso/confirmations';
import type { AwardFilters } from '../utils/award-filters';
import { queryString } from '../utils/query-string';
import { awardProgressQuery } from './award-progress-query';

export type { AwardPageAnswer };

export type AwardPageRequest = Pick<AwardFilters, 'callsign' | 'mode' | 'status' | 'q' | 'offset'> & {
  /** null: the desk's rules (the server's default). */
  sources: readonly ConfirmationService[] | null;
};

/** GET /awards/progress/{award}: a page of the grid, a row per value and a column per band. */
export function awardPagePath(award: string, request: AwardPageRequest): string {
  return (
    AWARD_PROGRESS_PATHS.award(award) +
    queryString({
      callsign: request.callsign,
      mode: request.mode,
      status: request.status,
      q: request.q,
      sources: request.sources?.join(','),
      offset: request.offset,
      limit: AWARD_PAGE_LIMIT,
    })
  );
}

/** `enabled` false: the page shows another view, and this one is not asked for. */
export function useAwardPage(award: string, request: AwardPageRequest, enabled = true) {
  return useQuery(awardProgressQuery<AwardPageAnswer>('page', awardPagePath(award, request), enabled));
}
