/** UTC date-time helpers. The logger works at minute precision ('YYYY-MM-DDTHH:MM'). */

const MINUTE_VALUE = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})$/;

/** '2024-05-01T13:07' for the given instant, in UTC (the value of a datetime-local field). */
export function utcMinuteValue(date: Date): string {
  return date.toISOString().slice(0, 16);
}

/** An ISO timestamp from the API as a minute value, or '' when it does not parse. */
export function isoToMinuteValue(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : utcMinuteValue(d);
}

/** A minute value ('T' or a space between date and time) as an ISO UTC timestamp ('2024-05-01T13:07:00.000Z'), or null if invalid. */
export function minuteValueToIso(value: string): string | null {
  const m = MINUTE_VALUE.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi));
  if (
    date.getUTCFullYear() !== y ||
    date.getUTCMonth() !== mo - 1 ||
    date.getUTCDate() !== d ||
    h > 23 ||
    mi > 59
  ) {
    return null;
  }
  return date.toISOString();
}

/** 'YYYY-MM-DD HH:MM' in UTC, as the logbook shows it; the input itself if it does not parse. */
export function formatUtcMinute(iso: string | null | undefined): string {
  const v = isoToMinuteValue(iso);
  return v ? v.replace('T', ' ') : (iso ?? '');
}
