// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, renderApp, resetApp } from '@/testing/app-test-kit';
import { CARDS_ANSWER } from '../testing/fixtures';
import { PublicAwardProgress } from './public-award-progress';

describe('award progress on a station’s public page', () => {
  beforeEach(resetApp);
  afterEach(resetApp);

  it('lists the awards started, worked and confirmed, each linked to its read-only page', async () => {
    const api = fakeApi({ 'GET /awards/progress': { body: { ...CARDS_ANSWER, callsign: 'K1ABC' } } });
    renderApp(<PublicAwardProgress callsign="K1ABC" />, '/K1ABC');
    const section = await screen.findByRole('region', { name: 'Award progress' });
    expect(api.calls[0]?.path).toBe('/awards/progress?callsign=K1ABC');
    const rows = within(section).getAllByRole('row').slice(1).map((row) => row.textContent);
    expect(rows).toEqual(['DXCC13297', 'POTA parks hunted1414 credited', 'VUCC5245']);
    expect(within(section).getByRole('link', { name: 'DXCC' }).getAttribute('href')).toBe('/awards/DXCC?callsign=K1ABC');
  });

  it('shows nothing when the station does not show its progress (404)', async () => {
    const api = fakeApi({ 'GET /awards/progress': { status: 404, body: { message: 'This station does not show its award progress.' } } });
    const { container } = renderApp(<PublicAwardProgress callsign="K1ABC" />, '/K1ABC');
    await waitFor(() => expect(api.calls).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Award progress' })).toBeNull();
    expect(container.textContent).toBe('');
  });
});
