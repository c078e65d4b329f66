/**
 * ADIF export end to end on the embedded default: Alice logs QSOs (one with extra ADIF fields, as
 * an import stores them), asks for exports by date and by date and time, and downloads each file;
 * read back with the ADIF reader, the file holds exactly her live QSOs of that range. Then the
 * validation messages, the owner-only list and download, the 24-hour cleanup at a moved clock,
 * and a job left pending by a stopped server that the next start writes.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adifExportDecider,
  adifExportKey,
  adifExportStreamName,
  adifRecordToQso,
  dedupeKey,
  EXPORT_DATES_REQUIRED,
  EXPORT_DATETIMES_REQUIRED,
  EXPORT_FILE_LIFETIME_MS,
  EXPORT_JOB_NOT_FOUND,
  EXPORT_START_AFTER_END,
  EXPORT_START_AFTER_END_DATETIME,
  EXPORTS_PENDING_LIMIT,
  exportsPendingLimit,
  exportRangeFrom,
  normaliseQsoInput,
  qsoDecider,
  qsoIdFor,
  qsoStreamName,
  readAdif,
  type ExportJob,
  type ExportJobsAnswer,
  type ExportRequestAnswer,
  type QsoFields,
} from '@hamlog/domain';
import { handleCommand } from '@hamlog/command-api';
import { PostgresEventStore } from '@hamlog/infra/event-store/postgres-event-store';
import { createPool, type Pool } from '@hamlog/infra/postgres/pool';
import { logbookPage } from '@hamlog/infra/read-models/logbook/queries';
import type { RunningServer } from '../src/embedded-runtime';
import { ApiClient, startServerOn, startTestServer, type TestServer } from './server-harness';

describe('ADIF export (embedded runtime, real PostgreSQL)', () => {
  let t: TestServer;
  let server: RunningServer;
  let clock: number | null = null;
  let alice: ApiClient;
  let bob: ApiClient;
  let aliceId: string;
  let pool: Pool;
  let store: PostgresEventStore;
  const url = () => `http://127.0.0.1:${server.port}`;
  /** The same session on the restarted server (its port changed). */
  const again = (client: ApiClient) => Object.assign(new ApiClient(url()), { token: client.token });

  async function log(who: ApiClient, data: Record<string, unknown>): Promise<string> {
    const res = await who.post<{ qdo_id: string }>('/vqso/upsert', { data: { Freq: 14074, Mode: 'FT8', ...data } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.qdo_id;
  }

  /** The job once it is no longer pending (the list is polled as the page does, but faster). */
  async function finished(who: ApiClient, jobId: string): Promise<ExportJob> {
    for (let i = 0; i < 200; i += 1) {
      const list = await who.post<ExportJobsAnswer>('/vexportjobs');
      expect(list.status).toBe(200);
      const job = list.body.jobs.find((j) => j.id === jobId);
      if (job && job.status !== null) return job;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`export ${jobId} still pending`);
  }

  async function download(who: ApiClient | null, jobId: string): Promise<Response> {
    return fetch(`${url()}/api/vexportjobs/${jobId}/download`, { headers: who?.token ? { authorization: `Bearer ${who.token}` } : {} });
  }

  /** Alice's live QSOs in [from, until) as the logbook holds them, oldest first. */
  async function logbookBetween(from: string, until: string): Promise<QsoFields[]> {
    const rows = await logbookPage(pool, aliceId, 1, 500);
    return rows
      .filter((r) => r.fields.ts >= from.slice(0, 19) && r.fields.ts < until.slice(0, 19))
      .map((r) => r.fields)
      .reverse();
  }

  /** The file's QSOs as an import would read them. */
  function qsosIn(text: string): { fields: QsoFields; station: string }[] {
    const read = readAdif(text);
    expect(read.problems).toEqual([]);
    return read.records.map((record) => {
      const qso = adifRecordToQso(record, new Date());
      if (!qso.ok) throw new Error(`line ${qso.line}: ${qso.message}`);
      return { fields: qso.fields, station: qso.stationCallsign };
    });
  }

  beforeAll(async () => {
    t = await startTestServer({}, { now: () => new Date(clock ?? Date.now()) });
    server = t.server;
    alice = new ApiClient(t.url);
    bob = new ApiClient(t.url);
    aliceId = await alice.signUp('alice@example.com', 'W1AW');
    await bob.signUp('bob@example.com', 'K1JT');
    pool = createPool(t.db.url, 4);
    store = await PostgresEventStore.create(pool);

    await log(alice, { Call: 'DL1ABC', TS: '2024-01-10T12:00:00Z', Name: 'Jürgen Müller', Comment: 'first <of> "many"' });
    await log(alice, { Call: 'G4XYZ', TS: '2024-01-15T08:30:00Z', Freq: 7074.5, Mode: 'CW', SNT: '599', RCV: '579' });
    await log(alice, { Call: 'JA1ABC', TS: '2024-01-20T11:59:59Z', Freq: 21074 });
    await log(alice, { Call: 'VK2XYZ', TS: '2024-01-20T12:00:00Z', Freq: 28074 });
    await log(alice, { Call: 'EA1AAA', TS: '2024-01-31T23:59:59Z', Mode: 'SSB', SubMode: 'USB', Freq: 14200 });
    await log(alice, { Call: 'OK1AAA', TS: '2024-02-01T00:00:00Z' });
    await log(alice, { Call: 'F5ABC', TS: '2023-12-31T23:59:59Z' });
    const deleted = await log(alice, { Call: 'I1ABC', TS: '2024-01-12T10:00:00Z' });
    expect((await alice.post('/vqso/nuke', { qdo_id: deleted })).status).toBe(200);
    await log(bob, { Call: 'ON4ABC', TS: '2024-01-11T10:00:00Z' });
    // An imported contact: ADIF fields beyond the named ones, stored with the QSO.
    const normalised = normaliseQsoInput({ Call: 'SM5ABC', TS: '2024-01-25T18:45:00Z', Freq: 3573, Mode: 'FT8' } as never, new Date());
    if (!normalised.ok) throw new Error(JSON.stringify(normalised.errors));
    const extra = { QSL_RCVD: 'Y', MY_GRIDSQUARE: 'FN31pr', APP_LOG4OM_NOTE: 'Ångström → 73', STATE: 'MA' };
    const fields = { ...normalised.fields, extra };
    const qdoId = qsoIdFor(dedupeKey(aliceId, fields), 0);
    const imported = await handleCommand(store, qsoStreamName(qdoId), qsoDecider, { type: 'LogQso', data: { qdoId, stationUserId: aliceId, stationCallsign: 'W1AW', fields } }, { userId: aliceId });
    expect(imported.appended).not.toBeNull();
    // Alice's next reads wait for it, as they would after an import.
    await server.writePositions.remember(aliceId, imported.appended!.position);
  });

  afterAll(async () => {
    await store?.close();
    await pool?.end();
    await server?.stop();
    await t?.db.drop();
  });

  it('exports a date range: the file holds exactly the live QSOs of those days, extra ADIF fields included', async () => {
    const asked = await alice.post<ExportRequestAnswer>('/vexportadif', { start_date: '2024-01-01', end_date: '2024-01-31', request_id: 'press-1' });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const job = asked.body.job;
    expect(job).toMatchObject({ start_date: '2024-01-01', end_date: '2024-01-31', status: null, filename: 'W1AW_20240101_20240131.adi' });
    // A retry of the same press, and the same range while it is pending, answer that job.
    const retried = await alice.post<ExportRequestAnswer>('/vexportadif', { start_date: '2024-01-01', end_date: '2024-01-31', request_id: 'press-1' });
    expect(retried.status).toBe(200);
    expect(retried.body.job.id).toBe(job.id);

    const done = await finished(alice, job.id);
    expect(done).toMatchObject({ id: job.id, status: 1, qso_count: 6 });
    const list = await alice.post<ExportJobsAnswer>('/vexportjobs');
    expect(list.body.jobs.filter((j) => j.id === job.id)).toHaveLength(1);

    const res = await download(alice, job.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="W1AW_20240101_20240131.adi"');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(bytes.length).toBe(done.bytes);
    const text = new TextDecoder().decode(bytes);
    expect(text).toMatch(/<EOH>/i);

    const expected = await logbookBetween('2024-01-01T00:00:00Z', '2024-02-01T00:00:00Z');
    expect(expected.map((f) => f.call)).toEqual(['DL1ABC', 'G4XYZ', 'JA1ABC', 'VK2XYZ', 'SM5ABC', 'EA1AAA']);
    const read = qsosIn(text);
    expect(read.map((q) => q.station)).toEqual(Array(6).fill('W1AW'));
    expect(read.map((q) => q.fields)).toEqual(expected);
    expect(read.find((q) => q.fields.call === 'SM5ABC')?.fields).toMatchObject({ details: { QSL_RCVD: 'Y', MY_GRIDSQUARE: 'FN31pr', STATE: 'MA' }, extra: { APP_LOG4OM_NOTE: 'Ångström → 73' } });
    expect(read.find((q) => q.fields.call === 'DL1ABC')?.fields).toMatchObject({ name: 'Jürgen Müller', comment: 'first <of> "many"' });

    // The stored file is private: never served at /media.
    expect((await fetch(`${url()}/media/adif-export-${job.id}.adi`)).status).toBe(404);
    // Asked again once done, without the same request id: a new job (the log may have changed).
    const again = await alice.post<ExportRequestAnswer>('/vexportadif', { start_date: '2024-01-01', end_date: '2024-01-31' });
    expect(again.status).toBe(201);
    expect(again.body.job.id).not.toBe(job.id);
    expect((await finished(alice, again.body.job.id)).status).toBe(1);
  });

  it('exports a date-time range, the end minute included', async () => {
    const asked = await alice.post<ExportRequestAnswer>('/vexportadif', { start_datetime: '2024-01-10T12:00', end_datetime: '2024-01-20T11:59' });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    expect(asked.body.job).toMatchObject({ start_date: '2024-01-10 12:00', end_date: '2024-01-20 11:59', filename: 'W1AW_20240110-1200_20240120-1159.adi' });
    const done = await finished(alice, asked.body.job.id);
    expect(done.qso_count).toBe(3);
    const text = await (await download(alice, asked.body.job.id)).text();
    expect(qsosIn(text).map((q) => q.fields.call)).toEqual(['DL1ABC', 'G4XYZ', 'JA1ABC']);
    expect(qsosIn(text).map((q) => q.fields)).toEqual(await logbookBetween('2024-01-10T12:00:00Z', '2024-01-20T12:00:00Z'));
  });

  it("answers the specification's messages, and writes nothing for a refused request", async () => {
    const refused = async (body: Record<string, unknown>) => {
      const res = await alice.post<{ message: string }>('/vexportadif', body);
      expect(res.status).toBe(422);
      expect(res.headers.get('x-log-position')).toBeNull();
      return res.body.message;
    };
    const before = await alice.post<ExportJobsAnswer>('/vexportjobs');
    expect(await refused({})).toBe(EXPORT_DATES_REQUIRED);
    expect(await refused({ start_date: '2024-01-01', end_date: '' })).toBe(EXPORT_DATES_REQUIRED);
    expect(await refused({ start_date: '2024-02-01', end_date: '2024-01-01' })).toBe(EXPORT_START_AFTER_END);
    expect(await refused({ start_datetime: '2024-01-01 10:00' })).toBe(EXPORT_DATETIMES_REQUIRED);
    expect(await refused({ start_datetime: '2024-01-01 10:00', end_datetime: '2024-01-01 09:59' })).toBe(EXPORT_START_AFTER_END_DATETIME);
    expect(await refused({ start_date: 'last week', end_date: '2024-01-01' })).toMatch(/YYYY-MM-DD/);
    expect((await alice.post<ExportJobsAnswer>('/vexportjobs')).body.jobs).toEqual(before.body.jobs);
    expect((await new ApiClient(url()).post('/vexportadif', { start_date: '2024-01-01', end_date: '2024-01-02' })).status).toBe(401);
  });

  it("keeps each user's jobs to themselves: Bob neither lists nor downloads Alice's", async () => {
    const mine = (await alice.post<ExportJobsAnswer>('/vexportjobs')).body.jobs;
    const completed = mine.find((j) => j.status === 1)!;
    expect((await bob.post<ExportJobsAnswer>('/vexportjobs')).body.jobs).toEqual([]);
    const bobs = await download(bob, completed.id);
    expect(bobs.status).toBe(404);
    expect(((await bobs.json()) as { message: string }).message).toBe(EXPORT_JOB_NOT_FOUND);
    expect((await download(null, completed.id)).status).toBe(401);
    expect((await download(bob, 'no-such-job')).status).toBe(404);
    // Bob's own export of the same days holds only his QSO.
    const his = await bob.post<ExportRequestAnswer>('/vexportadif', { start_date: '2024-01-01', end_date: '2024-01-31' });
    expect(his.body.job.id).not.toBe(completed.id);
    await finished(bob, his.body.job.id);
    expect(qsosIn(await (await download(bob, his.body.job.id)).text()).map((q) => [q.station, q.fields.call])).toEqual([['K1JT', 'ON4ABC']]);
    expect((await download(alice, his.body.job.id)).status).toBe(404);
  });

  it('deletes files and jobs 24 hours after they were asked for', async () => {
    const jobs = (await alice.post<ExportJobsAnswer>('/vexportjobs')).body.jobs;
    const bobs = (await bob.post<ExportJobsAnswer>('/vexportjobs')).body.jobs;
    expect(jobs.length).toBeGreaterThan(0);
    const oldest = Math.min(...[...jobs, ...bobs].map((j) => Date.parse(j.created_at)));
    // Bob's jobs may be younger than Alice's newest (a slow machine): the sweep's time is past every job's 24 hours.
    const newest = Math.max(...[...jobs, ...bobs].map((j) => Date.parse(j.created_at)));
    const fileOf = (job: ExportJob) => join(t.dataDir, 'files', `adif-export-${job.id}.adi`);
    expect(jobs.filter((j) => j.status === 1).every((j) => existsSync(fileOf(j)))).toBe(true);

    clock = oldest + EXPORT_FILE_LIFETIME_MS - 60_000;
    expect((await server.adifExports.sweep()).expired).toEqual([]);
    clock = newest + EXPORT_FILE_LIFETIME_MS + 1_000;
    const swept = await server.adifExports.sweep();
    expect(swept.expired.sort()).toEqual([...jobs, ...bobs].map((j) => j.id).sort());
    expect(jobs.some((j) => existsSync(fileOf(j)))).toBe(false);
    // The list reads at the real time: the rows are gone (once the read model has the expiries), not just hidden.
    let left = jobs;
    for (let i = 0; i < 100 && left.length > 0; i += 1) {
      await new Promise((r) => setTimeout(r, 50));
      left = (await alice.post<ExportJobsAnswer>('/vexportjobs')).body.jobs;
    }
    expect(left).toEqual([]);
    expect((await download(alice, jobs[0]!.id)).status).toBe(404);
    // A second sweep finds nothing left to do.
    expect((await server.adifExports.sweep()).expired).toEqual([]);
    clock = null;
  });

  it('lets a user have 3 exports pending at once; asking again for one of them still answers it', async () => {
    // No worker: what is asked for stays pending.
    await server.adifExports.stop();
    const ask = (day: string) => alice.post<ExportRequestAnswer & { message: string }>('/vexportadif', { start_date: '2024-01-01', end_date: day });
    for (const day of ['2024-01-02', '2024-01-03', '2024-01-04']) expect((await ask(day)).status).toBe(201);
    const refused = await ask('2024-01-05');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(exportsPendingLimit(EXPORTS_PENDING_LIMIT));
    expect((await ask('2024-01-03')).status).toBe(200);
    expect((await bob.post('/vexportadif', { start_date: '2024-01-01', end_date: '2024-01-05' })).status).toBe(201);
  });

  it('writes a job left pending by a stopped server when the server starts again', async () => {
    await server.stop();
    // The request was recorded, then the process stopped before its job ran.
    const result = exportRangeFrom({ start_date: '2023-12-31', end_date: '2024-01-10' });
    if (!result.ok) throw new Error('bad range');
    const exportKey = adifExportKey(aliceId, result.range);
    const handled = await handleCommand(
      store,
      adifExportStreamName(exportKey),
      adifExportDecider,
      { type: 'RequestAdifExport', data: { exportKey, userId: aliceId, stationCallsign: 'W1AW', range: result.range, requestId: null, at: new Date().toISOString() } },
      { userId: aliceId },
    );
    const jobId = `${exportKey}-1`;
    expect(handled.events).toHaveLength(1);

    server = await startServerOn(t.db.url, { DATA_DIR: t.dataDir }, { now: () => new Date(clock ?? Date.now()) });
    alice = again(alice);
    const done = await finished(alice, jobId);
    expect(done).toMatchObject({ status: 1, qso_count: 2, start_date: '2023-12-31', end_date: '2024-01-10' });
    expect(qsosIn(await (await download(alice, jobId)).text()).map((q) => q.fields.call)).toEqual(['F5ABC', 'DL1ABC']);
    // So do the jobs the stopped worker had left queued.
    const jobs = (await alice.post<ExportJobsAnswer>('/vexportjobs')).body.jobs;
    expect(jobs).toHaveLength(4);
    for (const job of jobs) expect((await finished(alice, job.id)).status).toBe(1);
  }, 60_000);
});
