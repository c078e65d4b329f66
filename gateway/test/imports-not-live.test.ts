/**
 * Issue 19 §4, decision 0052: imports are history, not live activity. A station imports a real
 * log of 2020-2022 (QRZ's export, 930 QSOs) and a log of a year ago; no live view shows any of
 * them: the QSO feed, band stats, globe arcs, the hot-now boards, the on-air list and the live
 * embeds. A QSO logged now (the logger, a companion app through the Cloudlog API) is in each
 * at once, with its own time; one logged now for a contact two hours ago is in none. On both
 * aggregates adapters: PostgreSQL, and ClickHouse when CLICKHOUSE_URL is set.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '@clickhouse/client';
import {
  EMBED_NO_RIG,
  type AdifImportAnswer,
  type BandStatsAnswer,
  type FeedUsersAnswer,
  type GlobeArcsAnswer,
  type LeaderboardsAnswer,
  type LogbookAnswer,
  type QsoFeedAnswer,
  type StationStatsAnswer,
} from '@hamlog/domain';
import { embedPath } from '@hamlog/domain/embeds/embed-codes';
import { adifMoment, apiKeyOf, field, postJson } from './cloudlog-helpers';
import { ApiClient, startTestServer, type TestServer } from './server-harness';

const clickHouse = process.env.CLICKHOUSE_URL || null;
if (!clickHouse) console.warn('skipped: live views over ClickHouse aggregates (CLICKHOUSE_URL is not set)');
const ADAPTERS = [{ name: 'PostgreSQL', clickHouse: null }, ...(clickHouse ? [{ name: 'ClickHouse', clickHouse }] : [])];

const QRZ_LOG = join(import.meta.dirname, '..', '..', 'domain', 'test', 'fixtures', 'adif', 'qrz.adi');
const QRZ_LOG_QSOS = 930; // 931 records, one of them twice (adif-import.test.ts)
const YEAR_AGO_QSOS = 40;
const YEAR_MS = 365 * 86_400_000;
/** The live lists the hot-now boards answer. */
const HOT_LISTS = ['lb_hot_now_1', 'lb_hot_now_2', 'lb_hot_now_3', 'lb_last_60_minutes'] as const;

const isoSecond = (ms: number) => new Date(ms).toISOString().slice(0, 19) + 'Z';

/** `count` contacts of a year ago, one a minute, on bands and entities the globe can place, as an ADIF file. */
function yearAgoAdif(count: number): string {
  const from = Date.now() - YEAR_MS;
  let text = 'A year-old log\n<ADIF_VER:5>3.1.6 <PROGRAMID:6>HamLog <EOH>\n';
  for (let i = 0; i < count; i += 1) {
    const at = new Date(from + i * 60_000).toISOString();
    const call = `${['DL', 'JA', 'VK', 'PY'][i % 4]}${1 + (i % 9)}Y${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26))}`;
    text += `${field('CALL', call)}${field('QSO_DATE', at.slice(0, 10).replace(/-/g, ''))}${field('TIME_ON', at.slice(11, 19).replace(/:/g, ''))}`;
    text += `${field('FREQ', i % 2 ? '7.074' : '14.074')}${field('MODE', 'FT8')}<EOR>\n`;
  }
  return text;
}

