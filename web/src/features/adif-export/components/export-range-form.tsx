import { useId, useState, type FormEvent } from 'react';
import { exportRangeFrom } from '@hamlog/domain/adif-export/range';
import { Field } from '@/components/ui/field';
import { isApiError } from '@/lib/api-client';
import { newRequestId } from '@/lib/request-id';
import { useRequestExport, type ExportRequest } from '../api/request-export';
import type { ExportOutcome } from './export-outcome';

export type ExportRangeMode = 'date' | 'datetime';

const TEXT: Record<ExportRangeMode, { title: string; start: string; end: string; type: string; hint: string }> = {
  date: { title: 'Export by date', start: 'Start date', end: 'End date', type: 'date', hint: 'Both days are included (UTC).' },
  datetime: { title: 'Export by date and time', start: 'Start date and time', end: 'End date and time', type: 'datetime-local', hint: 'UTC; the end minute is included.' },
};

/** Two dates (or dates and times) and an Export button; the rule's messages show under the form. */
export function ExportRangeForm({ mode, onOutcome }: { mode: ExportRangeMode; onOutcome: (outcome: ExportOutcome) => void }) {
  const text = TEXT[mode];
  const titleId = useId();
  const errorId = useId();
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [error, setError] = useState<string | null>(null);
  const request = useRequestExport();

  function submit(e: FormEvent) {
    e.preventDefault();
    const fields = mode === 'date' ? { start_date: start, end_date: end } : { start_datetime: start, end_datetime: end };
    const checked = exportRangeFrom(fields);
    if (!checked.ok) {
      setError(Object.values(checked.errors)[0]?.[0] ?? null);
      return;
    }
    setError(null);
    const input = { ...fields, request_id: newRequestId() } as ExportRequest;
    request.mutate(input, {
      onSuccess: (answer) => onOutcome({ tone: 'success', text: `Export started: ${answer.job.filename}` }),
      onError: (err) => {
        const field = isApiError(err) ? Object.values(err.errors ?? {})[0]?.[0] : undefined;
        if (field) setError(field);
        else onOutcome({ tone: 'error', text: `Export failed: ${err.message}` });
      },
    });
  }

  // The rule's message is about the pair, so it sits under both fields and both point at it.
  const invalid = error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};

  return (
    <form className="form export-range" onSubmit={submit} aria-labelledby={titleId} noValidate>
      <h3 id={titleId}>{text.title}</h3>
      <div className="export-range-fields">
        <Field label={text.start} type={text.type} value={start} onChange={(e) => setStart(e.target.value)} {...invalid} />
        <Field label={text.end} type={text.type} value={end} onChange={(e) => setEnd(e.target.value)} {...invalid} />
      </div>
      <p className="field-hint">{text.hint}</p>
      {error ? (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={request.isPending}>
          {request.isPending ? 'Exporting…' : 'Export'}
        </button>
      </div>
    </form>
  );
}
