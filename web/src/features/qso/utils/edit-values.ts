/**
 * The 'Edit all fields' form's values (text, as the inputs hold them), what a save sends (only
 * the changed fields, details inside `adif`, '' clearing one) and where the server's 422
 * messages go.
 */
import { CALL_REQUIRED } from '@hamlog/domain/messages';
import { parseUtcTimestamp } from '@hamlog/domain/time';
import type { Qso, UpdateRequest } from '@/types/api';
import { khzToMhzInput, mhzToKhz } from '@/utils/frequency';
import { EDIT_FIELDS, type EditField } from './edit-fields';

export type EditValues = Readonly<Record<string, string>>;
export type EditErrors = Readonly<Record<string, string>>;

/** /vqso/update with the ADIF details it changes ('' clears one). */
export type QsoEditRequest = Partial<UpdateRequest> & { qdo_id: string; adif?: Record<string, string> };

export const FREQ_MHZ_INVALID = 'Enter the frequency in MHz, like 14.074.';
export const TIME_REQUIRED = 'Enter the date and time (UTC).';

const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** '2025-06-01T18:30:12Z' as a seconds-precision datetime-local value, '2025-06-01T18:30:12'. */
function timeValue(iso: string): string {
  const date = parseUtcTimestamp(iso);
  return date ? date.toISOString().slice(0, 19) : '';
}

/** A detail as its input holds it: dates 'YYYY-MM-DD' (ADIF keeps 'YYYYMMDD'). */
function detailValue(field: EditField, value: string | undefined): string {
  if (!value) return '';
  return field.control === 'date' && /^\d{8}$/.test(value) ? `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6)}` : value;
}

/** The form's first values, from the QSO as /vqso/get answers it. */
export function editValues(q: Qso): EditValues {
  const own: Record<string, string> = {
    Call: q.Call,
    TS: timeValue(q.TS),
    Freq: khzToMhzInput(q.Freq),
    Mode: q.Mode,
    SubMode: q.SubMode,
    SNT: q.SNT,
    RCV: q.RCV,
    Power: text(q.Power),
    Name: q.Name,
    Comment: q.Comment,
    dxcc: q.dxcc > 0 ? String(q.dxcc) : '',
    country: q.country,
    Continent: q.Continent,
    cq_zone: text(q.cq_zone),
    GridSquare: q.GridSquare,
    LAT: text(q.LAT),
    LON: text(q.LON),
    ContestName: q.ContestName,
  };
  return Object.fromEntries(EDIT_FIELDS.map((f) => [f.name, f.detail ? detailValue(f, q.adif?.[f.name]) : text(own[f.name])]));
}

/** A datetime-local value as an instant (the browser drops ':00' seconds), or null. */
function instant(value: string): number | null {
  return value.trim() ? (parseUtcTimestamp(value.trim())?.getTime() ?? null) : null;
}

function changed(field: EditField, before: string, after: string): boolean {
  if (field.control === 'datetime') return instant(before) !== instant(after);
  return before.trim() !== after.trim();
}

export type EditOutcome =
  | { kind: 'invalid'; errors: EditErrors }
  | { kind: 'unchanged' }
  | { kind: 'changes'; request: QsoEditRequest };

/** What a save sends, or why the form cannot send it (the server checks everything else). */
export function editOutcome(qdoId: string, initial: EditValues, values: EditValues): EditOutcome {
  const errors: Record<string, string> = {};
  const request: Record<string, unknown> = { qdo_id: qdoId };
  const adif: Record<string, string> = {};
  for (const field of EDIT_FIELDS) {
    const before = initial[field.name] ?? '';
    const after = values[field.name] ?? '';
    if (!changed(field, before, after)) continue;
    if (field.detail) {
      adif[field.name] = after.trim();
    } else if (field.name === 'Freq') {
      const khz = mhzToKhz(after.trim());
      if (khz === null) errors.Freq = FREQ_MHZ_INVALID;
      else request.Freq = khz;
    } else if (field.name === 'TS') {
      const at = instant(after);
      if (at === null) errors.TS = TIME_REQUIRED;
      else request.TS = new Date(at).toISOString().replace('.000Z', 'Z');
    } else if (field.name === 'Call' && after.trim() === '') {
      errors.Call = CALL_REQUIRED;
    } else {
      request[field.name] = after.trim();
    }
  }
  if (Object.keys(errors).length > 0) return { kind: 'invalid', errors };
  if (Object.keys(adif).length > 0) request.adif = adif;
  if (Object.keys(request).length === 1) return { kind: 'unchanged' };
  return { kind: 'changes', request: request as QsoEditRequest };
}

const FIELD_BY_KEY: ReadonlyMap<string, string> = new Map(EDIT_FIELDS.map((f) => [f.name.toLowerCase(), f.name]));

/** A 422 answer's first message per form field (keyed by API or ADIF name, any case), and the messages no field shows. */
export function editErrorsFrom(errors: Record<string, string[]> | undefined): { fields: EditErrors; others: string[] } {
  const fields: Record<string, string> = {};
  const others: string[] = [];
  for (const [key, messages] of Object.entries(errors ?? {})) {
    const first = messages[0];
    if (!first) continue;
    const name = FIELD_BY_KEY.get(key.toLowerCase());
    if (name) fields[name] ??= first;
    else others.push(first);
  }
  return { fields, others };
}