describe.each(ADAPTERS)('imports are history, not live activity ($name aggregates)', ({ clickHouse: clickHouseUrl }) => {
  let t: TestServer;
  let station: ApiClient;
  let visitor: ApiClient;
  let stationId: string;
  let key: string;
  const database = `hamlog_live_views_${randomBytes(4).toString('hex')}`;
  const previousDatabase = process.env.CLICKHOUSE_DATABASE;

  async function upload(fileName: string, bytes: Uint8Array | string): Promise<AdifImportAnswer> {
    const form = new FormData();
    form.append('adif_file', new Blob([bytes]), fileName);
    const res = await fetch(`${t.url}/api/vimportadif`, { method: 'POST', headers: { authorization: `Bearer ${station.token}` }, body: form });
    expect(res.status).toBe(200);
    return (await res.json()) as AdifImportAnswer;
  }

  const feed = async () => (await visitor.call<QsoFeedAnswer>('GET', '/main_public_feed')).body.items;
  const bandStats = async () => (await visitor.call<BandStatsAnswer>('GET', '/vbandstats/1000')).body.bands;
  const arcs = async () => (await visitor.call<GlobeArcsAnswer>('GET', '/globe/arcs')).body.arcs;
  const hotBoards = async () => {
    const answer = (await visitor.call<LeaderboardsAnswer>('GET', '/vleaderboards')).body;
    return Object.fromEntries(HOT_LISTS.map((list) => [list, answer[list]]));
  };
  const onAir = async () => (await visitor.call<FeedUsersAnswer>('GET', '/ActiveUserList')).body.users;
  async function clickHouseRows(table: string): Promise<number> {
    const client = createClient({ url: clickHouseUrl! });
    try {
      const rows = await (await client.query({ query: `SELECT count() AS n FROM ${database}.${table}`, format: 'JSONEachRow' })).json<{ n: string }>();
      return Number(rows[0]?.n ?? 0);
    } finally {
      await client.close();
    }
  }
  const embed = async (kind: 'last' | 'live') => (await fetch(`${t.url}${embedPath(kind, 'K9CTS')}`)).text();

  beforeAll(async () => {
    if (clickHouseUrl) process.env.CLICKHOUSE_DATABASE = database;
    t = await startTestServer(clickHouseUrl ? { CLICKHOUSE_URL: clickHouseUrl } : {});
    station = new ApiClient(t.url);
    visitor = new ApiClient(t.url);
    stationId = await station.signUp('k9cts@example.com', 'K9CTS'); // the station of the QRZ log
    key = await apiKeyOf(station);
  }, 60_000);

  afterAll(async () => {
    await t?.stop();
    if (!clickHouseUrl) return;
    if (previousDatabase === undefined) delete process.env.CLICKHOUSE_DATABASE;
    else process.env.CLICKHOUSE_DATABASE = previousDatabase;
    const admin = createClient({ url: clickHouseUrl });
    await admin.command({ query: `DROP DATABASE IF EXISTS ${database}` });
    await admin.close();
  });

  it('keeps an imported log of 2020-2022 and one of a year ago out of every live view, while the log and the statistics have them', async () => {
    expect(await upload('qrz.adi', await readFile(QRZ_LOG))).toMatchObject({ status: 'done', imported: QRZ_LOG_QSOS, failed: 0 });
    expect(await upload('year-ago.adi', yearAgoAdif(YEAR_AGO_QSOS))).toMatchObject({ status: 'done', imported: YEAR_AGO_QSOS, failed: 0 });
    const total = QRZ_LOG_QSOS + YEAR_AGO_QSOS;

    // In the logbook read model (which the feeds read) and in the aggregates (which the boards read)...
    await expect.poll(async () => (await station.post<LogbookAnswer>('/vlogbook', { page: 1, size: 1 })).body.total, { timeout: 30_000 }).toBe(total);
    await expect.poll(async () => (await station.call<StationStatsAnswer>('GET', '/vstats')).body.total, { timeout: 30_000 }).toBe(total);
    if (clickHouseUrl) expect(await clickHouseRows('lb_qso_by_time')).toBeGreaterThanOrEqual(total); // the hot boards' table there

    // ...and in no live view.
    expect(await feed()).toEqual([]);
    expect(await bandStats()).toEqual([]);
    expect(await arcs()).toEqual([]);
    expect(await hotBoards()).toEqual({ lb_hot_now_1: [], lb_hot_now_2: [], lb_hot_now_3: [], lb_last_60_minutes: [] });
    expect((await onAir()).map((u) => u.id)).not.toContain(stationId);
    expect(await embed('last')).toContain(EMBED_NO_RIG);
    expect(await embed('live')).not.toContain('ON AIR');
  }, 120_000);

  it('shows a QSO logged now in every live view at once with its own time, and one logged now for two hours ago in none', async () => {
    const loggedAt = isoSecond(Date.now());
    const logged = await station.post<{ qdo_id: string }>('/vqso/upsert', { data: { Call: 'DL1LIV', TS: loggedAt, Freq: 14074, Mode: 'FT8' } });
    expect(logged.status).toBe(201);
    const late = await station.post('/vqso/upsert', { data: { Call: 'G4LATE', TS: isoSecond(Date.now() - 2 * 3_600_000), Freq: 14074, Mode: 'FT8' } });
    expect(late.status).toBe(201);
    // A companion app sends the contact's start time when it ends, here two minutes ago.
    const started = adifMoment(2);
    const record = `${field('CALL', 'JA1LIV')}${field('QSO_DATE', started.date)}${field('TIME_ON', started.time)}${field('FREQ', '14.074')}${field('MODE', 'FT8')}<EOR>`;
    expect((await postJson(t.url, '/api/qso', { key, station_profile_id: '1', type: 'adif', string: record })).status).toBe(201);
    const startedAt = `${started.date.slice(0, 4)}-${started.date.slice(4, 6)}-${started.date.slice(6)}T${started.time.slice(0, 2)}:${started.time.slice(2, 4)}:${started.time.slice(4)}Z`;

    await expect.poll(async () => (await feed()).map((i) => i.call)).toEqual(['DL1LIV', 'JA1LIV']);
    const [now, companion] = await feed();
    expect(now).toMatchObject({ qdo_id: logged.body.qdo_id, station_callsign: 'K9CTS', created_at: loggedAt, TimeAgo: 'just now', band: '20m', freq: 14074 });
    expect(companion).toMatchObject({ created_at: startedAt, TimeAgo: '2 minutes ago' });

    expect(await bandStats()).toEqual([{ band: '20m', count: 2 }]);
    expect((await arcs()).map((a) => [a.to.call, a.meta.created_at])).toEqual([['DL1LIV', loggedAt], ['JA1LIV', startedAt]]);

    // The boards count by QSO time: the two live QSOs, none of the 970 imported nor the late one.
    await expect.poll(hotBoards, { timeout: 30_000 }).toEqual({
      lb_hot_now_1: [{ station_callsign: 'K9CTS', band: '20m', mode: 'FT8', count: 2 }],
      lb_hot_now_2: [{ station_callsign: 'K9CTS', mode: 'FT8', freq: 14074, count: 2 }],
      lb_hot_now_3: [
        { station_callsign: 'DL1LIV', call: 'DL1LIV', count: 1 },
        { station_callsign: 'JA1LIV', call: 'JA1LIV', count: 1 },
      ],
      lb_last_60_minutes: [{ station_callsign: 'K9CTS', count: 2 }],
    });
  }, 60_000);

  it('puts a station on the air by its rig reports only, never by the QSOs it logs or imports', async () => {
    expect((await onAir()).map((u) => u.id)).not.toContain(stationId);
    expect(await embed('last')).toContain(EMBED_NO_RIG);
    expect((await postJson(t.url, '/api/radio', { key, radio: 'IC-7300', frequency: 7_012_000, mode: 'CW' })).status).toBe(200);
    await expect.poll(async () => (await onAir()).find((u) => u.id === stationId)?.freq, { timeout: 20_000 }).toBe(7012);
    await expect.poll(() => embed('last'), { timeout: 20_000 }).toContain('7.012 MHz');
  }, 60_000);
});
