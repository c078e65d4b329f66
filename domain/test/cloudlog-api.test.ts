import { describe, expect, it } from 'vitest';
import { authXml, parseStationId, qsoAnswer, stationInfoRows, statisticsAnswer, gridSquare4 } from '../src/cloudlog/api';
import { readCloudlogBody, tolerantObject } from '../src/cloudlog/request-body';
import * as m from '../src/messages';
import { REQUEST_MAX_NESTING } from '../src/request-nesting';
import { parseRigReport } from '../src/rig/rig-report';

describe('Cloudlog request bodies', () => {
  it('reads strict JSON under any content type, and null or nothing as an empty object', () => {
    expect(readCloudlogBody('{"key":"k","frequency":2400000000}', 'text/plain; charset=utf-8')).toEqual({ ok: true, body: { key: 'k', frequency: 2400000000 } });
    expect(readCloudlogBody('null', 'application/json')).toEqual({ ok: true, body: {} });
    expect(readCloudlogBody('', '')).toEqual({ ok: true, body: {} });
    expect(readCloudlogBody('\uFEFF {"a":1} \n')).toEqual({ ok: true, body: { a: 1 } });
  });

  it('reads a form (CloudLogCATQt)', () => {
    const body = 'key=abc&radio=CloudLogCATMacOS&frequency=14074000&mode=USB&timestamp=2024%2F01%2F10%2005%3A18';
    expect(readCloudlogBody(body, 'application/x-www-form-urlencoded')).toEqual({
      ok: true,
      body: { key: 'abc', radio: 'CloudLogCATMacOS', frequency: '14074000', mode: 'USB', timestamp: '2024/01/10 05:18' },
    });
  });

  it('refuses what is no object', () => {
    for (const raw of ['[1,2]', '"text"', '42', '{"key":', 'garbage', '{"a":1} trailing', '<?xml version="1.0"?>']) {
      expect(readCloudlogBody(raw, 'application/json')).toEqual({ ok: false });
    }
  });

  it('reads SatPC32-To-Cloudlog’s missing uplink as null', () => {
    const raw = '{"radio":"SatPC32 (home)","frequency":,"mode":"","sat_name":"","downlink_freq":"","downlink_mode":"","key":"k"}';
    expect(readCloudlogBody(raw, 'application/json')).toEqual({
      ok: true,
      body: { radio: 'SatPC32 (home)', frequency: null, mode: '', sat_name: '', downlink_freq: '', downlink_mode: '', key: 'k' },
    });
  });

  it('reads CloudLogOffline’s hand-built JSON with quotes, backslashes and line breaks in the ADIF', () => {
    const adif = '<call:5>DL1AB<comment:22>said "73", C:\\qth\\x\n<eor>';
    const raw = `{"key":"k","station_profile_id":"1","type":"adif","string":"${adif}"}`;
    expect(() => JSON.parse(raw)).toThrow();
    expect(readCloudlogBody(raw, 'application/json')).toEqual({ ok: true, body: { key: 'k', station_profile_id: '1', type: 'adif', string: adif } });
  });

  it('does not turn text that only looks like JSON into an object', () => {
    expect(tolerantObject('{"a":"x" "b":1}')).toBeNull();
    expect(tolerantObject('{"a":[1,2,}')).toBeNull();
    expect(tolerantObject('['.repeat(100_000))).toBeNull();
  });

  it('reads hand-built JSON nested as deep as a request may, and no deeper', () => {
    // A control character keeps JSON.parse out: the tolerant reader reads these.
    const nested = (levels: number) => `${'{"a":'.repeat(levels - 1)}{"s":"line\nbreak"}${'}'.repeat(levels - 1)}`;
    expect(tolerantObject(nested(REQUEST_MAX_NESTING))).not.toBeNull();
    expect(tolerantObject(nested(REQUEST_MAX_NESTING + 1))).toBeNull();
    expect(readCloudlogBody(nested(10_000), 'application/json')).toEqual({ ok: false });
  });
});

