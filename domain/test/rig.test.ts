import { describe, expect, it } from 'vitest';
import * as m from '../src/messages';
import { rigDecider, rigStreamName, RIG_EVENT_TYPES, type RigEvent, type RigReportedData } from '../src/rig/decider';
import { normaliseRigMode } from '../src/rig/rig-mode';
import { parseRigReport, type RigReport } from '../src/rig/rig-report';
import { NO_RIG_STATE, rigStateAt } from '../src/rig/rig-state';
import { specFor } from './support/given-when-then';

describe('normaliseRigMode', () => {
  it.each([
    ['USB', 'USB'],
    ['lsb', 'LSB'],
    ['SSB', 'SSB'],
    ['CW', 'CW'],
    ['CWR', 'CW'],
    ['CW-R', 'CW'],
    ['CW-U', 'CW'],
    ['CW-L', 'CW'],
    ['FM', 'FM'],
    ['FMN', 'FM'],
    ['FM-N', 'FM'],
    ['WFM', 'FM'],
    ['AM', 'AM'],
    ['AMS', 'AM'],
    ['SAM', 'AM'],
    ['RTTY', 'RTTY'],
    ['RTTYR', 'RTTY'],
    ['RTTY-R', 'RTTY'],
    ['FSK', 'RTTY'],
    ['FT8', 'FT8'],
    ['ft4', 'FT4'],
    ['SSTV', 'SSTV'],
    ['PSK31', 'PSK31'],
    ['C4FM', 'C4FM'],
    ['DMR', 'DMR'],
    ['DV', 'DSTAR'],
    [' usb ', 'USB'],
  ])('%s is %s', (raw, adif) => {
    expect(normaliseRigMode(raw)).toBe(adif);
  });

  it('reports data-over-sideband settings as DATA, never as a voice sideband', () => {
    for (const raw of ['DATA-U', 'DATA-L', 'PKTUSB', 'PKTLSB', 'PKTFM', 'USB-D', 'DIGU', 'DIGL', 'D-U', 'DATA', 'PKT', 'data u']) {
      expect(normaliseRigMode(raw), raw).toBe('DATA');
    }
  });

  it('gives empty for nothing, and keeps an unknown name as the rig says it', () => {
    expect(normaliseRigMode('')).toBe('');
    expect(normaliseRigMode('NULL')).toBe('');
    expect(normaliseRigMode('xyz7')).toBe('XYZ7');
  });
});

