import { useId } from 'react';
import { dropdownEntries, QUICK_MODES, valueForMode, type ModeChoice } from '../utils/modes';

/** The Mode dropdown (sub-modes indented under their parent) and the quick mode buttons. */
export function ModeSelect({ value, onChange }: { value: ModeChoice; onChange: (choice: string) => void }) {
  const id = useId();
  const entries = dropdownEntries(value);
  const selected = valueForMode(value);
  const active = (value.subMode || value.mode).toUpperCase();
  return (
    <div className="field field-mode">
      <label htmlFor={id}>Mode</label>
      <select id={id} name="mode" value={selected} onChange={(e) => onChange(e.target.value)}>
        {entries.map((e) => (
          <option key={e.value} value={e.value}>
            {e.isSubMode ? `\u00a0\u00a0\u2013 ${e.label}` : e.label}
          </option>
        ))}
      </select>
      <div className="quick-modes" role="group" aria-label="Shortcuts">
        {QUICK_MODES.map((m) => (
          <button
            key={m}
            type="button"
            className="btn btn-chip"
            aria-pressed={active === m}
            onClick={() => onChange(m)}
          >
            {m}
          </button>
        ))}
      </div>
    </div>
  );
}
