import { useQuery } from '@tanstack/react-query';
import { AWARD_PROGRESS_PATHS, type AwardNeededAnswer } from '@hamlog/domain/award-tracking/api';
import type { AwardModeGroup } from '@hamlog/domain/award-tracking/catalogue';
import type { ConfirmationService } from '@hamlog/domain/qso/confirmations';
import { queryString } from '../utils/query-string';
import { awardProgressQuery } from './award-progress-query';

export type { AwardNeededAnswer };

export interface AwardNeededRequest {
  callsign: string;
  band: string;
  mode: '' | AwardModeGroup;
  sources: readonly ConfirmationService[] | null;
}

/** GET /awards/progress/{award}/needed: values worked but not confirmed, each with the QSOs that could confirm it. */
export function awardNeededPath(award: string, request: AwardNeededRequest): string {
  return (
    AWARD_PROGRESS_PATHS.needed(award) +
    queryString({ callsign: request.callsign, band: request.band, mode: request.mode, sources: request.sources?.join(',') })
  );
}

/** `enabled` false: the page shows another view, and this one is not asked for. */
export function useAwardNeeded(award: string, request: AwardNeededRequest, enabled = true) {
  return useQuery(awardProgressQuery<AwardNeededAnswer>('needed', awardNeededPath(award, request), enabled));
}
