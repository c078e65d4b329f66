import { FieldNotes, useFieldIds } from '@/components/ui/field-parts';
import { MESSAGES } from '@/config/messages';
import { useDxccEntities } from '../api/get-dxcc-entities';
import { parseDxcc, withChosen } from '../utils/dxcc-options';

/** The DXCC dropdown; a failed list leaves only the placeholder (and the chosen entity). */
export function DxccSelect({
  value,
  fallbackName,
  error,
  onChange,
}: {
  value: number | null;
  /** The entity's name when the list lacks it (from the search or the edited QSO). */
  fallbackName: string;
  error?: string | undefined;
  onChange: (adif: number | null) => void;
}) {
  const { inputId: id, errorId, hintId, describedBy, invalid } = useFieldIds(undefined, undefined, error);
  const list = useDxccEntities();
  const entries = withChosen(list.data ?? [], value, fallbackName);
  return (
    <div className="field field-dxcc">
      <label htmlFor={id}>DXCC</label>
      <select
        id={id}
        name="dxcc"
        value={value === null ? '' : String(value)}
        data-loaded={list.isSuccess ? 'true' : undefined}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        onChange={(e) => onChange(parseDxcc(e.target.value))}
      >
        <option value="">{MESSAGES.dxccPlaceholder}</option>
        {entries.map((e) => (
          <option key={e.adif} value={String(e.adif)}>
            {e.label}
          </option>
        ))}
      </select>
      <FieldNotes hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}
