import { useId } from 'react';
import { dropdownEntries, QUICK_MODES, valueForMode, type ModeChoice } from '../utils/modes';

/** The Mode dropdown (ADIF modes, sub-modes with a dash under their parent) and the quick mode buttons. */
export function ModeSelect({
  value,
  error,
  onChange,
}: {
  value: ModeChoice;
  error?: string | undefined;
  onChange: (choice: string) => void;
}) {
  const id = useId();
  const entries = dropdownEntries(value);
  const selected = valueForMode(value);
  const active = (value.subMode || value.mode).toUpperCase();
  return (
    <div className="field field-mode">
      <label htmlFor={id}>Mode</label>
      <select
        id={id}
        name="mode"
        value={selected}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      >
        {entries.map((e) => (
          <option key={e.value} value={e.value}>
            {e.label}
          </option>
        ))}
      </select>
      <div className="quick-modes" role="group" aria-label="Quick modes">
        {QUICK_MODES.map((m) => (
          <button key={m} type="button" className="btn btn-chip" aria-pressed={active === m} onClick={() => onChange(m)}>
            {m}
          </button>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
