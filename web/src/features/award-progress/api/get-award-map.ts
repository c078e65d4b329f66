import { useQuery } from '@tanstack/react-query';
import { AWARD_PROGRESS_PATHS, type AwardMapAnswer } from '@hamlog/domain/award-tracking/api';
import type { ConfirmationService } from '@hamlog/domain/qso/confirmations';
import { queryString } from '../utils/query-string';
import { awardProgressQuery } from './award-progress-query';

export type { AwardMapAnswer };

export interface AwardMapRequest {
  callsign: string;
  band: string;
  sources: readonly ConfirmationService[] | null;
}

/** GET /awards/progress/{award}/map: every value with its state (and position, for entities) on one band or all. */
export function awardMapPath(award: string, request: AwardMapRequest): string {
  return AWARD_PROGRESS_PATHS.map(award) + queryString({ callsign: request.callsign, band: request.band, sources: request.sources?.join(',') });
}

/** `enabled` false: the page shows another view, and this one is not asked for. */
export function useAwardMap(award: string, request: AwardMapRequest, enabled = true) {
  return useQuery(awardProgressQuery<AwardMapAnswer>('map', awardMapPath(award, request), enabled));
}
