/**
 * The import core (importQsoRecords) against the PostgreSQL event store: a run that dies after a
 * chunk was committed, a write to one of a chunk's QSO streams between its check and its append,
 * and an engine whose appendMany is atomic per stream only (EventStoreDB) stopping half-way: every
 * QSO is in the log exactly once and the report counts each record once, as imported, duplicate
 * or failed.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dedupeKey, qsoIdFor, qsoStreamName, readAdif, type AdifRecord, type QsoFields } from '@hamlog/domain';
import { PostgresEventStore } from '@hamlog/infra/event-store/postgres-event-store';
import type { AppendRequest, AppendResult, EventStore } from '@hamlog/infra/ports/event-store';
import { createTestDatabase, type TestDatabase } from '@hamlog/infra/testing/postgres';
import { importQsoRecords, type ImportQsoRecordsInput } from '../src/import/import-qso-records';
import { logQso } from '../src/qso/log-qso';

const letters = (n: number) => String.fromCharCode(65 + (n % 26), 65 + (Math.floor(n / 26) % 26), 65 + (Math.floor(n / 676) % 26));

/** `count` distinct contacts, one a minute. */
function records(count: number, from = 0): AdifRecord[] {
  let text = '';
  for (let i = from; i < from + count; i += 1) {
    const call = `K${1 + (i % 9)}${letters(Math.floor(i / 9))}`;
    const at = new Date(Date.UTC(2023, 5, 1) + i * 60_000).toISOString();
    text += `<CALL:${call.length}>${call}<QSO_DATE:8>${at.slice(0, 10).replace(/-/g, '')}<TIME_ON:4>${at.slice(11, 16).replace(':', '')}<BAND:3>40m<MODE:2>CW<EOR>\n`;
  }
  return readAdif(text).records;
}

/** The store, with appendMany replaced for the given calls (1-based). */
function interfering(store: EventStore, calls: Record<number, (requests: AppendRequest[]) => Promise<AppendResult[]>>): EventStore {
  let n = 0;
  return {
    ...store,
    append: (r) => store.append(r),
    streamRevisions: (ids) => store.streamRevisions(ids),
    readStream: (id, o) => store.readStream(id, o),
    readAll: (a, m) => store.readAll(a, m),
    subscribeAll: (a, h, o) => store.subscribeAll(a, h, o),
    headPosition: () => store.headPosition(),
    close: () => store.close(),
    appendMany: (requests) => {
      n += 1;
      return (calls[n] ?? ((r) => store.appendMany(r)))(requests);
    },
  };
}

