// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOADING_FEED } from '@hamlog/domain/messages';
import { MESSAGES } from '@/config/messages';
import { QUERY_ROOTS } from '@/lib/query-keys';
import { queryClient } from '@/lib/react-query';
import { fakeApi, renderApp, resetApp, signIn } from '@/testing/app-test-kit';
import type { FeedUserCard } from '@hamlog/domain/community/api-shapes';
import { FakeWebSocket, feedCard } from '../testing/fake-web-socket';
import { UserFeed } from './user-feed';

function feedApi(active: FeedUserCard[], online: FeedUserCard[] = []) {
  return fakeApi({
    'GET /ActiveUserList': { body: { users: active } },
    'GET /logged_in_users_not_in_rig_control': { body: { users: online } },
  });
}

const RUNNING = feedCard({ id: 'u1', my_callsign: 'W1AW', on_freq: true, op_mode: 2, freq: 14025, mode: 'CW', rig_name: 'IC-7300' });
const CQ_DX = feedCard({ id: 'u5', my_callsign: 'VK2ABC', on_freq: true, op_mode: 8, freq: 21074, mode: 'FT8' });
const LIVE = feedCard({ id: 'u2', my_callsign: 'G4XYZ', is_live: true, is_online: false, op_mode: 1 });
const ONLINE = feedCard({ id: 'u3', my_callsign: 'PA0ONL', is_online: true });
const CONTESTING = feedCard({ id: 'u4', my_callsign: 'OK1RR', on_freq: true, op_mode: 7, contesting: true, freq: null, mode: 'SSB', ptt_down: true, is_admin: true });

const cardOf = (callsign: string) => screen.getByRole('link', { name: callsign }).closest('li') as HTMLElement;
const shownCalls = () => within(screen.getByRole('list', { name: 'Stations' })).getAllByRole('link').map((a) => a.textContent).filter((t) => /^[A-Z0-9]+$/.test(t ?? ''));

