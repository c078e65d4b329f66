import type { ComponentProps, ReactNode } from 'react';
import { fieldClass, FieldNotes, useFieldIds } from './field-parts';

type CheckboxFieldProps = Omit<ComponentProps<'input'>, 'type'> & {
  label: ReactNode;
  error?: string | undefined;
};

/** A labelled checkbox with its error text underneath. */
export function CheckboxField({ label, error, id, className, ...input }: CheckboxFieldProps) {
  const ids = useFieldIds(id, undefined, error);
  return (
    <div className={fieldClass('field field-check', className)}>
      <label htmlFor={ids.inputId}>
        <input id={ids.inputId} type="checkbox" aria-invalid={ids.invalid} aria-describedby={ids.describedBy} {...input} />
        <span>{label}</span>
      </label>
      <FieldNotes hintId={ids.hintId} error={error} errorId={ids.errorId} />
    </div>
  );
}
