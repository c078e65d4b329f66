import { useEffect, useReducer, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Field } from '@/components/ui/field';
import { MESSAGES } from '@/config/messages';
import { isApiError } from '@/lib/api-client';
import { confirmUser } from '@/lib/dialogs';
import { loginUrlFor } from '@/lib/redirect';
import { useSession } from '@/lib/session';
import type { Qso } from '@/types/api';
import { useDeleteQso } from '../api/delete-qso';
import { useUpdateQso } from '../api/update-qso';
import { useUpsertQso } from '../api/upsert-qso';
import { useUtcMinute } from '../hooks/use-utc-clock';
import { CALL_MAX, NAME_MAX, POWER_MAX } from '../utils/fields';
import {
  initialLoggerState,
  loggerReducer,
  toQsoInput,
  type LoggerFieldErrors,
  type LoggerFormState,
} from '../utils/logger-state';
import { ModeSelect } from './mode-select';
import { TimeField } from './time-field';

type Attempt = 'log' | 'save' | 'delete';

export interface LoggerProps {
  /** The QSO to edit; without it the form logs new contacts. */
  editQso?: Qso | null | undefined;
  /** After Save Changes or Delete QSO succeeded. */
  onEditDone?: () => void;
  /** Cancel Edit. */
  onCancelEdit?: () => void;
}

function initState(editQso: Qso | null | undefined): LoggerFormState {
  const empty = initialLoggerState();
  return editQso ? loggerReducer(empty, { type: 'load', qso: editQso }) : empty;
}

/** Only SNT and RCV log on Enter; elsewhere Enter must not submit (Call will search later). */
const ENTER_SUBMITS = new Set(['snt', 'rcv']);

