import { describe, expect, it } from 'vitest';
import type { Qso } from '../../../types/api';
import { initialLoggerState, loggerReducer, toQsoInput, type LoggerAction, type LoggerFormState } from './logger-state';

function run(...actions: LoggerAction[]): LoggerFormState {
  return actions.reduce(loggerReducer, initialLoggerState());
}

const NOW = new Date('2024-05-01T13:07:42.123Z');

describe('logger form state', () => {
  it('starts with the defaults', () => {
    const s = initialLoggerState();
    expect(s).toMatchObject({ freq: '7.127', mode: 'SSB', subMode: '', snt: '59', rcv: '59', timeLocked: false });
  });

  it('turns 59 into 599 for CW and back', () => {
    const cw = run({ type: 'mode', value: 'CW' });
    expect([cw.snt, cw.rcv]).toEqual(['599', '599']);
    const back = loggerReducer(cw, { type: 'mode', value: 'SSB/LSB' });
    expect(back).toMatchObject({ mode: 'SSB', subMode: 'LSB', snt: '59', rcv: '59' });
    const typed = run({ type: 'rcv', value: '57' }, { type: 'mode', value: 'CW' });
    expect(typed.rcv).toBe('57');
  });

  it('builds the upsert fields with exact kHz and the clock time', () => {
    const s = run(
      { type: 'call', value: 'k1abc' },
      { type: 'freq', value: '14.074.' },
      { type: 'mode', value: 'LSB' },
      { type: 'name', value: ' Joe ' },
      { type: 'power', value: '50w' },
    );
    const out = toQsoInput(s, NOW);
    expect(out).toEqual({
      ok: true,
      data: {
        Call: 'K1ABC',
        TS: '2024-05-01T13:07:42.123Z',
        Freq: 14074,
        Mode: 'SSB',
        SubMode: 'LSB',
        Name: 'Joe',
        SNT: '59',
        RCV: '59',
        Comment: '',
        Power: '50',
      },
    });
  });

  it('refuses short calls and bad frequencies', () => {
    const out = toQsoInput(run({ type: 'call', value: 'K1' }, { type: 'freq', value: '' }), NOW);
    expect(out.ok).toBe(false);
    if (!out.ok) expect(Object.keys(out.errors).sort()).toEqual(['call', 'freq']);
  });

  it('uses a locked time', () => {
    const s = run({ type: 'call', value: 'K1ABC' }, { type: 'time', value: '2024-04-30 23:59' });
    const out = toQsoInput(s, NOW);
    expect(out.ok && out.data.TS).toBe('2024-04-30T23:59:00.000Z');
  });

  it('clears for the next contact but keeps frequency, mode and power', () => {
    const s = run(
      { type: 'call', value: 'K1ABC' },
      { type: 'freq', value: '3.573' },
      { type: 'mode', value: 'CW' },
      { type: 'snt', value: '579' },
      { type: 'comment', value: 'tnx' },
      { type: 'lockTime', now: '2024-05-01T13:00' },
      { type: 'logged' },
    );
    expect(s).toMatchObject({ call: '', comment: '', snt: '599', rcv: '599', freq: '3.573', mode: 'CW', timeLocked: false });
  });

  it('loads a QSO for editing and keeps its seconds when the minute is unchanged', () => {
    const qso = {
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
    } as Qso;
    const s = run({ type: 'load', qso });
    expect(s).toMatchObject({ call: 'DL1XYZ', freq: '14.0745', mode: 'SSB', subMode: 'USB', timeLocked: true });
    const out = toQsoInput(s, NOW);
    expect(out.ok && out.data.TS).toBe('2024-05-01T10:11:12.000Z');
    expect(out.ok && out.data.Freq).toBe(14074.5);
    const moved = toQsoInput(loggerReducer(s, { type: 'time', value: '2024-05-01 10:12' }), NOW);
    expect(moved.ok && moved.data.TS).toBe('2024-05-01T10:12:00.000Z');
  });
});