describe('the user feed', () => {
  beforeEach(() => {
    resetApp();
    FakeWebSocket.instances = [];
    vi.stubGlobal('WebSocket', FakeWebSocket);
  });
  afterEach(resetApp);

  it("marks each station: red 'On Air' on a frequency or live, green 'Logged In Recently' when only online, camera, TXing, admin, masked frequency", async () => {
    feedApi([RUNNING, LIVE, CONTESTING], [ONLINE, feedCard({ ...RUNNING, on_freq: false })]);
    renderApp(<UserFeed />);
    await screen.findByRole('link', { name: 'W1AW' });

    const running = cardOf('W1AW');
    expect(within(running).getByText(MESSAGES.onAir).className).toContain('marker-on-air');
    expect(within(running).queryByText(MESSAGES.loggedInRecently)).toBeNull();
    expect(within(running).getByText('14.025000')).toBeTruthy();
    expect(within(running).getByText('CQ')).toBeTruthy();
    expect(within(running).queryByText(MESSAGES.txing)).toBeNull();
    expect(within(running).queryByRole('img', { name: 'Administrator' })).toBeNull();

    const live = cardOf('G4XYZ');
    expect(within(live).getByText(MESSAGES.onAir)).toBeTruthy();
    expect(within(live).getByRole('link', { name: 'Watch G4XYZ live' }).getAttribute('href')).toBe('/live/user/u2');

    const online = cardOf('PA0ONL');
    expect(within(online).getByText(MESSAGES.loggedInRecently).className).toContain('marker-online');
    expect(within(online).queryByText(MESSAGES.onAir)).toBeNull();
    expect(within(online).queryByRole('link', { name: /Watch/ })).toBeNull();

    const contesting = cardOf('OK1RR');
    expect(within(contesting).getByText(MESSAGES.txing)).toBeTruthy();
    expect(within(contesting).getByRole('img', { name: 'Administrator' })).toBeTruthy();
    expect(within(contesting).getByText(MESSAGES.frequencyHidden).getAttribute('title')).toBe(MESSAGES.frequencyHiddenTitle);

    // A station in both lists is shown once, as its rig card.
    expect(screen.getAllByRole('link', { name: 'W1AW' })).toHaveLength(1);
    expect(cardOf('OK1RR').querySelector('a[href="/OK1RR"]')).not.toBeNull();
  });

  it("says 'Loading feed...' while nobody is there", async () => {
    const api = feedApi([], []);
    renderApp(<UserFeed />);
    await waitFor(() => expect(api.callsTo('GET', '/ActiveUserList')).toHaveLength(1));
    expect(screen.getByText(LOADING_FEED)).toBeTruthy();
  });

  it('filters: on air only, CQ only (op modes 2 and 8), reverse order', async () => {
    feedApi([RUNNING, LIVE, CONTESTING, CQ_DX], [ONLINE]);
    renderApp(<UserFeed />);
    await screen.findByRole('link', { name: 'W1AW' });
    expect(shownCalls()).toEqual(['W1AW', 'G4XYZ', 'OK1RR', 'VK2ABC', 'PA0ONL']);

    fireEvent.click(screen.getByLabelText('On air only'));
    expect(shownCalls()).toEqual(['W1AW', 'G4XYZ', 'OK1RR', 'VK2ABC']);
    fireEvent.click(screen.getByLabelText('CQ only'));
    expect(shownCalls()).toEqual(['W1AW', 'VK2ABC']);
    fireEvent.click(screen.getByLabelText('Reverse order'));
    expect(shownCalls()).toEqual(['VK2ABC', 'W1AW']);
    fireEvent.click(screen.getByLabelText('On air only'));
    fireEvent.click(screen.getByLabelText('CQ only'));
    expect(shownCalls()).toEqual(['PA0ONL', 'VK2ABC', 'OK1RR', 'G4XYZ', 'W1AW']);
  });

  it('remembers the filters and the view type in this browser, across a re-mount', async () => {
    feedApi([RUNNING, LIVE], [ONLINE]);
    const first = renderApp(<UserFeed />);
    await screen.findByRole('link', { name: 'W1AW' });
    fireEvent.click(screen.getByLabelText('On air only'));
    fireEvent.click(screen.getByLabelText('Reverse order'));
    fireEvent.click(screen.getByRole('button', { name: 'List' }));
    expect(localStorage.getItem('filter_on_air_only')).toBe('true');
    expect(localStorage.getItem('filter_reverse_order')).toBe('true');
    expect(localStorage.getItem('filter_cq_only')).toBeNull();
    expect(localStorage.getItem('view_type')).toBe('list');
    first.unmount();

    renderApp(<UserFeed />);
    await screen.findByRole('link', { name: 'W1AW' });
    expect((screen.getByLabelText('On air only') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Reverse order') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('CQ only') as HTMLInputElement).checked).toBe(false);
    expect(screen.getByRole('button', { name: 'List' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('list', { name: 'Stations' }).className).toContain('feed-users-list');
    expect(shownCalls()).toEqual(['G4XYZ', 'W1AW']);
  });

  it('following only: the stations the viewer follows (from the status poll), or a word that none match; visitors have no such filter', async () => {
    feedApi([RUNNING, LIVE], [ONLINE]);
    const visitor = renderApp(<UserFeed />);
    await screen.findByRole('link', { name: 'W1AW' });
    expect(screen.queryByLabelText('Following only')).toBeNull();
    visitor.unmount();

    signIn();
    const status = (following: string[]) => ({ notification_count: 0, live_stream_count: 0, subscription: { level: 'free', expiryDate: null }, following });
    queryClient.setQueryData([QUERY_ROOTS.status, 'tok-1'], status([]));
    renderApp(<UserFeed />);
    await screen.findByRole('link', { name: 'W1AW' });
    fireEvent.click(screen.getByLabelText('Following only'));
    expect(screen.getByText(MESSAGES.noStationsMatch)).toBeTruthy();
    // The next status answer carries new follows: the feed follows it.
    queryClient.setQueryData([QUERY_ROOTS.status, 'tok-1'], status(['u3', 'u2']));
    await waitFor(() => expect(shownCalls()).toEqual(['G4XYZ', 'PA0ONL']));
    expect(localStorage.getItem('filter_following')).toBe('true');
  });

  it('asks again every 4 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const api = feedApi([RUNNING]);
      renderApp(<UserFeed />);
      await screen.findByRole('link', { name: 'W1AW' });
      expect(api.callsTo('GET', '/ActiveUserList')).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(4_000);
      expect(api.callsTo('GET', '/ActiveUserList')).toHaveLength(2);
      expect(api.callsTo('GET', '/logged_in_users_not_in_rig_control')).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
