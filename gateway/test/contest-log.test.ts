/**
 * A station's log in a contest scored by real rules, on the embedded default with real PostgreSQL:
 * K9CTS's CQ WW DX CW 2026 contacts imported from ADIF (the way N1MM's and WSJT-X's logs come),
 * scored by CQ WW's rules (hand-scored below), and exported as Cabrillo 3.0 that reads back to the
 * same contacts; other stations' QSOs never in it, refusals in words.
 */
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { createClient } from '@clickhouse/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOARD_OFFSET_INVALID, CONTEST_CHECK_CALL_INVALID, exchangeQsoInput, type ContestLoggerAnswer, type UpsertAnswer, CONTEST_HAS_SIMPLE_RULES, type ContestCheckAnswer, CONTEST_NOT_FOUND, readCabrillo, type AdifImportAnswer, type CheckedBoardAnswer, type CheckedBoardRow, type ContestChecksAnswer, type ContestLogAnswer } from '@hamlog/domain';
import { PostgresAggregates } from '@hamlog/infra/aggregates/postgres-aggregates';
import { CONTEST_QSOS_TABLE } from '@hamlog/infra/aggregates/postgres-contest-qsos';
import { createPool } from '@hamlog/infra/postgres/pool';
import { STREAM_CHECKPOINTS } from '@hamlog/infra/stream/stream-positions';
import type { RunningServer } from '../src/embedded-runtime';
import { ApiClient, startServerOn, startWithAliceAndBob, type TestServer } from './server-harness';
import { rebuild } from './people-helpers';
import { until } from './until';

function adifRecord(fields: Record<string, string>): string {
  return `${Object.entries(fields).map(([name, value]) => `<${name}:${value.length}>${value}`).join(' ')} <EOR>\n`;
}

/** K9CTS (USA, zone 4) in CQ WW CW 2026: each contact's points and multipliers worked out by hand. */
const CONTACTS: Record<string, string>[] = [
  { CALL: 'DL1ABC', TIME_ON: '000100', BAND: '20m', FREQ: '14.025', MODE: 'CW', CQZ: '14' }, // other continent 3; zone 14, Germany (20m)
  { CALL: 'F5ABC', TIME_ON: '000300', BAND: '20m', FREQ: '14.026', MODE: 'CW', CQZ: '14' }, // 3; France
  { CALL: 'W6XYZ', TIME_ON: '000500', BAND: '20m', FREQ: '14.027', MODE: 'CW', CQZ: '3' }, // own country 0; zone 3, USA
  { CALL: 'DL1ABC', TIME_ON: '000700', BAND: '20m', FREQ: '14.025', MODE: 'CW', CQZ: '14' }, // dupe on 20m
  { CALL: 'JA1ABC', TIME_ON: '010000', BAND: '15m', FREQ: '21.030', MODE: 'CW', CQZ: '25' }, // 3; zone 25, Japan (15m)
  { CALL: 'VE3ABC', TIME_ON: '020000', BAND: '20m', FREQ: '14.030', MODE: 'CW', CQZ: '4' }, // North Americans 2; zone 4, Canada
  { CALL: 'G4ABC', TIME_ON: '030000', BAND: '20m', FREQ: '14.074', MODE: 'FT8' }, // FT8: not part of a CW contest's log
];
const POINTS = 3 + 3 + 0 + 0 + 3 + 2;
const clickHouse = process.env.CLICKHOUSE_URL || null;

/** A board's rows with each rate graph as its total: the contest runs now, and a graph grows by an hour when the clock passes one. */
const steady = (rows: readonly CheckedBoardRow[]) => rows.map(({ rate_hours, ...row }) => ({ ...row, graphed: rate_hours.reduce((a, b) => a + b, 0) }));
const ZONES = 4; // 20m: 14, 3, 4; 15m: 25
const COUNTRIES = 5; // 20m: Germany, France, USA, Canada; 15m: Japan

