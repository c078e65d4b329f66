// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@/config/messages';
import { fakeApi, renderApp, resetApp, signIn } from '@/testing/app-test-kit';
import type { StationStatsAnswer } from '../api/get-stats';
import { modesSeries } from '../utils/stats-view';
import { StationStats } from './station-stats';

const hours = Array.from({ length: 24 }, (_, hour) => ({ hour, count: hour === 13 ? 3 : hour === 7 ? 1 : 0 }));

const STATS: StationStatsAnswer = {
  total: 4,
  bands: [
    { band: '40m', count: 1 },
    { band: '20m', count: 3 },
  ],
  modes: [
    { mode: 'FT8', count: 3 },
    { mode: 'CW', count: 1 },
  ],
  continents: [
    { continent: 'AF', count: 0 },
    { continent: 'AN', count: 0 },
    { continent: 'AS', count: 1 },
    { continent: 'EU', count: 3 },
    { continent: 'NA', count: 0 },
    { continent: 'OC', count: 0 },
    { continent: 'SA', count: 0 },
  ],
  years: [
    { year: 2022, count: 1 },
    { year: 2023, count: 0 },
    { year: 2024, count: 3 },
  ],
  hours,
  dxcc: {
    worked: 2,
    bands: [
      { band: '40m', worked: 1 },
      { band: '20m', worked: 2 },
    ],
    entities: [
      { dxcc: 230, name: 'Fed. Rep. of Germany', deleted: false, count: 3, bands: [{ band: '40m', count: 1 }, { band: '20m', count: 2 }] },
      { dxcc: 339, name: 'Japan', deleted: false, count: 1, bands: [{ band: '20m', count: 1 }] },
    ],
  },
};

describe('station statistics', () => {
  beforeEach(() => {
    resetApp();
    signIn();
    // jsdom has no canvas engine: a null context draws no chart (the description and the table remain).
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => null);
  });
  afterEach(resetApp);

  it('shows the highlights, a chart per question with its numbers in words, and the table behind each chart', async () => {
    const api = fakeApi({ 'GET /vstats': { body: STATS } });
    renderApp(<StationStats />);
    const highlights = await screen.findByLabelText('Highlights');
    expect(highlights.textContent).toContain('QSOs4');
    expect(highlights.textContent).toContain('DXCC entities2');
    expect(highlights.textContent).toContain('Years2022–2024');
    expect(highlights.textContent).toContain('Busiest hour13:00 UTC');
    expect(api.callsTo('GET', '/vstats')).toHaveLength(1);

    const bands = screen.getByRole('region', { name: 'QSOs per band' });
    expect(within(bands).getByRole('img').getAttribute('aria-label')).toBe('QSOs per band: 40m 1, 20m 3.');
    const hoursCard = screen.getByRole('region', { name: 'Activity by hour (UTC)' });
    expect(within(hoursCard).getByRole('img').getAttribute('aria-label')).toContain('13:00 3');

    fireEvent.click(within(bands).getByRole('button', { name: 'Show table' }));
    const rows = within(within(bands).getByRole('table')).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual(['BandQSOs', '40m1', '20m3']);
    expect(within(bands).queryByRole('img')).toBeNull();
    fireEvent.click(within(bands).getByRole('button', { name: 'Show chart' }));
    expect(within(bands).getByRole('img')).toBeTruthy();

    const continents = screen.getByRole('region', { name: 'QSOs per continent' });
    fireEvent.click(within(continents).getByRole('button', { name: 'Show table' }));
    expect(within(continents).getByRole('row', { name: /Europe/ }).textContent).toBe('Europe375%');
  });

  it('lists the DXCC entities with their QSOs per band and the entities worked per band', async () => {
    fakeApi({ 'GET /vstats': { body: STATS } });
    renderApp(<StationStats />);
    const dxcc = await screen.findByRole('region', { name: 'DXCC entities by band' });
    const table = within(dxcc).getByRole('table');
    expect(within(table).getAllByRole('row').map((r) => r.textContent)).toEqual([
      'Entity40m20mQSOs',
      'Fed. Rep. of Germany123',
      'Japan11',
      'Entities worked122',
    ]);
    fireEvent.change(within(dxcc).getByRole('searchbox', { name: 'Find an entity' }), { target: { value: 'jap' } });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
  });

  it('says there is nothing to count in an empty log, with the ways to fill it', async () => {
    fakeApi({ 'GET /vstats': { body: { ...STATS, total: 0, bands: [], modes: [], years: [], dxcc: { worked: 0, bands: [], entities: [] } } } });
    renderApp(<StationStats />);
    expect(await screen.findByText(MESSAGES.statsEmpty, { exact: false })).toBeTruthy();
    expect(screen.getByRole('link', { name: MESSAGES.statsEmptyLog }).getAttribute('href')).toBe('/logger');
    expect(screen.getByRole('link', { name: MESSAGES.statsEmptyImport }).getAttribute('href')).toBe('/import-export');
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('says so when the statistics could not be loaded, and tries again on request', async () => {
    let calls = 0;
    fakeApi({ 'GET /vstats': () => (++calls === 1 ? { status: 500, body: { message: 'boom' } } : { body: STATS }) });
    renderApp(<StationStats />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(MESSAGES.statsLoadFailed);
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'QSOs per band' })).toBeTruthy();
  });

  it('draws ten modes at most, the rest as Other', () => {
    const modes = Array.from({ length: 12 }, (_, i) => ({ mode: `M${i}`, count: 20 - i }));
    const series = modesSeries({ ...STATS, modes });
    expect(series.labels).toEqual(['M0', 'M1', 'M2', 'M3', 'M4', 'M5', 'M6', 'M7', 'M8', 'Other']);
    expect(series.values.at(-1)).toBe(11 + 10 + 9);
  });
});
