import type { ComponentProps, ReactNode } from 'react';
import { fieldClass, FieldNotes, useFieldIds } from './field-parts';

type CheckboxFieldProps = Omit<ComponentProps<'input'>, 'type'> & {
  label: ReactNode;
  error?: string | undefined;
  /** Shown under the checkbox and announced with it. */
  hint?: ReactNode;
};

/** A labelled checkbox with its hint and error text underneath. */
export function CheckboxField({ label, error, hint, id, className, ...input }: CheckboxFieldProps) {
  const ids = useFieldIds(id, hint, error);
  return (
    <div className={fieldClass('field field-check', className)}>
      <label htmlFor={ids.inputId}>
        <input id={ids.inputId} type="checkbox" aria-invalid={ids.invalid} aria-describedby={ids.describedBy} {...input} />
        <span>{label}</span>
      </label>
      <FieldNotes hint={hint} hintId={ids.hintId} error={error} errorId={ids.errorId} />
    </div>
  );
}
