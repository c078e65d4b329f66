import { useId } from 'react';
import type { CustomRulesForm } from '../utils/custom-rules-form';

/** What every part of the builder gets: the form, the server's messages by path, and a change at a path (its message is cleared). */
export interface BuilderPartProps {
  form: CustomRulesForm;
  errors: Record<string, string>;
  onChange: (next: CustomRulesForm, path: string) => void;
}

/** A message about a whole list or group (not one input), announced and tied to its group. */
export function GroupError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="field-error">
      {message}
    </p>
  ) : null;
}

/** Checkboxes for choosing some of a list (bands, modes), in a fieldset with its legend and message. */
export function CheckboxGroup<T extends string>({
  legend,
  name,
  options,
  chosen,
  error,
  onToggle,
}: {
  legend: string;
  name: string;
  options: readonly { value: T; label: string }[];
  chosen: readonly T[];
  error: string | undefined;
  onToggle: (value: T, on: boolean) => void;
}) {
  const errorId = `${useId()}-error`;
  return (
    <fieldset className="fieldset custom-rules-choices" aria-describedby={error ? errorId : undefined}>
      <legend>{legend}</legend>
      <div className="custom-rules-checks">
        {options.map((option) => (
          <label key={option.value} className="custom-rules-check">
            <input type="checkbox" name={name} value={option.value} checked={chosen.includes(option.value)} aria-invalid={error ? true : undefined} onChange={(e) => onToggle(option.value, e.target.checked)} />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      <GroupError id={errorId} message={error} />
    </fieldset>
  );
}