export function Logger({ editQso, onEditDone, onCancelEdit }: LoggerProps) {
  const editing = Boolean(editQso);
  const [state, dispatch] = useReducer(loggerReducer, editQso, initState);
  const [errors, setErrors] = useState<LoggerFieldErrors>({});
  const [networkError, setNetworkError] = useState(false);
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const lastAttempt = useRef<Attempt>('log');
  /** A failed log's call and TS: a retry of the same call reuses the TS, so the server can tell it is the same contact. */
  const retry = useRef<{ call: string; ts: string } | null>(null);
  const callRef = useRef<HTMLInputElement>(null);
  const clock = useUtcMinute(!state.timeLocked);
  const session = useSession();
  const navigate = useNavigate();

  const upsert = useUpsertQso();
  const update = useUpdateQso();
  const remove = useDeleteQso();
  const busy = upsert.isPending || update.isPending || remove.isPending;

  useEffect(() => {
    if (!editing) callRef.current?.focus();
  }, [editing]);

  function failed(err: unknown) {
    if (isApiError(err) && err.status === 422) {
      setServerMessage(err.message);
      const fieldErrors: LoggerFieldErrors = {};
      const call = err.fieldError('Call') ?? err.fieldError('call');
      const freq = err.fieldError('Freq') ?? err.fieldError('freq');
      const ts = err.fieldError('TS');
      if (call) fieldErrors.call = call;
      if (freq) fieldErrors.freq = freq;
      if (ts) fieldErrors.time = ts;
      setErrors(fieldErrors);
      return;
    }
    setNetworkError(true);
  }

  function run(attempt: Attempt) {
    lastAttempt.current = attempt;
    setNetworkError(false);
    setServerMessage(null);
    setStatus(null);

    if (!session) {
      if (confirmUser(MESSAGES.loginToLog)) void navigate(loginUrlFor('/logger'));
      return;
    }

    if (attempt === 'delete') {
      if (!editQso) return;
      remove.mutate({ qdo_id: editQso.qdo_id }, { onSuccess: () => onEditDone?.(), onError: failed });
      return;
    }

    const sameContact = !editing && retry.current !== null && retry.current.call === state.call;
    const now = sameContact && retry.current ? new Date(retry.current.ts) : new Date();
    const input = toQsoInput(state, now);
    if (!input.ok) {
      setErrors(input.errors);
      if (input.errors.call) callRef.current?.focus();
      return;
    }
    setErrors({});

    if (attempt === 'save' && editQso) {
      update.mutate({ qdo_id: editQso.qdo_id, ...input.data }, { onSuccess: () => onEditDone?.(), onError: failed });
      return;
    }

    upsert.mutate(input.data, {
      onSuccess: (answer) => {
        retry.current = null;
        dispatch({ type: 'logged' });
        setStatus(answer?.duplicate ? `${input.data.Call} was already logged.` : `Logged ${input.data.Call}.`);
        callRef.current?.focus();
      },
      onError: (err) => {
        retry.current = { call: input.data.Call, ts: input.data.TS };
        failed(err);
      },
    });
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    run(editing ? 'save' : 'log');
  }

  function onKeyDown(e: KeyboardEvent<HTMLFormElement>) {
    const target = e.target as HTMLElement;
    if (e.key === 'Enter' && target instanceof HTMLInputElement && !ENTER_SUBMITS.has(target.name)) {
      e.preventDefault();
    }
  }

  function confirmDelete() {
    if (editQso && confirmUser(MESSAGES.deleteQso(editQso.qdo_id))) run('delete');
  }

  return (
    <form className="logger" onSubmit={submit} onKeyDown={onKeyDown} aria-label={editing ? 'Edit QSO' : 'Log a contact'}>
      <div className="logger-grid">
        <Field
          ref={callRef}
          className="field-call"
          label="Call"
          name="call"
          placeholder="Log a contact"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={CALL_MAX}
          value={state.call}
          error={errors.call}
          onChange={(e) => {
            dispatch({ type: 'call', value: e.target.value });
            if (errors.call) setErrors((x) => ({ ...x, call: undefined }));
          }}
        />
        <Field
          className="field-freq"
          label="Freq (MHz)"
          name="freq"
          inputMode="decimal"
          autoComplete="off"
          value={state.freq}
          error={errors.freq}
          onChange={(e) => {
            dispatch({ type: 'freq', value: e.target.value });
            if (errors.freq) setErrors((x) => ({ ...x, freq: undefined }));
          }}
        />
        <ModeSelect value={state} onChange={(value) => dispatch({ type: 'mode', value })} />
        <Field
          className="field-report"
          label="SNT"
          name="snt"
          autoComplete="off"
          maxLength={10}
          value={state.snt}
          onChange={(e) => dispatch({ type: 'snt', value: e.target.value })}
        />
        <Field
          className="field-report"
          label="RCV"
          name="rcv"
          autoComplete="off"
          maxLength={10}
          value={state.rcv}
          onChange={(e) => dispatch({ type: 'rcv', value: e.target.value })}
        />
        <Field
          className="field-name"
          label="Name"
          name="name"
          autoComplete="off"
          maxLength={NAME_MAX}
          value={state.name}
          onChange={(e) => dispatch({ type: 'name', value: e.target.value })}
        />
        <Field
          className="field-power"
          label="Power (W)"
          name="power"
          inputMode="numeric"
          autoComplete="off"
          maxLength={POWER_MAX}
          value={state.power}
          onChange={(e) => dispatch({ type: 'power', value: e.target.value })}
        />
        <Field
          className="field-comment"
          label="Comments"
          name="comment"
          autoComplete="off"
          value={state.comment}
          onChange={(e) => dispatch({ type: 'comment', value: e.target.value })}
        />
        <TimeField
          value={state.time}
          locked={state.timeLocked}
          clock={clock}
          error={errors.time}
          onChange={(value) => {
            dispatch({ type: 'time', value });
            if (errors.time) setErrors((x) => ({ ...x, time: undefined }));
          }}
          onLock={() => dispatch({ type: 'lockTime', now: clock })}
          onUnlock={() => dispatch({ type: 'unlockTime' })}
        />
      </div>

      {serverMessage ? (
        <p className="form-message error" role="alert">
          {serverMessage}
        </p>
      ) : null}

      <div className="form-actions logger-actions">
        {editing ? (
          <>
            <button type="submit" className="btn btn-primary" disabled={busy}>
              Save Changes
            </button>
            <button type="button" className="btn btn-secondary" onClick={onCancelEdit} disabled={busy}>
              Cancel Edit
            </button>
            <button type="button" className="btn btn-danger" onClick={confirmDelete} disabled={busy}>
              Delete QSO
            </button>
          </>
        ) : (
          <button type="submit" className="btn btn-primary btn-log" disabled={busy}>
            Log
          </button>
        )}
        {networkError ? (
          <button type="button" className="btn btn-warning" onClick={() => run(lastAttempt.current)} disabled={busy}>
            <span aria-hidden="true">⚠ </span>
            {MESSAGES.networkError}
          </button>
        ) : null}
      </div>
      <p className="logger-status" role="status" aria-live="polite">
        {status ?? ''}
      </p>
    </form>
  );
}
