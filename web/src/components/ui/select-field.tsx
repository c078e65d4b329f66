import type { ComponentProps, ReactNode } from 'react';
import { fieldClass, FieldNotes, useFieldIds } from './field-parts';

type SelectFieldProps = ComponentProps<'select'> & {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  options: readonly { value: string; label: string }[];
};

/** A labelled drop-down with its hint and error text underneath. */
export function SelectField({ label, error, hint, id, className, options, ...select }: SelectFieldProps) {
  const ids = useFieldIds(id, hint, error);
  return (
    <div className={fieldClass('field', className)}>
      <label htmlFor={ids.inputId}>{label}</label>
      <select id={ids.inputId} aria-invalid={ids.invalid} aria-describedby={ids.describedBy} {...select}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldNotes hint={hint} hintId={ids.hintId} error={error} errorId={ids.errorId} />
    </div>
  );
}
