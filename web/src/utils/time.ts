/** UTC date-time helpers. The logger works at minute precision ('YYYY-MM-DDTHH:MM'). */
import { parseUtcTimestamp, utcMinuteKey } from '@hamlog/domain/time';

/** A typed minute value: the date, 'T' or a space, the time to the minute, no zone (UTC). */
const MINUTE_VALUE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}$/;

/** '2024-05-01T13:07' for the given instant, in UTC (the value of a datetime-local field). */
export const utcMinuteValue: (date: Date) => string = utcMinuteKey;

/** An ISO timestamp from the API as a minute value, or '' when it does not parse. */
export function isoToMinuteValue(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : utcMinuteValue(d);
}

/**
 * A minute value ('T' or a space between date and time) as an ISO UTC timestamp
 * ('2024-05-01T13:07:00.000Z'), or null if invalid (the server's own timestamp rule decides).
 */
export function minuteValueToIso(value: string): string | null {
  const text = value.trim();
  if (!MINUTE_VALUE.test(text)) return null;
  return parseUtcTimestamp(text)?.toISOString() ?? null;
}

/** 'YYYY-MM-DD HH:MM' in UTC, as the logbook shows it; the input itself if it does not parse. */
export function formatUtcMinute(iso: string | null | undefined): string {
  const v = isoToMinuteValue(iso);
  return v ? v.replace('T', ' ') : (iso ?? '');
}