function contestAdif(): string {
  const records = CONTACTS.map((c) => adifRecord({ ...c, QSO_DATE: '20261128', RST_SENT: '599', RST_RCVD: '599', MY_CQ_ZONE: '4', CONTEST_ID: 'CQ-WW-CW' }));
  // After the contest's 48 hours: not in its log.
  records.push(adifRecord({ CALL: 'ON4ABC', QSO_DATE: '20261130', TIME_ON: '000000', BAND: '20m', FREQ: '14.025', MODE: 'CW', CQZ: '14' }));
  return `HamLog contest test\n<EOH>\n${records.join('')}`;
}

describe("a station's contest log by real rules, and its Cabrillo", () => {
  let t: TestServer;
  let alice: ApiClient;
  let bob: ApiClient;
  /** The server the last test starts again on the same database (it stops the first). */
  let restarted: RunningServer | null = null;

  async function importAdif(client: ApiClient, text: string, name = 'cqww.adi'): Promise<AdifImportAnswer> {
    const form = new FormData();
    form.append('adif_file', new Blob([text]), name);
    const res = await fetch(`${t.url}/api/vimportadif`, { method: 'POST', headers: { authorization: `Bearer ${client.token}` }, body: form });
    const report = (await res.json()) as AdifImportAnswer;
    expect(res.status, JSON.stringify(report)).toBe(200);
    return report;
  }

  beforeAll(async () => {
    ({ t, alice, bob } = await startWithAliceAndBob('K9CTS'));
    const report = await importAdif(alice, contestAdif());
    expect([report.imported, report.failed]).toEqual([CONTACTS.length + 1, 0]);
  });
  afterAll(async () => {
    if (!restarted) return t?.stop();
    await restarted.stop();
    await t.db.drop();
    await rm(t.dataDir, { recursive: true, force: true });
  });

  it('scores the log by CQ WW: points, zones and countries per band, the dupe and what is left out', async () => {
    const res = await alice.get<ContestLogAnswer>('/vcontest/cq-ww-dx-cw-2026/log');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const log = res.body;
    expect(log.rules.cabrillo_name).toBe('CQ-WW-CW');
    expect(log.station).toEqual({ call: 'K9CTS', category: expect.objectContaining({ operator: 'SINGLE-OP' }) });
    expect(log.qsos.map((q) => q.call)).toEqual(['DL1ABC', 'F5ABC', 'W6XYZ', 'DL1ABC', 'JA1ABC', 'VE3ABC']);
    expect(log.qsos.map((q) => q.points)).toEqual([3, 3, 0, 0, 3, 2]);
    expect(log.qsos[3]).toMatchObject({ dupe: true, counts: false, problem: 'Worked before on this band' });
    expect(log.qsos[0]).toMatchObject({ sent: { rst: '599', zone: '4' }, received: { rst: '599', zone: '14' }, new_multipliers: ['Zones 14 (20m)', 'Countries Fed. Rep. of Germany (20m)'] });
    expect(log.left_out).toBe(1);
    // Nobody else has a log: every contact is checked as unique (only K9CTS logged these calls).
    expect(log.qsos.map((q) => q.check?.verdict)).toEqual(['unique', 'unique', 'unique', 'unique', 'unique', 'unique']);
    expect(log.score).toMatchObject({ qsos: 5, dupes: 1, points: POINTS, multiplierTotal: ZONES + COUNTRIES, score: POINTS * (ZONES + COUNTRIES) });
  });

  it("answers only the caller's own QSOs, whoever a request names", async () => {
    const res = await bob.get<ContestLogAnswer>(`/vcontest/cq-ww-dx-cw-2026/log?user_id=${encodeURIComponent('alice')}`);
    expect(res.status).toBe(200);
    expect(res.body.qsos).toEqual([]);
    expect(res.body.score.score).toBe(0);
    expect(res.body.station.call).toBe('K1JT');
  });

  it("checks every station's log against the others' on the board: a contact the other log lacks is not counted", async () => {
    // Bob (K1JT) logs a contact with K9CTS that K9CTS's log does not have.
    const bobs = `<EOH>\n${adifRecord({ CALL: 'K9CTS', QSO_DATE: '20261128', TIME_ON: '000900', BAND: '20m', FREQ: '14.031', MODE: 'CW', CQZ: '4', RST_SENT: '599', RST_RCVD: '599' })}`;
    expect((await importAdif(bob, bobs)).imported).toBe(1);
    await bob.get('/vcontest/cq-ww-dx-cw-2026/log'); // waits for Bob's own write, as a page would
    // The board is checked at most every 2 s for everyone: the next one has Bob's contact.
    const res = await until(() => bob.get<CheckedBoardAnswer>('/vcontest/cq-ww-dx-cw-2026/board'), (r) => r.status !== 200 || r.body.board.length === 2, 10_000);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [first, second] = res.body.board;
    expect(first).toMatchObject({ rank: 1, my_callsign: 'K9CTS', claimed: { score: POINTS * (ZONES + COUNTRIES) }, checked: { score: POINTS * (ZONES + COUNTRIES) }, not_in_log: 0 });
    expect(second).toMatchObject({ rank: 2, my_callsign: 'K1JT', claimed: { qsos: 1 }, checked: { qsos: 0, score: 0 }, not_in_log: 1 });
    expect(res.body.qsos).toBe(CONTACTS.length + 1);
  });

  it('keeps the check between passes: the other side logging the contact confirms it, deleting it takes it back', async () => {
    const board = (accept: (rows: CheckedBoardAnswer['board']) => boolean) =>
      until(() => bob.get<CheckedBoardAnswer>('/vcontest/cq-ww-dx-cw-2026/board'), (r) => r.status === 200 && accept(r.body.board), 15_000);
    const k1jt = (rows: CheckedBoardAnswer['board']) => rows.find((row) => row.my_callsign === 'K1JT')!;
    expect(k1jt((await board(() => true)).body.board)).toMatchObject({ not_in_log: 1, checked: { qsos: 0 } });
    const logged = await alice.post<{ qdo_id: string }>('/vqso/upsert', { data: { TS: '2026-11-28T00:10:00Z', Call: 'K1JT', Freq: '14031', Mode: 'CW', SNT: '599', RCV: '599', cq_zone: '5' } });
    expect(logged.status, JSON.stringify(logged.body)).toBe(201);
    const confirmed = await board((rows) => k1jt(rows).checked.qsos === 1);
    expect(k1jt(confirmed.body.board)).toMatchObject({ not_in_log: 0, checked: { qsos: 1 } });
    expect(confirmed.body.board.find((row) => row.my_callsign === 'K9CTS')!.claimed.qsos).toBe(6);
    expect((await alice.post('/vqso/nuke', { qdo_id: logged.body.qdo_id })).status).toBe(200);
    const back = await board((rows) => k1jt(rows).not_in_log === 1);
    expect(k1jt(back.body.board)).toMatchObject({ checked: { qsos: 0 } });
    expect(back.body.board.find((row) => row.my_callsign === 'K9CTS')!.claimed.qsos).toBe(5);
  });

  it("lists each station's unconfirmed contacts for the contest's organiser, and for nobody else", async () => {
    const created = await alice.post<{ contest: { id: string } }>('/vcontest/create', { name: 'Club CQ WW check', starts_at: '2026-11-28T00:00:00Z', ends_at: '2026-11-30T00:00:00Z', rules: 'cq-ww-cw' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.contest.id;
    const res = await until(() => alice.get<ContestChecksAnswer>(`/vcontest/${id}/checks`), (r) => r.status !== 404);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const byCall = Object.fromEntries(res.body.stations.map((s) => [s.my_callsign, s.problems]));
    expect(byCall.K1JT).toEqual([
      { qdo_id: expect.any(String), ts: '2026-11-28T00:09:00.000Z', band: '20m', mode: 'CW', call: 'K9CTS', verdict: 'not-in-log', reason: expect.stringMatching(/^K9CTS.s log has no contact with you on 20m CW near 00:09/) },
    ]);
    expect(byCall.K9CTS!.map((p) => [p.call, p.verdict])).toEqual([
      ['DL1ABC', 'unique'],
      ['F5ABC', 'unique'],
      ['W6XYZ', 'unique'],
      ['DL1ABC', 'unique'],
      ['JA1ABC', 'unique'],
      ['VE3ABC', 'unique'],
    ]);
    const bobs = await bob.get(`/vcontest/${id}/checks`);
    expect(bobs.status).toBe(403);
  });

  it('refuses in words: an unknown contest, a contest of simple rules, a category the contest does not have', async () => {
    const unknown = await alice.get('/vcontest/no-such-contest/log');
    expect([unknown.status, unknown.body.message]).toEqual([404, CONTEST_NOT_FOUND]);
    const simple = await alice.get('/vcontest/members-ft4-ft8-2024/log');
    expect([simple.status, simple.body.message]).toEqual([409, CONTEST_HAS_SIMPLE_RULES]);
    const category = await alice.get('/vcontest/cq-ww-dx-cw-2026/log?power=mega');
    expect(category.status).toBe(422);
    expect(category.body.message).toBe('power must be one of HIGH, LOW, QRP.');
    expect((await new ApiClient(t.url).get('/vcontest/cq-ww-dx-cw-2026/log')).status).toBe(401);
  });

  it('exports the log as Cabrillo 3.0 that reads back to the same contacts, as curl fetches it', async () => {
    const res = await fetch(`${t.url}/api/vcontest/cq-ww-dx-cw-2026/cabrillo?power=LOW&operator=single-op`, { headers: { authorization: `Bearer ${alice.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="K9CTS-CQ-WW-CW-2026.log"');
    const text = await res.text();
    const { log, problems } = readCabrillo(text);
    expect(problems).toEqual([]);
    expect(log).toMatchObject({ callsign: 'K9CTS', contest: 'CQ-WW-CW', claimedScore: POINTS * (ZONES + COUNTRIES), createdBy: expect.stringMatching(/^HamLog/) });
    expect(log.category).toMatchObject({ operator: 'SINGLE-OP', power: 'LOW', mode: 'CW' });
    expect(log.qsos.map((q) => [q.freq, q.mode, q.date, q.time, q.sentCall, q.sent.join(' '), q.rcvdCall, q.received.join(' ')])).toEqual([
      ['14025', 'CW', '2026-11-28', '0001', 'K9CTS', '599 4', 'DL1ABC', '599 14'],
      ['14026', 'CW', '2026-11-28', '0003', 'K9CTS', '599 4', 'F5ABC', '599 14'],
      ['14027', 'CW', '2026-11-28', '0005', 'K9CTS', '599 4', 'W6XYZ', '599 3'],
      ['14025', 'CW', '2026-11-28', '0007', 'K9CTS', '599 4', 'DL1ABC', '599 14'],
      ['21030', 'CW', '2026-11-28', '0100', 'K9CTS', '599 4', 'JA1ABC', '599 25'],
      ['14030', 'CW', '2026-11-28', '0200', 'K9CTS', '599 4', 'VE3ABC', '599 4'],
    ]);
  });

  it('answers the logger before Enter: a dupe, a new multiplier, the next serial, the rate and the score so far', async () => {
    const dupe = await alice.post<ContestCheckAnswer>('/vcontest/cq-ww-dx-cw-2026/check', { call: 'DL1ABC', band: '20m', mode: 'CW', received: { zone: '14' }, ts: '2026-11-28T02:10:00Z' });
    expect(dupe.status, JSON.stringify(dupe.body)).toBe(200);
    expect(dupe.body).toMatchObject({ dupe: true, counts: false, problem: 'Worked before on this band', score: { score: POINTS * (ZONES + COUNTRIES) } });
    // Numbers as strings, as companion apps send them.
    // At 02:05 the last 10 minutes hold VE3ABC (02:00), the last hour nothing more (JA1ABC at 01:00).
    const fresh = await alice.post<ContestCheckAnswer>('/vcontest/cq-ww-dx-cw-2026/check', { call: 'JA1ABC', freq_khz: '14025', mode: 'CW', received: { zone: '25' }, ts: '2026-11-28T02:05:00Z' });
    expect(fresh.body).toEqual({
      dupe: false,
      counts: true,
      points: 3,
      new_multipliers: ['Zones 25 (20m)', 'Countries Japan (20m)'],
      problem: null,
      received_fields: [
        { id: 'rst', kind: 'rst', label: 'RST' },
        { id: 'zone', kind: 'cq-zone', label: 'Zone' },
      ],
      next_serial: 7,
      rate_10: 1,
      rate_60: 1,
      score: { qsos: 5, points: POINTS, multipliers: ZONES + COUNTRIES, score: POINTS * (ZONES + COUNTRIES) },
    });
    const refused = await alice.post('/vcontest/cq-ww-dx-cw-2026/check', { call: 'K', band: '20m', mode: 'CW' });
    expect([refused.status, refused.body.message]).toEqual([422, CONTEST_CHECK_CALL_INVALID]);
  });

  it('imports a Cabrillo log as QSOs (a station that logged elsewhere), reporting the lines it could not read', async () => {
    const cabrillo = [
      'START-OF-LOG: 3.0',
      'CALLSIGN: K9CTS',
      'CONTEST: CQ-WW-CW',
      'QSO: 28025 CW 2026-11-28 1200 K9CTS         599 4      PY2ABC        599 11',
      'QSO: 28026 CW 2026-13-28 1201 K9CTS         599 4      LU1ABC        599 13',
      'QSO: 28027 CW 2026-11-28 1202 K9CTS         599 4      ZS6ABC        599 38',
      'END-OF-LOG:',
      '',
    ].join('\n');
    const report = await importAdif(alice, cabrillo, 'k9cts-cqww.log');
    expect([report.imported, report.failed]).toEqual([2, 1]);
    expect(report.failures).toEqual([{ line: 5, message: 'QSO line 5: the date 2026-13-28 is not a date' }]);
    const log = (await alice.get<ContestLogAnswer>('/vcontest/cq-ww-dx-cw-2026/log')).body;
    const tenMetres = log.qsos.filter((q) => q.band === '10m');
    expect(tenMetres.map((q) => [q.call, q.received.zone, q.sent.zone, q.points])).toEqual([
      ['PY2ABC', '11', '4', 3],
      ['ZS6ABC', '38', '4', 3],
    ]);
  });

  it("starts the logger's contest mode, and scores a contact it logs with its exchange through /vqso/upsert at once, once however often it is sent", async () => {
    const before = await alice.get<ContestLoggerAnswer>('/vcontest/cq-ww-dx-cw-2026/logger');
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    const zoneFields = [
      { id: 'rst', kind: 'rst', label: 'RST' },
      { id: 'zone', kind: 'cq-zone', label: 'Zone' },
    ];
    expect(before.body).toMatchObject({ station: { call: 'K9CTS' }, rules: { cabrillo_name: 'CQ-WW-CW' }, sent_fields: zoneFields, received_fields: zoneFields, sent_defaults: { zone: '4' } });
    const exchange = exchangeQsoInput({ sent: before.body.sent_fields, received: before.body.received_fields }, { sent: { rst: '599', zone: '4' }, received: { rst: '579', zone: '13' } });
    expect(exchange).toEqual({ SNT: '599', RCV: '579', cq_zone: '13', adif: { MY_CQ_ZONE: '4' } });
    const contact = { Call: 'LU1ABC', TS: '2026-11-28T03:00:00Z', Freq: '7025', Mode: 'CW', ContestName: 'CQ-WW-CW', ...exchange };
    const logged = await alice.post<UpsertAnswer>('/vqso/upsert', { data: contact });
    expect(logged.status, JSON.stringify(logged.body)).toBe(201);
    // A retry after a lost answer: the same contact, nothing new.
    const again = await alice.post<UpsertAnswer>('/vqso/upsert', { data: contact });
    expect([again.status, again.body.duplicate, again.body.qdo_id]).toEqual([200, true, logged.body.qdo_id]);
    // Read right after the write: the contact is in the log with its exchange, scored.
    const after = await alice.get<ContestLoggerAnswer>('/vcontest/cq-ww-dx-cw-2026/logger');
    expect(after.body.score.qsos).toBe(before.body.score.qsos + 1);
    expect(after.body.next_serial).toBe(before.body.next_serial + 1);
    const log = (await alice.get<ContestLogAnswer>('/vcontest/cq-ww-dx-cw-2026/log')).body;
    const lu = log.qsos.filter((q) => q.call === 'LU1ABC');
    expect(lu.map((q) => [q.band, q.sent, q.received, q.points, q.new_multipliers])).toEqual([
      ['40m', { rst: '599', zone: '4' }, { rst: '579', zone: '13' }, 3, ['Zones 13 (40m)', 'Countries Argentina (40m)']],
    ]);
    // The same contact checked again is now a dupe.
    const dupe = await alice.post<ContestCheckAnswer>('/vcontest/cq-ww-dx-cw-2026/check', { call: 'LU1ABC', freq_khz: 7026, mode: 'CW', received: { zone: '13' }, ts: '2026-11-28T03:05:00Z' });
    expect(dupe.body).toMatchObject({ dupe: true, points: 0 });
  });

  it("keeps the category a station chooses: its log and Cabrillo follow it, the board filters by it; refusals in words", async () => {
    const chosen = await alice.post<{ category: Record<string, string> }>('/vcontest/cq-ww-dx-cw-2026/category', { operator: 'single-op', power: 'LOW' });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    expect(chosen.body.category).toMatchObject({ operator: 'SINGLE-OP', power: 'LOW' });
    // Sent again (a retry): the same answer, nothing new.
    expect((await alice.post('/vcontest/cq-ww-dx-cw-2026/category', { operator: 'SINGLE-OP', power: 'LOW' })).status).toBe(200);
    // Read right after the write, without naming the category.
    const log = await alice.get<ContestLogAnswer>('/vcontest/cq-ww-dx-cw-2026/log');
    expect(log.body.station.category).toMatchObject({ operator: 'SINGLE-OP', power: 'LOW' });
    const cabrillo = await fetch(`${t.url}/api/vcontest/cq-ww-dx-cw-2026/cabrillo`, { headers: { authorization: `Bearer ${alice.token}` } });
    expect(await cabrillo.text()).toContain('CATEGORY-POWER: LOW');
    // A category in the query still wins (what-if, or an export for another category).
    expect((await alice.get<ContestLogAnswer>('/vcontest/cq-ww-dx-cw-2026/log?power=QRP')).body.station.category.power).toBe('QRP');

    // The board is checked at most every 2 s for everyone: the next check has the new category.
    const everyone = await until(() => alice.get<CheckedBoardAnswer>('/vcontest/cq-ww-dx-cw-2026/board'), (r) => r.status !== 200 || r.body.board.some((row) => row.my_callsign === 'K9CTS' && row.category.power === 'LOW'), 10_000);
    expect(everyone.body.board.map((row) => row.my_callsign)).toEqual(['K9CTS', 'K1JT']);
    const board = (query: string) => alice.get<CheckedBoardAnswer>(`/vcontest/cq-ww-dx-cw-2026/board${query}`);
    const low = await board('?power=low');
    expect([low.status, low.body.filter, low.body.board.map((row) => [row.rank, row.my_callsign])]).toEqual([200, { power: 'LOW' }, [[1, 'K9CTS']]]);
    const high = await board('?power=HIGH&operator=SINGLE-OP');
    expect(high.body.board.map((row) => [row.rank, row.my_callsign, row.category.power])).toEqual([[1, 'K1JT', 'HIGH']]);

    const refused = await alice.post('/vcontest/cq-ww-dx-cw-2026/category', { power: 'mega' });
    expect([refused.status, refused.body.message]).toEqual([422, 'power must be one of HIGH, LOW, QRP.']);
    expect((await alice.get('/vcontest/cq-ww-dx-cw-2026/board?power=mega')).status).toBe(422);
    expect((await alice.post('/vcontest/members-ft4-ft8-2024/category', { power: 'LOW' })).status).toBe(409);
    expect((await alice.post('/vcontest/no-such-contest/category', { power: 'LOW' })).status).toBe(404);
    expect((await new ApiClient(t.url).post('/vcontest/cq-ww-dx-cw-2026/category', { power: 'LOW' })).status).toBe(401);
  });

  it('gives the same board, logs and categories after a replay of the whole log into the read models', async () => {
    const board = () => alice.get<CheckedBoardAnswer>('/vcontest/cq-ww-dx-cw-2026/board');
    const before = await until(board, (r) => r.status !== 200 || r.body.board.some((row) => row.my_callsign === 'K9CTS' && row.category.power === 'LOW'), 10_000);
    const logsBefore = [(await alice.get<ContestLogAnswer>('/vcontest/cq-ww-dx-cw-2026/log')).body, (await bob.get<ContestLogAnswer>('/vcontest/cq-ww-dx-cw-2026/log')).body];
    await rebuild(t, ['logbook', 'contest-entries']);
    // The next check after the replay (the board answers from the last one while the next runs).
    const after = await until(board, (r) => r.status !== 200 || r.body.generated_at > before.body.generated_at, 15_000);
    const again = await until(board, (r) => r.status !== 200 || r.body.generated_at > after.body.generated_at, 15_000);
    expect(steady(again.body.board)).toEqual(steady(before.body.board));
    expect(again.body.qsos).toBe(before.body.qsos);
    const logsAfter = [(await alice.get<ContestLogAnswer>('/vcontest/cq-ww-dx-cw-2026/log')).body, (await bob.get<ContestLogAnswer>('/vcontest/cq-ww-dx-cw-2026/log')).body];
    expect(logsAfter).toEqual(logsBefore);
  });

  it("scores contacts a companion app logs through /api/qso the same way: N1MM's CQZ, WSJT-X's exchange string", async () => {
    const key = (await alice.call<{ user: { api_key: string } }>('GET', '/vuser')).body.user.api_key;
    const n1mm = adifRecord({ CALL: 'ZS6XYZ', QSO_DATE: '20261128', TIME_ON: '040000', BAND: '20m', FREQ: '14.035', MODE: 'CW', RST_SENT: '599', RST_RCVD: '599', CQZ: '38', CONTEST_ID: 'CQ-WW-CW' });
    const wsjtx = adifRecord({ CALL: 'VK2XYZ', QSO_DATE: '20261128', TIME_ON: '041000', BAND: '15m', FREQ: '21.035', MODE: 'CW', RST_SENT: '599', RST_RCVD: '599', SRX_STRING: '30', CONTEST_ID: 'CQ-WW-CW' });
    for (const string of [n1mm, wsjtx]) {
      const res = await fetch(`${t.url}/api/qso`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ key, station_profile_id: '1', type: 'adif', string }) });
      expect(res.status, await res.text()).toBe(201);
    }
    const log = (await alice.get<ContestLogAnswer>('/vcontest/cq-ww-dx-cw-2026/log')).body;
    const byCall = Object.fromEntries(log.qsos.filter((q) => q.call === 'ZS6XYZ' || q.call === 'VK2XYZ').map((q) => [q.call, [q.band, q.received, q.points, q.new_multipliers]]));
    expect(byCall).toEqual({
      ZS6XYZ: ['20m', { rst: '599', zone: '38' }, 3, ['Zones 38 (20m)', 'Countries South Africa (20m)']],
      VK2XYZ: ['15m', { rst: '599', zone: '30' }, 3, ['Zones 30 (15m)', 'Countries Australia (15m)']],
    });
  });
  it('answers the board a page at a time, the caller\'s own row beside any page; a bad offset in words', async () => {
    const path = '/vcontest/cq-ww-dx-cw-2026/board';
    const whole = (await until(() => alice.get<CheckedBoardAnswer>(path), (r) => r.status === 200 && r.body.total === 2, 15_000)).body;
    const second = await bob.get<CheckedBoardAnswer>(`${path}?offset=1`);
    expect(second.status).toBe(200);
    expect([second.body.offset, second.body.total, second.body.board.map((row) => [row.rank, row.my_callsign])]).toEqual([1, 2, [[2, whole.board[1]!.my_callsign]]]);
    expect(second.body.mine).toEqual(whole.board.find((row) => row.my_callsign === 'K1JT'));
    expect((await alice.get<CheckedBoardAnswer>(`${path}?offset=5`)).body).toMatchObject({ board: [], total: 2, mine: { my_callsign: 'K9CTS' } });
    const refused = await alice.get<{ message: string }>(`${path}?offset=-1`);
    expect([refused.status, refused.body.message]).toEqual([422, BOARD_OFFSET_INVALID]);
  });

  it('scores from the contest facts the stream keeps: replayed from the log into empty aggregates, PostgreSQL then ClickHouse, the board is the same', async () => {
    // Zone 14 on 20 m already counts; JA2ABC's call alone would give zone 25, new: the multiplier follows the exchange.
    await importAdif(alice, `<EOH>\n${adifRecord({ CALL: 'JA2ABC', QSO_DATE: '20261128', TIME_ON: '050000', BAND: '20m', FREQ: '14.031', MODE: 'CW', RST_SENT: '599', RST_RCVD: '599', CQZ: '14', MY_CQ_ZONE: '4', CONTEST_ID: 'CQ-WW-CW' })}`, 'ja2abc.adi');
    const path = '/vcontest/cq-ww-dx-cw-2026/board';
    const first = (await until(() => alice.get<CheckedBoardAnswer>(path), (r) => r.status === 200 && r.body.board.length === 2, 15_000)).body;
    // A board from a check that started after every write above.
    const before = (await until(() => alice.get<CheckedBoardAnswer>(path), (r) => r.body.generated_at > first.generated_at, 15_000)).body;
    expect(before.board.map((row) => row.my_callsign).sort()).toEqual(['K1JT', 'K9CTS']);
    expect(before.mine).toEqual(before.board.find((row) => row.my_callsign === 'K9CTS'));
    // The board's claimed scores (from the stream's facts) are each station's own log's (from the logbook read model).
    for (const [client, call] of [[alice, 'K9CTS'], [bob, 'K1JT']] as const) {
      const { score } = (await client.get<ContestLogAnswer>('/vcontest/cq-ww-dx-cw-2026/log')).body;
      expect(before.board.find((row) => row.my_callsign === call)!.claimed, call).toEqual({ qsos: score.qsos, points: score.points, multipliers: score.multiplierTotal, score: score.score });
    }
    expect(before.board.find((row) => row.my_callsign === 'K9CTS')!.claimed.multipliers).toBeGreaterThan(ZONES + COUNTRIES);

    /** Starts the server again after the stream's positions are forgotten: the forwarder and consumer replay the log from its beginning. */
    async function replayed(env: Record<string, string>, emptied: (pool: ReturnType<typeof createPool>) => Promise<void>): Promise<CheckedBoardAnswer> {
      await (restarted ?? t.server).stop();
      restarted = null;
      const pool = createPool(t.db.url, 2);
      try {
        await emptied(pool);
        await pool.query('DELETE FROM projection_checkpoints WHERE name = ANY($1::text[])', [STREAM_CHECKPOINTS]);
      } finally {
        await pool.end();
      }
      restarted = await startServerOn(t.db.url, { DATA_DIR: t.dataDir, ...env });
      const client = Object.assign(new ApiClient(`http://127.0.0.1:${restarted.port}`), { token: alice.token });
      const board = async () => (await client.get<CheckedBoardAnswer>(path)).body;
      return until(board, (b) => JSON.stringify(steady(b.board)) === JSON.stringify(steady(before.board)), 30_000);
    }

    const fromPostgres = await replayed({}, async (pool) => {
      await new PostgresAggregates(pool).reset();
      const { rows } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${CONTEST_QSOS_TABLE}`);
      expect(rows[0]!.n).toBe(0);
    });
    expect(steady(fromPostgres.board)).toEqual(steady(before.board));
    expect(fromPostgres.qsos).toBe(before.qsos);

    if (!clickHouse) return console.warn('skipped: the same board from ClickHouse (CLICKHOUSE_URL is not set)');
    const database = `hamlog_contest_log_${randomBytes(4).toString('hex')}`;
    const previous = process.env.CLICKHOUSE_DATABASE;
    process.env.CLICKHOUSE_DATABASE = database;
    try {
      const fromClickHouse = await replayed({ CLICKHOUSE_URL: clickHouse }, async () => {});
      expect(steady(fromClickHouse.board)).toEqual(steady(before.board));
      expect(fromClickHouse.qsos).toBe(before.qsos);
    } finally {
      if (previous === undefined) delete process.env.CLICKHOUSE_DATABASE;
      else process.env.CLICKHOUSE_DATABASE = previous;
      const admin = createClient({ url: clickHouse });
      await admin.command({ query: `DROP DATABASE IF EXISTS ${database}` });
      await admin.close();
    }
  });
});
