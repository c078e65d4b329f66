/**
 * The Cloudlog/Wavelog API's rules through the whole embedded server (real PostgreSQL):
 * addresses, read-only keys, dry runs, resends, stations and sub-accounts, the reads, and no
 * server fault for any body (decision 0036).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOUDLOG_AUTH_INVALID, CLOUDLOG_KEY_READ_ONLY, CLOUDLOG_STATION_NOT_OWNED, type RigState } from '@hamlog/domain';
import { createPool, type Pool } from '@hamlog/infra/postgres/pool';
import { adifMoment, apiKeyOf, field, postJson, qsosLoggedFor, readOnlyKeyOf, rigEventsOf, send } from './cloudlog-helpers';
import { ApiClient, startWithAliceAndBob, type TestServer } from './server-harness';

interface KeysAnswer {
  api_keys: { key_id: string; api_key: string; rights: 'rw' | 'r'; created_at: string | null }[];
}

describe('the Cloudlog/Wavelog API (embedded runtime, real PostgreSQL)', () => {
  let t: TestServer;
  let pool: Pool;
  let alice: ApiClient;
  let bob: ApiClient;
  let aliceId: string;
  let bobId: string;
  let key: string;
  let bobKey: string;
  let readOnly: string;
  let minutes = 200;

  /** A fresh contact (a different minute each time), as one ADIF record. */
  const record = (call: string, extra = '') => {
    const { date, time } = adifMoment((minutes -= 1));
    return `${field('CALL', call)}${field('QSO_DATE', date)}${field('TIME_ON', time)}${field('FREQ', '14.074')}${field('MODE', 'FT8')}${extra}<EOR>\n`;
  };
  const qso = (string: string, extra: Record<string, unknown> = {}, path = '/api/qso') => postJson(t.url, path, { key, station_profile_id: '1', type: 'adif', string, ...extra });

  beforeAll(async () => {
    ({ t, alice, bob, aliceId, bobId } = await startWithAliceAndBob());
    pool = createPool(t.db.url, 2);
    key = await apiKeyOf(alice);
    bobKey = await apiKeyOf(bob);
    readOnly = await readOnlyKeyOf(alice, 'viewer');
  }, 60_000);

  afterAll(async () => {
    await pool?.end();
    await t?.stop();
  });

  describe('addresses', () => {
    it('answers the same call at /api, /index.php/api, with doubled and trailing slashes, without a redirect', async () => {
      for (const path of [`/api/auth/${key}`, `/index.php/api/auth/${key}`, `//index.php//api/auth/${key}/`, `/api//auth/${key}//`, `/index.php/api/auth/${key}/?x=1`]) {
        const answer = await send(t.url, 'GET', path);
        expect(answer.status, path).toBe(200);
        expect(answer.text, path).toBe('<auth><status>Valid</status><rights>rw</rights></auth>');
      }
      for (const path of ['/index.php/api/radio', '//api/radio/', '/index.php//api/radio/']) {
        const answer = await postJson(t.url, path, { key, radio: 'IC-7300', frequency: 7_074_000, mode: 'USB' });
        expect(answer.status, path).toBe(200);
        expect(answer.json(), path).toEqual({ status: 'success' });
      }
      expect((await postJson(t.url, '//index.php/api/qso/', { key, station_profile_id: '1', type: 'adif', string: record('DL1AA') })).status).toBe(201);
    });

    it('leaves other paths alone: the web client’s calls and pages are unchanged', async () => {
      expect((await send(t.url, 'GET', '/index.php/somewhere')).status).not.toBe(200);
      expect((await alice.call('GET', '/vuser')).status).toBe(200);
    });
  });

  describe('auth', () => {
    it('answers Cloudlog’s XML as text/xml: Valid with the rights, or the invalid message', async () => {
      const rw = await send(t.url, 'GET', `/api/auth/${key}`);
      expect(rw.contentType).toMatch(/^text\/xml/);
      expect((await send(t.url, 'GET', `/api/auth/${readOnly}`)).text).toBe('<auth><status>Valid</status><rights>r</rights></auth>');
      for (const path of ['/api/auth/not-a-key', '/api/auth', `/api/auth/${'k'.repeat(500)}`]) {
        const bad = await send(t.url, 'GET', path);
        expect(bad.status, path).toBe(200);
        expect(bad.text, path).toBe(`<auth><message>${CLOUDLOG_AUTH_INVALID}</message></auth>`);
      }
    });
  });

  describe('POST qso', () => {
    it('logs the QSO (201 created) with the fields from the ADIF, readable in the log', async () => {
      const before = await qsosLoggedFor(pool, aliceId);
      const answer = await qso(record('OH2BH', field('NAME', 'Martti') + field('RST_SENT', '-10') + field('GRIDSQUARE', 'KP20') + field('MY_GRIDSQUARE', 'FN31PR')));
      expect(answer.status).toBe(201);
      expect(answer.json()).toMatchObject({ status: 'created', adif_count: 1, adif_errors: 0, adif_duplicates: 0, imported_count: 1, messages: [] });
      expect(await qsosLoggedFor(pool, aliceId)).toBe(before + 1);
      const bar = await alice.post<{ qsos: { Name: string; SNT: string; GridSquare: string; Freq: number; Mode: string }[] }>('/vlogbar/OH2BH');
      expect(bar.body.qsos[0]).toMatchObject({ Name: 'Martti', SNT: '-10', GridSquare: 'KP20', Freq: 14074, Mode: 'FT8' });
    });

    it('makes one QSO of a resend, answering created both times (the duplicate rule)', async () => {
      const string = record('VK2ABC');
      const before = await qsosLoggedFor(pool, aliceId);
      const first = await qso(string);
      const again = await qso(string);
      expect([first.status, again.status]).toEqual([201, 201]);
      expect(again.json()).toMatchObject({ status: 'created', adif_duplicates: 1, imported_count: 0, messages: [] });
      expect(await qsosLoggedFor(pool, aliceId)).toBe(before + 1);
    });

    it('makes one QSO of simultaneous resends', async () => {
      const string = record('ZL1ABC');
      const before = await qsosLoggedFor(pool, aliceId);
      const answers = await Promise.all(Array.from({ length: 5 }, () => qso(string)));
      expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
      expect(await qsosLoggedFor(pool, aliceId)).toBe(before + 1);
    });

    it('writes nothing on a dry run (qso/true), and still checks the records', async () => {
      const before = await qsosLoggedFor(pool, aliceId);
      const dry = await qso(record('JA1DRY'), {}, '/index.php/api/qso/true');
      expect(dry.status).toBe(201);
      expect(dry.json()).toMatchObject({ status: 'created', dryrun: true, adif_count: 1, imported_count: 0 });
      const bad = await qso(`${field('CALL', 'JA1DRY')}${field('MODE', 'FT8')}<EOR>`, {}, '/api/qso/true');
      expect(bad.status).toBe(400);
      expect(bad.json()).toMatchObject({ status: 'abort', adif_errors: 1 });
      expect(await qsosLoggedFor(pool, aliceId)).toBe(before);
    });

    it('logs the good records of a batch and names the bad ones by line', async () => {
      const before = await qsosLoggedFor(pool, aliceId);
      const string = record('W9AAA') + `${field('CALL', 'W9BBB')}${field('MODE', 'FT8')}<EOR>\n` + record('W9CCC');
      const answer = await qso(string);
      expect(answer.status).toBe(400);
      const body = answer.json<{ status: string; adif_count: number; adif_errors: number; imported_count: number; messages: string[]; reason: string }>();
      expect(body).toMatchObject({ status: 'abort', adif_count: 3, adif_errors: 1, imported_count: 2 });
      expect(body.messages[0]).toMatch(/^line 2: /);
      expect(body.reason).toBe(body.messages[0]);
      expect(await qsosLoggedFor(pool, aliceId)).toBe(before + 2);
      // The resend logs the two again as duplicates only.
      expect((await qso(string)).json()).toMatchObject({ adif_duplicates: 2, imported_count: 0 });
      expect(await qsosLoggedFor(pool, aliceId)).toBe(before + 2);
    });

    it('takes station_profile_id as a number or text, and refuses another station, with nothing written', async () => {
      const before = await qsosLoggedFor(pool, aliceId);
      expect((await qso(record('SM5AAA'), { station_profile_id: 1 })).status).toBe(201);
      for (const id of ['2', 0, 'NULL', null, 'W1AW', undefined]) {
        const answer = await qso(record('SM5BBB'), { station_profile_id: id });
        expect(answer.status, String(id)).toBe(401);
        expect(answer.json(), String(id)).toEqual({ status: 'failed', reason: CLOUDLOG_STATION_NOT_OWNED });
      }
      expect(await qsosLoggedFor(pool, aliceId)).toBe(before + 1);
    });

    it('refuses a read-only key, another user’s key and no key, the way Cloudlog refuses, with nothing written', async () => {
      const before = await qsosLoggedFor(pool, aliceId);
      const string = record('EA1RO');
      const ro = await postJson(t.url, '/api/qso', { key: readOnly, station_profile_id: '1', type: 'adif', string });
      expect(ro.status).toBe(401);
      expect(ro.json()).toEqual({ status: 'failed', reason: CLOUDLOG_KEY_READ_ONLY });
      expect(ro.text).toContain('missing api key');
      for (const body of [{ station_profile_id: '1', type: 'adif', string }, { key: 'nope', station_profile_id: '1', type: 'adif', string }]) {
        const answer = await postJson(t.url, '/api/qso', body);
        expect(answer.status).toBe(401);
        expect(answer.json()).toEqual({ status: 'failed', reason: 'missing api key' });
      }
      const dryWithReadOnly = await postJson(t.url, '/api/qso/true', { key: readOnly, station_profile_id: '1', type: 'adif', string });
      expect(dryWithReadOnly.status).toBe(401);
      expect(await qsosLoggedFor(pool, aliceId)).toBe(before);
      // Bob's key does not reach Alice's log: station 1 is Bob's own.
      expect((await postJson(t.url, '/api/qso', { key: bobKey, station_profile_id: '1', type: 'adif', string })).status).toBe(201);
      expect(await qsosLoggedFor(pool, aliceId)).toBe(before);
      expect(await qsosLoggedFor(pool, bobId)).toBeGreaterThanOrEqual(1);
    });

    it('refuses a type other than adif, and a string without records', async () => {
      expect((await qso(record('G4AAA'), { type: 'json' })).status).toBe(400);
      const empty = await qso('');
      expect(empty.status).toBe(400);
      expect(empty.json<{ status: string }>().status).toBe('failed');
    });
  });

  describe('sub-accounts as stations', () => {
    let portableId = '';

    beforeAll(async () => {
      const added = await alice.post<{ user: { sub_accounts: { id: string; callsign: string }[] } }>('/vaddsubaccount', { callsign: 'W1AW/P' });
      expect(added.status).toBe(200);
      portableId = added.body.user.sub_accounts.find((s) => s.callsign === 'W1AW/P')!.id;
    });

    it('lists the account and then its sub-accounts in station_info; station 2 logs into the sub-account', async () => {
      const stations = (await send(t.url, 'GET', `/api/station_info/${key}`)).json<{ station_id: string; station_callsign: string; station_active: string | null }[]>();
      expect(stations.map((s) => [s.station_id, s.station_callsign, s.station_active])).toEqual([['1', 'W1AW', '1'], ['2', 'W1AW/P', null]]);
      const before = { main: await qsosLoggedFor(pool, aliceId), sub: await qsosLoggedFor(pool, portableId) };
      expect((await qso(record('F5AAA'), { station_profile_id: '2' })).status).toBe(201);
      expect(await qsosLoggedFor(pool, portableId)).toBe(before.sub + 1);
      expect(await qsosLoggedFor(pool, aliceId)).toBe(before.main);
      const { rows } = await pool.query<{ cs: string }>(`SELECT data->>'stationCallsign' AS cs FROM es_events WHERE type = 'QsoLogged' AND data->>'stationUserId' = $1`, [portableId]);
      expect(rows.map((r) => r.cs)).toEqual(['W1AW/P']);
    });

    it('does not let another user’s key or a sub-account’s own key reach the main account', async () => {
      expect((await postJson(t.url, '/api/qso', { key: bobKey, station_profile_id: '2', type: 'adif', string: record('F5BBB') })).status).toBe(401);
      const { rows } = await pool.query<{ api_key: string }>('SELECT api_key FROM rm_users WHERE id = $1', [portableId]);
      const subKey = rows[0]!.api_key;
      const own = (await send(t.url, 'GET', `/api/station_info/${subKey}`)).json<{ station_callsign: string }[]>();
      expect(own.map((s) => s.station_callsign)).toEqual(['W1AW/P']);
      expect((await postJson(t.url, '/api/qso', { key: subKey, station_profile_id: '2', type: 'adif', string: record('F5CCC') })).status).toBe(401);
    });
  });

  describe('POST radio', () => {
    it('takes numbers as text, NULL, power "" or null, frequencies above 2^31, and refuses a read-only key with nothing written', async () => {
      for (const body of [
        { key, radio: 'IC-9700', frequency: '2400050000', mode: 'USB', power: '', frequency_rx: 'NULL', mode_rx: 'NULL' },
        { key, radio: 'IC-9700', frequency: 2_400_060_000, mode: 'USB', power: null },
        { key, radio: 'IC-9700', frequency: '2400070000', mode: 'NULL', power: 'NULL' },
      ]) {
        const answer = await postJson(t.url, '/api/radio', body);
        expect(answer.status, JSON.stringify(body)).toBe(200);
      }
      expect((await alice.post<RigState>('/vrigcontrol/get')).body).toMatchObject({ freq: 2_400_070, rig_name: 'IC-9700' });
      const before = await rigEventsOf(pool, aliceId);
      const ro = await postJson(t.url, '/api/radio', { key: readOnly, radio: 'IC-9700', frequency: 144_300_000, mode: 'CW' });
      expect(ro.status).toBe(401);
      expect(ro.json()).toEqual({ status: 'failed', reason: CLOUDLOG_KEY_READ_ONLY });
      expect(await rigEventsOf(pool, aliceId)).toBe(before);
    });
  });

  describe('reads', () => {
    it('answers statistics as text counts for read-only keys too, and 401 for no key', async () => {
      // A contact this minute, so that Today counts one whatever the hour (the others may be yesterday's just after 00:00 UTC).
      const now = adifMoment(0);
      expect((await qso(`${field('CALL', 'OH2TDY')}${field('QSO_DATE', now.date)}${field('TIME_ON', now.time)}${field('FREQ', '14.074')}${field('MODE', 'FT8')}<EOR>\n`)).status).toBe(201);
      const answer = await send(t.url, 'GET', `/api/statistics/${readOnly}`);
      expect(answer.status).toBe(201);
      const counts = answer.json<Record<string, string>>();
      expect(Number(counts.total_qsos)).toBe(await qsosLoggedFor(pool, aliceId));
      expect(Number(counts.Today)).toBeGreaterThan(0);
      expect(Number(counts.year_qsos)).toBeGreaterThanOrEqual(Number(counts.month_qsos));
      expect((await send(t.url, 'GET', '/api/statistics/nope')).status).toBe(401);
    });

    it('looks a callsign up: the entity, and what the key owner’s log knows', async () => {
      const worked = (await postJson(t.url, '/api/lookup', { key: readOnly, callsign: 'oh2bh' })).json();
      expect(worked).toMatchObject({ callsign: 'OH2BH', dxcc: 'Finland', dxcc_id: 224, cont: 'EU', name: 'Martti', gridsquare: 'KP20', workedBefore: true });
      const unknown = (await postJson(t.url, '/api/lookup', { key, callsign: 'JA1ZZZ' })).json();
      expect(unknown).toMatchObject({ callsign: 'JA1ZZZ', dxcc: 'Japan', workedBefore: false, name: '' });
      expect((await postJson(t.url, '/api/lookup', { key: bobKey, callsign: 'OH2BH' })).json()).toMatchObject({ workedBefore: false, name: '' });
      expect((await postJson(t.url, '/api/lookup', { callsign: 'OH2BH' })).status).toBe(401);
    });

    it('checks worked before by callsign and grid in the key’s own logbook only', async () => {
      const check = (path: string, body: Record<string, unknown>) => postJson(t.url, path, { key: readOnly, logbook_public_slug: 'w1aw', ...body });
      const found = await check('/api/logbook_check_callsign', { callsign: 'OH2BH' });
      expect(found.status).toBe(201);
      expect(found.json()).toEqual({ callsign: 'OH2BH', result: 'Found' });
      expect((await check('/api/logbook_check_callsign', { callsign: 'OH2BH', band: '40m' })).json()).toEqual({ callsign: 'OH2BH', result: 'Not Found' });
      expect((await check('/api/logbook_check_callsign', { callsign: 'OH2BH', band: '20M' })).json()).toMatchObject({ result: 'Found' });
      expect((await check('/api/logbook_check_grid', { grid: 'kp20ab' })).json()).toEqual({ gridsquare: 'KP20AB', result: 'Found' });
      expect((await check('/api/logbook_check_grid', { grid: 'JO30' })).json()).toEqual({ gridsquare: 'JO30', result: 'Not Found' });
      expect((await check('/api/logbook_check_callsign', { callsign: 'F5AAA', logbook_public_slug: 'W1AW-P' })).json()).toMatchObject({ result: 'Found' });
      // Bob's log is not searched with Alice's key, nor Alice's with Bob's.
      expect((await check('/api/logbook_check_callsign', { callsign: 'OH2BH', logbook_public_slug: 'k1jt' })).status).toBe(404);
      expect((await postJson(t.url, '/api/logbook_check_callsign', { key: bobKey, logbook_public_slug: 'w1aw', callsign: 'OH2BH' })).status).toBe(404);
      expect((await check('/api/logbook_check_callsign', {})).status).toBe(401);
    });
  });

  describe('bodies that are no request', () => {
    it('never answers a server fault, and writes nothing', async () => {
      const before = await qsosLoggedFor(pool, aliceId);
      const rigBefore = await rigEventsOf(pool, aliceId);
      const bodies: (string | Buffer)[] = [
        '', 'null', '[]', '"text"', '42', '{', '{"key":', 'garbage', '<?xml version="1.0"?><x/>', '{"key":{"a":1}}', `{"key":"${key}","string":{"x":1},"type":"adif","station_profile_id":"1"}`,
        `{"key":"${key}","string":"<call:4>W1AW<eor>","type":["adif"],"station_profile_id":[1]}`, Buffer.from([0xff, 0xfe, 0x00, 0x7b]), `{"key":"${key}","radio":"\\u0000"}`, 'a=b&c',
        `{"key":"${key}","radio":${'['.repeat(10_000)}}`, `{"key":"${key}","station_profile_id":"1","type":"adif","string":"<call:99999999999>W1AW<eor>"}`,
      ];
      for (const path of ['/api/qso', '/api/qso/true', '/api/radio', '/api/lookup', '/api/logbook_check_grid', '/api/station_info/x', '/api/auth/x']) {
        for (const body of bodies) {
          for (const contentType of ['application/json', 'text/plain', 'application/x-www-form-urlencoded']) {
            const answer = await send(t.url, 'POST', path, { headers: { 'Content-Type': contentType }, body });
            expect(answer.status, `${path} ${contentType} ${String(body).slice(0, 40)}`).toBeLessThan(500);
          }
        }
      }
      const huge = await send(t.url, 'POST', '/api/radio', { headers: { 'Content-Type': 'application/json' }, body: `{"key":"${'x'.repeat(100_000)}"}` });
      expect(huge.status).toBe(413);
      expect(await qsosLoggedFor(pool, aliceId)).toBe(before);
      expect(await rigEventsOf(pool, aliceId)).toBe(rigBefore);
    });
  });

  describe('API keys in the settings', () => {
    it('lists the read-write key first, then read-only keys; a resent create makes one key; a deleted key stops working', async () => {
      const listed = await alice.call<KeysAnswer>('GET', '/vapikeys');
      expect(listed.status).toBe(200);
      expect(listed.body.api_keys[0]).toEqual({ key_id: 'main', api_key: key, rights: 'rw', created_at: null });
      expect(listed.body.api_keys.slice(1).map((k) => [k.key_id, k.rights])).toEqual([['viewer', 'r']]);

      const made = await alice.post<KeysAnswer>('/vapikeys/create', { key_id: 'club-site' });
      const resent = await alice.post<KeysAnswer>('/vapikeys/create', { key_id: 'club-site' });
      expect(resent.body).toEqual(made.body);
      const clubKey = made.body.api_keys.find((k) => k.key_id === 'club-site')!.api_key;
      expect((await send(t.url, 'GET', `/api/auth/${clubKey}`)).text).toContain('<rights>r</rights>');

      const deleted = await alice.post<KeysAnswer>('/vapikeys/delete', { key_id: 'club-site' });
      expect(deleted.status).toBe(200);
      expect(deleted.body.api_keys.map((k) => k.key_id)).toEqual(['main', 'viewer']);
      expect((await send(t.url, 'GET', `/api/auth/${clubKey}`)).text).toContain('<message>');
      expect((await alice.post<KeysAnswer>('/vapikeys/delete', { key_id: 'club-site' })).status).toBe(200);
    });

    it('refuses a bad key id, the read-write key, visitors and another user’s keys', async () => {
      for (const key_id of ['', 'main', 'a b', 'x'.repeat(65), 42]) expect((await alice.post('/vapikeys/create', { key_id })).status, String(key_id)).toBe(422);
      expect((await new ApiClient(t.url).post('/vapikeys/create', { key_id: 'k' })).status).toBe(401);
      expect((await new ApiClient(t.url).call('GET', '/vapikeys')).status).toBe(401);
      // Bob deleting Alice's key id deletes nothing of Alice's.
      expect((await bob.post('/vapikeys/delete', { key_id: 'viewer' })).status).toBe(200);
      expect((await send(t.url, 'GET', `/api/auth/${readOnly}`)).text).toContain('<rights>r</rights>');
      // A new read-write key keeps the read-only ones.
      const fresh = await alice.post<{ api_key: string }>('/vnewapikey');
      expect((await send(t.url, 'GET', `/api/auth/${fresh.body.api_key}`)).text).toContain('<rights>rw</rights>');
      expect((await send(t.url, 'GET', `/api/auth/${key}`)).text).toContain('<message>');
      expect((await send(t.url, 'GET', `/api/auth/${readOnly}`)).text).toContain('<rights>r</rights>');
      key = fresh.body.api_key;
    });
  });
});
