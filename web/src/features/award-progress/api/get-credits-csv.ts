import { AWARD_PROGRESS_PATHS } from '@hamlog/domain/award-tracking/api';
import type { AwardModeGroup } from '@hamlog/domain/award-tracking/catalogue';
import type { ConfirmationService } from '@hamlog/domain/qso/confirmations';
import { api } from '@/lib/api-client';
import { queryString } from '../utils/query-string';

export interface CreditsCsvRequest {
  callsign: string;
  mode: '' | AwardModeGroup;
  sources: readonly ConfirmationService[] | null;
}

export function creditsCsvPath(award: string, request: CreditsCsvRequest): string {
  return AWARD_PROGRESS_PATHS.csv(award) + queryString({ callsign: request.callsign, mode: request.mode, sources: request.sources?.join(',') });
}

/** GET /awards/progress/{award}/credits.csv, with the session's token (a plain link would not send it). */
export function getCreditsCsv(award: string, request: CreditsCsvRequest): Promise<Blob> {
  return api.getBlob(creditsCsvPath(award, request));
}
