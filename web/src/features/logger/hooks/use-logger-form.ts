import { useEffect, useReducer, type Dispatch } from 'react';
import { readStored, writeStored } from '@/lib/storage';
import type { Qso } from '@/types/api';
import { isValidCall, normalizeCall } from '../utils/fields';
import { inProgressEntries, readInProgressContact } from '../utils/in-progress-contact';
import { initialLoggerState, loggerReducer, type LoggerAction, type LoggerFormState } from '../utils/logger-state';
import { preferenceEntries, readPreferences, type LoggerPreferences } from '../utils/preferences';

export function storedPreferences(): LoggerPreferences {
  return readPreferences((key) => readStored(key));
}

interface Start {
  editQso: Qso | null | undefined;
  /** ?log_callsign=: opens prefilled and searched. */
  initialCall: string | null | undefined;
}

/**
 * The stored settings, then: the QSO to edit; else the ?log_callsign= call or the stored contact,
 * searched. The stored contact's name, reports and comment come back with its call (a reload, or
 * a visitor sent to log in and back with the same call).
 */
function startState({ editQso, initialCall }: Start): LoggerFormState {
  const { catLinkEnabled: _ignored, ...settings } = storedPreferences();
  const empty = initialLoggerState(settings);
  if (editQso) return loggerReducer(empty, { type: 'edit', qso: editQso });
  const stored = readInProgressContact((key) => readStored(key));
  const call = normalizeCall(initialCall ?? stored?.call ?? '');
  if (!isValidCall(call)) return empty;
  const now = Date.now();
  const typed = stored?.call === call ? { name: stored.name, snt: stored.snt, rcv: stored.rcv, comment: stored.comment } : {};
  const withCall = { ...loggerReducer(empty, { type: 'call', value: call, at: now }), ...typed };
  return loggerReducer(withCall, { type: 'search', at: now });
}

/**
 * The form's state, started from local storage. The settings and the contact being typed are
 * remembered as they change, but not while editing: that is a logged QSO, not the one in progress.
 */
export function useLoggerForm(start: Start, catLinkEnabled: boolean): [LoggerFormState, Dispatch<LoggerAction>] {
  const [state, dispatch] = useReducer(loggerReducer, start, startState);
  const editing = state.editing !== null;
  const { freq, mode, subMode, power, opMode, call, name, snt, rcv, comment } = state;
  useEffect(() => {
    if (editing) return;
    for (const [key, value] of preferenceEntries({ freq, mode, subMode, power, opMode }, catLinkEnabled)) writeStored(key, value);
  }, [editing, freq, mode, subMode, power, opMode, catLinkEnabled]);
  useEffect(() => {
    if (editing) return;
    for (const [key, value] of inProgressEntries({ call, name, snt, rcv, comment })) writeStored(key, value);
  }, [editing, call, name, snt, rcv, comment]);
  return [state, dispatch];
}
