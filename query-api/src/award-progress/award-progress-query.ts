import type { ParsedQs } from 'qs';
import { AWARD_PAGE_LIMIT } from '@hamlog/domain/award-tracking/api';
import { trackedAward, type AwardModeGroup, type TrackedAward } from '@hamlog/domain/award-tracking/catalogue';
import {
  AWARD_BAND_INVALID,
  AWARD_MODE_INVALID,
  AWARD_PAGING_INVALID,
  AWARD_PROGRESS_NOT_FOUND,
  AWARD_SOURCES_INVALID,
  AWARD_STATUS_INVALID,
} from '@hamlog/domain/award-tracking/messages';
import { parseModeGroup } from '@hamlog/domain/award-tracking/progress';
import { readSourceNames } from '@hamlog/domain/award-tracking/sources';
import type { ConfirmationService } from '@hamlog/domain/qso/confirmations';
import { HttpError } from '@hamlog/infra/http/errors';

export interface AwardQuery {
  award: TrackedAward;
  sources: ConfirmationService[];
  mode: '' | AwardModeGroup;
  status: '' | 'worked' | 'confirmed' | 'needed';
  search: string;
  band: string;
  offset: number;
  limit: number;
}

/** `sources=lotw,paper`: the services the caller chose, or null when it chose none (each award's desk's then). */
export function chosenSources(raw: unknown): ConfirmationService[] | null {
  if (raw === undefined || raw === '') return null;
  const read = typeof raw === 'string' ? readSourceNames(raw) : null;
  if (!read || read.unknown.length > 0) throw new HttpError(422, AWARD_SOURCES_INVALID);
  return read.services;
}

function whole(raw: unknown, fallback: number, min: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  if (typeof raw !== 'string' || !/^\d{1,9}$/.test(raw.trim()) || Number(raw) < min || Number(raw) > max) throw new HttpError(422, AWARD_PAGING_INVALID);
  return Number(raw);
}

/** An award call's query, each choice checked (numbers may come as text; every refusal a 422 in words). */
export function parseAwardQuery(query: ParsedQs, awardOrId: TrackedAward | string): AwardQuery {
  const award = typeof awardOrId === 'string' ? trackedAward(awardOrId) : awardOrId;
  if (!award) throw new HttpError(404, AWARD_PROGRESS_NOT_FOUND);
  const sources = chosenSources(query.sources) ?? [...award.accepted];
  const mode = award.dimensions === 'band-mode' ? parseModeGroup(query.mode) : query.mode === undefined || query.mode === '' ? '' : null;
  if (mode === null) throw new HttpError(422, AWARD_MODE_INVALID);
  const status = query.status ?? '';
  if (status !== '' && status !== 'worked' && status !== 'confirmed' && status !== 'needed') throw new HttpError(422, AWARD_STATUS_INVALID);
  const band = typeof query.band === 'string' ? query.band.trim() : '';
  if (band !== '' && !award.bands.some((b) => b.toLowerCase() === band.toLowerCase())) throw new HttpError(422, AWARD_BAND_INVALID);
  return {
    award,
    sources,
    mode,
    status,
    search: typeof query.q === 'string' ? query.q.trim().slice(0, 40) : '',
    band: award.bands.find((b) => b.toLowerCase() === band.toLowerCase()) ?? '',
    offset: whole(query.offset, 0, 0, 1_000_000),
    limit: whole(query.limit, AWARD_PAGE_LIMIT, 1, AWARD_PAGE_LIMIT),
  };
}
