import { FieldNotes, useFieldIds } from '@/components/ui/field-parts';
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
  const { inputId: id, errorId, hintId, describedBy, invalid } = useFieldIds(undefined, undefined, error);
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
        aria-invalid={invalid}
        aria-describedby={describedBy}
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
      <FieldNotes hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}