describe('parseRigReport', () => {
  const ok = (body: Record<string, unknown>): RigReport => {
    const result = parseRigReport(body);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    return result.report;
  };
  const errors = (body: Record<string, unknown>) => {
    const result = parseRigReport(body);
    if (result.ok) throw new Error(`expected errors for ${JSON.stringify(body)}`);
    return result.errors;
  };

  it('reads a Cloudlog report: frequency in integer Hz, mode made ADIF', () => {
    expect(ok({ key: 'k', radio: 'FT-991A', frequency: 14074000, mode: 'PKTUSB', power: 50 })).toEqual({
      rigName: 'FT-991A', freqHz: 14_074_000, mode: 'DATA', power: 50, opMode: null,
    });
  });

  it('takes numbers as text, exactly', () => {
    expect(ok({ radio: 'IC-7300', frequency: '7074000', mode: 'usb', power: '100', op_mode: '2' })).toEqual({
      rigName: 'IC-7300', freqHz: 7_074_000, mode: 'USB', power: 100, opMode: 2,
    });
    expect(ok({ radio: 'x', frequency: '144174000.6' }).freqHz).toBe(144_174_001);
    expect(ok({ radio: 'x', frequency: '10368100123' }).freqHz).toBe(10_368_100_123);
    expect(ok({ radio: 'x', frequency: 1.4074e7 }).freqHz).toBe(14_074_000);
    expect(ok({ radio: 'x', power: '5.5' }).power).toBe(5.5);
  });

  it('leaves out what is not reported (absent, empty or the text NULL)', () => {
    expect(ok({ radio: 'IC-705' })).toEqual({ rigName: 'IC-705', freqHz: null, mode: '', power: null, opMode: null });
    expect(ok({ radio: 'IC-705', frequency: 'NULL', mode: 'NULL', power: '', op_mode: null })).toEqual({
      rigName: 'IC-705', freqHz: null, mode: '', power: null, opMode: null,
    });
  });

  it('takes a satellite program’s uplink frequency and mode when frequency and mode are missing', () => {
    expect(ok({ radio: 'SatPC32', uplink_freq: '145900000', uplink_mode: 'FM' })).toMatchObject({ freqHz: 145_900_000, mode: 'FM' });
  });

  it('refuses bad values with a message per field', () => {
    expect(errors({ frequency: 14074000 })).toEqual({ radio: [m.RADIO_NAME_MISSING] });
    expect(errors({ radio: '   ' })).toEqual({ radio: [m.RADIO_NAME_MISSING] });
    expect(errors({ radio: 'r'.repeat(51) })).toEqual({ radio: [m.RADIO_NAME_TOO_LONG] });
    for (const bad of ['fourteen', '-14074000', '1e12', 'Infinity', true, {}]) {
      expect(errors({ radio: 'x', frequency: bad }), String(bad)).toEqual({ frequency: [m.RADIO_FREQUENCY_INVALID] });
    }
    expect(errors({ radio: 'x', mode: 'M'.repeat(21) })).toEqual({ mode: [m.RADIO_MODE_INVALID] });
    expect(errors({ radio: 'x', mode: 7 })).toEqual({ mode: [m.RADIO_MODE_INVALID] });
    for (const bad of ['lots', '-5', 10_001]) expect(errors({ radio: 'x', power: bad }), String(bad)).toEqual({ power: [m.RADIO_POWER_INVALID] });
    for (const bad of [9, '1.5', -1, 'run']) expect(errors({ radio: 'x', op_mode: bad }), String(bad)).toEqual({ op_mode: [m.RADIO_OP_MODE_INVALID] });
  });

  describe('what our own companion apps add (PTT, heading, activation, streaming, propagation)', () => {
    it('reads every added field, made exact and upper-cased', () => {
      expect(ok({
        radio: 'IC-9700', frequency: '435000000', ptt: true, azimuth: '123.5', elevation: -2.25, activation_type: ' pota ',
        activation_ref: 'us-1234', streaming: '1', prop_mode: 'sat',
      })).toEqual({
        rigName: 'IC-9700', freqHz: 435_000_000, mode: '', power: null, opMode: null,
        ptt: true, azimuth: 123.5, elevation: -2.25, activationType: 'POTA', activationRef: 'US-1234', streaming: true, propMode: 'SAT',
      });
    });

    it('takes PTT and streaming as booleans, 1/0 or words', () => {
      for (const yes of [true, 1, '1', 'true', 'TRUE', 'yes', 'on']) expect(ok({ radio: 'x', ptt: yes }).ptt, String(yes)).toBe(true);
      for (const no of [false, 0, '0', 'false', 'False', 'no', 'off']) expect(ok({ radio: 'x', ptt: no }).ptt, String(no)).toBe(false);
      expect(ok({ radio: 'x', streaming: 'false' }).streaming).toBe(false);
    });

    it('accepts the ends of the angle ranges', () => {
      expect(ok({ radio: 'x', azimuth: 0, elevation: -90 })).toMatchObject({ azimuth: 0, elevation: -90 });
      expect(ok({ radio: 'x', azimuth: '360', elevation: '90' })).toMatchObject({ azimuth: 360, elevation: 90 });
    });

    it('leaves them out of the report when not sent, so a Cloudlog report is unchanged', () => {
      const report = ok({ radio: 'x', frequency: 14074000, ptt: '', azimuth: 'NULL', activation_type: null });
      expect(Object.keys(report).sort()).toEqual(['freqHz', 'mode', 'opMode', 'power', 'rigName']);
    });

    it('refuses bad values with a message per field', () => {
      for (const bad of ['maybe', 2, {}]) expect(errors({ radio: 'x', ptt: bad }), String(bad)).toEqual({ ptt: [m.RADIO_PTT_INVALID] });
      expect(errors({ radio: 'x', streaming: 'live' })).toEqual({ streaming: [m.RADIO_STREAMING_INVALID] });
      for (const bad of ['-1', 360.5, 'north', '1e2']) expect(errors({ radio: 'x', azimuth: bad }), String(bad)).toEqual({ azimuth: [m.RADIO_AZIMUTH_INVALID] });
      for (const bad of ['-90.1', 91, 'up']) expect(errors({ radio: 'x', elevation: bad }), String(bad)).toEqual({ elevation: [m.RADIO_ELEVATION_INVALID] });
      expect(errors({ radio: 'x', activation_type: 'P'.repeat(21) })).toEqual({ activation_type: [m.RADIO_ACTIVATION_TYPE_INVALID] });
      expect(errors({ radio: 'x', activation_type: 5 })).toEqual({ activation_type: [m.RADIO_ACTIVATION_TYPE_INVALID] });
      expect(errors({ radio: 'x', activation_ref: 'R'.repeat(31) })).toEqual({ activation_ref: [m.RADIO_ACTIVATION_REF_INVALID] });
      expect(errors({ radio: 'x', prop_mode: 'WARP' })).toEqual({ prop_mode: [m.RADIO_PROP_MODE_INVALID] });
      expect(errors({ radio: 'x', ptt: 'x', prop_mode: 'x' })).toEqual({ ptt: [m.RADIO_PTT_INVALID], prop_mode: [m.RADIO_PROP_MODE_INVALID] });
    });

    it('keeps the longest values allowed', () => {
      expect(ok({ radio: 'x', activation_type: 'P'.repeat(20), activation_ref: 'R'.repeat(30), prop_mode: 'INTERNET' })).toMatchObject({
        activationType: 'P'.repeat(20), activationRef: 'R'.repeat(30), propMode: 'INTERNET',
      });
    });
  });
});

