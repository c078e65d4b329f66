// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveStationAnswer } from '@hamlog/domain/live-station/api';
import { FakeWebSocket, feedCard } from '@/features/live-feed/testing/fake-web-socket';
import { poppedVideo, stopPoppedVideo } from '@/lib/video-player';
import { fakeApi, renderApp, resetApp } from '@/testing/app-test-kit';
import { routes } from '../router';

const LIVE_CARD = feedCard({ id: 'u2', my_callsign: 'W1AW', name: 'Hiram', is_live: true, on_freq: true, freq: 14230, mode: 'SSTV', op_mode: 2, rig_name: 'IC-7300', rig_reported_at: '2025-06-01T18:30:00Z' });

function answer(patch: Partial<LiveStationAnswer> = {}): LiveStationAnswer {
  return {
    station: LIVE_CARD,
    live_stream: { kind: 'twitch', channel: 'w1aw' },
    qsos: [
      { qdo_id: 'q-2', TS: '2025-06-01T18:40:00Z', Call: 'OH2BH', Band: '40m', Mode: 'CW', SubMode: '', Freq: null, ContestName: 'CQ-WW-CW', country: 'Finland' },
      { qdo_id: 'q-1', TS: '2025-06-01T18:30:00Z', Call: 'DL1ABC', Band: '20m', Mode: 'SSTV', SubMode: '', Freq: 14230, ContestName: '', country: 'Germany' },
    ],
    ...patch,
  };
}

function stationApi(body: LiveStationAnswer | null) {
  return fakeApi({
    'POST /log-page-view': { status: 204 },
    'GET /vlivestation/u2': body ? { body } : { status: 404, body: { message: 'Station not found' } },
  });
}

const rigFacts = () => within(screen.getByRole('region', { name: 'Rig' }));

describe('/live/user/{id}: the live station page', () => {
  beforeEach(() => {
    resetApp();
    FakeWebSocket.instances = [];
    vi.stubGlobal('WebSocket', FakeWebSocket);
    vi.spyOn(console, 'debug').mockImplementation(() => undefined);
  });
  afterEach(() => {
    stopPoppedVideo();
    resetApp();
  });

  it("plays a streaming station's stream in the page, with its rig and latest QSOs (a contest QSO's frequency hidden)", async () => {
    stationApi(answer());
    renderApp(routes, '/live/user/u2');
    expect(await screen.findByRole('heading', { level: 1, name: /W1AW/ })).toBeTruthy();
    expect(screen.getByText('Live', { selector: '.live-marker' })).toBeTruthy();
    const frame = screen.getByTitle('Live stream of W1AW');
    expect(frame.getAttribute('src')).toBe(`https://player.twitch.tv/?channel=w1aw&parent=${window.location.hostname}&autoplay=false`);
    expect(rigFacts().getByText('14.230000')).toBeTruthy();
    expect(rigFacts().getByText('IC-7300')).toBeTruthy();
    expect(rigFacts().getByText('CQ')).toBeTruthy();
    const qsos = within(screen.getByRole('region', { name: 'Latest QSOs' }));
    expect(qsos.getAllByRole('row')).toHaveLength(3);
    expect(qsos.getByRole('link', { name: 'OH2BH' }).getAttribute('href')).toBe('/OH2BH');
    expect(qsos.getByText('hidden')).toBeTruthy();
    expect(qsos.getByRole('link', { name: /Details of the QSO with DL1ABC/ }).getAttribute('href')).toBe('/qso/q-1');
    expect(screen.getByRole('link', { name: 'Station page' }).getAttribute('href')).toBe('/W1AW');
  });

  it('pops the stream out into the shell player and offers to play it here again', async () => {
    stationApi(answer());
    renderApp(routes, '/live/user/u2');
    fireEvent.click(await screen.findByRole('button', { name: 'Pop out' }));
    expect(poppedVideo()).toEqual({ kind: 'iframe', src: `https://player.twitch.tv/?channel=w1aw&parent=${window.location.hostname}&autoplay=true`, title: 'W1AW live' });
    expect(await screen.findByText('The stream is playing in the pop-out player.')).toBeTruthy();
    expect(screen.queryByTitle('Live stream of W1AW')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Play here' }));
    expect(poppedVideo()).toBeNull();
    expect(await screen.findByTitle('Live stream of W1AW')).toBeTruthy();
  });

  it('updates the rig live from the app\'s one live connection, without waiting for a poll', async () => {
    const api = stationApi(answer());
    renderApp(routes, '/live/user/u2');
    await screen.findByRole('region', { name: 'Rig' });
    expect(rigFacts().getByText('14.230000')).toBeTruthy();
    expect(FakeWebSocket.instances).toHaveLength(1);
    const polls = api.callsTo('GET', '/vlivestation/u2').length;
    act(() => FakeWebSocket.latest().receive(JSON.stringify({ environment: 'prod', type: 'public-rig-data', user: { ...LIVE_CARD, freq: 7040, mode: 'SSB', ptt_down: true, rig_reported_at: '2025-06-01T18:31:00Z' } })));
    expect(await rigFacts().findByText('7.040000')).toBeTruthy();
    expect(rigFacts().getByText('TXing')).toBeTruthy();
    // Another station's push changes nothing here.
    act(() => FakeWebSocket.latest().receive(JSON.stringify({ environment: 'prod', type: 'public-rig-data', user: feedCard({ id: 'u9', my_callsign: 'K1JT', on_freq: true, freq: 3573 }) })));
    expect(rigFacts().getByText('7.040000')).toBeTruthy();
    expect(api.callsTo('GET', '/vlivestation/u2').length).toBe(polls);
  });

  it('a station that is not streaming shows its rig and QSOs and says it is not live now', async () => {
    stationApi(answer({ station: { ...LIVE_CARD, is_live: false } }));
    renderApp(routes, '/live/user/u2');
    expect(await screen.findByText('W1AW is not live now.')).toBeTruthy();
    expect(screen.queryByTitle('Live stream of W1AW')).toBeNull();
    expect(screen.queryByText('Live', { selector: '.live-marker' })).toBeNull();
    expect(rigFacts().getByText('14.230000')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Latest QSOs' })).toBeTruthy();
  });

  it('an HLS stream the browser cannot play itself says so and links to the stream', async () => {
    stationApi(answer({ live_stream: { kind: 'hls', src: 'https://cam.example.org/live/shack.m3u8' } }));
    renderApp(routes, '/live/user/u2');
    expect(await screen.findByText('This stream cannot be played in this browser.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the stream' }).getAttribute('href')).toBe('https://cam.example.org/live/shack.m3u8');
    expect(screen.queryByRole('button', { name: 'Pop out' })).toBeNull();
  });

  it('an HLS stream plays in a plain video where the browser plays HLS itself', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockImplementation((type: string) => (type === 'application/vnd.apple.mpegurl' ? 'maybe' : ''));
    stationApi(answer({ live_stream: { kind: 'hls', src: 'https://cam.example.org/live/shack.m3u8' } }));
    renderApp(routes, '/live/user/u2');
    const video = await screen.findByTitle('Live stream of W1AW');
    expect(video.tagName).toBe('VIDEO');
    expect(video.getAttribute('src')).toBe('https://cam.example.org/live/shack.m3u8');
    fireEvent.click(screen.getByRole('button', { name: 'Pop out' }));
    expect(poppedVideo()).toEqual({ kind: 'video', src: 'https://cam.example.org/live/shack.m3u8', title: 'W1AW live' });
  });

  it("an unknown id is a clear 'Station not found'", async () => {
    stationApi(null);
    renderApp(routes, '/live/user/u2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Station not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });
});
