import { useEffect, useRef, useState, type Dispatch, type RefObject } from 'react';
import { useNavigate } from 'react-router-dom';
import { deleteQsoConfirm, PLEASE_LOG_IN_TO_LOG } from '@hamlog/domain/messages';
import { isApiError } from '@/lib/api-client';
import { confirmUser } from '@/lib/dialogs';
import { loginUrlFor } from '@/lib/redirect';
import type { Session } from '@/lib/session';
import { useDeleteQso } from '../api/delete-qso';
import { useUpdateQso } from '../api/update-qso';
import { useUpsertQso } from '../api/upsert-qso';
import { qsoDurationSeconds } from '../utils/durations';
import { loggedStatus } from '../utils/logged-status';
import { normalizeCall } from '../utils/fields';
import { toQsoInput, type LoggerAction, type LoggerFieldErrors, type LoggerFormState } from '../utils/logger-state';
import { loggerUrlFor } from '../utils/lookup';
import { isRunQso } from '../utils/op-modes';
import { formErrorsFrom } from '../utils/server-errors';
import type { LastQso } from './use-qso-counters';

type Attempt = 'log' | 'save' | 'delete';

/** A log that got no answer: its resend keeps the TS (and duration), so the server sees the same contact. */
interface Unanswered {
  call: string;
  ts: string;
  duration: number;
}

export interface QsoSaveOptions {
  state: LoggerFormState;
  dispatch: Dispatch<LoggerAction>;
  session: Session | null;
  callRef: RefObject<HTMLInputElement | null>;
  /** The rig's mode while the CAT link is in use. */
  radioMode: string;
  onLogged: (durationSeconds: number, last: LastQso) => void;
  /** More fields for a new contact (contest mode's exchange); they win over the form's. */
  extraInput?: () => Record<string, unknown> | null;
  /** After Save Changes or Delete QSO succeeded. */
  onEditDone: () => void;
}

/**
 * Log, Save Changes and Delete QSO. A failure without an answer (or a 5xx) sets the network error
 * flag and keeps the form as it is; the warning button retries the same attempt. A 422 puts the
 * server's messages under the fields.
 */
export function useQsoSave({ state, dispatch, session, callRef, radioMode, onLogged, extraInput, onEditDone }: QsoSaveOptions) {
  const [fieldErrors, setFieldErrors] = useState<LoggerFieldErrors>({});
  const [networkError, setNetworkError] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const lastAttempt = useRef<Attempt>('log');
  const unanswered = useRef<Unanswered | null>(null);
  const navigate = useNavigate();

  const upsert = useUpsertQso();
  const update = useUpdateQso();
  const remove = useDeleteQso();
  const busy = upsert.isPending || update.isPending || remove.isPending;

  // Something typed has not reached the server: ask before the page is left.
  useEffect(() => {
    if (!networkError) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [networkError]);

  function failed(err: unknown) {
    if (isApiError(err) && err.status === 422) {
      const { fields, others } = formErrorsFrom(err.errors);
      setFieldErrors(fields);
      setMessage(others[0] ?? (Object.keys(fields).length > 0 ? null : err.message));
      return;
    }
    if (!isApiError(err) || err.isNetworkError || err.status >= 500) {
      setNetworkError(true);
      return;
    }
    setMessage(err.message);
  }

  function begin(attempt: Attempt) {
    lastAttempt.current = attempt;
    setNetworkError(false);
    setMessage(null);
    setStatus(null);
  }

  function log() {
    if (busy) return;
    begin('log');
    if (!session) {
      void confirmUser(PLEASE_LOG_IN_TO_LOG).then((yes) => {
        if (yes) void navigate(loginUrlFor(loggerUrlFor(state.call)));
      });
      return;
    }
    const loggedAt = Date.now();
    const resend = unanswered.current?.call === normalizeCall(state.call) ? unanswered.current : null;
    const input = toQsoInput(state, resend ? new Date(resend.ts) : new Date(loggedAt));
    if (!input.ok) {
      setFieldErrors(input.errors);
      if (input.errors.call) callRef.current?.focus();
      return;
    }
    setFieldErrors({});
    const duration = resend?.duration ?? qsoDurationSeconds(state.startedAt, loggedAt);
    const data = { ...input.data, ...extraInput?.(), qso_duration: duration, IsRunQSO: isRunQso(state.opMode), radio_mode: radioMode };
    upsert.mutate(data, {
      onSuccess: (answer) => {
        unanswered.current = null;
        onLogged(duration, { qdo_id: answer?.qdo_id ?? '', Call: data.Call, TS: data.TS });
        dispatch({ type: 'logged' });
        setStatus(loggedStatus(data.Call, answer));
        callRef.current?.focus();
      },
      onError: (err) => {
        unanswered.current = { call: data.Call, ts: data.TS, duration };
        failed(err);
      },
    });
  }

  function save() {
    const editing = state.editing;
    if (busy || !editing) return;
    begin('save');
    const input = toQsoInput(state, new Date());
    if (!input.ok) {
      setFieldErrors(input.errors);
      return;
    }
    setFieldErrors({});
    update.mutate(
      { qdo_id: editing.qdo_id, ...input.data },
      {
        onSuccess: () => {
          dispatch({ type: 'editDone' });
          setStatus(`Saved changes to ${input.data.Call}.`);
          callRef.current?.focus();
          onEditDone();
        },
        onError: failed,
      },
    );
  }

  async function deleteQso(confirmed: boolean) {
    const editing = state.editing;
    if (busy || !editing) return;
    if (!confirmed && !(await confirmUser(deleteQsoConfirm(editing)))) return;
    begin('delete');
    remove.mutate(
      { qdo_id: editing.qdo_id },
      {
        onSuccess: () => {
          dispatch({ type: 'editDone' });
          setStatus(`Deleted the QSO with ${editing.Call}.`);
          callRef.current?.focus();
          onEditDone();
        },
        onError: failed,
      },
    );
  }

  function retry() {
    if (lastAttempt.current === 'save') save();
    else if (lastAttempt.current === 'delete') void deleteQso(true);
    else log();
  }

  function clearFieldError(field: keyof LoggerFieldErrors) {
    if (fieldErrors[field]) setFieldErrors((e) => ({ ...e, [field]: undefined }));
  }

  /** A new contact or an edit that ended: old messages no longer apply. */
  function reset() {
    setFieldErrors({});
    setNetworkError(false);
    setMessage(null);
  }

  return {
    log,
    save,
    deleteQso: () => void deleteQso(false),
    retry,
    busy,
    fieldErrors,
    clearFieldError,
    networkError,
    message,
    status,
    reset,
  };
}
