/**
 * Wavelog's calls beyond Cloudlog's through the whole embedded server (real PostgreSQL): version,
 * private_lookup, get_contacts_adif and get_wp_stats, with Wavelog 2.0's fields, words and status
 * codes, at /api and /index.php/api, for read-only keys too, never reaching another user's log
 * (decision 0036).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adifRecordToQso, readAdif, WAVELOG_VERSION } from '@hamlog/domain';
import { createPool, type Pool } from '@hamlog/infra/postgres/pool';
import { adifMoment, apiKeyOf, field, postJson, qsosLoggedFor, readOnlyKeyOf, send, type RawAnswer } from './cloudlog-helpers';
import { startWithAliceAndBob, type ApiClient, type TestServer } from './server-harness';

interface ContactsAdif {
  status: string;
  message: string;
  lastfetchedid: string;
  exported_qsos: number;
  adif: string | null;
}

interface WpStats {
  status: string;
  message: string;
  statistics: { totalalltime: { count: string }[]; totalthisyear: { count: string }[]; totalgroupedmodes: { count: string; col_mode: string; col_submode: string | null }[] };
}

/** Wavelog's private_lookup fields, in its order (latlng follows when the log has a grid for the station). */
const PRIVATE_LOOKUP_FIELDS = [
  'callsign', 'dxcc', 'dxcc_id', 'dxcc_lat', 'dxcc_long', 'dxcc_cqz', 'dxcc_flag', 'cont', 'name', 'gridsquare', 'location', 'iota_ref', 'state',
  'us_county', 'qsl_manager', 'bearing', 'call_worked', 'call_worked_band', 'call_worked_band_mode', 'lotw_member', 'dxcc_confirmed_on_band',
  'dxcc_confirmed_on_band_mode', 'dxcc_confirmed', 'call_confirmed', 'call_confirmed_band', 'call_confirmed_band_mode', 'suffix_slash',
];

