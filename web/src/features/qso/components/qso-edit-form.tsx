import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Notice } from '@/components/ui/notice';
import { confirmUser } from '@/lib/dialogs';
import { isApiError } from '@/lib/api-client';
import type { Qso } from '@/types/api';
import { useSaveQsoEdit } from '../api/save-qso-edit';
import { EDIT_FIELDS, EDIT_SECTIONS } from '../utils/edit-fields';
import { editErrorsFrom, editOutcome, editValues, type EditErrors, type EditValues } from '../utils/edit-values';
import { EditFieldControl } from './edit-field-control';

export const QSO_SAVE_FAILED = 'The QSO could not be saved. Please try again.';
export const FIX_FIELDS = 'Some fields need a change: see the messages under them.';
export const DISCARD_CHANGES = 'Discard your changes to this QSO?';

/**
 * Every field of one of the owner's QSOs: the logger's and each ADIF detail, in the QSO page's
 * sections. Saving sends only what changed; the server's messages show under their fields.
 * Enter saves (from any one-line field), Escape cancels.
 */
export function QsoEditForm({ qso, onSaved, onCancel }: { qso: Qso; onSaved: () => void; onCancel: () => void }) {
  const [initial] = useState<EditValues>(() => editValues(qso));
  const [values, setValues] = useState<EditValues>(initial);
  const [errors, setErrors] = useState<EditErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSaveQsoEdit();
  const form = useRef<HTMLFormElement>(null);

  function focusFirstError(fields: EditErrors) {
    const first = EDIT_FIELDS.find((f) => fields[f.name] !== undefined);
    if (!first) return;
    requestAnimationFrame(() => {
      const control = form.current?.querySelector<HTMLElement>(`[name="${first.name}"]`);
      // Into the middle of the view, clear of the sticky header and save bar (even when it had the focus already).
      control?.focus({ preventScroll: true });
      control?.scrollIntoView?.({ block: 'center' });
    });
  }

  function failed(err: unknown) {
    if (isApiError(err) && err.status === 422) {
      const { fields, others } = editErrorsFrom(err.errors);
      setErrors(fields);
      setFormError(others[0] ?? (Object.keys(fields).length > 0 ? FIX_FIELDS : err.message));
      focusFirstError(fields);
    } else {
      setFormError(isApiError(err) && err.status >= 400 && err.status < 500 && err.message ? err.message : QSO_SAVE_FAILED);
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (save.isPending) return;
    setFormError(null);
    const outcome = editOutcome(qso.qdo_id, initial, values);
    if (outcome.kind === 'invalid') {
      setErrors(outcome.errors);
      setFormError(FIX_FIELDS);
      focusFirstError(outcome.errors);
      return;
    }
    setErrors({});
    if (outcome.kind === 'unchanged') onSaved();
    else save.mutate(outcome.request, { onSuccess: onSaved, onError: failed });
  }

  async function cancel() {
    const dirty = editOutcome(qso.qdo_id, initial, values).kind !== 'unchanged';
    if (!dirty || (await confirmUser(DISCARD_CHANGES))) onCancel();
  }

  function keyDown(e: KeyboardEvent<HTMLFormElement>) {
    if (e.key !== 'Escape' || e.defaultPrevented) return;
    e.preventDefault();
    void cancel();
  }

  function change(name: string, value: string) {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors(({ [name]: _fixed, ...rest }) => rest);
  }

  return (
    <form ref={form} className="form qso-edit-form" aria-label="Edit all fields" onSubmit={submit} onKeyDown={keyDown} aria-busy={save.isPending || undefined} noValidate>
      {EDIT_SECTIONS.map((section) => (
        <fieldset key={section.id} className="fieldset">
          <legend>{section.label}</legend>
          <div className="form-grid">
            {section.fields.map((field) => (
              <EditFieldControl key={field.name} field={field} value={values[field.name] ?? ''} error={errors[field.name]} onChange={(value) => change(field.name, value)} />
            ))}
          </div>
        </fieldset>
      ))}
      <div className="qso-edit-actions">
        {formError ? <Notice tone="error">{formError}</Notice> : null}
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save changes'}
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => void cancel()}>
            Cancel
          </button>
        </div>
      </div>
    </form>
  );
}
