import type { ComponentProps, ReactNode } from 'react';
import { fieldClass, FieldNotes, useFieldIds } from './field-parts';

export type FieldProps = ComponentProps<'input'> & {
  label: ReactNode;
  /** Shown under the field and announced; marks the input invalid. */
  error?: string | undefined;
  hint?: ReactNode;
};

/** A labelled input with its error text underneath. */
export function Field({ label, error, hint, id, className, ...input }: FieldProps) {
  const ids = useFieldIds(id, hint, error);
  return (
    <div className={fieldClass('field', className)}>
      <label htmlFor={ids.inputId}>{label}</label>
      <input id={ids.inputId} aria-invalid={ids.invalid} aria-describedby={ids.describedBy} {...input} />
      <FieldNotes hint={hint} hintId={ids.hintId} error={error} errorId={ids.errorId} />
    </div>
  );
}
