import { useId } from 'react';

/** A row of toggle buttons, one pressed: the mode group or the status of an award's grid. */
export function ChipGroup<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly (readonly [T, string])[];
  value: T;
  onChange: (next: T) => void;
}) {
  const labelId = useId();
  return (
    <div className="ap-chip-group" role="group" aria-labelledby={labelId}>
      <span id={labelId} className="ap-control-label">
        {label}
      </span>
      <div className="ap-chips">
        {options.map(([option, text]) => (
          <button key={option || 'all'} type="button" className="btn btn-chip" aria-pressed={option === value} onClick={() => onChange(option)}>
            {text}
          </button>
        ))}
      </div>
    </div>
  );
}
