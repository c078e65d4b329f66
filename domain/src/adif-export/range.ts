/**
 * The range of an ADIF export: by date ('2024-01-01' to '2024-01-31', both days whole) or by date
 * and time ('2024-01-01 18:00' to '2024-01-02 06:00', the end minute included), always UTC.
 */
import {
  EXPORT_DATES_REQUIRED,
  EXPORT_DATE_FORMAT,
  EXPORT_DATETIMES_REQUIRED,
  EXPORT_DATETIME_FORMAT,
  EXPORT_START_AFTER_END,
  EXPORT_START_AFTER_END_DATETIME,
} from '../messages';
import { parseUtcTimestamp } from '../time';

export type ExportRangeKind = 'date' | 'datetime';

export interface ExportRange {
  kind: ExportRangeKind;
  /** As shown in the jobs list: 'YYYY-MM-DD', or 'YYYY-MM-DD HH:MM' ('HH:MM:SS' when seconds were given), UTC. */
  start: string;
  end: string;
  /** The first instant exported (ISO, UTC). */
  from: string;
  /** The first instant after the range: the end is included to the precision it was given in. */
  until: string;
}

/**
 * The request: `start_date`/`end_date` (the specification's call) take dates or dates with a time;
 * `start_datetime`/`end_datetime` are the date-time form's fields, whose messages speak of dates and times.
 */
export interface ExportRangeInput {
  start_date?: unknown;
  end_date?: unknown;
  start_datetime?: unknown;
  end_datetime?: unknown;
}

export type ExportRangeResult = { ok: true; range: ExportRange } | { ok: false; errors: Record<string, string[]> };

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const WITH_SECONDS = /[T ]\d{2}:\d{2}:\d{2}/;

interface Bound {
  at: Date;
  /** What the range's end adds to include the whole of its last day, minute or second. */
  stepMs: number;
  shown: string;
}

function bound(value: string): Bound | null {
  const text = value.trim();
  if (DATE_ONLY.test(text)) {
    const at = parseUtcTimestamp(`${text}T00:00`);
    return at ? { at, stepMs: 86_400_000, shown: text } : null;
  }
  const parsed = parseUtcTimestamp(text);
  if (!parsed) return null;
  const seconds = WITH_SECONDS.test(text);
  const at = new Date(Math.floor(parsed.getTime() / (seconds ? 1000 : 60_000)) * (seconds ? 1000 : 60_000));
  const iso = at.toISOString();
  return { at, stepMs: seconds ? 1000 : 60_000, shown: `${iso.slice(0, 10)} ${iso.slice(11, seconds ? 19 : 16)}` };
}

const given = (value: unknown): value is string | number => (typeof value === 'string' && value.trim() !== '') || typeof value === 'number';

/** The range asked for, or the messages to show (the specification's, keyed by the fields sent). */
export function exportRangeFrom(input: ExportRangeInput): ExportRangeResult {
  const byDateTime = input.start_datetime !== undefined || input.end_datetime !== undefined;
  const [startField, endField] = byDateTime ? ['start_datetime', 'end_datetime'] : ['start_date', 'end_date'];
  const startValue = byDateTime ? input.start_datetime : input.start_date;
  const endValue = byDateTime ? input.end_datetime : input.end_date;
  if (!given(startValue) || !given(endValue)) {
    return { ok: false, errors: { [given(startValue) ? endField : startField]: [byDateTime ? EXPORT_DATETIMES_REQUIRED : EXPORT_DATES_REQUIRED] } };
  }
  const start = bound(String(startValue));
  const end = bound(String(endValue));
  if (!start || !end) {
    return { ok: false, errors: { [start ? endField : startField]: [byDateTime ? EXPORT_DATETIME_FORMAT : EXPORT_DATE_FORMAT] } };
  }
  const kind: ExportRangeKind = byDateTime || start.stepMs < 86_400_000 || end.stepMs < 86_400_000 ? 'datetime' : 'date';
  if (start.at.getTime() > end.at.getTime()) {
    return { ok: false, errors: { [startField]: [kind === 'datetime' ? EXPORT_START_AFTER_END_DATETIME : EXPORT_START_AFTER_END] } };
  }
  // A date alone in a date-time range is its whole day: from 00:00, to 23:59 included.
  const shown = (b: Bound, time: string) => (kind === 'datetime' && b.stepMs === 86_400_000 ? `${b.shown} ${time}` : b.shown);
  const until = new Date(end.at.getTime() + end.stepMs);
  return { ok: true, range: { kind, start: shown(start, '00:00'), end: shown(end, '23:59'), from: start.at.toISOString(), until: until.toISOString() } };
}

/** The download's name: the station's callsign and the range, e.g. 'W1AW_20240101_20240131.adi'. */
export function exportFileName(stationCallsign: string, range: Pick<ExportRange, 'start' | 'end'>): string {
  const call = stationCallsign.toUpperCase().replace(/[^A-Z0-9]+/g, '-').replace(/^-|-$/g, '') || 'LOG';
  const compact = (shown: string) => shown.replace(/-/g, '').replace(' ', '-').replace(/:/g, '');
  return `${call}_${compact(range.start)}_${compact(range.end)}.adi`;
}
