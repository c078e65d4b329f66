import { describe, expect, it } from 'vitest';
import {
  adifExportDecider,
  adifExportExpiresAt,
  adifExportKey,
  adifExportKeyOfJob,
  adifExportStorageName,
  existingAdifExport,
  exportJobOf,
  type AdifExportEvent,
  type RequestAdifExport,
} from '../src/adif-export/decider';
import { exportFileName, exportRangeFrom, type ExportRange } from '../src/adif-export/range';
import { EXPORT_FILE_LIFETIME_MS, isExportJobPending } from '../src/adif-export/api';
import { foldEvents } from '../src/decider';
import * as m from '../src/messages';
import { specFor } from './support/given-when-then';

const range = (input: Parameters<typeof exportRangeFrom>[0]): ExportRange => {
  const result = exportRangeFrom(input);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.range;
};

describe('export range', () => {
  it("keeps the specification's messages for the date form", () => {
    expect(m.EXPORT_DATES_REQUIRED).toBe('Please select both start and end date.');
    expect(m.EXPORT_START_AFTER_END).toBe('Start date should be before end date.');
    expect(m.EXPORTS_EMPTY).toBe('No export files to display');
  });

  it('needs both dates, by date or by date and time', () => {
    expect(exportRangeFrom({})).toEqual({ ok: false, errors: { start_date: [m.EXPORT_DATES_REQUIRED] } });
    expect(exportRangeFrom({ start_date: '2024-01-01', end_date: ' ' })).toEqual({ ok: false, errors: { end_date: [m.EXPORT_DATES_REQUIRED] } });
    expect(exportRangeFrom({ start_date: null, end_date: '2024-01-01' })).toEqual({ ok: false, errors: { start_date: [m.EXPORT_DATES_REQUIRED] } });
    expect(exportRangeFrom({ start_datetime: '', end_datetime: '2024-01-01T10:00' })).toEqual({
      ok: false,
      errors: { start_datetime: [m.EXPORT_DATETIMES_REQUIRED] },
    });
    expect(exportRangeFrom({ start_datetime: '2024-01-01T10:00' })).toEqual({ ok: false, errors: { end_datetime: [m.EXPORT_DATETIMES_REQUIRED] } });
  });

  it('refuses a start after the end; the same day (or minute) is a range', () => {
    expect(exportRangeFrom({ start_date: '2024-02-01', end_date: '2024-01-31' })).toEqual({ ok: false, errors: { start_date: [m.EXPORT_START_AFTER_END] } });
    expect(exportRangeFrom({ start_datetime: '2024-02-01 10:01', end_datetime: '2024-02-01 10:00' })).toEqual({
      ok: false,
      errors: { start_datetime: [m.EXPORT_START_AFTER_END_DATETIME] },
    });
    expect(exportRangeFrom({ start_date: '2024-02-01 10:01', end_date: '2024-02-01 10:00' })).toEqual({
      ok: false,
      errors: { start_date: [m.EXPORT_START_AFTER_END_DATETIME] },
    });
    expect(range({ start_date: '2024-02-01', end_date: '2024-02-01' })).toMatchObject({ from: '2024-02-01T00:00:00.000Z', until: '2024-02-02T00:00:00.000Z' });
    expect(range({ start_datetime: '2024-02-01T10:00', end_datetime: '2024-02-01T10:00' })).toMatchObject({
      from: '2024-02-01T10:00:00.000Z',
      until: '2024-02-01T10:01:00.000Z',
    });
  });

  it('refuses what is not a date, or not a time', () => {
    for (const bad of ['2024-02-30', '01/02/2024', 'yesterday', '2024-1-1', '2024-01-01T25:00']) {
      expect(exportRangeFrom({ start_date: bad, end_date: '2024-03-01' })).toEqual({ ok: false, errors: { start_date: [m.EXPORT_DATE_FORMAT] } });
      expect(exportRangeFrom({ start_datetime: '2024-01-01 00:00', end_datetime: bad })).toEqual({ ok: false, errors: { end_datetime: [m.EXPORT_DATETIME_FORMAT] } });
    }
  });

  it('includes the whole end day, minute or second, in UTC', () => {
    expect(range({ start_date: '2024-01-01', end_date: '2024-01-31' })).toEqual({
      kind: 'date',
      start: '2024-01-01',
      end: '2024-01-31',
      from: '2024-01-01T00:00:00.000Z',
      until: '2024-02-01T00:00:00.000Z',
    });
    expect(range({ start_datetime: '2024-01-01T18:30', end_datetime: '2024-01-02 06:15' })).toEqual({
      kind: 'datetime',
      start: '2024-01-01 18:30',
      end: '2024-01-02 06:15',
      from: '2024-01-01T18:30:00.000Z',
      until: '2024-01-02T06:16:00.000Z',
    });
    expect(range({ start_date: '2024-01-01T18:30:05Z', end_date: '2024-01-01T20:00:00+01:00' })).toMatchObject({
      kind: 'datetime',
      start: '2024-01-01 18:30:05',
      end: '2024-01-01 19:00:00',
      until: '2024-01-01T19:00:01.000Z',
    });
    // A date alone in the date-time form: its whole day.
    expect(range({ start_datetime: '2024-01-01', end_datetime: '2024-01-02' })).toMatchObject({
      start: '2024-01-01 00:00',
      end: '2024-01-02 23:59',
      until: '2024-01-03T00:00:00.000Z',
    });
  });

  it('names the file after the station and the range', () => {
    expect(exportFileName('w1aw/p', range({ start_date: '2024-01-01', end_date: '2024-01-31' }))).toBe('W1AW-P_20240101_20240131.adi');
    expect(exportFileName('DL1ABC', range({ start_datetime: '2024-01-01 18:30', end_datetime: '2024-01-02 06:15' }))).toBe('DL1ABC_20240101-1830_20240102-0615.adi');
  });
});

