import type { ComponentProps, ReactNode } from 'react';
import { fieldClass, FieldNotes, useFieldIds } from './field-parts';

type TextareaFieldProps = ComponentProps<'textarea'> & {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
};

/** A labelled multi-line input with its hint and error text underneath. */
export function TextareaField({ label, error, hint, id, className, ...textarea }: TextareaFieldProps) {
  const ids = useFieldIds(id, hint, error);
  return (
    <div className={fieldClass('field', className)}>
      <label htmlFor={ids.inputId}>{label}</label>
      <textarea id={ids.inputId} aria-invalid={ids.invalid} aria-describedby={ids.describedBy} {...textarea} />
      <FieldNotes hint={hint} hintId={ids.hintId} error={error} errorId={ids.errorId} />
    </div>
  );
}
