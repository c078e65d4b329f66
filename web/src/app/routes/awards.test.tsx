// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CARDS_ANSWER, DXCC_PAGE } from '@/features/award-progress/testing/fixtures';
import { fakeApi, renderApp, resetApp, signIn } from '@/testing/app-test-kit';
import { routes } from '../router';

/** The shell's own calls and the award tracker's. */
function api(progress: Record<string, { status?: number; body?: unknown }> = {}) {
  return fakeApi({
    'POST /log-page-view': { status: 204 },
    'POST /vsr': { body: { notification_count: 0, live_stream_count: 0, subscription: { level: 'free', expiryDate: null }, following: [] } },
    ...progress,
  });
}

describe('the award tracker’s routes', () => {
  beforeEach(resetApp);
  afterEach(resetApp);

  it('/awards and /awards/DXCC need a signed-in user', async () => {
    api();
    const cards = renderApp(routes, '/awards');
    await waitFor(() => expect(cards.router.state.location.pathname).toBe('/login'));
    resetApp();
    api();
    const award = renderApp(routes, '/awards/DXCC?mode=CW');
    await waitFor(() => expect(award.router.state.location.pathname).toBe('/login'));
    expect(award.router.state.location.search).toBe(`?redirect=${encodeURIComponent('/awards/DXCC?mode=CW')}`);
  });

  it('/awards shows the signed-in user’s cards, and the account menu leads there', async () => {
    api({ 'GET /awards/progress': { body: CARDS_ANSWER } });
    signIn();
    renderApp(routes, '/awards');
    expect(await screen.findByRole('heading', { level: 1, name: 'Awards' })).toBeTruthy();
    expect(await screen.findByRole('article', { name: 'DXCC' })).toBeTruthy();
    const menu = screen.getByRole('button', { name: /account menu$/ });
    fireEvent.click(menu);
    const panel = document.getElementById(menu.getAttribute('aria-controls')!)!;
    expect((await within(panel).findByRole('link', { name: 'Awards' })).getAttribute('href')).toBe('/awards');
  });

  it('a station’s public progress opens to visitors with ?callsign=', async () => {
    api({ 'GET /awards/progress/DXCC': { body: DXCC_PAGE } });
    const { router } = renderApp(routes, '/awards/DXCC?callsign=K1ABC');
    expect(await screen.findByRole('table')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/awards/DXCC');
    expect(screen.getByRole('heading', { level: 1, name: 'DXCC · K1ABC' })).toBeTruthy();
  });
});
