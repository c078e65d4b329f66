import { type Ref } from 'react';
import { CALLSIGN_MAX_LENGTH } from '@hamlog/domain/qso/field-limits';
import { FieldNotes, useFieldIds } from '@/components/ui/field-parts';
import { MESSAGES } from '@/config/messages';

/**
 * The callsign: upper-cased as typed; Enter or GO searches, Escape or X clears. The two buttons
 * stay out of the Tab order so that Tab goes from Call straight to SNT.
 */
export function CallInput({
  inputRef,
  value,
  error,
  editing,
  autoFocus,
  onChange,
  onSearch,
  onClear,
}: {
  inputRef: Ref<HTMLInputElement>;
  value: string;
  error?: string | undefined;
  editing: boolean;
  autoFocus: boolean;
  onChange: (value: string) => void;
  onSearch: () => void;
  onClear: () => void;
}) {
  const { inputId: id, errorId, hintId, describedBy, invalid } = useFieldIds(undefined, undefined, error);
  return (
    <div className="field field-call">
      <label htmlFor={id}>Call</label>
      <div className="input-with-button">
        <input
          ref={inputRef}
          id={id}
          name="call"
          placeholder={MESSAGES.callPlaceholder}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          autoFocus={autoFocus}
          maxLength={CALLSIGN_MAX_LENGTH}
          value={value}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          aria-keyshortcuts={editing ? undefined : 'Enter Escape'}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              onSearch();
            } else if (e.key === 'Escape' && !editing) {
              e.preventDefault();
              onClear();
            }
          }}
        />
        {editing ? null : (
          <>
            <button type="button" className="btn btn-secondary btn-square" tabIndex={-1} aria-label="Clear" title="Clear (Esc)" onClick={onClear}>
              <span aria-hidden="true">✕</span>
            </button>
            <button type="button" className="btn btn-primary btn-square" tabIndex={-1} title="Search (Enter)" onClick={onSearch}>
              GO
            </button>
          </>
        )}
      </div>
      <FieldNotes hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}
