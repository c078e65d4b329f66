import { useEffect, useReducer, type Dispatch } from 'react';
import { readStored, writeStored } from '@/lib/storage';
import type { Qso } from '@/types/api';
import { isValidCall, normalizeCall } from '../utils/fields';
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

function startState({ editQso, initialCall }: Start): LoggerFormState {
  const { catLinkEnabled: _ignored, ...settings } = storedPreferences();
  const empty = initialLoggerState(settings);
  if (editQso) return loggerReducer(empty, { type: 'edit', qso: editQso });
  const call = normalizeCall(initialCall ?? '');
  if (!isValidCall(call)) return empty;
  const now = Date.now();
  return loggerReducer(loggerReducer(empty, { type: 'call', value: call, at: now }), { type: 'search', at: now });
}

/** The form's state, started from the stored preferences; the settings are remembered as they change (not while editing). */
export function useLoggerForm(start: Start, catLinkEnabled: boolean): [LoggerFormState, Dispatch<LoggerAction>] {
  const [state, dispatch] = useReducer(loggerReducer, start, startState);
  const editing = state.editing !== null;
  const { freq, mode, subMode, power, opMode } = state;
  useEffect(() => {
    if (editing) return;
    for (const [key, value] of preferenceEntries({ freq, mode, subMode, power, opMode }, catLinkEnabled)) writeStored(key, value);
  }, [editing, freq, mode, subMode, power, opMode, catLinkEnabled]);
  return [state, dispatch];
}
