import { useId } from 'react';

/**
 * Time (UTC) at minute precision. Unlocked it follows the clock; clicking or typing in it,
 * or the lock button, freezes it.
 */
export function TimeField({
  value,
  locked,
  clock,
  error,
  onChange,
  onLock,
  onUnlock,
}: {
  value: string;
  locked: boolean;
  clock: string;
  error?: string | undefined;
  onChange: (value: string) => void;
  onLock: () => void;
  onUnlock: () => void;
}) {
  const id = useId();
  const shown = (locked ? value : clock).replace('T', ' ');
  return (
    <div className="field field-time">
      <label htmlFor={id}>Time (UTC)</label>
      <div className="input-with-button">
        <input
          id={id}
          name="time"
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          maxLength={16}
          placeholder="YYYY-MM-DD HH:MM"
          value={shown}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onPointerDown={() => (locked ? undefined : onLock())}
          onChange={(e) => onChange(e.target.value)}
        />
        <button
          type="button"
          className="btn btn-secondary"
          aria-pressed={locked}
          title={locked ? 'The time is fixed; click to follow the clock again' : 'The time follows the clock; click to fix it'}
          onClick={locked ? onUnlock : onLock}
        >
          {locked ? 'Unlock time' : 'Lock time'}
        </button>
      </div>
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