describe('rig decider', () => {
  const given = specFor(rigDecider);
  const userId = 'user-1';
  const T0 = '2025-06-01T12:00:00.000Z';
  const at = (seconds: number) => new Date(Date.parse(T0) + seconds * 1000).toISOString();
  const report = (over: Partial<RigReport> = {}): RigReport => ({ rigName: 'IC-7300', freqHz: 14_074_000, mode: 'USB', power: 100, opMode: null, ...over });
  const reportRig = (seconds: number, over: Partial<RigReport> = {}) => ({ type: 'ReportRig', data: { userId, report: report(over), at: at(seconds) } }) as const;
  const reported = (seconds: number, over: Partial<RigReportedData> = {}): RigEvent => ({
    type: 'RigReported',
    data: { userId, rigName: 'IC-7300', freqHz: 14_074_000, mode: 'USB', power: 100, at: at(seconds), ...over },
  });

  it('names the stream rig-{userId} and lists its event types', () => {
    expect(rigStreamName('u-1')).toBe('rig-u-1');
    expect(RIG_EVENT_TYPES).toEqual(['RigReported']);
  });

  it('records the first report', () => {
    given([]).when(reportRig(0)).then([reported(0)]);
    given([]).when(reportRig(0, { opMode: 2 })).then([reported(0, { opMode: 2 })]);
  });

  it('writes nothing for an unchanged report within 30 s of the last event', () => {
    given([reported(0)]).when(reportRig(1)).then([]);
    given([reported(0)]).when(reportRig(29.999)).then([]);
  });

  it('writes an unchanged report once the last event is 30 s old (the rig is alive)', () => {
    given([reported(0)]).when(reportRig(30)).then([reported(30)]);
    given([reported(0), reported(30)]).when(reportRig(45)).then([]);
  });

  it('writes any change at once', () => {
    given([reported(0)]).when(reportRig(1, { freqHz: 14_074_100 })).then([reported(1, { freqHz: 14_074_100 })]);
    given([reported(0)]).when(reportRig(1, { mode: 'CW' })).then([reported(1, { mode: 'CW' })]);
    given([reported(0)]).when(reportRig(1, { power: 5 })).then([reported(1, { power: 5 })]);
    given([reported(0)]).when(reportRig(1, { opMode: 2 })).then([reported(1, { opMode: 2 })]);
    given([reported(0)]).when(reportRig(1, { rigName: 'IC-705' })).then([reported(1, { rigName: 'IC-705' })]);
  });

  it('keeps the last frequency, power and operating mode of the same rig when a report leaves them out', () => {
    const full = reported(0, { opMode: 2 });
    given([full]).when(reportRig(5, { freqHz: null, power: null, opMode: null })).then([]);
    given([full]).when(reportRig(5, { freqHz: null, power: null, opMode: null, mode: 'CW' })).then([reported(5, { opMode: 2, mode: 'CW' })]);
    // another rig starts from nothing
    given([full]).when(reportRig(5, { rigName: 'IC-705', freqHz: null, power: null, opMode: null })).then([
      reported(5, { rigName: 'IC-705', freqHz: 0, power: null }),
    ]);
  });

  it('writes a change of PTT, heading, activation, streaming or propagation at once', () => {
    const moving = reported(0, { ptt: false, azimuth: 90, elevation: 10, activationType: 'POTA', activationRef: 'US-1234', streaming: true, propMode: 'SAT' });
    const same = { ptt: false, azimuth: 90, elevation: 10, activationType: 'POTA', activationRef: 'US-1234', streaming: true, propMode: 'SAT' };
    given([moving]).when(reportRig(1, same)).then([]);
    for (const change of [{ ptt: true }, { azimuth: 91 }, { elevation: 11 }, { activationType: 'SOTA' }, { activationRef: 'US-1235' }, { streaming: false }, { propMode: 'EME' }]) {
      given([moving]).when(reportRig(1, { ...same, ...change })).then([reported(1, { ...same, ...change })]);
    }
    // still one heartbeat every 30 s when nothing changes
    given([moving]).when(reportRig(30, same)).then([reported(30, same)]);
  });

  it('takes the added fields from each report alone: a report without them leaves them unknown', () => {
    const keying = reported(0, { ptt: true, azimuth: 45 });
    given([keying]).when(reportRig(2)).then([reported(2)]);
    const [event] = rigDecider.decide(reportRig(2), keying.data);
    expect(Object.keys(event?.data ?? {}).sort()).toEqual(['at', 'freqHz', 'mode', 'power', 'rigName', 'userId']);
  });

  it('makes the state the last event, whatever came before', () => {
    const state = [reported(0, { opMode: 3 }), reported(40, { freqHz: 7_074_000 })].reduce(rigDecider.evolve, rigDecider.initialState());
    expect(state).toEqual(reported(40, { freqHz: 7_074_000 }).data);
  });
});

describe('rigStateAt', () => {
  const last = { rigName: 'FT-991A', freqHz: 14_074_123, mode: 'USB', opMode: 2, at: '2025-06-01T12:00:00Z' };

  it('answers the last report with the frequency in kHz', () => {
    expect(rigStateAt(last, new Date('2025-06-01T12:04:59Z'))).toEqual({ freq: 14074.123, mode: 'USB', op_mode: 2, rig_name: 'FT-991A' });
    expect(rigStateAt({ ...last, opMode: null }, new Date('2025-06-01T12:00:01Z')).op_mode).toBe(0);
  });

  it('answers no rig when none reported or the last report is more than 5 minutes old', () => {
    expect(rigStateAt(null, new Date('2025-06-01T12:00:00Z'))).toEqual(NO_RIG_STATE);
    expect(rigStateAt(last, new Date('2025-06-01T12:05:00.001Z'))).toEqual({ freq: 0, mode: '', op_mode: 0, rig_name: '' });
  });
});
