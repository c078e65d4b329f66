/**
 * The logger's server calls through the whole embedded server (real PostgreSQL): the log bar's
 * callsign search, the DXCC list, a companion app's rig reports (/api/radio) and the CAT link poll.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALL_CHARACTERS, CALL_LENGTH, rigStreamName, type DxccEntityOption, type LogbarAnswer, type Photo, type RigState } from '@hamlog/domain';
import { PostgresEventStore } from '@hamlog/infra/event-store/postgres-event-store';
import { createPool, type Pool } from '@hamlog/infra/postgres/pool';
import { upload } from './people-helpers';
import { ApiClient, startWithAliceAndBob, type TestServer } from './server-harness';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const isoAgo = (ms: number) => new Date(Date.now() - ms).toISOString().slice(0, 19) + 'Z';

describe('log bar, DXCC list and rig state (embedded runtime, real PostgreSQL)', () => {
  let t: TestServer;
  let pool: Pool;
  let alice: ApiClient;
  let bob: ApiClient;
  let visitor: ApiClient;
  let aliceId: string;
  let bobId: string;
  let aliceKey: string;

  const log = (client: ApiClient, data: Record<string, unknown>) => client.post<{ qdo_id: string }>('/vqso/upsert', { data: { Freq: 14074, Mode: 'FT8', ...data } });
  const logbar = (client: ApiClient, path: string) => client.post<LogbarAnswer>(`/vlogbar/${path}`);
  const rigEvents = async (userId: string) =>
    Number((await pool.query<{ n: string }>('SELECT count(*) AS n FROM es_events WHERE stream_id = $1', [rigStreamName(userId)])).rows[0]?.n);

  beforeAll(async () => {
    ({ t, alice, bob, aliceId, bobId } = await startWithAliceAndBob());
    pool = createPool(t.db.url, 2);
    visitor = new ApiClient(t.url);
    const me = await alice.call<{ user: { api_key: string } }>('GET', '/vuser');
    aliceKey = me.body.user.api_key;

    // Alice's contacts with DL1ABC: three live (the newest without a name), one deleted.
    for (const qso of [
      { Call: 'DL1ABC', TS: isoAgo(40 * DAY), Name: 'Hans' },
      { Call: 'DL1ABC', TS: isoAgo(3 * DAY + MINUTE), Name: 'Hans-Peter', Freq: 7074 },
      { Call: 'dl1abc', TS: isoAgo(2 * 60 * MINUTE + MINUTE), Name: '', Mode: 'CW', Freq: 7030 },
      { Call: 'KH6/DL1ABC', TS: isoAgo(10 * MINUTE) },
      { Call: 'K1JT', TS: isoAgo(5 * DAY), Name: 'Joe' },
    ]) {
      expect((await log(alice, qso)).status).toBe(201);
    }
    const gone = await log(alice, { Call: 'DL1ABC', TS: isoAgo(5 * MINUTE), Name: 'Deleted' });
    expect((await alice.post('/vqso/nuke', { qdo_id: gone.body.qdo_id })).status).toBe(200);
  });

  afterAll(async () => {
    await pool?.end();
    await t?.stop();
  });

  describe('POST /vlogbar/{callsign}', () => {
    it('gives the owner their contacts with the call: count, first and last as human times, newest first', async () => {
      const answer = await logbar(alice, 'DL1ABC');
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        callsign: 'DL1ABC',
        total_qsos: 3,
        human_time_since_first_qso: '1 month ago',
        human_time_since_last_qso: '2 hours ago',
        dxcc_entity: 230,
        country: 'Fed. Rep. of Germany',
        continent: 'EU',
        cq_zone: 14,
        itu_zone: 28,
        user: null,
        // the newest contact has no name: the latest one with a name counts
        name: 'Hans-Peter',
      });
      expect(answer.body.qsos.map((q) => [q.Call, q.Mode, q.Freq])).toEqual([
        ['DL1ABC', 'CW', 7030],
        ['DL1ABC', 'FT8', 7074],
        ['DL1ABC', 'FT8', 14074],
      ]);
      expect(answer.body.qsos[0]).toMatchObject({ station_callsign: 'W1AW', dxcc: 230, Band: '40m', qdo_id: expect.any(String) });
    });

    it('upper-cases the call and reads "_" as "/"', async () => {
      const answer = await logbar(alice, 'kh6_dl1abc');
      expect(answer.body).toMatchObject({ callsign: 'KH6/DL1ABC', total_qsos: 1, dxcc_entity: 110, country: 'Hawaii', human_time_since_last_qso: '10 minutes ago' });
      expect(answer.body.qsos).toHaveLength(1);
      expect((await logbar(alice, 'KH6%2FDL1ABC')).body.total_qsos).toBe(1);
    });

    it('gives another user none of the owner’s contacts, only the entity', async () => {
      const answer = await logbar(bob, 'DL1ABC');
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ total_qsos: 0, qsos: [], human_time_since_first_qso: null, human_time_since_last_qso: null, name: '', dxcc_entity: 230 });
    });

    it('gives a visitor zeros and the DXCC fields', async () => {
      const answer = await logbar(visitor, 'JA1ABC');
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        callsign: 'JA1ABC', human_time_since_last_qso: null, human_time_since_first_qso: null, total_qsos: 0,
        dxcc_entity: 339, country: 'Japan', continent: 'AS', cq_zone: 25, itu_zone: 45, lat: 36.4, lon: 138.38,
        user: null, qsos: [], name: '',
      });
    });

    it('finds the station’s own user, and the name from the caller’s contacts', async () => {
      const answer = await logbar(alice, 'K1JT');
      expect(answer.body.user).toEqual({ id: bobId, name: '', my_callsign: 'K1JT', profile_image_name: 'missing.JPG', photos: [] });
      expect(answer.body).toMatchObject({ total_qsos: 1, name: 'Joe', human_time_since_last_qso: '5 days ago' });
      expect((await logbar(visitor, 'w1aw')).body.user).toMatchObject({ id: aliceId, my_callsign: 'W1AW' });
    });

    it('gives the found user with their latest four photos, newest first', async () => {
      for (const background of ['#aa0000', '#00aa00', '#0000aa', '#aaaa00', '#00aaaa']) {
        const png = await sharp({ create: { width: 40, height: 30, channels: 3, background } }).png().toBuffer();
        expect((await upload(t, bob, '/vuploadphoto', { name: 'shack.png', type: 'image/png', bytes: png })).status).toBe(201);
      }
      const all = (await bob.post<Photo[]>('/vphotos')).body;
      expect(all).toHaveLength(5);
      const latest = all.slice(0, 4).map((photo) => ({ file_name: photo.profile_image_name }));
      expect(latest.every((photo) => /^photo-[0-9a-f]+\.png$/.test(photo.file_name))).toBe(true);
      expect((await logbar(alice, 'K1JT')).body.user?.photos).toEqual(latest);
      expect((await logbar(visitor, 'K1JT')).body.user?.photos).toEqual(latest);
      expect((await logbar(visitor, 'W1AW')).body.user?.photos).toEqual([]);
    });

    it('gives entity 0 and no location for maritime and aeronautical mobile', async () => {
      const answer = await logbar(visitor, 'DL1ABC_MM');
      expect(answer.body).toMatchObject({ callsign: 'DL1ABC/MM', dxcc_entity: 0, country: '', continent: '', cq_zone: null, itu_zone: null, lat: null, lon: null });
      expect((await logbar(visitor, 'W1AW_AM')).body.dxcc_entity).toBe(0);
    });

    it('refuses a call shorter than 3 or longer than 20 characters, or with other characters', async () => {
      for (const bad of ['AB', 'A'.repeat(21), 'DL1-ABC', 'DL1%20ABC']) {
        const answer = await logbar(alice, bad);
        expect(answer.status, bad).toBe(422);
        expect(answer.body).toHaveProperty('errors.callsign');
      }
      expect((await logbar(alice, 'AB')).body).toMatchObject({ message: CALL_LENGTH });
      expect((await logbar(alice, 'DL1-ABC')).body).toMatchObject({ message: CALL_CHARACTERS });
    });

    it('sees a contact the caller has just logged (read-your-writes)', async () => {
      expect((await log(alice, { Call: 'G3SXW', TS: isoAgo(MINUTE) })).status).toBe(201);
      expect((await logbar(alice, 'G3SXW')).body).toMatchObject({ total_qsos: 1, dxcc_entity: 223 });
    });
  });

  describe('POST /vdxcc-entity-distinct/', () => {
    it('answers the entity list, de-duplicated by adif and name, sorted by name, cacheable', async () => {
      const answer = await visitor.post<DxccEntityOption[]>('/vdxcc-entity-distinct/');
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toMatch(/max-age=\d+/);
      const list = answer.body;
      expect(list.length).toBeGreaterThan(300);
      expect(new Set(list.map((e) => `${e.adif}|${e.name}`)).size).toBe(list.length);
      expect(list.map((e) => e.name)).toEqual([...list.map((e) => e.name)].sort((a, b) => a.localeCompare(b, 'en')));
      for (const entity of list) expect(Object.keys(entity)).toEqual(['adif', 'name', 'cont', 'latitude', 'longitude', 'cqz']);
      expect(list).toContainEqual({ adif: 339, name: 'Japan', cont: 'AS', latitude: 36.4, longitude: 138.38, cqz: 25 });
      expect(list.some((e) => e.adif === 0)).toBe(false);
    });

    it('answers the same without the trailing slash', async () => {
      const withSlash = await visitor.post('/vdxcc-entity-distinct/');
      const without = await visitor.post('/vdxcc-entity-distinct');
      expect(without.status).toBe(200);
      expect(without.body).toEqual(withSlash.body);
    });
  });

  describe('POST /api/radio and POST /vrigcontrol/get', () => {
    it('takes a report with the API key and answers like Cloudlog', async () => {
      const answer = await alice.post('/radio', { key: aliceKey, radio: 'IC-7300', frequency: 14074000, mode: 'USB', power: 100 });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ status: 'success' });
      expect(Number(answer.headers.get('x-log-position'))).toBeGreaterThan(0);
      const rig = await alice.post<RigState>('/vrigcontrol/get');
      expect(rig.status).toBe(200);
      expect(rig.body).toEqual({ freq: 14074, mode: 'USB', op_mode: 0, rig_name: 'IC-7300' });
    });

    it('refuses a bad or missing key with 401 and writes nothing', async () => {
      const before = await rigEvents(aliceId);
      for (const body of [{ key: 'not-a-key', radio: 'IC-7300', frequency: 7074000 }, { radio: 'IC-7300', frequency: 7074000 }]) {
        const answer = await visitor.post('/radio', body);
        expect(answer.status).toBe(401);
        expect(answer.body).toEqual({ status: 'failed', reason: 'missing api key' });
      }
      expect(await rigEvents(aliceId)).toBe(before);
    });

    it('takes numbers as text, exactly, and makes the rig mode ADIF', async () => {
      const answer = await alice.post('/radio', { key: aliceKey, radio: 'IC-7300', frequency: '7074123', mode: 'cwr', power: '50', op_mode: '2' });
      expect(answer.body).toEqual({ status: 'success' });
      expect((await alice.post<RigState>('/vrigcontrol/get')).body).toEqual({ freq: 7074.123, mode: 'CW', op_mode: 2, rig_name: 'IC-7300' });
    });

    it('writes one event for a report repeated within 30 s', async () => {
      const before = await rigEvents(aliceId);
      const report = { key: aliceKey, radio: 'FT-991A', frequency: '3573000', mode: 'PKTUSB' };
      const answers = [];
      for (let i = 0; i < 3; i += 1) answers.push(await alice.post('/radio', report));
      expect(answers.map((a) => a.body)).toEqual([{ status: 'success' }, { status: 'success' }, { status: 'success' }]);
      expect(answers.map((a) => a.headers.has('x-log-position'))).toEqual([true, false, false]);
      expect(await rigEvents(aliceId)).toBe(before + 1);
      expect((await alice.post<RigState>('/vrigcontrol/get')).body).toEqual({ freq: 3573, mode: 'DATA', op_mode: 0, rig_name: 'FT-991A' });
    });

    it('accepts a report sent without a JSON content type, or as a form', async () => {
      const asText = await fetch(`${t.url}/api/radio`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ key: aliceKey, radio: 'FT-991A', frequency: 3574000 }) });
      expect(asText.status).toBe(200);
      const asForm = await fetch(`${t.url}/api/radio`, { method: 'POST', body: new URLSearchParams({ key: aliceKey, radio: 'FT-991A', frequency: '3575000', mode: 'LSB' }) });
      expect(await asForm.json()).toEqual({ status: 'success' });
      const position = Number(asForm.headers.get('x-log-position'));
      const rig = await fetch(`${t.url}/api/vrigcontrol/get`, { method: 'POST', headers: { authorization: `Bearer ${alice.token}`, 'x-min-position': String(position) } });
      expect(await rig.json()).toEqual({ freq: 3575, mode: 'LSB', op_mode: 0, rig_name: 'FT-991A' });
    });

    it('refuses bad values with a clear reason and writes nothing', async () => {
      const before = await rigEvents(aliceId);
      const noRadio = await alice.post('/radio', { key: aliceKey, frequency: 14074000 });
      expect(noRadio.status).toBe(422);
      expect(noRadio.body).toMatchObject({ status: 'failed', reason: 'missing radio element in payload' });
      const badFreq = await alice.post('/radio', { key: aliceKey, radio: 'IC-7300', frequency: 'fourteen' });
      expect(badFreq.status).toBe(422);
      expect(badFreq.body).toMatchObject({ status: 'failed', reason: 'frequency must be a frequency in Hz, e.g. 14074000' });
      const notJson = await fetch(`${t.url}/api/radio`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{"key":' });
      expect(notJson.status).toBe(400);
      expect(await notJson.json()).toEqual({ status: 'failed', reason: 'wrong JSON' });
      expect(await rigEvents(aliceId)).toBe(before);
    });

    it('shows each user only their own rig; a visitor is refused', async () => {
      expect((await bob.post<RigState>('/vrigcontrol/get')).body).toEqual({ freq: 0, mode: '', op_mode: 0, rig_name: '' });
      expect((await visitor.post('/vrigcontrol/get')).status).toBe(401);
    });

    it('answers no rig when the last report is more than 5 minutes old', async () => {
      // Bob's app last reported 6 minutes ago: an event already in the log.
      const store = await PostgresEventStore.create(pool);
      const appended = await store.append({
        streamId: rigStreamName(bobId),
        expectedRevision: 'no_stream',
        events: [{ id: crypto.randomUUID(), type: 'RigReported', data: { userId: bobId, rigName: 'IC-705', freqHz: 7_074_000, mode: 'USB', power: 5, at: new Date(Date.now() - 6 * MINUTE).toISOString() } }],
      });
      await store.close();
      const rig = await fetch(`${t.url}/api/vrigcontrol/get`, { method: 'POST', headers: { authorization: `Bearer ${bob.token}`, 'x-min-position': String(appended.position) } });
      expect(rig.headers.get('x-read-model-stale')).toBeNull();
      expect(await rig.json()).toEqual({ freq: 0, mode: '', op_mode: 0, rig_name: '' });

      // A new report from the same app brings the CAT link back.
      expect((await bob.post('/radio', { key: (await bob.call<{ user: { api_key: string } }>('GET', '/vuser')).body.user.api_key, radio: 'IC-705', frequency: 7074000, mode: 'USB' })).status).toBe(200);
      expect((await bob.post<RigState>('/vrigcontrol/get')).body).toEqual({ freq: 7074, mode: 'USB', op_mode: 0, rig_name: 'IC-705' });
      expect(await rigEvents(bobId)).toBe(2);
    });
  });
});
