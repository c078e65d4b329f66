import { describe, expect, it } from 'vitest';
import type { Qso } from '../../../types/api';
import { initialLoggerState, loggerReducer, toQsoInput, type LoggerAction, type LoggerFormState } from './logger-state';

function run(...actions: LoggerAction[]): LoggerFormState {
  return actions.reduce(loggerReducer, initialLoggerState());
}

const NOW = new Date('2024-05-01T13:07:42.123Z');
const call = (value: string, at = 1_000): LoggerAction => ({ type: 'call', value, at });

const QSO = {
  qdo_id: 'q1',
  TS: '2024-05-01T10:11:12.000Z',
  Call: 'DL1XYZ',
  Freq: 14074.5,
  Mode: 'SSB',
  SubMode: 'USB',
  Name: 'Hans',
  SNT: '55',
  RCV: '57',
  Comment: 'hi',
  Power: '100',
  dxcc: 230,
} as Qso;

describe('logger form state', () => {
  it('starts with the defaults, or with the stored settings', () => {
    expect(initialLoggerState()).toMatchObject({ freq: '7.127', mode: 'SSB', subMode: '', snt: '59', rcv: '59', power: '100', opMode: 1, timeLocked: false });
    expect(initialLoggerState({ mode: 'CW', freq: '3.573' })).toMatchObject({ mode: 'CW', freq: '3.573', snt: '599', rcv: '599' });
  });

  it('turns 59 into 599 for CW and back, leaving other reports alone', () => {
    const cw = run({ type: 'mode', value: 'CW' });
    expect([cw.snt, cw.rcv]).toEqual(['599', '599']);
    const back = loggerReducer(cw, { type: 'mode', value: 'LSB' });
    expect(back).toMatchObject({ mode: 'SSB', subMode: 'LSB', snt: '59', rcv: '59' });
    expect(run({ type: 'rcv', value: '57' }, { type: 'mode', value: 'CW' }).rcv).toBe('57');
  });

  it('clears the form when the call is shorter than 3, and blocks the search', () => {
    const s = run(call('DL1ABC'), { type: 'name', value: 'Hans' }, { type: 'comment', value: 'x' }, { type: 'lockTime', now: '2024-05-01T13:00' });
    const short = loggerReducer(s, call('DL'));
    expect(short).toMatchObject({ call: 'DL', name: '', comment: '', timeLocked: false, startedAt: null });
    expect(loggerReducer(short, { type: 'search', at: 5 }).search).toBeNull();
  });

  it('starts the duration timer at the search and takes the answer once', () => {
    const s = run(call('dl1abc', 100), { type: 'search', at: 2_000 });
    expect(s.search).toEqual({ call: 'DL1ABC', id: 2_000 });
    expect(s.startedAt).toBe(2_000);
    const found = loggerReducer(s, { type: 'lookup', searchId: 2_000, name: 'Hans', dxcc: 230 });
    expect(found).toMatchObject({ name: 'Hans', dxcc: 230, dxccSource: 'lookup', lookupApplied: true });
    expect(loggerReducer(found, { type: 'lookup', searchId: 2_000, name: 'Otto', dxcc: 291 })).toBe(found);
    expect(loggerReducer(s, { type: 'lookup', searchId: 1, name: 'Otto', dxcc: 291 })).toBe(s);
  });

  it('keeps a typed name and a chosen DXCC over the search answer', () => {
    const s = run(call('DL1ABC'), { type: 'name', value: 'Fritz' }, { type: 'dxcc', value: 291 }, { type: 'search', at: 9 });
    expect(loggerReducer(s, { type: 'lookup', searchId: 9, name: 'Hans', dxcc: 230 })).toMatchObject({ name: 'Fritz', dxcc: 291 });
  });

  it('drops a looked-up DXCC and the search when the call changes, keeps a chosen one', () => {
    const looked = loggerReducer(run(call('DL1ABC'), { type: 'search', at: 9 }), { type: 'lookup', searchId: 9, name: '', dxcc: 230 });
    expect(loggerReducer(looked, call('K1ABC'))).toMatchObject({ dxcc: null, search: null });
    const chosen = run(call('DL1ABC'), { type: 'dxcc', value: 230 }, call('DL1ABC/P'));
    expect(chosen.dxcc).toBe(230);
  });

  it('builds the QSO with exact kHz, the clock time and the chosen DXCC', () => {
    const s = run(
      call('k1abc'),
      { type: 'freq', value: '14.074.' },
      { type: 'mode', value: 'USB' },
      { type: 'name', value: ' Joe ' },
      { type: 'power', value: '50w' },
      { type: 'dxcc', value: 291 },
    );
    expect(toQsoInput(s, NOW)).toEqual({
      ok: true,
      data: { Call: 'K1ABC', TS: '2024-05-01T13:07:42.123Z', Freq: 14074, Mode: 'SSB', SubMode: 'USB', Name: 'Joe', SNT: '59', RCV: '59', Comment: '', Power: '50', dxcc: 291 },
    });
  });

  it('refuses short calls, bad frequencies and bad times', () => {
    const out = toQsoInput(run(call('K1'), { type: 'freq', value: '' }, { type: 'time', value: '2024-13-01 10:00' }), NOW);
    expect(out.ok).toBe(false);
    if (!out.ok) expect(Object.keys(out.errors).sort()).toEqual(['call', 'freq', 'time']);
  });

  it('follows the clock unless locked; typing or locking fixes the time; unlocking follows again', () => {
    const typed = run(call('K1ABC'), { type: 'time', value: '2024-04-30 23:59' });
    expect(typed.timeLocked).toBe(true);
    expect(toQsoInput(typed, NOW).ok && (toQsoInput(typed, NOW) as { data: { TS: string } }).data.TS).toBe('2024-04-30T23:59:00.000Z');
    const locked = run(call('K1ABC'), { type: 'lockTime', now: '2024-05-01T12:00' });
    expect(loggerReducer(locked, { type: 'lockTime', now: '2024-05-01T12:05' }).time).toBe('2024-05-01T12:00');
    const unlocked = loggerReducer(locked, { type: 'unlockTime' });
    expect(unlocked.timeLocked).toBe(false);
    const out = toQsoInput(unlocked, NOW);
    expect(out.ok && out.data.TS).toBe(NOW.toISOString());
  });

  it('clears for the next contact but keeps frequency, mode, power and operating mode', () => {
    const s = run(
      call('K1ABC'),
      { type: 'freq', value: '3.573' },
      { type: 'mode', value: 'CW' },
      { type: 'opMode', value: 2 },
      { type: 'snt', value: '579' },
      { type: 'comment', value: 'tnx' },
      { type: 'dxcc', value: 291 },
      { type: 'search', at: 5 },
      { type: 'lockTime', now: '2024-05-01T13:00' },
      { type: 'logged' },
    );
    expect(s).toMatchObject({ call: '', comment: '', snt: '599', rcv: '599', freq: '3.573', mode: 'CW', opMode: 2, timeLocked: false, dxcc: null, search: null, startedAt: null });
  });

  it('follows the rig: frequency, mode with its reports, operating mode; unchanged rig changes nothing', () => {
    const s = run({ type: 'rig', freq: '7.030', mode: 'CW', opMode: 8 });
    expect(s).toMatchObject({ freq: '7.030', mode: 'CW', subMode: '', snt: '599', opMode: 8 });
    expect(loggerReducer(s, { type: 'rig', freq: '7.030', mode: 'CW', opMode: 8 })).toBe(s);
    expect(loggerReducer(s, { type: 'rig', freq: '7.031' })).toMatchObject({ freq: '7.031', mode: 'CW', opMode: 8 });
  });

  it('loads a QSO for editing with its time locked, and keeps its seconds when the minute is unchanged', () => {
    const s = run({ type: 'edit', qso: QSO });
    expect(s).toMatchObject({ call: 'DL1XYZ', freq: '14.0745', mode: 'SSB', subMode: 'USB', timeLocked: true, dxcc: 230, editing: QSO });
    const out = toQsoInput(s, NOW);
    expect(out.ok && out.data).toMatchObject({ TS: '2024-05-01T10:11:12.000Z', Freq: 14074.5, dxcc: 230 });
    const moved = toQsoInput(loggerReducer(s, { type: 'time', value: '2024-05-01 10:12' }), NOW);
    expect(moved.ok && moved.data.TS).toBe('2024-05-01T10:12:00.000Z');
    // A new call lets the server derive the entity again.
    const recalled = toQsoInput(loggerReducer(s, call('K1ABC')), NOW);
    expect(recalled.ok && recalled.data.dxcc).toBeUndefined();
    // While editing, a short call does not wipe the QSO's fields, and Enter does not search.
    expect(loggerReducer(s, call('DL'))).toMatchObject({ call: 'DL', name: 'Hans', editing: QSO });
    expect(loggerReducer(s, { type: 'search', at: 1 })).toBe(s);
  });

  it('after an edit returns to the settings before it; Cancel Edit re-runs the search', () => {
    const before = run({ type: 'freq', value: '3.573' }, { type: 'mode', value: 'CW' }, call('DL1XYZ'), { type: 'search', at: 7 });
    const editing = loggerReducer(before, { type: 'edit', qso: QSO });
    expect(editing.freq).toBe('14.0745');
    const cancelled = loggerReducer(editing, { type: 'cancelEdit', at: 99 });
    expect(cancelled).toMatchObject({ editing: null, call: 'DL1XYZ', search: { call: 'DL1XYZ', id: 99 }, freq: '3.573', mode: 'CW', snt: '599' });
    const done = loggerReducer(editing, { type: 'editDone' });
    expect(done).toMatchObject({ editing: null, call: '', search: null, freq: '3.573', mode: 'CW' });
    const noSearch = loggerReducer(run({ type: 'edit', qso: QSO }), { type: 'cancelEdit', at: 5 });
    expect(noSearch).toMatchObject({ editing: null, call: '', search: null, freq: '7.127' });
  });
});
