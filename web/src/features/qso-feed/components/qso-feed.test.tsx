// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { QsoFeedItem } from '@hamlog/domain/community/api-shapes';
import { QSO_FEED_SIZE, RECENT_QSO_MS } from '@hamlog/domain/community/rules';
import { LOADING_FEED } from '@hamlog/domain/messages';
import { MESSAGES } from '@/config/messages';
import { fakeApi, renderApp, resetApp } from '@/testing/app-test-kit';
import { QsoFeed } from './qso-feed';

function item(n: number, patch: Partial<QsoFeedItem> = {}): QsoFeedItem {
  return {
    entity_id: `q${n}`,
    qdo_id: `q${n}`,
    created_at: new Date(Date.now() - 3_600_000).toISOString(),
    TimeAgo: '1 hour ago',
    poster_name: 'Hans',
    poster_image_name: 'missing.JPG',
    station_callsign: 'DL1ABC',
    call: `W${n}AW`,
    band: '20m',
    mode: 'CW',
    freq: 14025,
    ContestName: '',
    country: 'United States',
    ...patch,
  };
}

const rowOf = (call: string) => screen.getByRole('link', { name: call }).closest('tr') as HTMLElement;

describe('the QSO feed', () => {
  beforeEach(resetApp);
  afterEach(resetApp);

  it('shows at most 35 QSOs, each linking to the QSO and both stations', async () => {
    fakeApi({ 'GET /main_public_feed': { body: { items: Array.from({ length: 40 }, (_, i) => item(i + 1)) } } });
    renderApp(<QsoFeed />);
    await screen.findByRole('link', { name: 'W1AW' });
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(QSO_FEED_SIZE + 1);
    const row = rowOf('W1AW');
    expect(within(row).getByRole('link', { name: '1 hour ago' }).getAttribute('href')).toBe('/qso/q1');
    expect(within(row).getByRole('link', { name: 'DL1ABC' }).getAttribute('href')).toBe('/DL1ABC');
    expect(within(row).getByRole('link', { name: 'W1AW' }).getAttribute('href')).toBe('/W1AW');
    expect(within(row).getByText('14.025000')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'W36AW' })).toBeNull();
  });

  it('highlights a QSO under 80 seconds old as recent, not an older one', async () => {
    fakeApi({
      'GET /main_public_feed': {
        body: {
          items: [
            item(1, { created_at: new Date(Date.now() - 20_000).toISOString(), TimeAgo: 'just now' }),
            item(2, { created_at: new Date(Date.now() - RECENT_QSO_MS - 5_000).toISOString(), TimeAgo: '1 minute ago' }),
          ],
        },
      },
    });
    renderApp(<QsoFeed />);
    await screen.findByRole('link', { name: 'W1AW' });
    expect(rowOf('W1AW').className).toContain('qso-recent');
    expect(within(rowOf('W1AW')).getByText('new')).toBeTruthy();
    expect(rowOf('W2AW').className).not.toContain('qso-recent');
    expect(within(rowOf('W2AW')).queryByText('new')).toBeNull();
  });

  it('masks the frequency of a contest QSO (the server sends null)', async () => {
    fakeApi({ 'GET /main_public_feed': { body: { items: [item(1, { freq: null, ContestName: 'CQ-WW-CW' }), item(2, { freq: 7074 })] } } });
    renderApp(<QsoFeed />);
    await screen.findByRole('link', { name: 'W1AW' });
    expect(within(rowOf('W1AW')).getByText(MESSAGES.frequencyHidden)).toBeTruthy();
    expect(within(rowOf('W2AW')).getByText('7.074000')).toBeTruthy();
    expect(within(rowOf('W2AW')).queryByText(MESSAGES.frequencyHidden)).toBeNull();
  });

  it("says 'Loading feed...' when there are no QSOs", async () => {
    const api = fakeApi({ 'GET /main_public_feed': { body: { items: [] } } });
    renderApp(<QsoFeed />);
    await waitFor(() => expect(api.callsTo('GET', '/main_public_feed')).toHaveLength(1));
    expect(screen.getByText(LOADING_FEED)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
