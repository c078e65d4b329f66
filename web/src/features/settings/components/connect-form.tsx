import { useEffect, useRef, useState, type ChangeEvent, type FormEvent, type KeyboardEvent } from 'react';
import type { ConnectionField } from '@hamlog/domain/confirmations/connections';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { Field } from '@/components/ui/field';
import { isApiError } from '@/lib/api-client';
import { useConnectService, type ServiceState } from '../api/services';
import {
  checkConnectionForm,
  connectionFields,
  connectionFormFrom,
  fileAsBase64,
  firstErrors,
  isStoredSecret,
  STORED_SECRET,
  toConnectRequest,
  type ConnectionFormErrors,
} from '../utils/connection-form';

const INPUT_TYPE: Readonly<Record<ConnectionField['kind'], string>> = { text: 'text', password: 'password', email: 'email', file: 'file' };

/**
 * Connect a service, or change its details: the fields the service needs (a stored secret may be
 * left blank), the LoTW certificate read here and sent as base64, and whether new QSOs go by
 * themselves. Field errors (ours, then the server's 422) show under their fields; Escape cancels.
 */
export function ConnectForm({ state, onDone, onCancel }: { state: ServiceState; onDone: (message: string) => void; onCancel: () => void }) {
  const [values, setValues] = useState(() => connectionFormFrom(state));
  const [errors, setErrors] = useState<ConnectionFormErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const connect = useConnectService();
  const form = useRef<HTMLFormElement>(null);
  const formId = `connect-${state.service}`;

  useEffect(() => {
    form.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, []);

  const set = (name: string, value: string) => {
    setValues((v) => ({ ...v, fields: { ...v.fields, [name]: value } }));
    setErrors(({ [name]: _gone, ...rest }) => rest);
  };

  async function readFile(field: ConnectionField, e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    if (!file) return set(field.name, '');
    try {
      set(field.name, await fileAsBase64(file));
    } catch {
      setErrors((x) => ({ ...x, [field.name]: 'The file could not be read; choose it again.' }));
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const request = toConnectRequest(state, values);
    const invalid = checkConnectionForm(state, request);
    setErrors(invalid);
    setProblem(null);
    if (Object.keys(invalid).length > 0) return;
    connect.mutate(request, {
      onSuccess: () => onDone(state.connected ? `${state.name}: details saved.` : `${state.name} connected.`),
      onError: (error) => {
        const byField = isApiError(error) && error.status === 422 ? firstErrors(error.errors) : {};
        const { service: serviceError, ...fieldErrors } = byField;
        setErrors(fieldErrors);
        if (serviceError || Object.keys(fieldErrors).length === 0) {
          setProblem(serviceError ?? (isApiError(error) && error.message ? error.message : `${state.name} could not be connected; please try again.`));
        }
      },
    });
  }

  function cancelOnEscape(e: KeyboardEvent) {
    if (e.key === 'Escape' && !connect.isPending) {
      e.preventDefault();
      onCancel();
    }
  }

  const fieldOf = (field: ConnectionField) => {
    const stored = isStoredSecret(state, field);
    const hint = [stored && field.kind === 'file' ? STORED_SECRET : null, field.help ?? null].filter(Boolean).join(' ') || undefined;
    const common = {
      id: `${formId}-${field.name}`,
      label: field.label,
      name: field.name,
      type: INPUT_TYPE[field.kind],
      required: field.required && !stored,
      error: errors[field.name],
      hint,
      autoComplete: field.kind === 'password' ? 'new-password' : 'off',
      spellCheck: false,
    };
    if (field.kind === 'file') {
      return <Field key={field.name} {...common} accept=".p12,.pfx,application/x-pkcs12" onChange={(e) => void readFile(field, e)} />;
    }
    return (
      <Field
        key={field.name}
        {...common}
        maxLength={field.maxLength}
        placeholder={stored ? STORED_SECRET : undefined}
        value={values.fields[field.name] ?? ''}
        onChange={(e) => set(field.name, e.target.value)}
      />
    );
  };

  return (
    <form ref={form} className="connect-form" onSubmit={submit} onKeyDown={cancelOnEscape} aria-label={`${state.connected ? 'Change details of' : 'Connect'} ${state.name}`} noValidate>
      <div className="form-grid">{connectionFields(state).map(fieldOf)}</div>
      <CheckboxField
        label="Send new QSOs automatically"
        name="auto_sync"
        checked={values.autoSync}
        onChange={(e) => setValues((v) => ({ ...v, autoSync: e.target.checked }))}
      />
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={connect.isPending}>
          {connect.isPending ? 'Connecting…' : state.connected ? 'Save details' : `Connect ${state.name}`}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={connect.isPending}>
          Cancel
        </button>
      </div>
    </form>
  );
}
