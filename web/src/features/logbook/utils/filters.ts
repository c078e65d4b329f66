/**
 * The logbook's filters as the URL holds them (?band=20m&confirmed=no&service=lotw…), so a
 * reload or a shared link keeps them, and as /vlogbook reads them (domain/src/qso/logbook-filter.ts).
 * '' is "any"; a filter change starts again at page 1.
 */
import { bands } from '@hamlog/domain/bands';
import { CONFIRMATION_SERVICES, SERVICE_NAMES } from '@hamlog/domain/qso/confirmations';
import { LOGBOOK_FILTER_KEYS } from '@hamlog/domain/qso/logbook-filter';

export type FilterKey = (typeof LOGBOOK_FILTER_KEYS)[number];
export type FilterValues = Readonly<Record<FilterKey, string>>;

export const NO_FILTERS: FilterValues = Object.fromEntries(LOGBOOK_FILTER_KEYS.map((key) => [key, ''])) as Record<FilterKey, string>;

export function filtersFromParams(params: URLSearchParams): FilterValues {
  return Object.fromEntries(LOGBOOK_FILTER_KEYS.map((key) => [key, params.get(key)?.trim() ?? ''])) as Record<FilterKey, string>;
}

/** The filters that narrow the logbook (none blank), as /vlogbook takes them beside page and size. */
export function activeFilters(filters: FilterValues): Partial<Record<FilterKey, string>> {
  return Object.fromEntries(LOGBOOK_FILTER_KEYS.flatMap((key) => (filters[key].trim() ? [[key, filters[key].trim()]] : [])));
}

export function isFiltering(filters: FilterValues): boolean {
  return Object.keys(activeFilters(filters)).length > 0;
}

/** The URL's query for these filters at this page (page 1 is left out). */
export function searchFor(filters: FilterValues, page = 1): Record<string, string> {
  return { ...activeFilters(filters), ...(page > 1 ? { page: String(page) } : {}) };
}

export const BAND_OPTIONS = [{ value: '', label: 'Any' }, ...bands().map((b) => ({ value: b.name, label: b.name }))];

export const CONFIRMED_OPTIONS = [
  { value: '', label: 'Any' },
  { value: 'yes', label: 'Confirmed' },
  { value: 'no', label: 'Not confirmed' },
];

export const SERVICE_OPTIONS = [{ value: '', label: 'Any' }, ...CONFIRMATION_SERVICES.map((service) => ({ value: service, label: SERVICE_NAMES[service] }))];
