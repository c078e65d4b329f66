import { MESSAGES } from '../../../config/messages';
import type { Qso, QsoInput } from '../../../types/api';
import { khzToMhzInput, mhzToKhz } from '../../../utils/decimal';
import { isoToMinuteValue, minuteValueToIso } from '../../../utils/time';
import {
  DEFAULT_FREQ_MHZ,
  DEFAULT_POWER,
  defaultReport,
  isValidCall,
  normalizeCall,
  reportAfterModeChange,
  sanitizeFreq,
  sanitizeName,
  sanitizePower,
} from './fields';
import { chooseMode, DEFAULT_MODE } from './modes';

/** What the logger form holds. Frequency is in MHz as typed; time at minute precision. */
export interface LoggerFormState {
  call: string;
  freq: string;
  mode: string;
  subMode: string;
  snt: string;
  rcv: string;
  name: string;
  comment: string;
  power: string;
  /** 'YYYY-MM-DD HH:MM' or 'YYYY-MM-DDTHH:MM' (UTC); only meaningful while timeLocked. */
  time: string;
  /** Unlocked, the time follows the UTC clock. */
  timeLocked: boolean;
  /** The TS of the QSO being edited, kept so an unchanged minute keeps its seconds. */
  originalTs: string | null;
}

export type LoggerAction =
  | { type: 'call'; value: string }
  | { type: 'freq'; value: string }
  | { type: 'mode'; value: string }
  | { type: 'snt'; value: string }
  | { type: 'rcv'; value: string }
  | { type: 'name'; value: string }
  | { type: 'comment'; value: string }
  | { type: 'power'; value: string }
  | { type: 'time'; value: string }
  | { type: 'lockTime'; now: string }
  | { type: 'unlockTime' }
  | { type: 'logged' }
  | { type: 'load'; qso: Qso };

export function initialLoggerState(): LoggerFormState {
  return {
    call: '',
    freq: DEFAULT_FREQ_MHZ,
    mode: DEFAULT_MODE.mode,
    subMode: DEFAULT_MODE.subMode,
    snt: defaultReport(DEFAULT_MODE.mode),
    rcv: defaultReport(DEFAULT_MODE.mode),
    name: '',
    comment: '',
    power: DEFAULT_POWER,
    time: '',
    timeLocked: false,
    originalTs: null,
  };
}

export function loggerReducer(state: LoggerFormState, action: LoggerAction): LoggerFormState {
  switch (action.type) {
    case 'call':
      return { ...state, call: normalizeCall(action.value) };
    case 'freq':
      return { ...state, freq: sanitizeFreq(action.value) };
    case 'mode': {
      const { mode, subMode } = chooseMode(action.value);
      return {
        ...state,
        mode,
        subMode,
        snt: reportAfterModeChange(state.snt, mode),
        rcv: reportAfterModeChange(state.rcv, mode),
      };
    }
    case 'snt':
      return { ...state, snt: action.value };
    case 'rcv':
      return { ...state, rcv: action.value };
    case 'name':
      return { ...state, name: sanitizeName(action.value) };
    case 'comment':
      return { ...state, comment: action.value };
    case 'power':
      return { ...state, power: sanitizePower(action.value) };
    case 'time':
      return { ...state, time: action.value, timeLocked: true };
    case 'lockTime':
      return state.timeLocked ? state : { ...state, time: action.now, timeLocked: true };
    case 'unlockTime':
      return { ...state, timeLocked: false, time: '' };
    case 'logged':
      // Cleared for the next contact; frequency, mode and power stay.
      return {
        ...state,
        call: '',
        name: '',
        comment: '',
        snt: defaultReport(state.mode),
        rcv: defaultReport(state.mode),
        time: '',
        timeLocked: false,
        originalTs: null,
      };
    case 'load': {
      const q = action.qso;
      const mode = (q.Mode ?? '').toUpperCase() || DEFAULT_MODE.mode;
      return {
        call: normalizeCall(q.Call ?? ''),
        freq: khzToMhzInput(q.Freq) || state.freq,
        mode,
        subMode: (q.SubMode ?? '').toUpperCase(),
        snt: q.SNT ?? '',
        rcv: q.RCV ?? '',
        name: sanitizeName(q.Name ?? ''),
        comment: q.Comment ?? '',
        power: sanitizePower(String(q.Power ?? '')),
        time: isoToMinuteValue(q.TS),
        timeLocked: true,
        originalTs: q.TS ?? null,
      };
    }
    default: {
      const unknown: never = action;
      return unknown;
    }
  }
}

export type LoggerFieldErrors = Partial<Record<'call' | 'freq' | 'time', string>>;

export const LOGGER_ERRORS = {
  call: MESSAGES.callLength,
  freq: MESSAGES.freqInvalid,
  time: MESSAGES.timeInvalid,
} as const;

/** The QSO fields for a save, or the errors that prevent one. */
export function toQsoInput(
  state: LoggerFormState,
  now: Date,
): { ok: true; data: QsoInput & { TS: string } } | { ok: false; errors: LoggerFieldErrors } {
  const errors: LoggerFieldErrors = {};
  const call = normalizeCall(state.call);
  if (!isValidCall(call)) errors.call = LOGGER_ERRORS.call;
  const freq = mhzToKhz(state.freq);
  if (freq === null || freq <= 0) errors.freq = LOGGER_ERRORS.freq;
  let ts: string | null;
  if (!state.timeLocked) ts = now.toISOString();
  else if (state.originalTs && isoToMinuteValue(state.originalTs) === state.time.trim().replace(' ', 'T')) {
    ts = state.originalTs;
  }
  else ts = minuteValueToIso(state.time);
  if (!ts) errors.time = LOGGER_ERRORS.time;
  if (Object.keys(errors).length > 0 || !ts || freq === null) return { ok: false, errors };
  return {
    ok: true,
    data: {
      Call: call,
      TS: ts,
      Freq: freq,
      Mode: state.mode,
      SubMode: state.subMode,
      Name: state.name.trim(),
      SNT: state.snt.trim(),
      RCV: state.rcv.trim(),
      Comment: state.comment.trim(),
      Power: state.power,
    },
  };
}
