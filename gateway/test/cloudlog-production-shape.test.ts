/**
 * The Cloudlog/Wavelog API in the production shape: the gateway finds the service for
 * /index.php/api/..., // and trailing-slash paths (writes to command-api, reads to query-api),
 * and each service reads the apps' bodies itself (decision 0036).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adifMoment, apiKeyOf, field, postJson, readOnlyKeyOf, send } from './cloudlog-helpers';
import { ApiClient } from './server-harness';
import { startSplitShape, type SplitShape } from './service-processes';

describe('the Cloudlog API with command-api, query-api and the gateway apart', () => {
  let shape: SplitShape;
  let key = '';
  let readOnly = '';

  beforeAll(async () => {
    shape = await startSplitShape('cloudlog');
    const alice = new ApiClient(shape.gateway);
    await alice.signUp('alice@example.com', 'W1AW');
    key = await apiKeyOf(alice);
    readOnly = await readOnlyKeyOf(alice, 'viewer');
  }, 120_000);

  afterAll(async () => shape?.stop());

  it('routes every form of the paths and reads its own write', async () => {
    const auth = await send(shape.gateway, 'POST', `//index.php/api/auth/${key}/`, { headers: { 'Content-Type': 'application/json' }, body: 'null' });
    expect(auth.text).toBe('<auth><status>Valid</status><rights>rw</rights></auth>');
    expect((await send(shape.gateway, 'GET', `/index.php/api/auth/${readOnly}`)).text).toContain('<rights>r</rights>');
    const stations = await send(shape.gateway, 'POST', `/index.php//api/station_info/${key}`, { headers: { 'Content-Type': 'application/json' }, body: 'null' });
    expect(stations.json()).toEqual([{ station_id: '1', station_profile_name: 'W1AW', station_gridsquare: '', station_callsign: 'W1AW', station_active: '1' }]);

    const { date, time } = adifMoment(5);
    const string = `${field('CALL', 'DL1ABC')}${field('QSO_DATE', date)}${field('TIME_ON', time)}${field('FREQ', '7.074')}${field('MODE', 'FT8')}<EOR>`;
    const dry = await send(shape.gateway, 'POST', '/index.php/api/qso/true/', { headers: { 'Content-Type': 'text/plain; charset=utf-8' }, body: JSON.stringify({ key, station_profile_id: '1', type: 'adif', string }) });
    expect(dry.json()).toMatchObject({ status: 'created', dryrun: true });
    const logged = await send(shape.gateway, 'POST', '/index.php/api/qso/', { headers: { 'Content-Type': 'text/plain; charset=utf-8' }, body: JSON.stringify({ key, station_profile_id: '1', type: 'adif', string }) });
    expect(logged.status).toBe(201);
    expect(logged.json()).toMatchObject({ status: 'created', imported_count: 1 });
    const refused = await postJson(shape.gateway, '/api/qso', { key: readOnly, station_profile_id: '1', type: 'adif', string });
    expect(refused.status).toBe(401);

    const radio = await send(shape.gateway, 'POST', '/index.php/api/radio/', {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ key, radio: 'CloudLogCATMacOS', frequency: '14074000', mode: 'USB' }).toString(),
    });
    expect(radio.json()).toEqual({ status: 'success' });

    // command-api wrote it; query-api, another process, waits for it before counting.
    const statistics = await send(shape.gateway, 'GET', `/index.php/api/statistics/${key}/`);
    expect(statistics.json()).toMatchObject({ total_qsos: '1', Today: expect.any(String) });
    const lookup = await postJson(shape.gateway, '//api/lookup/', { key: readOnly, callsign: 'DL1ABC' });
    expect(lookup.json()).toMatchObject({ callsign: 'DL1ABC', workedBefore: true, dxcc: 'Fed. Rep. of Germany' });
  });
});