describe('Cloudlog answers', () => {
  it('answers auth in Cloudlog’s XML', () => {
    expect(authXml('rw')).toBe('<auth><status>Valid</status><rights>rw</rights></auth>');
    expect(authXml('r')).toBe('<auth><status>Valid</status><rights>r</rights></auth>');
    expect(authXml(null)).toBe(`<auth><message>${m.CLOUDLOG_AUTH_INVALID}</message></auth>`);
  });

  it('numbers stations from 1 as text, the key’s own station active', () => {
    const rows = stationInfoRows([
      { userId: 'u1', callsign: 'W1AW', name: 'Hiram', grid: 'FN31pr' },
      { userId: 'u2', callsign: 'W1AW/P', name: '', grid: '' },
    ]);
    expect(rows).toEqual([
      { station_id: '1', station_profile_name: 'W1AW (Hiram)', station_gridsquare: 'FN31pr', station_callsign: 'W1AW', station_active: '1' },
      { station_id: '2', station_profile_name: 'W1AW/P', station_gridsquare: '', station_callsign: 'W1AW/P', station_active: null },
    ]);
  });

  it('reads station ids sent as numbers or text, and nothing else', () => {
    expect([1, '2', ' 3 ', 1000].map(parseStationId)).toEqual([1, 2, 3, 1000]);
    expect([0, -1, 1.5, '1e2', 'NULL', '', null, undefined, '0x1', 1001, 'W1AW', true].map(parseStationId)).toEqual(Array(12).fill(null));
  });

  it('counts as text', () => {
    expect(statisticsAnswer({ today: 0, total: 12, month: 3, year: 5 })).toEqual({ Today: '0', total_qsos: '12', month_qsos: '3', year_qsos: '5' });
  });

  it('answers created with no messages when every record is in the log, duplicates included', () => {
    expect(qsoAnswer({ read: 2, written: 1, duplicates: 1, failures: [], dryRun: false })).toEqual({
      status: 201,
      body: { status: 'created', type: 'adif', string: '', adif_count: 2, adif_errors: 0, adif_duplicates: 1, imported_count: 1, messages: [] },
    });
    expect(qsoAnswer({ read: 1, written: 0, duplicates: 0, failures: [], dryRun: true }).body).toMatchObject({ status: 'created', dryrun: true, messages: [] });
  });

  it('aborts with the failed records’ lines and reasons', () => {
    const answer = qsoAnswer({ read: 2, written: 1, duplicates: 0, failures: [{ line: 3, message: 'The call field is required.' }], dryRun: false });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ status: 'abort', adif_errors: 1, messages: ['line 3: The call field is required.'], reason: 'line 3: The call field is required.' });
  });

  it('reads a grid’s first four characters', () => {
    expect(['jo30', 'JO30OO', ' fn31pr ', 'ZZ99', 'J030', ''].map(gridSquare4)).toEqual(['JO30', 'JO30', 'FN31', null, null, null]);
  });
});

describe('rig reports from Cloudlog programs', () => {
  it('reads cloudlog-rigctl-interface’s uplink 0 as no uplink', () => {
    const base = { radio: 'FT-991a', sat_name: '', downlink_freq: 0, uplink_freq: 0, downlink_mode: 0, uplink_mode: 0 };
    expect(parseRigReport({ ...base, frequency: '', mode: '' })).toMatchObject({ ok: true, report: { freqHz: null, mode: '' } });
    expect(parseRigReport({ ...base, frequency: '14285000', mode: 'USB' })).toMatchObject({ ok: true, report: { freqHz: 14_285_000, mode: 'USB' } });
    expect(parseRigReport({ radio: 'SatPC32', uplink_freq: '435800000', uplink_mode: 'FM' })).toMatchObject({ ok: true, report: { freqHz: 435_800_000, mode: 'FM' } });
  });
});
