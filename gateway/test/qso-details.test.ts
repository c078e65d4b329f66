/**
 * The whole QSO on the embedded default with real PostgreSQL: ADIF detail fields imported, shown,
 * filtered, edited and exported; a QSO stored before details (its event at version 1, the fields
 * in extra) read with its details; a station's log and then its LoTW report, times a couple of
 * minutes apart as real logs are, end with the log's QSOs, the reported ones confirmed by LoTW and
 * nothing else; a report imported again confirms nothing twice.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adifImportReport,
  EXPORT_JOB_COMPLETED,
  type ExportJobsAnswer,
  LOTW_CONFIRMATION_NOT_IN_LOG,
  qsoIdFor,
  dedupeKey,
  qsoStreamName,
  readAdif,
  type LogbookAnswer,
  type Qso,
  type QsoFields,
  type QsoHistoryAnswer,
  type QslCardsAnswer,
} from '@hamlog/domain';
import { PostgresEventStore } from '@hamlog/infra/event-store/postgres-event-store';
import { createPool } from '@hamlog/infra/postgres/pool';
import { ApiClient, startWithAliceAndBob, type TestServer } from './server-harness';
import { until } from './until';
import { adifFixture, importAdifText, shiftedLog } from './adif-files';




describe('the whole QSO: details, filters, edits, confirmations by import', () => {
  let t: TestServer;
  let alice: ApiClient;
  let bob: ApiClient;
  let aliceId: string;

  beforeAll(async () => {
    ({ t, alice, bob, aliceId } = await startWithAliceAndBob('K9CTS'));
  });
  afterAll(async () => {
    await t?.stop();
  });

  const logbook = async (filter: Record<string, unknown>) => {
    const res = await alice.post<LogbookAnswer>('/vlogbook', { size: 500, ...filter });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };

  it("imports a station's log, then its LoTW report: the matching QSOs are confirmed by LoTW, nothing is added", async () => {
    const log = shiftedLog(await adifFixture('N3FJP-AClogAdif.adi'), 2);
    const logged = await importAdifText(t.url, alice, 'n3fjp.adi', log);
    expect(logged.failed).toBe(0);
    const inLog = logged.imported!;
    expect(inLog).toBeGreaterThan(400);
    expect((await logbook({ service: 'lotw' })).total).toBe(0);

    const report = await adifFixture('lotwreport.adi');
    const reported = readAdif(Buffer.from(report, 'latin1')).records.length;
    expect(reported).toBe(438);
    const confirmed = await importAdifText(t.url, alice, 'lotwreport.adi', report);
    console.log(`log: ${inLog} QSOs; LoTW report: ${confirmed.confirmed} confirmed, ${confirmed.duplicates} already, ${confirmed.failed} not in the log`);
    expect(confirmed.imported).toBe(0);
    // Every record confirms a logged QSO, finds it confirmed already (the same QSO twice in the report), or is listed as not in the log.
    expect(confirmed.confirmed! + confirmed.duplicates! + confirmed.failed!).toBe(reported);
    expect(confirmed.confirmed).toBeGreaterThan(400);
    expect(confirmed.failures!.every((f) => f.message === LOTW_CONFIRMATION_NOT_IN_LOG)).toBe(true);
    expect(confirmed.message).toBe(adifImportReport(0, confirmed.duplicates!, confirmed.failed!, confirmed.confirmed!));

    const all = await logbook({});
    expect(all.total).toBe(inLog);
    const byLotw = await logbook({ confirmed: 'yes', service: 'lotw' });
    expect(byLotw.total).toBeGreaterThanOrEqual(confirmed.confirmed! - confirmed.duplicates!);
    expect(byLotw.total).toBeLessThanOrEqual(confirmed.confirmed!);
    expect((await logbook({ confirmed: 'no', service: 'lotw' })).total).toBe(inLog - byLotw.total);
    for (const qso of byLotw.logbook) expect(qso.adif).toMatchObject({ LOTW_QSL_RCVD: 'Y', LOTW_QSL_SENT: 'Y' });

    // The first record of both files: N5ILQ on 20m CW, 2022-06-02 18:20:54 in LoTW, 18:22:54 in the log.
    const n5ilq = all.logbook.find((q) => q.Call === 'N5ILQ' && q.TS === '2022-06-02T18:22:54Z')!;
    expect(n5ilq.adif).toMatchObject({ LOTW_QSL_RCVD: 'Y', LOTW_QSLRDATE: '20220602', STATE: 'OK', CNTY: 'OK,OKLAHOMA' });
    // The log's own paper flag (N3FJP's QSL_Rcvd) is the log's; the report did not turn it into LoTW's or back.
    expect(n5ilq.adif?.QSL_RCVD).toBe('Y');

    const history = await alice.post<QsoHistoryAnswer>('/vqso/history', { qdo_id: n5ilq.qdo_id });
    expect(history.body.history.map((h) => h.label)).toEqual(['Imported from n3fjp.adi', 'Confirmed by LoTW on 2022-06-02']);

    const again = await importAdifText(t.url, alice, 'lotwreport.adi', report);
    expect(again).toMatchObject({ imported: 0, confirmed: 0 });
    expect(again.duplicates).toBe(confirmed.confirmed! + confirmed.duplicates!);
    expect((await logbook({})).total).toBe(inLog);
  });

  it('confirms by a logger export only the same contact, never a nearby one', async () => {
    const record = (time: string, mode: string, extra = '') => `<CALL:5>DL1AB<QSO_DATE:8>20240301<TIME_ON:4>${time}<BAND:3>20m<FREQ:6>14.074<MODE:${mode.length}>${mode}${extra}<EOR>\n`;
    const first = await importAdifText(t.url, alice, 'log.adi', `<EOH>\n${record('1200', 'FT8')}${record('1210', 'CW')}`);
    expect(first.imported).toBe(2);
    // A later export of the same log: the CW contact now confirmed by eQSL; a contact at 12:20 is new.
    const later = await importAdifText(t.url, alice, 'log2.adi', `<EOH>\n${record('1210', 'CW', '<EQSL_QSL_RCVD:1>Y<EQSL_QSLRDATE:8>20240310')}${record('1220', 'CW', '<EQSL_QSL_RCVD:1>Y')}`);
    expect(later).toMatchObject({ imported: 1, confirmed: 1, duplicates: 0, failed: 0 });
    const dl1ab = (await logbook({ from: '2024-03-01', to: '2024-03-01' })).logbook.filter((q) => q.Call === 'DL1AB');
    expect(dl1ab.map((q) => [q.TS.slice(11, 16), q.Mode, q.adif?.EQSL_QSL_RCVD ?? ''])).toEqual([
      ['12:20', 'CW', 'Y'],
      ['12:10', 'CW', 'Y'],
      ['12:00', 'FT8', ''],
    ]);
  });

  it('shows, edits, filters and exports the detail fields; refuses invalid ones whole', async () => {
    const res = await alice.post<{ qdo_id: string }>('/vqso/upsert', { data: { TS: '2025-05-05T10:00:00Z', Call: 'EA8XYZ', Freq: '14074', Mode: 'FT8' } });
    expect(res.status).toBe(201);
    const id = res.body.qdo_id;
    const edit = await alice.post('/vqso/update', { qdo_id: id, adif: { STATE: '', IOTA: 'af-004', POTA_REF: 'EA-0123', LOTW_QSL_RCVD: 'Y', LOTW_QSLRDATE: '2025-05-20', NOTES: 'Big signal\nfrom the Canaries', SRX: '12' } });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const bad = await alice.post<{ errors: Record<string, string[]> }>('/vqso/update', { qdo_id: id, Name: 'Juan', adif: { IOTA: 'AF-4', QSL_SENT: 'maybe' } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['IOTA', 'QSL_SENT']);
    // Only the fields it names change; '' clears one.
    expect((await alice.post('/vqso/update', { qdo_id: id, adif: { SRX: '' } })).status).toBe(200);

    const page = await alice.post<{ qso: Qso }>('/vgetFullQso', { qdo_id: id });
    expect(page.body.qso.Name).toBe('');
    expect(page.body.qso.adif).toEqual({ IOTA: 'AF-004', POTA_REF: 'EA-0123', LOTW_QSL_RCVD: 'Y', LOTW_QSLRDATE: '20250520', NOTES: 'Big signal\nfrom the Canaries' });
    const history = await alice.post<QsoHistoryAnswer>('/vqso/history', { qdo_id: id });
    expect(history.body.history.map((h) => h.label)).toEqual(['Logged', 'Confirmed by LoTW on 2025-05-20', 'Updated']);

    const filtered = await logbook({ band: '20m', mode: 'FT8', dxcc: page.body.qso.dxcc, from: '2025-05-05', to: '2025-05-05', confirmed: 'yes', service: 'lotw' });
    expect(filtered.logbook.map((q) => q.qdo_id)).toEqual([id]);
    expect((await logbook({ from: '2025-05-05', to: '2025-05-05', service: 'eqsl' })).total).toBe(0);
    const refused = await alice.post<{ errors: Record<string, string[]> }>('/vlogbook', { band: '21m', confirmed: 'perhaps' });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.errors).sort()).toEqual(['band', 'confirmed']);
    // Another user's filters see their own log only.
    expect((await bob.post<LogbookAnswer>('/vlogbook', { service: 'lotw' })).body.total).toBe(0);

    const asked = await alice.post<{ job_id?: string; id?: string }>('/vexportadif', { start_date: '2025-05-05', end_date: '2025-05-05' });
    expect(asked.status, JSON.stringify(asked.body)).toBeLessThan(300);
    const file = await until(async () => {
      const list = await alice.post<ExportJobsAnswer>('/vexportjobs');
      const job = list.body.jobs.find((j) => j.status === EXPORT_JOB_COMPLETED);
      if (!job) return null;
      const res = await fetch(`${t.url}/api/vexportjobs/${job.id}/download`, { headers: { authorization: `Bearer ${alice.token}` } });
      return res.status === 200 ? res.text() : null;
    }, (text) => text !== null, 30_000);
    expect(file).not.toBeNull();
    const exported = readAdif(Buffer.from(file!)).records.find((r) => r.fields.CALL === 'EA8XYZ')!;
    expect(exported.fields).toMatchObject({ IOTA: 'AF-004', POTA_REF: 'EA-0123', LOTW_QSL_RCVD: 'Y', LOTW_QSLRDATE: '20250520', NOTES: 'Big signal\nfrom the Canaries' });
  });

  it('marks paper QSL cards in bulk: the QSL queue, then sent; only the caller\'s own QSOs', async () => {
    const ids: string[] = [];
    for (const [i, call] of ['OH2ABC', 'OK1ABC', 'SP9ABC'].entries()) {
      const res = await alice.post<{ qdo_id: string }>('/vqso/upsert', { data: { TS: `2025-06-0${i + 1}T12:00:00Z`, Call: call, Freq: 7074, Mode: 'FT8' } });
      ids.push(res.body.qdo_id);
    }
    const queued = await alice.post<QslCardsAnswer>('/vqso/qslcards', { qdo_ids: ids.slice(0, 2), sent: 'Q' });
    expect(queued.status, JSON.stringify(queued.body)).toBe(200);
    expect(queued.body.changed).toBe(2);
    expect((await logbook({ queue: 'paper' })).logbook.map((q) => q.Call).sort()).toEqual(['OH2ABC', 'OK1ABC']);
    // Bob cannot touch Alice's QSOs: nothing changes, and the answer does not say whose they are.
    expect((await bob.post<QslCardsAnswer>('/vqso/qslcards', { qdo_ids: ids, sent: 'Y' })).body.changed).toBe(0);
    const sent = await alice.post<QslCardsAnswer>('/vqso/qslcards', { qdo_ids: ids.slice(0, 2), sent: 'Y', date: '2025-06-10', via: 'B' });
    expect(sent.body.changed).toBe(2);
    expect((await logbook({ queue: 'paper' })).total).toBe(0);
    const page = await alice.post<{ qso: Qso }>('/vgetFullQso', { qdo_id: ids[0] });
    expect(page.body.qso.adif).toEqual({ QSL_SENT: 'Y', QSLSDATE: '20250610', QSL_SENT_VIA: 'B' });
    const history = await alice.post<QsoHistoryAnswer>('/vqso/history', { qdo_id: ids[0] });
    expect(history.body.history.map((h) => h.label)).toEqual(['Logged', 'QSL card queued', 'QSL card sent on 2025-06-10']);
    // Again: nothing changes.
    expect((await alice.post<QslCardsAnswer>('/vqso/qslcards', { qdo_ids: ids.slice(0, 2), sent: 'Y', date: '2025-06-10', via: 'B' })).body.changed).toBe(0);
    const refused = await alice.post<{ errors: Record<string, string[]> }>('/vqso/qslcards', { qdo_ids: ids, sent: 'maybe' });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.errors)).toEqual(['sent']);
  });

  it('reads a QSO stored before details (version 1, the fields in extra) with its details, never rewriting it', async () => {
    const pool = createPool(t.db.url, 2);
    try {
      const raw = await PostgresEventStore.create(pool);
      const fields: QsoFields = {
        ts: '2023-07-01T08:00:00Z', call: 'JA1XYZ', freqHz: 21_074_000, band: '15m', mode: 'FT8', subMode: '', name: '', snt: '', rcv: '', comment: '',
        power: '', dxcc: 339, continent: 'AS', country: 'Japan', lat: null, lon: null, cqZone: 25, ituZone: 45, gridSquare: '', radioMode: '',
        qsoDuration: 0, qsoOrigin: '', isRunQso: 0, contestName: '',
        extra: { QSL_RCVD: 'y', QSLRDATE: '20230801', IOTA: 'as-007', APP_OLD_LOGGER: 'kept' },
      };
      const key = dedupeKey(aliceId, fields);
      const qdoId = qsoIdFor(key, 0);
      await raw.append({
        streamId: qsoStreamName(qdoId),
        expectedRevision: 'no_stream',
        events: [{ id: randomUUID(), type: 'QsoLogged', version: 1, data: { qdoId, stationUserId: aliceId, stationCallsign: 'K9CTS', dedupeKey: key, fields }, metadata: { userId: aliceId, stationUserId: aliceId, stationCallsign: 'K9CTS' } }],
      });
      const qso = await until(async () => {
        const res = await alice.post<{ qso: Qso }>('/vgetFullQso', { qdo_id: qdoId });
        return res.status === 200 ? res.body.qso : null;
      }, (found) => found !== null);
      expect(qso?.adif).toEqual({ QSL_RCVD: 'Y', QSLRDATE: '20230801', IOTA: 'AS-007' });
      expect((await logbook({ confirmed: 'yes', service: 'paper', from: '2023-07-01', to: '2023-07-01' })).total).toBe(1);
      const stored = await pool.query<{ version: number; data: { fields: QsoFields } }>('SELECT version, data FROM es_events WHERE stream_id = $1', [qsoStreamName(qdoId)]);
      expect(stored.rows[0]!.version).toBe(1);
      expect(stored.rows[0]!.data.fields.extra).toEqual(fields.extra);
      // An edit now writes the current version.
      expect((await alice.post('/vqso/update', { qdo_id: qdoId, Name: 'Taro' })).status).toBe(200);
      const after = await pool.query<{ version: number; type: string }>('SELECT type, version FROM es_events WHERE stream_id = $1 ORDER BY revision', [qsoStreamName(qdoId)]);
      expect(after.rows).toEqual([{ type: 'QsoLogged', version: 1 }, { type: 'QsoUpdated', version: 2 }]);
    } finally {
      await pool.end();
    }
  });
});
