/** UTC timestamps: parsing the usual ISO 8601 forms strictly, and the keys the domain derives from them. */

// 2025-01-01T12:00, 2025-01-01 12:00:00, 2025-01-01T12:00:00.123Z, 2025-01-01T12:00:00+02:00
const EXTENDED =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?\s*(Z|UTC|[+-]\d{2}(?::?\d{2})?)?$/i;
// 20250101 1200, 20250101T120000Z, 20250101120000 (ADIF QSO_DATE + TIME_ON)
const BASIC = /^(\d{4})(\d{2})(\d{2})[T ]?(\d{2})(\d{2})(\d{2})?(?:[.,](\d+))?(Z)?$/i;

const MAX_OFFSET_MINUTES = 14 * 60;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function offsetMinutes(zone: string | undefined): number | null {
  if (zone === undefined || /^(Z|UTC)$/i.test(zone)) return 0;
  const m = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone);
  if (!m) return null;
  const hours = Number(m[2]);
  const minutes = Number(m[3] ?? '0');
  if (minutes > 59) return null;
  const total = hours * 60 + minutes;
  if (total > MAX_OFFSET_MINUTES) return null;
  return m[1] === '-' ? -total : total;
}

/**
 * A date and time as UTC. Without a zone the time is taken as UTC; an offset is converted.
 * Null for garbage, a date alone, or impossible values (2025-02-30, 24:00, 12:60).
 */
export function parseUtcTimestamp(input: string): Date | null {
  if (typeof input !== 'string') return null;
  const text = input.trim();
  const m = EXTENDED.exec(text) ?? BASIC.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute] = [m[1], m[2], m[3], m[4], m[5]].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const second = Number(m[6] ?? '0');
  const millis = Number((m[7] ?? '').padEnd(3, '0').slice(0, 3));
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  const offset = offsetMinutes(m[8]);
  if (offset === null) return null;
  const utc = Date.UTC(year, month - 1, day, hour, minute, second, millis) - offset * 60_000;
  const date = new Date(utc);
  // Date.UTC maps years 0-99 to 1900-1999; keep the year as written.
  if (year < 100) date.setUTCFullYear(date.getUTCFullYear() - 1900);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 'YYYY-MM-DDTHH:MM' in UTC: the minute a contact is counted in for duplicate checks. */
export function utcMinuteKey(date: Date): string {
  return date.toISOString().slice(0, 16);
}

/** 'YYYY-MM-DDTHH:MM:SSZ': a UTC timestamp to the second, as QSOs store it. */
export function toUtcSeconds(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}
