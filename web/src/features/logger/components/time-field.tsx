import { FieldNotes, useFieldIds } from '@/components/ui/field-parts';

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
  const { inputId: id, errorId, hintId, describedBy, invalid } = useFieldIds(undefined, undefined, error);
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
          aria-invalid={invalid}
          aria-describedby={describedBy}
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
      <FieldNotes hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}