describe('Wavelog’s extra calls (embedded runtime, real PostgreSQL)', () => {
  let t: TestServer;
  let pool: Pool;
  let alice: ApiClient;
  let aliceId: string;
  let bobId: string;
  let key: string;
  let bobKey: string;
  let readOnly: string;
  let minutes = 300;
  /** What Alice's station 1 logged: call, ADIF date and time, band, mode. */
  const logged: { call: string; date: string; time: string; band: string; mode: string }[] = [];

  /** Every answer comes within 5 s and is never a server fault. */
  const quick = (answer: RawAnswer): RawAnswer => {
    expect(answer.status).toBeLessThan(500);
    expect(answer.ms).toBeLessThan(5_000);
    return answer;
  };
  const both = (name: string) => [`/api/${name}`, `/index.php/api/${name}`];
  const call = async (path: string, body: unknown) => quick(await postJson(t.url, path, body));

  /** Logs one contact through POST /api/qso (a different minute each time) and remembers it for station 1. */
  const logQso = async (
    callsign: string,
    options: { band?: string; freq?: string; mode?: string; submode?: string; extra?: string; apiKey?: string; station?: string } = {},
  ) => {
    const { date, time } = adifMoment((minutes -= 1));
    const freq = options.freq ?? '14.074';
    const mode = options.mode ?? 'FT8';
    const string =
      `${field('CALL', callsign)}${field('QSO_DATE', date)}${field('TIME_ON', time)}${field('FREQ', freq)}${field('MODE', mode)}` +
      `${options.submode ? field('SUBMODE', options.submode) : ''}${options.extra ?? ''}<EOR>\n`;
    const answer = await postJson(t.url, '/api/qso', { key: options.apiKey ?? key, station_profile_id: options.station ?? '1', type: 'adif', string });
    expect(answer.status, answer.text).toBe(201);
    expect(answer.json()).toMatchObject({ imported_count: 1 });
    if ((options.apiKey ?? key) === key && (options.station ?? '1') === '1') logged.push({ call: callsign, date, time, band: options.band ?? '20m', mode });
  };

  const contacts = (body: Record<string, unknown>, path = '/api/get_contacts_adif') => call(path, { key: readOnly, station_id: '1', ...body });
  /** The calls of an ADIF file, read back with the domain's reader. */
  const callsIn = (adif: string | null) => (adif === null ? [] : readAdif(adif).records.map((r) => r.fields.CALL ?? ''));

  beforeAll(async () => {
    let bob: ApiClient;
    ({ t, alice, bob, aliceId, bobId } = await startWithAliceAndBob());
    pool = createPool(t.db.url, 2);
    key = await apiKeyOf(alice);
    bobKey = await apiKeyOf(bob);
    readOnly = await readOnlyKeyOf(alice, 'wordpress');
    await logQso('OH2BH', { extra: field('NAME', 'Martti') + field('GRIDSQUARE', 'KP20') });
    await logQso('DL1CNF', { band: '40m', freq: '7.150', mode: 'SSB', submode: 'LSB', extra: field('QSL_RCVD', 'Y') });
    await logQso('JA1ABC', { band: '20m', freq: '14.200', mode: 'SSB', submode: 'USB' });
    await logQso('K1BOB', { apiKey: bobKey });
  }, 60_000);

  afterAll(async () => {
    await pool?.end();
    await t?.stop();
  });

  describe('version', () => {
    it('answers {status: ok, version} at both addresses, GET or POST, any key that may read, the key in a text/plain JSON body', async () => {
      const paths = [...both('version'), '//index.php//api/version/', '/api//version//'];
      for (const path of paths) {
        for (const apiKey of [key, readOnly]) {
          const body = JSON.stringify({ key: apiKey });
          for (const method of ['GET', 'POST'] as const) {
            const headers = { 'Content-Type': 'text/plain', 'Content-Length': String(Buffer.byteLength(body)) };
            const answer = quick(await send(t.url, method, path, { headers, body }));
            expect(answer.status, `${method} ${path}`).toBe(200);
            expect(answer.contentType).toMatch(/^application\/json/);
            expect(answer.json(), `${method} ${path}`).toEqual({ status: 'ok', version: WAVELOG_VERSION });
          }
        }
      }
      // A Wavelog 2.0 release, as apps compare it.
      expect(WAVELOG_VERSION).toMatch(/^2\.0\.\d+$/);
    });

    it('refuses with 401 and Wavelog’s words: no key, an unknown one, a key in the path only, a body that is no JSON', async () => {
      const refusals: [string, string | undefined][] = [
        ['/api/version', JSON.stringify({ key: 'not-a-key' })],
        ['/api/version', JSON.stringify({})],
        ['/api/version', undefined],
        [`/api/version/${key}`, undefined],
        ['/index.php/api/version', '{"key":'],
        ['/api/version', JSON.stringify({ key: '' })],
      ];
      for (const [path, body] of refusals) {
        const headers = { 'Content-Type': 'application/json', 'Content-Length': String(body === undefined ? 0 : Buffer.byteLength(body)) };
        const answer = quick(await send(t.url, 'POST', path, { headers, ...(body === undefined ? {} : { body }) }));
        expect(answer.status, `${path} ${body}`).toBe(401);
        expect(answer.json()).toEqual({ status: 'failed', reason: 'missing or invalid api key' });
      }
    });
  });

  describe('private_lookup', () => {
    it('answers Wavelog’s fields, in its order, with the entity’s numbers as text', async () => {
      for (const path of both('private_lookup')) {
        const answer = await call(path, { key: readOnly, callsign: 'oh2bh', band: '20m', mode: 'FT8' });
        expect(answer.status).toBe(200);
        const body = answer.json();
        expect(Object.keys(body)).toEqual([...PRIVATE_LOOKUP_FIELDS, 'latlng']);
        expect(body).toMatchObject({ callsign: 'OH2BH', dxcc: 'Finland', dxcc_id: '224', cont: 'EU', name: 'Martti', gridsquare: 'KP20', lotw_member: false });
        for (const name of ['dxcc_id', 'dxcc_lat', 'dxcc_long', 'dxcc_cqz']) expect(typeof body[name], name).toBe('string');
      }
      const never = (await call('/api/private_lookup', { key, callsign: 'VK9ZZZ' })).json();
      expect(Object.keys(never)).toEqual(PRIVATE_LOOKUP_FIELDS);
      expect(never).toMatchObject({ callsign: 'VK9ZZZ', name: '', gridsquare: '', call_worked: false, call_worked_band: false, call_worked_band_mode: false });
    });

    it('tells worked before: the call, on the band, on the band and mode (mode or sub-mode), in the key owner’s log only', async () => {
      const flags = async (body: Record<string, unknown>, apiKey = key) => {
        const answer = (await call('/api/private_lookup', { key: apiKey, ...body })).json<Record<string, unknown>>();
        return [answer.call_worked, answer.call_worked_band, answer.call_worked_band_mode];
      };
      expect(await flags({ callsign: 'OH2BH', band: '20m', mode: 'FT8' })).toEqual([true, true, true]);
      expect(await flags({ callsign: 'OH2BH', band: '20M', mode: 'ft8' })).toEqual([true, true, true]);
      expect(await flags({ callsign: 'OH2BH', band: '40m', mode: 'FT8' })).toEqual([true, false, false]);
      expect(await flags({ callsign: 'OH2BH', band: '20m', mode: 'CW' })).toEqual([true, true, false]);
      // Without a band or mode nothing is worked on them, as in Wavelog ('NO_BAND', 'NO_MODE').
      expect(await flags({ callsign: 'OH2BH' })).toEqual([true, false, false]);
      expect(await flags({ callsign: 'JA1ABC', band: '20m', mode: 'SSB' })).toEqual([true, true, true]);
      expect(await flags({ callsign: 'JA1ABC', band: '20m', mode: 'USB' })).toEqual([true, true, true]);
      // Another user's key searches its own log: Bob never worked OH2BH, and Alice never worked K1BOB.
      expect(await flags({ callsign: 'OH2BH', band: '20m', mode: 'FT8' }, bobKey)).toEqual([false, false, false]);
      expect((await call('/api/private_lookup', { key: bobKey, callsign: 'OH2BH' })).json()).toMatchObject({ name: '', gridsquare: '' });
      expect(await flags({ callsign: 'K1BOB', band: '20m', mode: 'FT8' })).toEqual([false, false, false]);
      expect(await flags({ callsign: 'K1BOB', band: '20m', mode: 'FT8' }, bobKey)).toEqual([true, true, true]);
    });

    it('tells confirmed from the contacts’ QSL fields: the call, and its DXCC entity for other calls of it', async () => {
      const cnf = (await call('/api/private_lookup', { key, callsign: 'DL1CNF', band: '40m', mode: 'SSB' })).json();
      expect(cnf).toMatchObject({ call_confirmed: true, call_confirmed_band: true, call_confirmed_band_mode: true, dxcc_confirmed: true, dxcc_confirmed_on_band: true, dxcc_confirmed_on_band_mode: true });
      const other = (await call('/api/private_lookup', { key, callsign: 'DK9ZZZ', band: '20m', mode: 'SSB' })).json();
      expect(other).toMatchObject({ call_worked: false, call_confirmed: false, dxcc: 'Fed. Rep. of Germany', dxcc_confirmed: true, dxcc_confirmed_on_band: false, dxcc_confirmed_on_band_mode: false });
      expect((await call('/api/private_lookup', { key, callsign: 'OH2BH', band: '20m', mode: 'FT8' })).json()).toMatchObject({ call_confirmed: false, dxcc_confirmed: false });
    });

    it('searches the stations station_ids names, refusing a list of none of the key’s', async () => {
      expect((await call('/api/private_lookup', { key, callsign: 'OH2BH', band: '20m', station_ids: ['1'] })).json()).toMatchObject({ call_worked_band: true });
      expect((await call('/api/private_lookup', { key, callsign: 'OH2BH', station_ids: '7' })).json()).toMatchObject({ call_worked: true });
      for (const station_ids of [[7], [], ['x']]) {
        const answer = await call('/api/private_lookup', { key, callsign: 'OH2BH', station_ids });
        expect(answer.status).toBe(200);
        expect(answer.json()).toEqual({ status: 'failed', reason: 'no station_profiles are matching the User with this API-Key' });
      }
    });

    it('answers Wavelog’s words for no callsign, and 401 for no key, an unknown one or a body that is no JSON', async () => {
      expect((await call('/api/private_lookup', { key, callsign: ' ' })).json()).toEqual({ error: 'callsign to lookup not given' });
      for (const body of [{ callsign: 'OH2BH' }, { key: 'nope', callsign: 'OH2BH' }]) {
        const answer = await call('/api/private_lookup', body);
        expect(answer.status).toBe(401);
        expect(answer.json()).toEqual({ status: 'failed', reason: 'missing api key or session' });
      }
      const garbage = quick(await send(t.url, 'POST', '/api/private_lookup', { headers: { 'Content-Type': 'application/json' }, body: 'garbage' }));
      expect(garbage.status).toBe(401);
    });
  });

  describe('get_contacts_adif', () => {
    it('gives the station’s QSOs as ADIF, with Wavelog’s fields; the ADIF reads back to the QSOs logged', async () => {
      for (const path of both('get_contacts_adif')) {
        const answer = await contacts({ fetchfromid: 0 }, path);
        expect(answer.status).toBe(200);
        const body = answer.json<ContactsAdif>();
        expect(Object.keys(body).sort()).toEqual(['adif', 'exported_qsos', 'lastfetchedid', 'message', 'status']);
        expect(body).toMatchObject({ status: 'successfull', message: 'Export successfull', exported_qsos: logged.length });
        expect(body.lastfetchedid).toMatch(/^\d+$/);
        const read = readAdif(body.adif!);
        expect(read.problems).toEqual([]);
        const qsos = read.records.map((record) => adifRecordToQso(record, new Date()));
        expect(qsos.map((q) => (q.ok ? [q.fields.call, q.fields.ts, q.fields.band, q.fields.mode] : q.message))).toEqual(
          logged.map((q) => [q.call, `${q.date.slice(0, 4)}-${q.date.slice(4, 6)}-${q.date.slice(6)}T${q.time.slice(0, 2)}:${q.time.slice(2, 4)}:${q.time.slice(4)}Z`, q.band, q.mode]),
        );
        expect(read.records[1]!.fields).toMatchObject({ STATION_CALLSIGN: 'W1AW', QSL_RCVD: 'Y', SUBMODE: 'LSB' });
      }
    });

    it('pages by lastfetchedid: a fetch from it gives only the QSOs logged since, then nothing new', async () => {
      const first = (await contacts({ fetchfromid: '0' })).json<ContactsAdif>();
      const cursor = first.lastfetchedid;
      await logQso('G4NEW');
      await logQso('F5NEW');
      const next = (await contacts({ fetchfromid: cursor })).json<ContactsAdif>();
      expect(next).toMatchObject({ status: 'successfull', exported_qsos: 2 });
      expect(callsIn(next.adif)).toEqual(['G4NEW', 'F5NEW']);
      expect(Number(next.lastfetchedid)).toBeGreaterThan(Number(cursor));
      const none = await contacts({ fetchfromid: Number(next.lastfetchedid) });
      expect(none.status).toBe(200);
      expect(none.json()).toEqual({ status: 'successfull', message: 'No new QSOs available.', lastfetchedid: next.lastfetchedid, exported_qsos: 0, adif: null });
    });

    it('walks the whole log in pages of limit, in order, each QSO once', async () => {
      const all = callsIn((await contacts({ fetchfromid: 0 })).json<ContactsAdif>().adif);
      const walked: string[] = [];
      let cursor = '0';
      for (let page = 0; page < 20; page++) {
        const answer = (await contacts({ fetchfromid: cursor, limit: '2' })).json<ContactsAdif>();
        if (answer.exported_qsos === 0) break;
        expect(answer.exported_qsos).toBeLessThanOrEqual(2);
        walked.push(...callsIn(answer.adif));
        cursor = answer.lastfetchedid;
      }
      expect(walked).toEqual(all);
      expect((await contacts({ fetchfromid: 0, limit: 0 })).json()).toMatchObject({ exported_qsos: 0, adif: null, lastfetchedid: '0' });
    });

    it('sends an edited QSO again, as it now is, and a deleted one not at all', async () => {
      const cursor = (await contacts({ fetchfromid: 0 })).json<ContactsAdif>().lastfetchedid;
      const bar = await alice.post<{ qsos: { qdo_id: string }[] }>('/vlogbar/JA1ABC');
      expect((await alice.post('/vqso/update', { qdo_id: bar.body.qsos[0]!.qdo_id, Comment: 'edited' })).status).toBe(200);
      const again = (await contacts({ fetchfromid: cursor })).json<ContactsAdif>();
      expect(callsIn(again.adif)).toEqual(['JA1ABC']);
      expect(readAdif(again.adif!).records[0]!.fields.COMMENT).toBe('edited');
      const gone = await alice.post<{ qsos: { qdo_id: string }[] }>('/vlogbar/F5NEW');
      expect((await alice.post('/vqso/nuke', { qdo_id: gone.body.qsos[0]!.qdo_id })).status).toBe(200);
      expect((await contacts({ fetchfromid: again.lastfetchedid })).json()).toMatchObject({ exported_qsos: 0 });
      expect(callsIn((await contacts({ fetchfromid: 0 })).json<ContactsAdif>().adif)).not.toContain('F5NEW');
    });

    it('gives a sub-account’s QSOs as station 2; another user’s key reaches neither station', async () => {
      const added = await alice.post<{ user: { sub_accounts: { id: string; callsign: string }[] } }>('/vaddsubaccount', { callsign: 'W1AW/P' });
      expect(added.status).toBe(200);
      const portableId = added.body.user.sub_accounts.find((s) => s.callsign === 'W1AW/P')!.id;
      // The key's stations come from the users read model: station 2 is there once it has the sub-account.
      await expect.poll(async () => (await send(t.url, 'GET', `/api/station_info/${key}`)).json<unknown[]>().length).toBe(2);
      await logQso('EA8SUB', { station: '2' });
      expect(await qsosLoggedFor(pool, portableId)).toBe(1);
      expect(await qsosLoggedFor(pool, aliceId)).toBe(logged.length);
      await expect.poll(async () => callsIn((await contacts({ station_id: 2, fetchfromid: 0 })).json<ContactsAdif>().adif)).toEqual(['EA8SUB']);
      expect(callsIn((await contacts({ fetchfromid: 0 })).json<ContactsAdif>().adif)).not.toContain('EA8SUB');
      // Bob's station 1 is his own log; he has no station 2; Alice's key has no station 3.
      const bobs = await call('/api/get_contacts_adif', { key: bobKey, station_id: 1, fetchfromid: 0 });
      expect(callsIn(bobs.json<ContactsAdif>().adif)).toEqual(['K1BOB']);
      expect(await qsosLoggedFor(pool, bobId)).toBe(1);
      for (const [apiKey, station_id] of [[bobKey, 2], [bobKey, '2'], [key, 3], [key, 0], [key, 'W1AW'], [key, '1.5']] as const) {
        const refused = await call('/api/get_contacts_adif', { key: apiKey, station_id, fetchfromid: 0 });
        expect(refused.status, `${station_id}`).toBe(401);
        expect(refused.json()).toEqual({ status: 'failed', reason: 'Station ID not accessible for this API key' });
      }
    });

    it('refuses in Wavelog’s words: no key, missing fields, a fetchfromid that is no number, a body that is no JSON', async () => {
      for (const body of [{ station_id: 1, fetchfromid: 0 }, { key: 'nope', station_id: 1, fetchfromid: 0 }]) {
        const answer = await call('/api/get_contacts_adif', body);
        expect(answer.status).toBe(401);
        expect(answer.json()).toEqual({ status: 'failed', reason: 'missing api key' });
      }
      for (const body of [{ station_id: 1 }, { fetchfromid: 0 }, { station_id: null, fetchfromid: 0 }]) {
        const answer = await call('/api/get_contacts_adif', { key, ...body });
        expect(answer.status).toBe(400);
        expect(answer.json()).toEqual({ status: 'failed', reason: 'Not all required fields were present in input JSON' });
      }
      for (const fetchfromid of ['abc', '', true, '12abc', [1]]) {
        const answer = await call('/api/get_contacts_adif', { key, station_id: 1, fetchfromid });
        expect(answer.status, String(fetchfromid)).toBe(400);
        expect(answer.json()).toEqual({ status: 'failed', reason: 'Invalid fetchfromid.' });
      }
      const garbage = quick(await send(t.url, 'POST', '/api/get_contacts_adif', { headers: { 'Content-Type': 'application/json' }, body: '{"key":' }));
      expect(garbage.status).toBe(400);
      expect(garbage.json()).toEqual({ status: 'failed', reason: 'wrong JSON' });
    });
  });

  describe('get_wp_stats', () => {
    it('gives the WordPress plugin’s numbers: in all, this year, per mode and sub-mode, counts as text', async () => {
      for (const path of both('get_wp_stats')) {
        // The plugin's own request: it sends fetchfromid too.
        const answer = await call(path, { key: readOnly, station_id: '1', fetchfromid: 0 });
        expect(answer.status).toBe(200);
        const body = answer.json<WpStats>();
        expect(body).toMatchObject({ status: 'successful', message: 'Export successful' });
        expect(Object.keys(body.statistics)).toEqual(['totalalltime', 'totalthisyear', 'totalgroupedmodes']);
        const live = logged.filter((q) => q.call !== 'F5NEW');
        expect(body.statistics.totalalltime).toEqual([{ count: String(live.length) }]);
        const year = new Date().toISOString().slice(0, 4);
        expect(body.statistics.totalthisyear).toEqual([{ count: String(live.filter((q) => q.date.startsWith(year)).length) }]);
        expect(body.statistics.totalgroupedmodes).toEqual([
          { count: String(live.filter((q) => q.mode === 'FT8').length), col_mode: 'FT8', col_submode: null },
          { count: '1', col_mode: 'SSB', col_submode: 'LSB' },
          { count: '1', col_mode: 'SSB', col_submode: 'USB' },
        ]);
      }
      const sub = (await call('/api/get_wp_stats', { key, station_id: 2 })).json<WpStats>();
      expect(sub.statistics.totalgroupedmodes).toEqual([{ count: '1', col_mode: 'FT8', col_submode: null }]);
    });

    it('refuses in Wavelog’s words: a bad key, a station_id that is no number, another user’s station', async () => {
      for (const body of [{ station_id: 1 }, { key: 'nope', station_id: 1 }]) {
        const answer = await call('/api/get_wp_stats', body);
        expect(answer.status).toBe(401);
        expect(answer.json()).toEqual({ status: 'failed', reason: 'missing or wrong api key' });
      }
      for (const station_id of [undefined, null, 'abc', '', true]) {
        const answer = await call('/api/get_wp_stats', { key, station_id });
        expect(answer.status, String(station_id)).toBe(400);
        expect(answer.json()).toEqual({ status: 'failed', reason: 'Invalid station_id.' });
      }
      for (const [apiKey, station_id] of [[bobKey, 2], [key, 3], [key, '0']] as const) {
        const answer = await call('/api/get_wp_stats', { key: apiKey, station_id });
        expect(answer.status).toBe(401);
        expect(answer.json()).toEqual({ status: 'failed', reason: 'Station ID not accessible for this API key' });
      }
      expect(((await call('/api/get_wp_stats', { key: bobKey, station_id: '1' })).json<WpStats>()).statistics.totalalltime).toEqual([{ count: '1' }]);
    });
  });

  describe('bodies that are no request', () => {
    it('never answer a server fault or take longer than 5 s', async () => {
      const bodies = ['', 'null', '[]', '"text"', '42', '{', 'garbage', `{"key":{"a":1}}`, `{"key":"${key}","station_id":{"x":1},"fetchfromid":[1],"limit":"x","callsign":{"a":1},"band":7,"mode":[],"station_ids":{"a":"1"}}`, `{"key":"${key}","station_id":1,"fetchfromid":1e308,"limit":-1}`, `{"key":"${key}","callsign":"${'A'.repeat(5_000)}"}`];
      for (const path of ['/api/version', '/api/private_lookup', '/api/get_contacts_adif', '/api/get_wp_stats']) {
        for (const body of bodies) {
          for (const contentType of ['application/json', 'text/plain', 'application/x-www-form-urlencoded']) {
            const answer = quick(await send(t.url, 'POST', path, { headers: { 'Content-Type': contentType }, body }));
            expect(answer.status, `${path} ${contentType} ${body.slice(0, 40)}`).toBeGreaterThanOrEqual(200);
          }
        }
      }
    });
  });
});
