/**
 * The thirteen companion apps of issue 11, each replaying exactly the requests its source sends
 * (method, path, headers, body as the app builds it) against the whole embedded server (real
 * PostgreSQL), and asserting what that app reads from the answer. The sources and what each reads
 * are listed in docs/decisions/0036-the-cloudlog-wavelog-api.md.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RigState } from '@hamlog/domain';
import { createPool, type Pool } from '@hamlog/infra/postgres/pool';
import { adifMoment, apiKeyOf, field, postJson, qsosLoggedFor, readOnlyKeyOf, send, type RawAnswer } from './cloudlog-helpers';
import { ApiClient, startWithAliceAndBob, type TestServer } from './server-harness';

describe('companion apps against the Cloudlog/Wavelog API (embedded runtime, real PostgreSQL)', () => {
  let t: TestServer;
  let pool: Pool;
  let alice: ApiClient;
  let aliceId: string;
  let key: string;
  let readOnly: string;

  const rig = async () => (await alice.post<RigState>('/vrigcontrol/get')).body;
  /** Every answer an app gets comes quickly and is never a server fault. */
  const quick = (answer: RawAnswer): RawAnswer => {
    expect(answer.status).toBeLessThan(500);
    expect(answer.ms).toBeLessThan(5_000);
    return answer;
  };

  beforeAll(async () => {
    ({ t, alice, aliceId } = await startWithAliceAndBob());
    pool = createPool(t.db.url, 2);
    expect((await alice.post('/vupdateprofile', { name: 'Hiram', email: 'alice@example.com', qth: 'Newington', grid: 'FN31pr' })).status).toBe(200);
    key = await apiKeyOf(alice);
    readOnly = await readOnlyKeyOf(alice, 'viewer');
  }, 60_000);

  afterAll(async () => {
    await pool?.end();
    await t?.stop();
  });

  describe('WaveLogGate 1 (Electron: main.js send2wavelog, renderer.js getStations / informWavelog)', () => {
    // wavelog_url as configured by default: 'https://log.example/index.php'; the app appends '/api/...'.
    const base = '/index.php';
    const demoAdif = '<call:5>DJ7NT <gridsquare:4>JO30 <mode:3>FT8 <rst_sent:3>-15 <rst_rcvd:2>33 <qso_date:8>20240110 <time_on:6>051855 <qso_date_off:8>20240110 <time_off:6>051855 <band:3>40m <freq:8>7.155783 <station_callsign:5>TE1ST <my_gridsquare:6>JO30OO <eor>';

    it('fills the station dropdown from station_info (Accept and Content-Type JSON, GET)', async () => {
      const answer = quick(await send(t.url, 'GET', `${base}/api/station_info/${key}`, { headers: { Accept: 'application/json', 'Content-Type': 'application/json' } }));
      expect(answer.status).toBe(200);
      const stations = answer.json<{ station_id: string; station_profile_name: string; station_callsign: string }[]>();
      // fillDropdown: station_profile_name + ' (' + station_callsign + ', ID: ' + station_id + ')'
      expect(stations.map((s) => `${s.station_profile_name} (${s.station_callsign}, ID: ${s.station_id})`)).toEqual(['W1AW (Hiram) (W1AW, ID: 1)']);
    });

    it('passes its Test button: a dry run of the demo QSO answers 2xx with status created, and writes nothing', async () => {
      const before = await qsosLoggedFor(pool, aliceId);
      const payload = { key, station_profile_id: '1', type: 'adif', string: demoAdif };
      const answer = quick(await postJson(t.url, `${base}/api/qso/true`, payload, { 'User-Agent': 'SW2WL_v1.1.10' }));
      expect(answer.status).toBeGreaterThanOrEqual(200);
      expect(answer.status).toBeLessThan(300);
      expect(answer.json().status).toBe('created');
      expect(await qsosLoggedFor(pool, aliceId)).toBe(before);
    });

    it('logs a QSO from WSJT-X (tcadif’s upper-case ADIF) and reads status created', async () => {
      const { date, time } = adifMoment(30);
      const adif = `${field('CALL', 'DL1ABC')} ${field('MODE', 'FT8')} ${field('QSO_DATE', date)} ${field('TIME_ON', time)} ${field('QSO_DATE_OFF', date)} ${field('TIME_OFF', time)} ${field('RST_RCVD', '-10')} ${field('RST_SENT', '-12')} ${field('FREQ', '14.074512')} ${field('BAND', '20m')} ${field('GRIDSQUARE', 'JO62')} ${field('STATION_CALLSIGN', 'W1AW')} <EOR>`;
      const answer = quick(await postJson(t.url, `${base}/api/qso`, { key, station_profile_id: '1', type: 'adif', string: adif }, { 'User-Agent': 'SW2WL_v1.1.10' }));
      expect(answer.status).toBe(201);
      expect(answer.json().status).toBe('created');
    });

    it('reports flrig’s text frequency and split to radio; a configured URL ending in / doubles the slash', async () => {
      const data = { radio: 'WLGate', key, frequency: '7074000', mode: 'USB', power: '50', frequency_rx: '7076000', mode_rx: 'USB' };
      const answer = quick(await postJson(t.url, `${base}//api/radio`, data, { Accept: 'application.json' }));
      expect(answer.json()).toEqual({ status: 'success' });
      expect(await rig()).toMatchObject({ freq: 7074, mode: 'USB', rig_name: 'WLGate' });
    });
  });

  describe('WaveLogGate 2 (Go: internal/wavelog/client.go)', () => {
    const base = '/index.php';

    it('decodes station_info into []Station whose ID is a Go string', async () => {
      const answer = quick(await send(t.url, 'GET', `${base}/api/station_info/${key}`, { headers: { 'User-Agent': 'SW2WL_v2.0.0' } }));
      const stations = answer.json<Record<string, unknown>[]>();
      for (const s of stations) {
        for (const name of ['station_profile_name', 'station_callsign', 'station_id']) expect(typeof s[name]).toBe('string');
      }
    });

    it('sends a QSO and reads status created with no messages (any message is a failure to it), also on the dry run', async () => {
      const { date, time } = adifMoment(25);
      const adif = `${field('call', 'OK1XYZ')}${field('band', '40m')}${field('mode', 'CW')}${field('freq', '7.012')}${field('qso_date', date)}${field('time_on', time)}<eor>`;
      for (const path of [`${base}/api/qso/true`, `${base}/api/qso`]) {
        const answer = quick(await postJson(t.url, path, { key, station_profile_id: '1', type: 'adif', string: adif }, { 'User-Agent': 'SW2WL_v2.0.0' }));
        expect(answer.contentType).not.toMatch(/html/);
        const body = answer.json<{ status: string; reason?: unknown; messages?: unknown }>();
        expect(body.status).toBe('created');
        expect(body.messages).toEqual([]);
      }
    });

    it('posts radio with int64 frequencies above 2^31 (QO-100) and no power when it has none', async () => {
      const payload = { radio: 'WLGate', key, frequency: 10_489_540_000, mode: 'USB', frequency_rx: 2_400_040_000, mode_rx: 'USB' };
      const answer = quick(await postJson(t.url, `${base}/api/radio`, payload, { Accept: 'application/json', 'User-Agent': 'WavelogGate2 2.0.0' }));
      expect(answer.status).toBe(200);
      expect(await rig()).toMatchObject({ freq: 10_489_540, mode: 'USB' });
    });
  });

  describe('GridTracker 2 (src/renderer/lib/adif.js: CloudlogTest, CloudlogGetProfiles, sendCloudlogEntry)', () => {
    /** getPostJSONBuffer: POST, JSON.stringify(theData) (null for auth and station_info), Content-Length from the string. */
    const gridTrackerPost = (path: string, data: unknown) => {
      const body = JSON.stringify(data);
      return send(t.url, 'POST', path, { headers: { 'Content-Type': 'application/json', 'Content-Length': String(body.length), 'User-Agent': 'GridTracker 2.250101', 'x-user-agent': 'GridTracker 2.250101' }, body });
    };
    const xml = (text: string, tag: string) => new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(text)?.[1];

    it('tests the key: POSTs null to auth and reads status and rights from the XML', async () => {
      const ok = quick(await gridTrackerPost(`/index.php/api/auth/${key}`, null));
      expect(xml(ok.text, 'status')).toBe('Valid');
      expect(xml(ok.text, 'rights')).toBe('rw');
      expect(xml(quick(await gridTrackerPost(`/index.php/api/auth/${readOnly}`, null)).text, 'rights')).toBe('r');
      const bad = quick(await gridTrackerPost('/index.php/api/auth/not-a-key', null));
      expect(xml(bad.text, 'status')).toBeUndefined();
      expect(xml(bad.text, 'message')).toBe('Key Invalid - either not found or disabled');
    });

    it('fills the profiles from station_info POSTed with null', async () => {
      const answer = quick(await gridTrackerPost(`/index.php/api/station_info/${key}`, null));
      const profiles = JSON.parse(answer.text) as { station_id: string; station_active: string | null; station_profile_name: string }[];
      expect(profiles[0]).toMatchObject({ station_id: '1', station_profile_name: 'W1AW (Hiram)' });
      // `item.station_active == 1` marks the active profile.
      expect(profiles.filter((p) => (p.station_active as unknown) == 1)).toHaveLength(1);
    });

    it('logs a QSO and finds the word created in the answer', async () => {
      const { date, time } = adifMoment(20);
      const report = `<call:6>EA8XYZ<gridsquare:4>IL18<mode:3>FT8<rst_sent:3>-08<rst_rcvd:3>-11<qso_date:8>${date}<time_on:6>${time}<qso_date_off:8>${date}<time_off:6>${time}<band:3>15m<freq:9>21.075123<station_callsign:4>W1AW<my_gridsquare:6>FN31PR<eor>`;
      const answer = quick(await gridTrackerPost('/index.php/api/qso', { key, station_profile_id: '1', type: 'adif', string: report }));
      expect(answer.text.indexOf('created')).toBeGreaterThan(-1);
    });
  });

  describe('Cloudlog Helper (Utils/CloudlogUtil.cs, Resources/DefaultConfigs.cs: Flurl)', () => {
    const headers = { 'User-Agent': 'CloudlogHelper/0.3.0' };
    /** PostStringAsync: the JSON as text/plain. */
    const postString = (path: string, body: unknown) =>
      send(t.url, 'POST', path, { headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' }, body: JSON.stringify(body) });

    it('tests the connection: auth is 2xx with <auth>, <status>Valid</status> and <rights>rw</rights>', async () => {
      const answer = quick(await send(t.url, 'GET', `/index.php/api/auth/${key}`, { headers }));
      expect(answer.status).toBe(200);
      for (const part of ['<auth>', '<status>Valid</status>', '<rights>rw</rights>']) expect(answer.text).toContain(part);
      expect(quick(await send(t.url, 'GET', `/index.php/api/auth/${readOnly}`, { headers })).text).toContain('<rights>r</rights>');
    });

    it('reads station_info and statistics into string properties (System.Text.Json)', async () => {
      const stations = quick(await send(t.url, 'GET', `/index.php/api/station_info/${key}`, { headers })).json<Record<string, unknown>[]>();
      for (const station of stations) for (const value of Object.values(station)) expect(value === null || typeof value === 'string').toBe(true);
      const statistics = quick(await send(t.url, 'GET', `/index.php/api/statistics/${key}`, { headers }));
      expect(statistics.status).toBeGreaterThanOrEqual(200);
      expect(statistics.status).toBeLessThan(300);
      const counts = statistics.json<Record<string, unknown>>();
      for (const name of ['Today', 'total_qsos', 'month_qsos', 'year_qsos']) expect(typeof counts[name]).toBe('string');
    });

    it('uploads a QSO as text/plain to /index.php/api/qso/ and reads Status == "created"', async () => {
      const { date, time } = adifMoment(15);
      const adif = `<call:5>BG5ABC <gridsquare:4>OM89 <mode:3>FT8 <rst_sent:3>-10 <rst_rcvd:3>-15 <qso_date:8>${date} <time_on:6>${time} <qso_date_off:8>${date} <time_off:6>${time} <band:3>20m <freq:9>14.075645 <station_callsign:4>W1AW <my_gridsquare:6>FN31PR <eor>`;
      const answer = quick(await postString('/index.php/api/qso/', { key, station_profile_id: '1', type: 'adif', string: adif }));
      expect(answer.status).toBe(201);
      expect(answer.json().status).toBe('created');
    });

    it('uploads rig data with null rx frequency, rx mode and power', async () => {
      const answer = quick(await postString('/index.php/api/radio/', { key, radio: 'IC-705', frequency: 14_074_000, mode: 'USB', frequency_rx: null, mode_rx: null, power: null }));
      expect(answer.json()).toEqual({ status: 'success' });
      expect(await rig()).toMatchObject({ freq: 14_074, mode: 'USB', rig_name: 'IC-705' });
    });
  });

  describe('QLog (service/cloudlog/Cloudlog.cpp)', () => {
    // The Cloudlog API endpoint as configured: 'https://log.example/index.php'.
    const endpoint = '/index.php';

    it('reads station_info only on 200, station_id through toString().toInt() and station_active == "1"', async () => {
      const answer = quick(await send(t.url, 'GET', `${endpoint}/api/station_info/${key}`));
      expect(answer.status).toBe(200);
      const [own] = answer.json<{ station_id: unknown; station_active: unknown }[]>();
      // QJsonValue::toString() of a number is '': the id must be a JSON string.
      expect(typeof own?.station_id).toBe('string');
      expect(Number.parseInt(own?.station_id as string, 10)).toBe(1);
      expect(own?.station_active).toBe('1');
    });

    it('uploads one QSO with a numeric station id: 201 created, and a resend is 201 created with one QSO in the log', async () => {
      const { date, time } = adifMoment(12);
      const adif = `<call:6>JA1XYZ\n<qso_date:8>${date}\n<time_on:6>${time}\n<freq:9>21.074000\n<band:3>15m\n<mode:3>FT8\n<rst_sent:3>-05\n<rst_rcvd:3>-09\n<name:4>Taro\n<eor>\n`;
      const payload = { key, station_profile_id: 1, type: 'adif', string: adif };
      const before = await qsosLoggedFor(pool, aliceId);
      for (let i = 0; i < 2; i += 1) {
        const answer = quick(await postJson(t.url, `${endpoint}/api/qso`, payload, { Accept: 'application/json' }));
        expect([201, 400]).toContain(answer.status);
        expect(answer.json().status).toBe('created');
      }
      expect(await qsosLoggedFor(pool, aliceId)).toBe(before + 1);
    });

    it('shows Invalid API Key on 401', async () => {
      const answer = quick(await postJson(t.url, `${endpoint}/api/qso`, { key: 'wrong', station_profile_id: 1, type: 'adif', string: '<call:4>W1AW<eor>' }));
      expect(answer.status).toBe(401);
    });
  });

  describe('CloudLogOffline (src/cloudlogmanager.cpp, src/adiftools.cpp)', () => {
    const headers = { 'Content-Type': 'application/json', 'User-Agent': 'CloudLogOffline v1.1.6' };

    it('tests the key with a GET to auth and reads the XML because the content type says text/xml', async () => {
      const answer = quick(await send(t.url, 'GET', `/index.php/api/auth/${key}`, { headers }));
      expect(answer.contentType).toContain('text/xml');
      expect(answer.text).toContain('<auth><status>Valid</status><rights>rw</rights></auth>');
      const bad = quick(await send(t.url, 'GET', '/index.php/api/auth/nope', { headers }));
      expect(bad.contentType).toContain('text/xml');
      expect(bad.text).toMatch(/^<auth><message>[^<]+<\/message><\/auth>$/);
    });

    it('uploads its hand-built JSON (quotes and backslashes unescaped, lengths in characters) and reads status created', async () => {
      const { date, time } = adifMoment(10);
      // adifTools::assemble: QString::size() lengths (characters), the comment pasted in as typed.
      const f = (name: string, value: string) => `<${name}:${value.length}>${value}`;
      const comment = 'QSL via "bureau", path C:\\logs';
      const adif = f('call', 'DL2XYZ') + f('band', '20m') + f('mode', 'SSB') + f('freq', '14.200000') + f('qso_date', date) + f('time_on', `${time.slice(0, 4)}00`) + f('time_off', `${time.slice(0, 4)}00`) +
        f('rst_rcvd', '59') + f('rst_sent', '57') + f('country', 'Germany') + f('qth', 'München') + f('gridsquare', 'JN58') + f('name', 'Jürgen') + f('comment', comment) + '<eor>';
      const raw = `{"key":"${key}","station_profile_id":"1","type":"adif","string":"${adif}"}`;
      const answer = quick(await send(t.url, 'POST', '/index.php/api/qso', { headers, body: Buffer.from(raw, 'utf8') }));
      expect(answer.contentType).toContain('application/json');
      expect(answer.json().status).toBe('created');
    });
  });

  describe('CloudLogCATQt (cloudlogcatmacos.cpp: uploadToCloudLog)', () => {
    it('posts a form to the URL as typed, also before flrig gave a frequency', async () => {
      const form = (frequency: string, mode: string) =>
        new URLSearchParams({ key, radio: 'CloudLogCATMacOS', frequency, mode, timestamp: '2025/01/10 12:30' }).toString();
      for (const [frequency, mode] of [['', 'USB'], ['3573000', 'USB']] as const) {
        const answer = quick(await send(t.url, 'POST', '/index.php/api/radio', { headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: form(frequency, mode) }));
        expect(answer.status).toBe(200);
      }
      expect(await rig()).toMatchObject({ freq: 3573, mode: 'USB', rig_name: 'CloudLogCATMacOS' });
    });
  });

  describe('CloudLogPyCAT (main.py: mainloop, requests json=)', () => {
    it('posts rigctld’s text frequency to the URL as configured and shows the status code', async () => {
      const payload = { key, radio: 'IC-7300', frequency: '7030000', mode: 'CW', timestamp: '2025/01/10 12:31' };
      const answer = quick(await postJson(t.url, '/index.php/api/radio', payload, { 'User-Agent': 'python-requests/2.31.0' }));
      expect(answer.status).toBe(200);
      expect(await rig()).toMatchObject({ freq: 7030, mode: 'CW', rig_name: 'IC-7300' });
    });
  });

  describe('CloudlogTCI (cloudlogtci.go: updateCloudLog)', () => {
    it('posts every value as a string and gets exactly {"status":"success"}', async () => {
      const body = JSON.stringify({ frequency: '10136000', key, mode: 'SSB', radio: 'SunSDR2 RX1' });
      const answer = quick(await send(t.url, 'POST', '/index.php/api/radio', { headers: { 'Content-type': 'application/json' }, body }));
      expect(answer.text).toBe('{"status":"success"}');
      expect(await rig()).toMatchObject({ freq: 10_136, rig_name: 'SunSDR2 RX1' });
    });
  });

  describe('cloudlog-rigctl-interface (rigctlCloudlogInterface.php: postInfoToCloudlog)', () => {
    it('posts pretty-printed JSON with the satellite fields as 0 and empty text', async () => {
      const data = { radio: 'FT-991a', frequency: '14285000', mode: 'USB', sat_name: '', downlink_freq: 0, uplink_freq: 0, downlink_mode: 0, uplink_mode: 0, key };
      const json = JSON.stringify(data, null, 4).replace(/\//g, '\\/');
      const answer = quick(await send(t.url, 'POST', '/index.php/api/radio', { headers: { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(json)) }, body: json }));
      expect(answer.status).toBe(200);
      expect(await rig()).toMatchObject({ freq: 14_285, mode: 'USB', rig_name: 'FT-991a' });
    });
  });

  describe('SatPC32-To-Cloudlog (Form1.cs: WebClient.UploadString, JSON built by hand)', () => {
    const post = (frequency: string, mode: string, satname: string, downlink: string) =>
      send(t.url, 'POST', '/index.php/api/radio', {
        headers: { 'Content-Type': 'application/json' },
        body: `{"radio":"SatPC32 (shack)","frequency":${frequency},"mode":"${mode}","sat_name":"${satname}","downlink_freq":"${downlink}","downlink_mode":"${mode}","key":"${key}"}`,
      });

    it('reports QO-100’s uplink above 2^31 as a bare number; any non-2xx would stop its link', async () => {
      const answer = quick(await post('2400150000', 'USB', 'QO-100', '10489650000'));
      expect(answer.status).toBe(200);
      expect(await rig()).toMatchObject({ freq: 2_400_150, mode: 'USB', rig_name: 'SatPC32 (shack)' });
    });

    it('gets 200 for the report it sends with no uplink ("frequency":,)', async () => {
      const answer = quick(await post('', '', '', ''));
      expect(answer.status).toBe(200);
      expect(await rig()).toMatchObject({ freq: 2_400_150, rig_name: 'SatPC32 (shack)' });
    });
  });

  describe('sdrc-cloudlog (sdrc_cloudlog/cloudlog.py)', () => {
    it('posts {url}/api/radio with power "" and the offset uplink as a number', async () => {
      const payload = { key, radio: 'SDRC', frequency: 435_800_000 + 1200, frequency_rx: 435_800_000, power: '', satname: '', timestamp: '2025/01/10 12:32', mode: 'FM', prop_mode: '', sat_name: '' };
      for (const base of ['', '/index.php']) {
        const answer = quick(await postJson(t.url, `${base}/api/radio`, payload));
        expect(answer.status).toBe(200);
      }
      expect(await rig()).toMatchObject({ freq: 435_801.2, mode: 'FM', rig_name: 'SDRC' });
    });
  });

  describe('n1mm-wavelog-helper (log_helper.py: convert_n1mm_to_adif, send_to_wavelog)', () => {
    it('sends N1MM’s contact as ADIF without a band; 2xx is success, and its retry after a timeout logs nothing twice', async () => {
      const { date, time } = adifMoment(8);
      // rxfreq/txfreq in tens of Hz: str(float('1407400') / 100000) == '14.074'.
      const adif = `<call:4>K3LR<mode:3>USB<freq_rx:6>14.074<freq:6>14.074<qso_date:8>${date}<time_on:6>${time}<time_off:6>${time}<rst_rcvd:2>59<rst_sent:2>59<name:3>Tim<eor>`;
      const payload = { key, station_profile_id: '1', type: 'adif', string: adif };
      const before = await qsosLoggedFor(pool, aliceId);
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const answer = quick(await postJson(t.url, '/api/qso', payload, { Accept: 'application/json' }));
        expect(answer.status).toBeGreaterThanOrEqual(200);
        expect(answer.status).toBeLessThan(300);
      }
      expect(await qsosLoggedFor(pool, aliceId)).toBe(before + 1);
    });
  });
});
