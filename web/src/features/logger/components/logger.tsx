import { Fragment, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { COMMENT_MAX_LENGTH, NAME_MAX_LENGTH, POWER_MAX_DIGITS, REPORT_MAX_LENGTH } from '@hamlog/domain/qso/field-limits';
import { RESET_COUNTERS_CONFIRM } from '@hamlog/domain/messages';
import { Field } from '@/components/ui/field';
import { confirmUser } from '@/lib/dialogs';
import { useSession } from '@/lib/session';
import type { Qso } from '@/types/api';
import { useCatLink } from '../hooks/use-cat-link';
import { useContestMode } from '../hooks/use-contest-mode';
import { useLogbarLookup } from '../hooks/use-logbar-lookup';
import { storedPreferences, useLoggerForm } from '../hooks/use-logger-form';
import { useQsoCounters } from '../hooks/use-qso-counters';
import { useQsoSave } from '../hooks/use-qso-save';
import { useUtcMinute } from '../hooks/use-utc-clock';
import { isValidCall } from '../utils/fields';
import { externalLookupUrl } from '../utils/lookup';
import { CallInput } from './call-input';
import { CatLinkToggle } from './cat-link-toggle';
import { ContestModeBar } from './contest-mode-bar';
import { ContestReceivedFields } from './contest-received-fields';
import { DxccSelect } from './dxcc-select';
import { LogbarSummary } from './logbar-summary';
import { LoggerActions } from './logger-actions';
import { ModeSelect } from './mode-select';
import { OpModeSelect } from './op-mode-select';
import { PreviousQsos } from './previous-qsos';
import { TimeField } from './time-field';
import './logger.css';

/** The plain text fields, in the keyboard order of the log cycle: Call, SNT, RCV, Name, Comments. */
const TEXT_FIELDS = [
  { key: 'snt', label: 'SNT', className: 'field-report', max: REPORT_MAX_LENGTH },
  { key: 'rcv', label: 'RCV', className: 'field-report', max: REPORT_MAX_LENGTH },
  { key: 'name', label: 'Name', className: 'field-name', max: NAME_MAX_LENGTH },
  { key: 'comment', label: 'Comments', className: 'field-comment', max: COMMENT_MAX_LENGTH },
] as const;

export interface LoggerProps {
  /** The QSO to edit (the /logger/:edit_id route); without it the form logs new contacts. */
  editQso?: Qso | null | undefined;
  /** ?log_callsign=: opens prefilled and searched. */
  initialCall?: string | null | undefined;
  /** Put the cursor in the call field on arrival (the logger screen, not the home page). */
  autoFocus?: boolean;
  /** After Save Changes or Delete QSO of editQso succeeded. */
  onEditDone?: () => void;
  /** Cancel Edit of editQso. */
  onCancelEdit?: () => void;
}

/** Besides SNT and RCV (the specification's), Enter in Name and Comments logs too: they come next on the keyboard path; so does Enter in a received exchange box. */
const ENTER_LOGS = new Set(['snt', 'rcv', 'name', 'comment']);
const entersLog = (name: string): boolean => ENTER_LOGS.has(name) || name.startsWith('rcvd-');

/** The logger ("log bar"): log a contact with the keyboard, look the callsign up, edit earlier QSOs with it. */
export function Logger({ editQso, initialCall, autoFocus = false, onEditDone, onCancelEdit }: LoggerProps) {
  const session = useSession();
  const [catEnabled, setCatEnabled] = useState(() => storedPreferences().catLinkEnabled ?? false);
  const [state, dispatch] = useLoggerForm({ editQso, initialCall }, catEnabled);
  const editing = state.editing !== null;
  const callRef = useRef<HTMLInputElement>(null);
  const clock = useUtcMinute(!state.timeLocked);
  const cat = useCatLink({ signedIn: session !== null, editing, enabled: catEnabled, dispatch });
  const lookup = useLogbarLookup(state.search, dispatch);
  const counters = useQsoCounters();
  const contest = useContestMode(session !== null, { call: state.call, freq: state.freq, mode: state.mode });
  const save = useQsoSave({
    state,
    dispatch,
    session,
    callRef,
    radioMode: cat.radioMode,
    onLogged: (duration, last) => {
      counters.record(duration, last);
      contest.logged();
    },
    extraInput: () => contest.qsoInput(state.snt, state.rcv),
    onEditDone: () => {
      if (editQso) onEditDone?.();
    },
  });
  const errors = save.fieldErrors;

  function clear() {
    dispatch({ type: 'clear' });
    save.reset();
    callRef.current?.focus();
  }

  function edit(qso: Qso) {
    dispatch({ type: 'edit', qso });
    save.reset();
    callRef.current?.focus();
  }

  function cancelEdit() {
    save.reset();
    if (editQso && onCancelEdit) onCancelEdit();
    else dispatch({ type: 'cancelEdit', at: Date.now() });
    callRef.current?.focus();
  }

  async function resetCounters() {
    if (await confirmUser(RESET_COUNTERS_CONFIRM)) counters.reset();
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (editing) save.save();
    else save.log();
  }

  function onKeyDown(e: KeyboardEvent<HTMLFormElement>) {
    const target = e.target;
    if (e.key === 'Enter' && target instanceof HTMLInputElement && target.type !== 'checkbox' && !entersLog(target.name)) {
      e.preventDefault();
    }
  }

  const answer = state.search ? lookup.data : undefined;

  return (
    <div className="logger-bar">
      <form className="logger" onSubmit={submit} onKeyDown={onKeyDown} aria-label={editing ? 'Edit QSO' : 'Log a contact'} noValidate>
        {editing ? null : <ContestModeBar contest={contest} />}
        <div className="logger-grid">
          <CallInput
            inputRef={callRef}
            value={state.call}
            error={errors.call}
            editing={editing}
            autoFocus={autoFocus}
            onChange={(value) => {
              dispatch({ type: 'call', value, at: Date.now() });
              save.clearFieldError('call');
            }}
            onSearch={() => dispatch({ type: 'search', at: Date.now() })}
            onClear={clear}
          />
          {TEXT_FIELDS.map((f) => (
            <Fragment key={f.key}>
              <Field
                className={f.className}
                label={f.label}
                name={f.key}
                autoComplete="off"
                maxLength={f.max}
                value={state[f.key]}
                error={errors[f.key]}
                onChange={(e) => dispatch({ type: f.key, value: e.target.value })}
              />
              {f.key === 'rcv' && !editing ? <ContestReceivedFields contest={contest} /> : null}
            </Fragment>
          ))}
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
              save.clearFieldError('freq');
            }}
          />
          <Field
            className="field-power"
            label="Power (W)"
            name="power"
            inputMode="numeric"
            autoComplete="off"
            maxLength={POWER_MAX_DIGITS}
            value={state.power}
            error={errors.power}
            onChange={(e) => dispatch({ type: 'power', value: e.target.value })}
          />
          <TimeField
            value={state.time}
            locked={state.timeLocked}
            clock={clock}
            error={errors.time}
            onChange={(value) => {
              dispatch({ type: 'time', value });
              save.clearFieldError('time');
            }}
            onLock={() => dispatch({ type: 'lockTime', now: clock })}
            onUnlock={() => dispatch({ type: 'unlockTime' })}
          />
          <ModeSelect value={state} error={errors.mode} onChange={(value) => dispatch({ type: 'mode', value })} />
          <OpModeSelect value={state.opMode} onChange={(value) => dispatch({ type: 'opMode', value })} />
          <DxccSelect
            value={state.dxcc}
            fallbackName={state.editing?.country ?? answer?.country ?? ''}
            error={errors.dxcc}
            onChange={(value) => dispatch({ type: 'dxcc', value })}
          />
          <div className="logger-links">
            {editing ? null : <CatLinkToggle label={cat.label} checked={catEnabled} onChange={setCatEnabled} />}
            {isValidCall(state.call) ? (
              <a className="lookup-link" href={externalLookupUrl(state.call)} target="_blank" rel="noopener noreferrer">
                Look up {state.call} on QRZ.com
              </a>
            ) : null}
          </div>
        </div>

        {save.message ? (
          <p className="form-message error" role="alert">
            {save.message}
          </p>
        ) : null}

        <LoggerActions
          editing={editing}
          busy={save.busy}
          networkError={save.networkError}
          onCancelEdit={cancelEdit}
          onDelete={save.deleteQso}
          onRetry={save.retry}
        />
        <p className="logger-status" role="status" aria-live="polite">
          {save.status ?? ''}
        </p>
        <LogbarSummary
          answer={answer}
          sessionCount={counters.sessionCount}
          averageSeconds={counters.averageSeconds}
          onResetCounters={resetCounters}
        />
      </form>

      {state.search ? (
        <PreviousQsos
          call={state.search.call}
          qsos={answer?.qsos ?? []}
          loading={lookup.isPending}
          failed={lookup.isError}
          editingId={state.editing?.qdo_id ?? null}
          onEdit={edit}
        />
      ) : null}
    </div>
  );
}
