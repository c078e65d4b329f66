import { describe, expect, it } from 'vitest';
import { trackedAward } from '@hamlog/domain/award-tracking/catalogue';
import { awardViews, DEFAULT_FILTERS, filtersFromParams, fitFilters, searchFor } from './award-filters';
import { fieldsIn, squareBox, viewAround } from './grid-squares';
import { progressTarget } from './progress';
import { queryString } from './query-string';

describe('the award page’s address', () => {
  it('reads what it knows and drops the rest', () => {
    const filters = filtersFromParams(new URLSearchParams('view=map&mode=cw&status=bogus&sources=paper,lotw,fax&offset=-5&band=6m&callsign=k1abc&q=%20ja%20'));
    expect(filters).toEqual({ view: 'map', mode: 'CW', status: '', q: 'ja', band: '6m', offset: 0, sources: ['lotw', 'paper'], callsign: 'K1ABC' });
    expect(filtersFromParams(new URLSearchParams('sources=fax')).sources).toBeNull();
  });

  it('writes only what differs from the defaults, commas kept', () => {
    expect(searchFor(DEFAULT_FILTERS)).toBe('');
    expect(searchFor({ ...DEFAULT_FILTERS, view: 'needed', mode: 'DATA', sources: ['lotw', 'eqsl'], offset: 500 })).toBe('?view=needed&mode=DATA&sources=lotw,eqsl&offset=500');
    expect(queryString({ q: 'a&b=c', empty: '', none: null })).toBe('?q=a%26b%3Dc');
  });
});

describe('what an award takes', () => {
  it('keeps a mode only where the award endorses modes, a band of its own, and one of its views', () => {
    const asked = { ...DEFAULT_FILTERS, view: 'map' as const, mode: 'CW' as const, band: '6M' };
    expect(fitFilters(asked, trackedAward('VUCC')!)).toMatchObject({ view: 'map', mode: '', band: '6m' });
    expect(fitFilters(asked, trackedAward('DXCC')!)).toMatchObject({ view: 'map', mode: 'CW', band: '6m' });
    expect(fitFilters(asked, trackedAward('POTA')!)).toMatchObject({ view: 'grid', mode: '', band: '' });
    expect(awardViews(trackedAward('SOTA')!)).toEqual(['grid']);
    expect(awardViews(trackedAward('GRIDS')!)).toEqual(['grid', 'needed', 'map']);
  });
});

describe('grid squares', () => {
  it('a 4-character locator is 2° by 1° from its south-west corner', () => {
    expect(squareBox('fn31')).toEqual({ lon: -74, lat: 41, width: 2, height: 1 });
    expect(squareBox('AA00')).toEqual({ lon: -180, lat: -90, width: 2, height: 1 });
    expect(squareBox('FN31pr')).toBeNull();
    expect(squareBox('ZZ99')).toBeNull();
  });

  it('the view holds every square with a margin, at least a field, and stays on the globe', () => {
    const view = viewAround([squareBox('FN31')!]);
    expect(view.width).toBeGreaterThanOrEqual(20);
    expect(view.height).toBeGreaterThanOrEqual(10);
    expect(view.lon).toBeLessThan(-74);
    expect(view.lon + view.width).toBeGreaterThan(-72);
    expect(fieldsIn(view).map((f) => f.name)).toContain('FN');
    const corner = viewAround([squareBox('AA00')!, squareBox('RR99')!]);
    expect(corner).toEqual({ lon: -180, lat: -90, width: 360, height: 180 });
    expect(viewAround([])).toEqual({ lon: -180, lat: -90, width: 360, height: 180 });
  });
});

describe('the progress bar’s target', () => {
  it('is the goal until it is reached, then the total; nothing for open-ended awards without a goal', () => {
    expect(progressTarget({ goal: 100, total: 340, confirmed: 97 })).toEqual({ of: 100, kind: 'goal' });
    expect(progressTarget({ goal: 100, total: 340, confirmed: 120 })).toEqual({ of: 340, kind: 'total' });
    expect(progressTarget({ goal: 300, total: null, confirmed: 310 })).toEqual({ of: 300, kind: 'goal' });
    expect(progressTarget({ goal: null, total: null, confirmed: 3 })).toBeNull();
  });
});
