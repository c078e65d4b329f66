/**
 * The logger form as a reducer (spec section 4, Logger): idle, callsign searched (the duration
 * timer starts), logged (cleared, ready for the next contact); and edit mode, which loads a QSO,
 * locks its time and afterwards returns to what was on screen before.
 */
import { defaultReportForMode } from '@hamlog/domain/modes';
import { CALLSIGN_MIN_LENGTH } from '@hamlog/domain/qso/field-limits';
import { CALL_LENGTH } from '@hamlog/domain/messages';
import { MESSAGES } from '../../../config/messages';
import type { Qso, QsoInput } from '../../../types/api';
import { khzToMhzInput, mhzToKhz } from '../../../utils/frequency';
import { isoToMinuteValue, minuteValueToIso } from '../../../utils/time';
import {
  DEFAULT_FREQ_MHZ,
  DEFAULT_POWER,
  isValidCall,
  normalizeCall,
  reportAfterModeChange,
  sanitizeFreq,
  sanitizeName,
  sanitizePower,
} from './fields';
import { chooseMode, DEFAULT_MODE } from './modes';
import { DEFAULT_OP_MODE } from './op-modes';
import type { LoggerSettings } from './preferences';
import type { LoggerFieldErrors } from './server-errors';

export type { LoggerFieldErrors };

/** A callsign search; its id (the time it ran, ms) tells one search's answer from another's. */
export interface Search {
  call: string;
  id: number;
}

export interface LoggerFormState extends LoggerSettings {
  call: string;
  snt: string;
  rcv: string;
  name: string;
  comment: string;
  /** 'YYYY-MM-DD HH:MM' or 'YYYY-MM-DDTHH:MM' (UTC); only meaningful while timeLocked. */
  time: string;
  /** Unlocked, the time follows the UTC clock. */
  timeLocked: boolean;
  /** The TS of the QSO being edited, kept so an unchanged minute keeps its seconds. */
  originalTs: string | null;
  /** The chosen DXCC entity, sent with the QSO; null lets the server derive it from the call. */
  dxcc: number | null;
  /** Who chose it: a choice of the user's survives a changed callsign, the others do not. */
  dxccSource: 'user' | 'lookup' | 'loaded' | null;
  search: Search | null;
  /** The search's answer has filled the name and DXCC (once per search). */
  lookupApplied: boolean;
  /** When the contact started (the search, else the call reaching 3 characters), ms. */
  startedAt: number | null;
  /** The QSO being edited. */
  editing: Qso | null;
  /** What to return to when the edit ends. */
  resume: { settings: LoggerSettings; searchCall: string | null } | null;
}

export type LoggerAction =
  | { type: 'call'; value: string; at: number }
  | { type: 'search'; at: number }
  | { type: 'lookup'; searchId: number; name: string; dxcc: number }
  | { type: 'clear' }
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
  | { type: 'dxcc'; value: number | null }
  | { type: 'opMode'; value: number }
  | { type: 'rig'; freq: string; mode?: string | undefined; opMode?: number | undefined }
  | { type: 'logged' }
  | { type: 'edit'; qso: Qso }
  | { type: 'cancelEdit'; at: number }
  | { type: 'editDone' };

export const DEFAULT_SETTINGS: LoggerSettings = {
  freq: DEFAULT_FREQ_MHZ,
  mode: DEFAULT_MODE.mode,
  subMode: DEFAULT_MODE.subMode,
  power: DEFAULT_POWER,
  opMode: DEFAULT_OP_MODE,
};

export function settingsOf(state: LoggerFormState): LoggerSettings {
  return { freq: state.freq, mode: state.mode, subMode: state.subMode, power: state.power, opMode: state.opMode };
}

/** An empty contact with the given settings (frequency, mode, power, operating mode stay). */
function emptyContact(settings: LoggerSettings): LoggerFormState {
  return {
    ...settings,
    call: '',
    snt: defaultReportForMode(settings.mode),
    rcv: defaultReportForMode(settings.mode),
    name: '',
    comment: '',
    time: '',
    timeLocked: false,
    originalTs: null,
    dxcc: null,
    dxccSource: null,
    search: null,
    lookupApplied: false,
    startedAt: null,
    editing: null,
    resume: null,
  };
}

export function initialLoggerState(settings: Partial<LoggerSettings> = {}): LoggerFormState {
  return emptyContact({ ...DEFAULT_SETTINGS, ...settings });
}

/** Clearing keeps the settings, resets the time lock, reports, name, comment, DXCC and search. */
function cleared(state: LoggerFormState): LoggerFormState {
  return { ...emptyContact(settingsOf(state)), editing: state.editing, resume: state.resume };
}

