// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GLOBE_ACCESS_CHECK_MS } from '@hamlog/domain/community/rules';
import { fakeApi, renderApp, resetApp, signIn } from '@/testing/app-test-kit';
import { loadGlobeLibrary, webGlAvailable } from '../lib/load-globe';
import { GlobePage } from './globe-page';

vi.mock('../lib/load-globe', () => ({ loadGlobeLibrary: vi.fn(), webGlAvailable: vi.fn() }));

const EXPIRES_AT = Date.parse('2025-06-01T12:00:10Z');

describe('the globe pages (/globe, /globe2, /earth, /earth-noheader)', () => {
  beforeEach(() => {
    resetApp();
    vi.mocked(loadGlobeLibrary).mockReset().mockReturnValue(new Promise(() => {})); // never needed to finish here
    vi.mocked(webGlAvailable).mockReset().mockReturnValue(true);
    fakeApi({ 'GET /globe/arcs': { body: { arcs: [] } } });
  });
  afterEach(() => {
    vi.useRealTimers();
    resetApp();
  });

  it('sends a visitor to /?upgrade-required=1 at once, without loading the globe', async () => {
    renderApp(<GlobePage />, '/globe', '/globe');
    expect(await screen.findByText('Now at /?upgrade-required=1')).toBeTruthy();
    expect(loadGlobeLibrary).not.toHaveBeenCalled();
  });

  it('sends a signed-in user without a subscription there too', async () => {
    signIn({}, { level: 'free', expiryDate: null });
    renderApp(<GlobePage />, '/earth', '/earth');
    expect(await screen.findByText('Now at /?upgrade-required=1')).toBeTruthy();
  });

  it('shows a subscriber the globe, and checks every 5 s: a subscription that runs out sends them away', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(EXPIRES_AT - 10_000);
    signIn({ subscribed: true }, { level: 'premium', expiryDate: new Date(EXPIRES_AT).toISOString() });
    renderApp(<GlobePage />, '/globe2', '/globe2');
    expect(await screen.findByRole('region', { name: 'Globe of contacts' })).toBeTruthy();
    expect(loadGlobeLibrary).toHaveBeenCalledTimes(1);

    vi.setSystemTime(EXPIRES_AT + 1_000); // expired, but nothing has looked yet
    await act(async () => vi.advanceTimersByTime(GLOBE_ACCESS_CHECK_MS - 1_001));
    expect(screen.queryByText(/Now at/)).toBeNull();
    await act(async () => vi.advanceTimersByTime(1_001));
    expect(await screen.findByText('Now at /?upgrade-required=1')).toBeTruthy();
  });

  it('keeps a subscriber whose subscription is in force on the page', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(EXPIRES_AT - 60_000);
    signIn({ subscribed: true }, { level: 'premium', expiryDate: null });
    renderApp(<GlobePage />, '/earth-noheader', '/earth-noheader');
    expect(await screen.findByRole('region', { name: 'Globe of contacts' })).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(GLOBE_ACCESS_CHECK_MS * 3));
    expect(screen.queryByText(/Now at/)).toBeNull();
    expect(screen.getByRole('region', { name: 'Globe of contacts' })).toBeTruthy();
  });
});
