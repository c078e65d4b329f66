import { describe, expect, it } from 'vitest';
import { activeFilters, filtersFromParams, isFiltering, NO_FILTERS, searchFor, SERVICE_OPTIONS } from './filters';

describe('logbook filters in the URL', () => {
  it('reads every filter, blank for any', () => {
    const filters = filtersFromParams(new URLSearchParams('band=20m&mode=%20ft8%20&page=3&other=x'));
    expect(filters).toEqual({ ...NO_FILTERS, band: '20m', mode: 'ft8' });
    expect(isFiltering(filters)).toBe(true);
    expect(isFiltering(NO_FILTERS)).toBe(false);
  });

  it('sends and writes only the filters that narrow, and page 1 is no page', () => {
    const filters = { ...NO_FILTERS, confirmed: 'no', service: 'lotw', dxcc: ' ' };
    expect(activeFilters(filters)).toEqual({ confirmed: 'no', service: 'lotw' });
    expect(searchFor(filters)).toEqual({ confirmed: 'no', service: 'lotw' });
    expect(searchFor(filters, 2)).toEqual({ confirmed: 'no', service: 'lotw', page: '2' });
    expect(searchFor(NO_FILTERS, 1)).toEqual({});
  });

  it('offers each confirmation service by its name', () => {
    expect(SERVICE_OPTIONS.map((o) => o.label)).toEqual(['Any', 'LoTW', 'QRZ Logbook', 'Club Log', 'eQSL', 'Paper card']);
  });
});