describe('importQsoRecords', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  beforeAll(async () => {
    db = await createTestDatabase('import');
    store = await PostgresEventStore.connect(db.url);
  });
  afterAll(async () => {
    await store?.close();
    await db?.drop();
  });

  const input = (userId: string, importId: string, all: AdifRecord[], batch = 250): ImportQsoRecordsInput => ({
    importId,
    userId,
    stationCallsign: 'G0TST',
    source: 'adif',
    fileName: 'test.adi',
    bytes: 0,
    metadata: { userId },
    chunkRecords: 100,
    batches: Array.from({ length: Math.ceil(all.length / batch) }, (_, i) => ({ records: all.slice(i * batch, (i + 1) * batch) })),
  });

  /** Each QSO stream of the user's contacts holds exactly one QsoLogged. */
  async function loggedOnce(userId: string, all: AdifRecord[]): Promise<void> {
    const streams = all.map((r) => {
      const f = r.fields;
      const fields = { call: f.CALL!, ts: `${f.QSO_DATE!.slice(0, 4)}-${f.QSO_DATE!.slice(4, 6)}-${f.QSO_DATE!.slice(6)}T${f.TIME_ON!.slice(0, 2)}:${f.TIME_ON!.slice(2)}:00Z`, band: '40m', mode: 'CW' };
      return qsoStreamName(qsoIdFor(dedupeKey(userId, fields), 0));
    });
    const revisions = await store.streamRevisions(streams);
    expect(revisions.size).toBe(all.length);
    expect(new Set(revisions.values())).toEqual(new Set([0]));
  }

  it('resumes after a run that died once a chunk was committed, without doubling or losing a QSO', async () => {
    const userId = randomUUID();
    const importId = randomUUID();
    const all = records(1_000);
    // Calls: 1 the start, 2 and 3 chunks; the third commits, then the "process dies" before it hears so.
    const dying = interfering(store, {
      3: async (requests) => {
        await store.appendMany(requests);
        throw new Error('the process died');
      },
    });
    await expect(importQsoRecords({ store: dying }, input(userId, importId, all))).rejects.toThrow('the process died');
    const report = await importQsoRecords({ store }, input(userId, importId, all));
    expect(report.progress).toMatchObject({ status: 'done', imported: 1_000, duplicates: 0, failed: 0, recordsDone: 1_000, chunks: 10 });
    await loggedOnce(userId, all);
    // Run again when done: the report, and nothing written.
    const head = await store.headPosition();
    expect((await importQsoRecords({ store }, input(userId, importId, all))).progress).toMatchObject({ imported: 1_000, duplicates: 0 });
    expect(await store.headPosition()).toBe(head);
  });

  it('decides a chunk again when one of its contacts is logged between its check and its append', async () => {
    const userId = randomUUID();
    const all = records(300, 5_000);
    const target = all[150]!; // in the second chunk
    const f = target.fields;
    const fields: QsoFields = {
      ts: `${f.QSO_DATE!.slice(0, 4)}-${f.QSO_DATE!.slice(4, 6)}-${f.QSO_DATE!.slice(6)}T${f.TIME_ON!.slice(0, 2)}:${f.TIME_ON!.slice(2)}:00Z`,
      call: f.CALL!, freqHz: 7_000_000, band: '40m', mode: 'CW', subMode: '', name: '', snt: '599', rcv: '599', comment: '', power: '', dxcc: 0, continent: '', country: '',
      lat: null, lon: null, cqZone: null, ituZone: null, gridSquare: '', radioMode: '', qsoDuration: 0, qsoOrigin: '', isRunQso: 0, contestName: '',
    };
    const racing = interfering(store, {
      3: async (requests) => {
        await logQso(store, { stationUserId: userId, stationCallsign: 'G0TST', fields }, { userId });
        return store.appendMany(requests);
      },
    });
    const report = await importQsoRecords({ store: racing }, input(userId, randomUUID(), all));
    expect(report.progress).toMatchObject({ status: 'done', imported: 299, duplicates: 1, failed: 0 });
    await loggedOnce(userId, all);
  });

  it('recognises its own QSOs after an engine that is atomic per stream only stopped half-way through a chunk', async () => {
    const userId = randomUUID();
    const importId = randomUUID();
    const all = records(300, 9_000);
    const halfWay = interfering(store, {
      2: async (requests) => {
        for (const request of requests.slice(0, 60)) await store.append(request);
        throw new Error('connection lost');
      },
    });
    await expect(importQsoRecords({ store: halfWay }, input(userId, importId, all))).rejects.toThrow('connection lost');
    const report = await importQsoRecords({ store }, input(userId, importId, all));
    expect(report.progress).toMatchObject({ status: 'done', imported: 300, duplicates: 0, failed: 0 });
    await loggedOnce(userId, all);
  });

  it('counts a contact twice in the file, or already in the log, as a duplicate', async () => {
    const userId = randomUUID();
    const some = records(120, 20_000);
    await importQsoRecords({ store }, input(userId, randomUUID(), some.slice(0, 20)));
    const report = await importQsoRecords({ store }, input(userId, randomUUID(), [...some, some[5]!, some[110]!]));
    expect(report.progress).toMatchObject({ imported: 100, duplicates: 22, failed: 0, recordsDone: 122 });
    await loggedOnce(userId, some);
  });
});
