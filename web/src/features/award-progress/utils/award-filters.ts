import type { AwardValueState } from '@hamlog/domain/award-tracking/api';
import { AWARD_MODE_GROUPS, type AwardModeGroup, type TrackedAward } from '@hamlog/domain/award-tracking/catalogue';
import { readSourceNames } from '@hamlog/domain/award-tracking/sources';
import type { ConfirmationService } from '@hamlog/domain/qso/confirmations';
import { queryString } from './query-string';
import { mapKind } from './value-states';

export const AWARD_VIEWS = ['grid', 'needed', 'map'] as const;
export type AwardView = (typeof AWARD_VIEWS)[number];

export const VALUE_STATES: readonly AwardValueState[] = ['worked', 'confirmed', 'needed'];

/** What an award page shows, as its address says (?view=needed&mode=CW&sources=lotw,paper ...). */
export interface AwardFilters {
  view: AwardView;
  mode: '' | AwardModeGroup;
  status: '' | AwardValueState;
  q: string;
  /** The needed list's and the map's band; '' for every band. */
  band: string;
  offset: number;
  /** null: the address chooses none (the user's stored choice or the desk's rules apply). */
  sources: ConfirmationService[] | null;
  /** Another station's progress, read-only; '' for the signed-in user's own. */
  callsign: string;
}

export const DEFAULT_FILTERS: AwardFilters = { view: 'grid', mode: '', status: '', q: '', band: '', offset: 0, sources: null, callsign: '' };

function oneOf<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

/** The services named in 'lotw,paper', in the usual order, unknown names dropped. */
export function parseSources(text: string): ConfirmationService[] {
  return readSourceNames(text).services;
}

export function filtersFromParams(params: URLSearchParams): AwardFilters {
  const offset = Number(params.get('offset'));
  const sources = parseSources(params.get('sources') ?? '');
  return {
    view: oneOf(params.get('view'), AWARD_VIEWS, 'grid'),
    mode: oneOf(params.get('mode')?.toUpperCase() ?? null, AWARD_MODE_GROUPS, ''),
    status: oneOf(params.get('status'), VALUE_STATES, ''),
    q: params.get('q')?.trim() ?? '',
    band: params.get('band')?.trim() ?? '',
    offset: Number.isInteger(offset) && offset > 0 ? offset : 0,
    sources: sources.length > 0 ? sources : null,
    callsign: params.get('callsign')?.trim().toUpperCase() ?? '',
  };
}

/** The views an award has: its grid; what still needs a confirmation (QSL awards); a map where its values have a place. */
export function awardViews(award: Pick<TrackedAward, 'id' | 'basis'>): AwardView[] {
  const views: AwardView[] = ['grid'];
  if (award.basis === 'qsl') views.push('needed');
  if (mapKind(award.id)) views.push('map');
  return views;
}

/**
 * The filters an award takes (the server refuses the rest): one of its views, a mode group only
 * where it endorses modes, a band only of its own, as the catalogue spells it ('6M' is '6m').
 */
export function fitFilters(filters: AwardFilters, award: Pick<TrackedAward, 'id' | 'basis' | 'dimensions' | 'bands'>): AwardFilters {
  const band = award.bands.find((b) => b.toLowerCase() === filters.band.toLowerCase()) ?? '';
  const view = awardViews(award).includes(filters.view) ? filters.view : 'grid';
  return { ...filters, view, mode: award.dimensions === 'band-mode' ? filters.mode : '', band };
}

/** The address's query for `filters` ('' or '?...'): only what differs from the defaults. */
export function searchFor(filters: AwardFilters): string {
  return queryString({
    callsign: filters.callsign,
    view: filters.view === 'grid' ? '' : filters.view,
    mode: filters.mode,
    status: filters.status,
    q: filters.q,
    band: filters.band,
    sources: filters.sources?.join(','),
    offset: filters.offset || null,
  });
}

/** The same set of services, whatever the order. */
export function sameSources(a: readonly ConfirmationService[], b: readonly ConfirmationService[]): boolean {
  return a.length === b.length && a.every((service) => b.includes(service));
}
