// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LOADING_FEED } from '@hamlog/domain/messages';
import { fakeApi, renderApp, resetApp } from '@/testing/app-test-kit';
import { BandStats } from './band-stats';

describe('band stats', () => {
  beforeEach(resetApp);
  afterEach(resetApp);

  it('asks for the last 100 QSOs and draws a bar per band, the busiest first and full width', async () => {
    const api = fakeApi({ 'GET /vbandstats/100': { body: { bands: [{ band: '40m', count: 10 }, { band: '20m', count: 40 }, { band: '6m', count: 0 }] } } });
    renderApp(<BandStats />);
    const section = screen.getByRole('region', { name: 'Bands' });
    await within(section).findByText('20m');
    const rows = within(section).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual(['20m40 QSOs', '40m10 QSOs']);
    const bars = rows.map((r) => (r.querySelector('.band-stat-bar') as HTMLElement).style.width);
    expect(bars).toEqual(['100%', '25%']);
    expect(api.callsTo('GET', '/vbandstats/100')).toHaveLength(1);
  });

  it("says 'Loading feed...' with no QSOs", async () => {
    const api = fakeApi({ 'GET /vbandstats/100': { body: { bands: [] } } });
    renderApp(<BandStats />);
    await waitFor(() => expect(api.callsTo('GET', '/vbandstats/100')).toHaveLength(1));
    expect(screen.getByText(LOADING_FEED)).toBeTruthy();
  });
});
