/**
 * The live station page's and the SSTV archive's reads against the real embedded server (decision
 * 0051): the profile's live stream address (checked on the server), GET /api/vlivestation/{id},
 * POST /api/vsr's live_stream_count, and GET /api/vsstv's keyset pages.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldTooLong, type StatusAnswer, type User } from '@hamlog/domain';
import type { LiveStationAnswer } from '@hamlog/domain/live-station/api';
import { LIVE_STATION_NOT_FOUND, LIVE_STREAM_URL_INVALID } from '@hamlog/domain/live-station/texts';
import { SSTV_ARCHIVE_CURSOR_INVALID, type SstvArchiveAnswer } from '@hamlog/domain/sstv/api';
import { ApiClient, startWithAliceAndBob, type TestServer } from './server-harness';
import { until } from './until';

const PROFILE = { name: 'Hiram', email: 'alice@example.com', qth: 'Newington', grid: 'FN31pr' };
/** Fields no public answer may carry. */
const PRIVATE_FIELDS = ['email', 'api_key', 'mobile_number', 'qrz_api_key', 'eqsl_apikey', 'clublog_email', 'has_password'];

const png = (colour: string) => sharp({ create: { width: 64, height: 48, channels: 3, background: colour } }).png().toBuffer();

describe('the live station page and the SSTV archive: reads and the stream address', () => {
  let t: TestServer;
  let alice: ApiClient;
  let bob: ApiClient;
  let visitor: ApiClient;
  let aliceId = '';
  let aliceKey = '';

  const station = (id: string) => visitor.call<LiveStationAnswer>('GET', `/vlivestation/${encodeURIComponent(id)}`);
  const report = (body: Record<string, unknown>) => alice.post('/radio', { key: aliceKey, radio: 'IC-7300', ...body });
  const attachSstv = async (qdoId: string, colour: string) => {
    const res = await fetch(`${t.url}/api/qso/${qdoId}/sstv`, { method: 'POST', body: await png(colour), headers: { 'x-api-key': aliceKey, 'content-type': 'application/octet-stream' } });
    expect(res.status).toBe(201);
    return ((await res.json()) as { file_name: string }).file_name;
  };
  const logQso = async (data: Record<string, unknown>) => {
    const res = await alice.post<{ qdo_id: string }>('/vqso/upsert', { data: { Freq: 14230, Mode: 'SSTV', ...data } });
    expect(res.status).toBe(201);
    return res.body.qdo_id;
  };

  beforeAll(async () => {
    ({ t, alice, bob, aliceId } = await startWithAliceAndBob());
    visitor = new ApiClient(t.url);
    aliceKey = (await alice.call<{ user: User }>('GET', '/vuser')).body.user.api_key;
  }, 60_000);
  afterAll(async () => t?.stop());

  it('keeps a YouTube, Twitch, player or HLS address in the profile and refuses any other, keeping the stored one', async () => {
    const set = await alice.post<{ user: User }>('/vupdateprofile', { ...PROFILE, live_stream_url: ' https://WWW.twitch.tv/w1aw ' });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect((await alice.call<{ user: User }>('GET', '/vuser')).body.user.live_stream_url).toBe('https://www.twitch.tv/w1aw');

    for (const bad of ['http://cam.example.org/live.m3u8', 'https://evil.example.com/player', 'javascript:alert(1)', 'https://www.youtube.com/@w1aw/live', `https://x.example/${'a'.repeat(260)}.m3u8`]) {
      const refused = await alice.post<{ errors: Record<string, string[]> }>('/vupdateprofile', { ...PROFILE, live_stream_url: bad });
      expect(refused.status, bad).toBe(422);
      expect(refused.body.errors.live_stream_url?.[0], bad).toBe(bad.length > 255 ? fieldTooLong('live stream address', 255) : LIVE_STREAM_URL_INVALID);
    }
    expect((await alice.call<{ user: User }>('GET', '/vuser')).body.user.live_stream_url).toBe('https://www.twitch.tv/w1aw');
    // A save of the form without the field keeps it.
    expect((await alice.post('/vupdateprofile', { ...PROFILE, qth: 'Hartford' })).status).toBe(200);
    expect((await alice.call<{ user: User }>('GET', '/vuser')).body.user.live_stream_url).toBe('https://www.twitch.tv/w1aw');
  });

  it('answers a station for its live page: card, stream and latest QSOs with public fields only; not live until it reports streaming', async () => {
    await logQso({ Call: 'DL1ABC', TS: '2025-06-01T18:30:00Z', Comment: 'a private-ish comment' });
    await logQso({ Call: 'OH2BH', TS: '2025-06-01T18:40:00Z', Freq: 7012.5, Mode: 'CW', ContestName: 'CQ-WW-CW' });
    const first = await until(() => station(aliceId), (r) => r.body.qsos?.length === 2);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(first.body.station).toMatchObject({ id: aliceId, my_callsign: 'W1AW', is_live: false, on_freq: false, rig_reported_at: null });
    expect(first.body.live_stream).toEqual({ kind: 'twitch', channel: 'w1aw' });
    expect(first.body.qsos.map((q) => [q.Call, q.Freq, q.Mode])).toEqual([
      ['OH2BH', null, 'CW'],
      ['DL1ABC', 14230, 'SSTV'],
    ]);
    const text = JSON.stringify(first.body);
    for (const field of PRIVATE_FIELDS) expect(text, field).not.toContain(`"${field}"`);
    expect(text).not.toContain('a private-ish comment');
    expect(text).not.toContain(aliceKey);

    expect((await report({ frequency: '14230000', mode: 'SSTV', op_mode: '2', streaming: 'true' })).status).toBe(200);
    const live = await until(() => station(aliceId), (r) => r.body.station.is_live);
    expect(live.body.station).toMatchObject({ is_live: true, on_freq: true, freq: 14230, mode: 'SSTV' });

    // A report without 'streaming' says nothing of a stream: not live any more.
    expect((await report({ frequency: '14230000', mode: 'SSTV', op_mode: '2' })).status).toBe(200);
    const after = await until(() => station(aliceId), (r) => !r.body.station.is_live);
    expect(after.body.station).toMatchObject({ is_live: false, on_freq: true });
  });

  it("says 'Station not found' for an id nobody has", async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nobody', 'x'.repeat(300)]) {
      const res = await station(id);
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ message: LIVE_STATION_NOT_FOUND });
    }
  });

  it('counts the followed stations streaming now in POST /vsr', async () => {
    const count = async () => (await bob.post<StatusAnswer>('/vsr')).body.live_stream_count;
    expect(await count()).toBe(0);
    expect((await bob.post('/vsetfollowstate', { user_id: aliceId, follow_level: 1 })).status).toBe(200);
    expect(await count()).toBe(0);
    expect((await report({ frequency: '14230000', mode: 'SSTV', op_mode: '2', streaming: 'true' })).status).toBe(200);
    expect(await until(count, (n) => n === 1)).toBe(1);
    // Alice herself follows nobody: her count stays 0.
    expect((await alice.post<StatusAnswer>('/vsr')).body.live_stream_count).toBe(0);
    expect((await report({ frequency: '14230000', mode: 'SSTV', op_mode: '0', streaming: 'false' })).status).toBe(200);
    expect(await until(count, (n) => n === 0)).toBe(0);
  });

  it('pages the SSTV archive newest attachment first by cursor, without deleted QSOs', async () => {
    const empty = await visitor.call<SstvArchiveAnswer>('GET', '/vsstv');
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ images: [], next: null });

    const older = await logQso({ Call: 'JA1XYZ', TS: '2025-05-01T10:00:00Z' });
    const newer = await logQso({ Call: 'VK2ABC', TS: '2025-06-02T10:00:00Z' });
    const doomed = await logQso({ Call: 'ZS6XYZ', TS: '2025-06-03T10:00:00Z' });
    const a = await attachSstv(newer, '#aa0000');
    const b = await attachSstv(older, '#00aa00');
    const c = await attachSstv(doomed, '#0000aa');
    const d = await attachSstv(older, '#aaaa00');
    expect((await alice.post('/vqso/nuke', { qdo_id: doomed })).status).toBe(200);

    const names = (r: { body: SstvArchiveAnswer }) => r.body.images.map((i) => i.file_name).join();
    const all = await until(() => visitor.call<SstvArchiveAnswer>('GET', '/vsstv?size=10'), (r) => names(r) === [d, b, a].join());
    expect(all.body.images.map((i) => i.file_name)).toEqual([d, b, a]);
    expect(all.body.images.map((i) => i.file_name)).not.toContain(c);
    expect(all.body.images[0]).toEqual({ file_name: d, qdo_id: older, station_callsign: 'W1AW', call: 'JA1XYZ', qso_at: '2025-05-01T10:00:00Z', band: '20m', mode: 'SSTV' });
    expect(all.body.next).toBeNull();

    const first = await visitor.call<SstvArchiveAnswer>('GET', '/vsstv?size=2');
    expect(first.body.images.map((i) => i.file_name)).toEqual([d, b]);
    expect(first.body.next).toMatch(/^\d+$/);
    // An image attached while someone reads does not shift the next page.
    const e = await attachSstv(newer, '#00aaaa');
    const second = await visitor.call<SstvArchiveAnswer>('GET', `/vsstv?size=2&before=${first.body.next}`);
    expect(second.body).toEqual({ images: [expect.objectContaining({ file_name: a, qdo_id: newer })], next: null });
    const fresh = await until(() => visitor.call<SstvArchiveAnswer>('GET', '/vsstv?size=1'), (r) => r.body.images[0]?.file_name === e);
    expect(fresh.body.next).not.toBeNull();
    // The archive's images are served (the QSOs are live).
    expect((await fetch(`${t.url}/media/${d}`)).status).toBe(200);
  });

  it('refuses a cursor or a size it did not hand out (422), never a 500', async () => {
    for (const query of ['before=abc', 'before=0', 'before=-5', 'before=1.5', 'before=99999999999999999999', 'before=']) {
      const res = await visitor.call<{ errors: Record<string, string[]> }>('GET', `/vsstv?${query}`);
      expect(res.status, query).toBe(422);
      expect(res.body.errors.before, query).toEqual([SSTV_ARCHIVE_CURSOR_INVALID]);
    }
    for (const query of ['size=0', 'size=61', 'size=ten', 'size=', 'size=2.5']) {
      const res = await visitor.call<{ errors: Record<string, string[]> }>('GET', `/vsstv?${query}`);
      expect(res.status, query).toBe(422);
      expect(res.body.errors.size, query).toEqual(['The size field must be a whole number from 1 to 60.']);
    }
  });
});
