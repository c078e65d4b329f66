import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  adifImportMessage,
  adifImportReport,
  adifImportStatusOf,
  decideQsoImport,
  foldEvents,
  isAdifFileName,
  QSO_IMPORT_MAX_LISTED_FAILURES,
  qsoIdFor,
  qsoImportDecider,
  QsoImportOrderError,
  type QsoImportEvent,
  type QsoImportState,
} from '../src/index';

const started: QsoImportEvent = { type: 'QsoImportStarted', data: { importId: 'i-1', userId: 'u-1', source: 'adif', fileName: 'log.adi', bytes: 1000, at: '2026-11-23T10:00:00Z' } };
const chunk = (n: number, over: Partial<Extract<QsoImportEvent, { type: 'QsoImportChunkApplied' }>['data']> = {}) => ({
  type: 'ApplyQsoImportChunk' as const,
  data: { importId: 'i-1', chunk: n, recordsDone: (n + 1) * 10, problemsDone: 0, bytesDone: (n + 1) * 100, imported: 8, duplicates: 1, failed: 1, failures: [{ line: n * 10 + 3, message: 'bad' }], ...over },
});
const given = (...events: QsoImportEvent[]): QsoImportState => foldEvents(qsoImportDecider, events);

describe('the QSO import decider', () => {
  it('starts once, applies chunks in order (an applied one again is nothing), then finishes once', () => {
    expect(decideQsoImport({ type: 'StartQsoImport', data: started.data }, null)).toEqual([started]);
    expect(decideQsoImport({ type: 'StartQsoImport', data: started.data }, given(started))).toEqual([]);
    const first = decideQsoImport(chunk(0), given(started));
    expect(first).toHaveLength(1);
    const state = given(started, first[0]!);
    expect(state).toMatchObject({ chunks: 1, recordsDone: 10, imported: 8, duplicates: 1, failed: 1, failures: [{ line: 3, message: 'bad' }], status: 'running' });
    expect(decideQsoImport(chunk(0), state)).toEqual([]);
    expect(() => decideQsoImport(chunk(2), state)).toThrow(QsoImportOrderError);
    const finished = decideQsoImport({ type: 'FinishQsoImport', data: { importId: 'i-1', at: '2026-11-23T10:01:00Z' } }, state);
    const done = given(started, first[0]!, ...finished);
    expect(done).toMatchObject({ status: 'done', bytesDone: 1000, finishedAt: '2026-11-23T10:01:00Z' });
    expect(decideQsoImport({ type: 'FinishQsoImport', data: { importId: 'i-1', at: 'x' } }, done)).toEqual([]);
    expect(() => decideQsoImport(chunk(1), done)).toThrow(QsoImportOrderError);
    expect(adifImportMessage(done!)).toBe(adifImportReport(8, 1, 1));
    expect(adifImportStatusOf(done!)).toMatchObject({ status: 'done', records_done: 10, bytes_total: 1000, bytes_done: 1000 });
  });

  it('keeps the reason of an import that failed, and lists at most QSO_IMPORT_MAX_LISTED_FAILURES failures while counting all', () => {
    const failed = decideQsoImport({ type: 'FailQsoImport', data: { importId: 'i-1', reason: 'gone', at: 'x' } }, given(started));
    expect(adifImportMessage(given(started, ...failed)!)).toBe('gone');
    const many = Array.from({ length: QSO_IMPORT_MAX_LISTED_FAILURES + 5 }, (_, i) => ({ line: i + 1, message: 'bad' }));
    const [event] = decideQsoImport(chunk(0, { failed: many.length, failures: many }), given(started));
    const state = given(started, event!);
    expect(state?.failures).toHaveLength(QSO_IMPORT_MAX_LISTED_FAILURES);
    expect(state?.failed).toBe(QSO_IMPORT_MAX_LISTED_FAILURES + 5);
  });

  it('takes .adi and .adif files by name, in any case', () => {
    expect(['log.adi', 'LOG.ADIF', 'a.b.Adi'].map(isAdifFileName)).toEqual([true, true, true]);
    expect(['log.txt', 'log.adi.zip', 'adi'].map(isAdifFileName)).toEqual([false, false, false]);
  });
});

describe('qsoIdFor with a native hash', () => {
  it('gives the ids it always gave (stored QSOs keep theirs), with the domain hash or node crypto', () => {
    const key = 'user-1|DL1ABC|2025-06-01T18:30|20m|MFSK';
    expect(qsoIdFor(key, 0)).toBe('eb91f805-c324-5317-bf45-b0b1b1f5e533');
    expect(qsoIdFor(key, 0, (text) => createHash('sha256').update(text).digest())).toBe('eb91f805-c324-5317-bf45-b0b1b1f5e533');
  });
});