const given = specFor(adifExportDecider);
const userId = 'u1';
const january = range({ start_date: '2024-01-01', end_date: '2024-01-31' });
const key = adifExportKey(userId, january);
const at = '2025-03-01T10:00:00.123Z';
const request = (requestId: string | null = null): RequestAdifExport => ({
  type: 'RequestAdifExport',
  data: { exportKey: key, userId, stationCallsign: 'W1AW', range: january, requestId, at },
});
const requested = (n: number, requestId: string | null = null): AdifExportEvent => ({
  type: 'AdifExportRequested',
  data: {
    ...january,
    jobId: `${key}-${n}`,
    userId,
    stationCallsign: 'W1AW',
    fileName: 'W1AW_20240101_20240131.adi',
    storageName: `adif-export-${key}-${n}.adi`,
    requestId,
    at,
  },
});
const completed = (n: number): AdifExportEvent => ({ type: 'AdifExportCompleted', data: { jobId: `${key}-${n}`, userId, qsoCount: 3, bytes: 900, at } });
const failed = (n: number): AdifExportEvent => ({ type: 'AdifExportFailed', data: { jobId: `${key}-${n}`, userId, reason: m.EXPORT_FAILED, at } });
const expired = (n: number): AdifExportEvent => ({ type: 'AdifExportExpired', data: { jobId: `${key}-${n}`, userId, storageName: `adif-export-${key}-${n}.adi`, at } });

describe('ADIF export decider', () => {
  it('starts a job; asking again while it is pending answers that job', () => {
    given([]).when(request()).then([requested(1)]);
    given([requested(1)]).when(request()).then([]);
    given([requested(1, 'r1')]).when(request('r2')).then([]);
    expect(existingAdifExport(foldEvents(adifExportDecider, [requested(1, 'r1')]), 'r2')?.requested.jobId).toBe(`${key}-1`);
  });

  it('a retry with the same request id answers its job even when it is done; a new request after it starts another', () => {
    given([requested(1, 'r1'), completed(1)]).when(request('r1')).then([]);
    given([requested(1, 'r1'), completed(1)]).when(request('r2')).then([requested(2, 'r2')]);
    given([requested(1), failed(1)]).when(request()).then([requested(2)]);
    given([requested(1, 'r1'), completed(1), expired(1)]).when(request('r1')).then([requested(2, 'r1')]);
  });

  it('completes or fails a pending job once', () => {
    const complete = { type: 'CompleteAdifExport', data: { jobId: `${key}-1`, qsoCount: 3, bytes: 900, at } } as const;
    given([requested(1)]).when(complete).then([completed(1)]);
    given([requested(1), completed(1)]).when(complete).then([]);
    given([requested(1), expired(1)]).when(complete).then([]);
    const fail = { type: 'FailAdifExport', data: { jobId: `${key}-1`, reason: m.EXPORT_FAILED, at } } as const;
    given([requested(1)]).when(fail).then([failed(1)]);
    given([requested(1), completed(1)]).when(fail).then([]);
  });

  it('expires a job once, whatever its state', () => {
    const expire = { type: 'ExpireAdifExport', data: { jobId: `${key}-1`, at } } as const;
    given([requested(1), completed(1)]).when(expire).then([expired(1)]);
    given([requested(1)]).when(expire).then([expired(1)]);
    given([requested(1), completed(1), expired(1)]).when(expire).then([]);
  });

  it('shows a job as the list does', () => {
    const state = foldEvents(adifExportDecider, [requested(1), completed(1), requested(2), failed(2), requested(3)]);
    expect(state.runs.map(exportJobOf)).toEqual([
      { id: `${key}-1`, created_at: '2025-03-01T10:00:00Z', start_date: '2024-01-01', end_date: '2024-01-31', status: 1, filename: 'W1AW_20240101_20240131.adi', qso_count: 3, bytes: 900 },
      expect.objectContaining({ id: `${key}-2`, status: 9, qso_count: null, message: m.EXPORT_FAILED }),
      expect.objectContaining({ id: `${key}-3`, status: null }),
    ]);
    expect([1, 9, null, undefined, ''].map((s) => isExportJobPending(s as never))).toEqual([false, false, true, true, true]);
  });

  it('derives ids and names: one key per user and range, whether asked by date or by date and time', () => {
    expect(adifExportKey(userId, range({ start_datetime: '2024-01-01 00:00', end_datetime: '2024-01-31 23:59' }))).toBe(key);
    expect(adifExportKey('u2', january)).not.toBe(key);
    expect(adifExportKeyOfJob(`${key}-12`)).toBe(key);
    for (const bad of ['', 'x-1', `${key}-0`, `${key}`, `${key}-1/..`, `../${key}-1`]) expect(adifExportKeyOfJob(bad)).toBeNull();
    // The file storage's safe names (infra/src/ports/file-storage.ts SAFE_FILE_NAME).
    expect(adifExportStorageName(`${key}-999999`)).toMatch(/^[a-z0-9][a-z0-9_-]{0,127}\.[a-z0-9]{1,8}$/);
    expect(adifExportExpiresAt(at).getTime() - Date.parse(at)).toBe(EXPORT_FILE_LIFETIME_MS);
  });
});