function withMode(state: LoggerFormState, choice: string): LoggerFormState {
  const { mode, subMode } = chooseMode(choice);
  if (mode === state.mode && subMode === state.subMode) return state;
  return {
    ...state,
    mode,
    subMode,
    snt: reportAfterModeChange(state.snt, mode),
    rcv: reportAfterModeChange(state.rcv, mode),
  };
}

function searched(state: LoggerFormState, call: string, at: number): LoggerFormState {
  return { ...state, call, search: { call, id: at }, lookupApplied: false, startedAt: at };
}

function loaded(state: LoggerFormState, q: Qso): LoggerFormState {
  const mode = (q.Mode ?? '').toUpperCase() || DEFAULT_MODE.mode;
  return {
    ...state,
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
    dxcc: q.dxcc > 0 ? q.dxcc : null,
    dxccSource: q.dxcc > 0 ? 'loaded' : null,
    lookupApplied: true,
    editing: q,
  };
}

export function loggerReducer(state: LoggerFormState, action: LoggerAction): LoggerFormState {
  switch (action.type) {
    case 'call': {
      const call = normalizeCall(action.value);
      if (call === state.call) return state;
      // Shorter than 3 clears the form (not while editing: that would throw the QSO's fields away).
      if (!state.editing && call.length < CALLSIGN_MIN_LENGTH) return { ...cleared(state), call };
      const keepDxcc = state.dxccSource === 'user';
      return {
        ...state,
        call,
        dxcc: keepDxcc ? state.dxcc : null,
        dxccSource: keepDxcc ? state.dxccSource : null,
        search: state.search && state.search.call === call ? state.search : null,
        startedAt: state.startedAt ?? action.at,
      };
    }
    case 'search':
      if (state.editing) return state;
      if (!isValidCall(state.call)) return { ...cleared(state), call: state.call };
      return searched(state, state.call, action.at);
    case 'lookup': {
      if (!state.search || state.search.id !== action.searchId || state.lookupApplied) return state;
      const preselect = state.dxccSource !== 'user' && action.dxcc > 0;
      return {
        ...state,
        name: state.name.trim() ? state.name : sanitizeName(action.name.trim()),
        dxcc: preselect ? action.dxcc : state.dxcc,
        dxccSource: preselect ? 'lookup' : state.dxccSource,
        lookupApplied: true,
      };
    }
    case 'clear':
      return cleared(state);
    case 'freq':
      return { ...state, freq: sanitizeFreq(action.value) };
    case 'mode':
      return withMode(state, action.value);
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
    case 'dxcc':
      return { ...state, dxcc: action.value, dxccSource: 'user' };
    case 'opMode':
      return { ...state, opMode: action.value };
    case 'rig': {
      let next = action.mode ? withMode(state, action.mode) : state;
      if (next.freq !== action.freq) next = { ...next, freq: action.freq };
      if (action.opMode !== undefined && next.opMode !== action.opMode) next = { ...next, opMode: action.opMode };
      return next;
    }
    case 'logged':
      return cleared(state);
    case 'edit': {
      const resume = state.editing ? state.resume : { settings: settingsOf(state), searchCall: state.search?.call ?? null };
      return { ...loaded(state, action.qso), resume };
    }
    case 'cancelEdit': {
      const back = emptyContact(state.resume?.settings ?? settingsOf(state));
      const call = state.resume?.searchCall ?? null;
      return call ? searched(back, call, action.at) : back;
    }
    case 'editDone':
      return emptyContact(state.resume?.settings ?? settingsOf(state));
    default: {
      const unknown: never = action;
      return unknown;
    }
  }
}

export const LOGGER_ERRORS = {
  call: CALL_LENGTH,
  freq: MESSAGES.freqInvalid,
  time: MESSAGES.timeInvalid,
} as const;

export type QsoFormData = QsoInput & { TS: string; Freq: number };

/** The QSO fields for a save, or the errors that prevent one. `now` is used while the time follows the clock. */
export function toQsoInput(
  state: LoggerFormState,
  now: Date,
): { ok: true; data: QsoFormData } | { ok: false; errors: LoggerFieldErrors } {
  const errors: LoggerFieldErrors = {};
  const call = normalizeCall(state.call);
  if (!isValidCall(call)) errors.call = LOGGER_ERRORS.call;
  const freq = mhzToKhz(state.freq);
  if (freq === null || freq <= 0) errors.freq = LOGGER_ERRORS.freq;
  let ts: string | null;
  if (!state.timeLocked) ts = now.toISOString();
  else if (state.originalTs && isoToMinuteValue(state.originalTs) === state.time.trim().replace(' ', 'T')) {
    ts = state.originalTs;
  } else ts = minuteValueToIso(state.time);
  if (!ts) errors.time = LOGGER_ERRORS.time;
  if (Object.keys(errors).length > 0 || !ts || freq === null) return { ok: false, errors };
  const data: QsoFormData = {
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
  };
  if (state.dxcc !== null) data.dxcc = state.dxcc;
  return { ok: true, data };
}
