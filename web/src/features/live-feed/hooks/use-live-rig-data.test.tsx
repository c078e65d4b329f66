// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WEBSOCKET_RETRY_JITTER_MS, WEBSOCKET_RETRY_MS } from '@hamlog/domain/community/rules';
import { fakeApi, renderApp, resetApp } from '@/testing/app-test-kit';
import { UserFeed } from '../components/user-feed';
import { FakeWebSocket, feedCard } from '../testing/fake-web-socket';
import { useLiveRigData } from './use-live-rig-data';

function rigMessage(patch: Parameters<typeof feedCard>[0], extra: Record<string, unknown> = {}) {
  return { environment: 'prod', type: 'public-rig-data', user: feedCard(patch), ...extra };
}

function feedApi() {
  return fakeApi({
    'GET /ActiveUserList': { body: { users: [feedCard({ id: 'u2', my_callsign: 'DL1ABC', on_freq: true, freq: 14074, mode: 'FT8' })] } },
    'GET /logged_in_users_not_in_rig_control': { body: { users: [] } },
  });
}

function SocketOnly() {
  useLiveRigData();
  return <p>socket</p>;
}

describe('the live connection (websocket /ws)', () => {
  beforeEach(() => {
    resetApp();
    FakeWebSocket.instances = [];
    vi.stubGlobal('WebSocket', FakeWebSocket);
    vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    resetApp();
  });

  it('opens one socket to ws://{host}/ws and closes it when the page unmounts', () => {
    const { unmount } = renderApp(<SocketOnly />);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(FakeWebSocket.latest().url).toBe(`ws://${window.location.host}/ws`);
    unmount();
    expect(FakeWebSocket.latest().closed).toBe(true);
  });

  it("a double-encoded 'public-rig-data' message replaces that station's card; a new station joins the feed", async () => {
    feedApi();
    renderApp(<UserFeed />);
    await screen.findByRole('link', { name: 'DL1ABC' });
    expect(screen.queryByText('TXing')).toBeNull();

    act(() => FakeWebSocket.latest().receive(JSON.stringify(JSON.stringify(rigMessage({ id: 'u2', my_callsign: 'DL1ABC', on_freq: true, ptt_down: true, freq: 7074, mode: 'FT8' })))));
    expect(await screen.findByText('TXing')).toBeTruthy();
    expect(screen.getByText('7.074000')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'DL1ABC' })).toHaveLength(1);

    // Single-encoded works too, and an unknown station is inserted.
    act(() => FakeWebSocket.latest().receive(JSON.stringify(rigMessage({ id: 'u3', my_callsign: 'JA1XYZ', on_freq: true }))));
    expect(await screen.findByRole('link', { name: 'JA1XYZ' })).toBeTruthy();
  });

  it('applies a snapshot, then batches of patches to the cards it gave, one feed update per batch', async () => {
    feedApi();
    renderApp(<UserFeed />);
    await screen.findByRole('link', { name: 'DL1ABC' });
    const socket = FakeWebSocket.latest();
    const snapshot = { environment: 'prod', type: 'public-rig-snapshot', seq: 7, users: [feedCard({ id: 'u2', my_callsign: 'DL1ABC', on_freq: true, freq: 14074, mode: 'FT8' }), feedCard({ id: 'u4', my_callsign: 'G4XYZ', on_freq: true, freq: 3573, mode: 'FT8' })] };
    act(() => socket.receive(JSON.stringify(snapshot)));
    expect(await screen.findByRole('link', { name: 'G4XYZ' })).toBeTruthy();
    expect(screen.getByText('3.573000')).toBeTruthy();

    // Only what changed, by id: a new frequency for one station, TX for the other; a patch to a card never given is dropped.
    act(() => socket.receive(JSON.stringify({ environment: 'prod', type: 'public-rig-batch', seq: 8, users: [{ id: 'u4', freq: 3574 }, { id: 'u2', ptt_down: true }, { id: 'u9', freq: 7074 }] })));
    expect(await screen.findByText('3.574000')).toBeTruthy();
    expect(screen.getByText('TXing')).toBeTruthy();
    expect(screen.getByText('14.074000')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);

    // A batch may bring a station whole (new to the watchers).
    act(() => socket.receive(JSON.stringify({ environment: 'prod', type: 'public-rig-batch', seq: 9, users: [feedCard({ id: 'u5', my_callsign: 'VK2ABC', on_freq: true, freq: 21074 })] })));
    expect(await screen.findByRole('link', { name: 'VK2ABC' })).toBeTruthy();
  });

  it('ignores unknown types, other environments and malformed messages, logging them', async () => {
    feedApi();
    renderApp(<UserFeed />);
    await screen.findByRole('link', { name: 'DL1ABC' });
    const socket = FakeWebSocket.latest();
    act(() => {
      socket.receive(JSON.stringify(rigMessage({ id: 'u9', my_callsign: 'K1ABC' }, { type: 'chat' })));
      socket.receive(JSON.stringify(rigMessage({ id: 'u9', my_callsign: 'K1ABC' }, { environment: 'dev' })));
      socket.receive('{"environment":"prod","type":"public-rig-data","user":');
      socket.receive(JSON.stringify({ environment: 'prod', type: 'public-rig-data', user: { name: 'no id' } }));
      socket.receive(JSON.stringify('"just a string"'));
    });
    expect(screen.queryByRole('link', { name: 'K1ABC' })).toBeNull();
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(console.debug).toHaveBeenCalledTimes(2);
    expect(console.warn).toHaveBeenCalledTimes(3);
  });

  it('reconnects 5 s after an unclean close, and again after the next one', () => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0);
    renderApp(<SocketOnly />);
    act(() => FakeWebSocket.latest().serverClose(false));
    act(() => vi.advanceTimersByTime(WEBSOCKET_RETRY_MS - 1));
    expect(FakeWebSocket.instances).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(FakeWebSocket.instances).toHaveLength(2);
    expect(FakeWebSocket.latest().url).toBe(`ws://${window.location.host}/ws`);

    act(() => FakeWebSocket.latest().serverClose(false));
    act(() => vi.advanceTimersByTime(WEBSOCKET_RETRY_MS));
    expect(FakeWebSocket.instances).toHaveLength(3);
  });

  it('spreads the reconnections over 5 to 7 s, so a restarted server is not met by every watcher at once', () => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0.999);
    renderApp(<SocketOnly />);
    act(() => FakeWebSocket.latest().serverClose(false));
    act(() => vi.advanceTimersByTime(WEBSOCKET_RETRY_MS + WEBSOCKET_RETRY_JITTER_MS - 3));
    expect(FakeWebSocket.instances).toHaveLength(1);
    act(() => vi.advanceTimersByTime(2));
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('reconnects 5 s after the server goes away cleanly (1001: stopping for a restart)', () => {
    vi.useFakeTimers();
    renderApp(<SocketOnly />);
    act(() => FakeWebSocket.latest().serverClose(true, 1001));
    act(() => vi.advanceTimersByTime(WEBSOCKET_RETRY_MS + WEBSOCKET_RETRY_JITTER_MS));
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('does not reconnect after a clean close, nor after unmounting while a retry waits', () => {
    vi.useFakeTimers();
    const first = renderApp(<SocketOnly />);
    act(() => FakeWebSocket.latest().serverClose(true));
    act(() => vi.advanceTimersByTime(WEBSOCKET_RETRY_MS * 3));
    expect(FakeWebSocket.instances).toHaveLength(1);
    first.unmount();

    const second = renderApp(<SocketOnly />);
    act(() => FakeWebSocket.latest().serverClose(false));
    second.unmount();
    act(() => vi.advanceTimersByTime((WEBSOCKET_RETRY_MS + WEBSOCKET_RETRY_JITTER_MS) * 3));
    expect(FakeWebSocket.instances).toHaveLength(2);
  });
});
