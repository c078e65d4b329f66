import { useState, type FormEvent } from 'react';
import { Field } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select-field';
import { BAND_OPTIONS, CONFIRMED_OPTIONS, isFiltering, SERVICE_OPTIONS, type FilterKey, type FilterValues } from '../utils/filters';

/**
 * The logbook's filter bar. A choice from a list applies at once; typed filters (mode, DXCC,
 * dates) apply with Enter or Apply. What is shown follows the URL (a reload, Back, Clear filters).
 */
export function LogbookFilters({
  filters,
  errors = {},
  onApply,
  onClear,
  clearable = isFiltering(filters),
}: {
  filters: FilterValues;
  /** Whether 'Clear filters' is offered (the QSL queue alone is a view, not a filter to clear). */
  clearable?: boolean;
  /** The server's messages about filters it could not read, by filter. */
  errors?: Partial<Record<FilterKey, string>>;
  onApply: (filters: FilterValues) => void;
  onClear: () => void;
}) {
  const [draft, setDraft] = useState(filters);
  const applied = JSON.stringify(filters);
  const [shown, setShown] = useState(applied);
  // The URL changed (Clear filters, Back): the fields show it, dropping what was typed and not applied.
  if (shown !== applied) {
    setShown(applied);
    setDraft(filters);
  }

  const typed = (key: FilterKey) => ({
    name: key,
    value: draft[key],
    error: errors[key],
    onChange: (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value })),
  });
  const chosen = (key: FilterKey) => ({
    name: key,
    value: draft[key],
    error: errors[key],
    onChange: (e: { target: { value: string } }) => onApply({ ...draft, [key]: e.target.value }),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    onApply(draft);
  }

  return (
    <form className="logbook-filters" role="search" aria-label="Filter the logbook" onSubmit={submit} noValidate>
      <SelectField label="Band" className="filter-short" options={BAND_OPTIONS} {...chosen('band')} />
      <Field label="Mode" className="filter-short" placeholder="Any" autoComplete="off" autoCapitalize="characters" spellCheck={false} {...typed('mode')} />
      <Field label="DXCC" className="filter-short" placeholder="Any" inputMode="numeric" autoComplete="off" {...typed('dxcc')} />
      <Field label="From" type="date" {...typed('from')} />
      <Field label="To" type="date" {...typed('to')} />
      <SelectField label="Confirmed" options={CONFIRMED_OPTIONS} {...chosen('confirmed')} />
      <SelectField label="Service" options={SERVICE_OPTIONS} {...chosen('service')} />
      <div className="logbook-filters-actions">
        <button type="submit" className="btn btn-primary">
          Apply
        </button>
        {clearable ? (
          <button type="button" className="btn btn-secondary" onClick={onClear}>
            Clear filters
          </button>
        ) : null}
      </div>
    </form>
  );
}
