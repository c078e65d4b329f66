import { useId } from 'react';
import { OP_MODES, parseOpMode } from '../utils/op-modes';

export function OpModeSelect({ value, onChange }: { value: number; onChange: (code: number) => void }) {
  const id = useId();
  return (
    <div className="field field-op-mode">
      <label htmlFor={id}>Operating mode</label>
      <select
        id={id}
        name="op_mode"
        value={String(value)}
        onChange={(e) => {
          const code = parseOpMode(e.target.value);
          if (code !== null) onChange(code);
        }}
      >
        {OP_MODES.map((m) => (
          <option key={m.code} value={String(m.code)}>
            {m.label}
          </option>
        ))}
      </select>
    </div>
  );
}
